import type { Formatting } from '../../ir/types';
import { attribute, contentChildren, isElement, isText, sourceRange, type HtmlElement, type HtmlNode } from './html-tree';

/** A run of text with one formatting, one link and one code flag (Docling's AnnotatedText). */
export interface InlineRun {
  text: string;
  hyperlink?: string;
  formatting?: Formatting;
  code: boolean;
  /** UTF-16 offsets in the source */
  range?: [number, number];
}

/** The formatting and link in force where an extraction starts (from the enclosing elements). */
export interface InlineContext {
  formatTags: readonly string[];
  hyperlink?: string;
}

const CODE_TAGS: ReadonlySet<string> = new Set(['code', 'kbd', 'samp', 'tt']);

type FormatFlags = Partial<Omit<Formatting, 'script'>> & { script?: 'sub' | 'super' };

const FORMAT_TAGS: ReadonlyMap<string, FormatFlags> = new Map<string, FormatFlags>([
  ['b', { bold: true }],
  ['strong', { bold: true }],
  ['i', { italic: true }],
  ['em', { italic: true }],
  ['var', { italic: true }],
  ['s', { strikethrough: true }],
  ['strike', { strikethrough: true }],
  ['del', { strikethrough: true }],
  ['u', { underline: true }],
  ['ins', { underline: true }],
  ['sub', { script: 'sub' }],
  ['sup', { script: 'super' }],
  ...[...CODE_TAGS].map((tag): [string, FormatFlags] => [tag, {}]),
]);

export function isFormatTag(tag: string): boolean {
  return FORMAT_TAGS.has(tag);
}

function formattingOf(formatTags: readonly string[]): Formatting | undefined {
  const flags: FormatFlags = {};
  for (const tag of formatTags) Object.assign(flags, FORMAT_TAGS.get(tag));
  if (Object.keys(flags).length === 0) return undefined;
  return {
    bold: flags.bold ?? false,
    italic: flags.italic ?? false,
    underline: flags.underline ?? false,
    strikethrough: flags.strikethrough ?? false,
    script: flags.script ?? 'baseline',
  };
}

interface ExtractOptions {
  /** Leave nested lists out (their items become list items of their own). */
  skipLists?: boolean;
  /** Keep `<br>` and newline-only text as `\n` runs, which split paragraphs. */
  keepNewlines?: boolean;
  /** Keep whitespace as is (inside `<pre>`). */
  preformatted?: boolean;
  /** Keep each `<br>` as a `\n` run (newline-only text stays out). */
  lineBreaks?: boolean;
}

const LIST_TAGS: ReadonlySet<string> = new Set(['ul', 'ol', 'dl']);

interface Pending {
  node: HtmlNode;
  formatTags: readonly string[];
  hyperlink?: string;
}

/** The text runs below an element (or of one text node), in document order, without recursion. */
export function extractRuns(root: HtmlNode, context: InlineContext, options: ExtractOptions = {}): InlineRun[] {
  const runs: InlineRun[] = [];
  const stack: Pending[] = [{ node: root, formatTags: context.formatTags, hyperlink: context.hyperlink }];
  while (stack.length > 0) {
    const { node, formatTags, hyperlink } = stack.pop()!;
    if (isText(node)) {
      const run = textRun(node.value, formatTags, hyperlink, sourceRange(node), options);
      if (run) runs.push(run);
      continue;
    }
    if (!isElement(node)) continue;
    if (node !== root && options.skipLists && LIST_TAGS.has(node.tagName)) continue;
    if (node.tagName === 'br') {
      if (options.keepNewlines || options.preformatted || options.lineBreaks)
        runs.push({ text: '\n', code: isCode(formatTags), hyperlink, formatting: formattingOf(formatTags) });
      continue;
    }
    const own = childContext(node, formatTags, hyperlink);
    const children = contentChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, ...own });
  }
  return runs;
}

export function childContext(element: HtmlElement, formatTags: readonly string[], hyperlink: string | undefined): InlineContext {
  const href = element.tagName === 'a' ? attribute(element, 'href') : undefined;
  return {
    formatTags: FORMAT_TAGS.has(element.tagName) ? [...formatTags, element.tagName] : formatTags,
    hyperlink: href ? href : hyperlink,
  };
}

function textRun(
  raw: string,
  formatTags: readonly string[],
  hyperlink: string | undefined,
  range: [number, number] | undefined,
  options: ExtractOptions,
): InlineRun | undefined {
  const text = options.preformatted ? raw : collapseWhitespace(raw);
  const base = { hyperlink, formatting: formattingOf(formatTags), code: isCode(formatTags), range };
  if (text !== '') return { text, ...base };
  if (options.keepNewlines && /^[\n\r]+$/.test(raw)) return { text: '\n', ...base };
  return undefined;
}

function isCode(formatTags: readonly string[]): boolean {
  return formatTags.some((t) => CODE_TAGS.has(t));
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

function sameAnnotation(a: InlineRun, b: InlineRun): boolean {
  return a.hyperlink === b.hyperlink && a.code === b.code && JSON.stringify(a.formatting) === JSON.stringify(b.formatting);
}

/** Joins neighbouring runs that share formatting, link and code flag (separated by one space). */
export function mergeRuns(runs: readonly InlineRun[]): InlineRun[] {
  const merged: InlineRun[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && sameAnnotation(last, run) && last.text !== '\n' && run.text !== '\n') {
      const separator = last.text.trim() && run.text.trim() ? ' ' : '';
      last.text += separator + run.text;
      last.range = spanOf(last.range, run.range);
    } else {
      merged.push({ ...run });
    }
  }
  return merged;
}

/** Splits merged runs into paragraphs at `\n` runs (from `<br>` or newline-only text). */
export function splitParagraphs(runs: readonly InlineRun[]): InlineRun[][] {
  const paragraphs: InlineRun[][] = [];
  let current: InlineRun[] = [];
  for (const run of runs) {
    if (run.text === '\n') {
      if (current.length > 0) paragraphs.push(current);
      current = [];
    } else {
      current.push(run);
    }
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}

/** All runs as one (heading, caption): texts joined by spaces, the first formatting and link win. */
export function joinRuns(runs: readonly InlineRun[]): InlineRun {
  const texts = runs.map((r) => r.text.trim()).filter((t) => t !== '');
  return {
    text: texts.join(' '),
    hyperlink: runs.find((r) => r.hyperlink)?.hyperlink,
    formatting: runs.find((r) => r.formatting)?.formatting,
    code: runs.some((r) => r.code),
    range: runs.reduce<[number, number] | undefined>((acc, r) => spanOf(acc, r.range), undefined),
  };
}

function spanOf(a: [number, number] | undefined, b: [number, number] | undefined): [number, number] | undefined {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
}

const UNICODE_CLEANUP: ReadonlyArray<[RegExp, string]> = [
  [/[\u00a0\u202f]/g, ' '],
  // eslint-disable-next-line no-misleading-character-class -- each invisible character is removed on its own: U+200D joins nothing here
  [/[\u200b\u200c\u200d\u00ad\ufeff\u2060]/g, ''],
  [/[\u2010-\u2015]/g, '-'],
  [/[\u2018\u2019]/g, "'"],
  [/[\u201c\u201d]/g, '"'],
  [/\u2026/g, '...'],
];

/** Replaces typographic and invisible characters as Docling's HTML backend does. */
export function cleanUnicode(text: string): string {
  let clean = text;
  for (const [pattern, replacement] of UNICODE_CLEANUP) clean = clean.replace(pattern, replacement);
  return clean;
}
