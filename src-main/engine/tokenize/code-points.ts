/** Number of Unicode code points in `text` (what Python's `len` and Rust's `chars().count()` give). */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate right after a high surrogate completes one code point: do not count it twice.
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) length--;
    }
  }
  return length;
}
