/** JavaScript's `\s` for one UTF-16 code unit: White_Space plus the byte-order mark, minus U+0085. */
export function isWhitespace(unit: number): boolean {
  if (unit < 128) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}
