/** A font's ToUnicode map: the text of each character code, and how many bytes a code takes. */
export interface ToUnicodeMap {
  codeBytes: number;
  /** text by code; an empty string where the map gives a code no text (`<>`) */
  entries: Map<number, string>;
}

/** A map lists at most this many codes: every two-byte code, twice over. */
const maxEntries = 0x20000;
/** 100 entries to a `bfchar` block, as the CMap format asks. */
const entriesPerBlock = 100;

/**
 * Reads a ToUnicode CMap (ISO 32000-1, 9.10.3): its code space, `bfchar` entries and `bfrange`
 * ranges (a start value counted up, or an array of values). Undefined when it names no code space.
 */
export function readToUnicodeMap(text: string): ToUnicodeMap | undefined {
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(text);
  if (!space) return undefined;
  const codeBytes = Math.ceil(space[1]!.length / 2);
  const entries = new Map<number, string>();
  for (const [, block = ''] of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', value = ''] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      if (entries.size >= maxEntries) return { codeBytes, entries };
      entries.set(parseInt(code, 16), utf16(value));
    }
  }
  for (const [, block = ''] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low = '', high = '', start, list] of block.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]*)>|\[([^\]]*)\])/g,
    )) {
      const [first, last] = [parseInt(low, 16), parseInt(high, 16)];
      const values = list === undefined ? undefined : [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((match) => utf16(match[1]!));
      for (let code = first; code <= last; code++) {
        if (entries.size >= maxEntries) return { codeBytes, entries };
        const value = values ? values[code - first] : counted(start ?? '', code - first);
        if (value !== undefined) entries.set(code, value);
      }
    }
  }
  return { codeBytes, entries };
}

/** A ToUnicode CMap listing `entries`, codes of `codeBytes` bytes. */
export function writeToUnicodeMap({ codeBytes, entries }: ToUnicodeMap): string {
  const hex = (code: number): string =>
    code
      .toString(16)
      .padStart(codeBytes * 2, '0')
      .toUpperCase();
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    `<${hex(0)}> <${'FF'.repeat(codeBytes)}>`,
    'endcodespacerange',
  ];
  const listed = [...entries].sort(([a], [b]) => a - b);
  for (let from = 0; from < listed.length; from += entriesPerBlock) {
    const block = listed.slice(from, from + entriesPerBlock);
    lines.push(`${block.length} beginbfchar`);
    for (const [code, text] of block) lines.push(`<${hex(code)}> <${utf16Hex(text)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}

/** The text of a hex string's UTF-16BE units (white space in it, which the format allows, skipped). */
function utf16(hexString: string): string {
  const hex = hexString.replace(/\s/g, '');
  let text = '';
  for (let at = 0; at + 4 <= hex.length; at += 4) text += String.fromCharCode(parseInt(hex.slice(at, at + 4), 16));
  return text;
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let at = 0; at < text.length; at++) hex += text.charCodeAt(at).toString(16).padStart(4, '0').toUpperCase();
  return hex;
}

/** A range's value for its `offset`-th code: the start value with its last UTF-16 unit counted up. */
function counted(startHex: string, offset: number): string | undefined {
  const start = utf16(startHex);
  if (start === '') return undefined;
  return start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + offset);
}
