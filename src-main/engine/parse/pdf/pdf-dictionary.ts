/**
 * The top-level entries of a PDF dictionary written out as text (`<< /Filter /FlateDecode /Length 12 >>`):
 * each key (without its slash) with its value's text (`/FlateDecode`, `12`, `[/AHx /Fl]`, `9 0 R`,
 * `<< … >>`). Keys inside nested dictionaries are not entries of this one.
 */
export function dictionaryEntries(text: string): Map<string, string> {
  const tokens = tokenize(text);
  const entries = new Map<string, string>();
  // tokens[0] is the dictionary's own `<<`
  let index = 1;
  while (index < tokens.length) {
    const key = tokens[index]!;
    if (!key.text.startsWith('/')) {
      index = valueEnd(tokens, index);
      continue;
    }
    if (index + 1 >= tokens.length || tokens[index + 1]!.text === '>>') break;
    const end = valueEnd(tokens, index + 1);
    entries.set(key.text.slice(1), text.slice(tokens[index + 1]!.start, tokens[end - 1]!.end));
    index = end;
  }
  return entries;
}

/** An indirect reference (`12 0 R`): its object and generation numbers. */
export interface Reference {
  number: number;
  generation: number;
}

const REFERENCE = /^(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R/;

/** The reference a value is (`12 0 R`); undefined for any other value. */
export function referenceOf(value: string | undefined): Reference | undefined {
  const match = value === undefined ? null : REFERENCE.exec(value.trim());
  return match ? { number: Number(match[1]), generation: Number(match[2]) } : undefined;
}

/** A value that is a direct whole number; undefined for anything else (a reference, a name). */
export function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The names of a name or an array of names: `/Fl` or `[/AHx /Fl]`. */
export function namesOf(value: string | undefined): string[] {
  return value === undefined ? [] : [...value.matchAll(/\/([^\0\t\n\f\r /[\]<>()%{}]+)/g)].map((m) => m[1]!);
}

interface Token {
  text: string;
  start: number;
  end: number;
}

/** Index after the value starting at `index`: a nested array or dictionary whole, a reference `N G R` as one. */
function valueEnd(tokens: readonly Token[], index: number): number {
  const first = tokens[index]!.text;
  if (first === '[' || first === '<<') {
    let depth = 0;
    for (let at = index; at < tokens.length; at++) {
      const text = tokens[at]!.text;
      if (text === '[' || text === '<<') depth++;
      else if ((text === ']' || text === '>>') && --depth === 0) return at + 1;
    }
    return tokens.length;
  }
  const isInteger = (at: number): boolean => /^\d+$/.test(tokens[at]?.text ?? '');
  if (isInteger(index) && isInteger(index + 1) && tokens[index + 2]?.text === 'R') return index + 3;
  return index + 1;
}

const WHITESPACE = /[\0\t\n\f\r ]/;
const DELIMITER = /[()<>[\]{}/%]/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    const start = at;
    if (WHITESPACE.test(char)) {
      at++;
      continue;
    }
    if (char === '%') {
      while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++;
      continue;
    }
    if ((char === '<' || char === '>') && text[at + 1] === char) {
      at += 2;
    } else if (char === '<') {
      const close = text.indexOf('>', at);
      at = close < 0 ? text.length : close + 1;
    } else if (char === '(') {
      at = literalStringEnd(text, at);
    } else if (char === '[' || char === ']' || char === '{' || char === '}' || char === '>' || char === ')') {
      at++;
    } else {
      at++;
      while (at < text.length && !WHITESPACE.test(text[at]!) && !DELIMITER.test(text[at]!)) at++;
    }
    tokens.push({ text: text.slice(start, at), start, end: at });
  }
  return tokens;
}

function literalStringEnd(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at + 1;
  }
  return text.length;
}
