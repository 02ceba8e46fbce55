import type { Link, Nodes, Parents, Root, Text } from 'mdast';
import type { Point, Position } from 'unist';
import { valueSegments, type ValueSegment } from './value-source';

/**
 * GFM's literal autolinks (`www.example.com`, `https://example.com`, `name@example.com`) found in
 * the text of a parsed tree and made links with their source positions, as GFM's micromark syntax
 * would have tokenized them: the same characters before a link, the same domain and path rules, the
 * same trailing punctuation left out. The search runs on the text as mdast gives it, so it differs
 * from micromark's where that text is not the source: an inline construct inside a URL's path
 * (`*emphasis*`, `~strikethrough~`) stays that construct, where micromark reads the URL through it;
 * an escape or a character reference in a URL counts as the character it stands for. Like remark-gfm,
 * it links a URL after a `[` that no `]` closes.
 */
export function linkLiteralAutolinks(root: Root, source: string): void {
  const points = new PointIndex(source);
  const blocks: Nodes[] = [root];
  while (blocks.length > 0) {
    const node = blocks.pop()!;
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      linkInBlock(node, source, points);
    } else if ('children' in node) {
      for (const child of node.children) blocks.push(child);
    }
  }
}

/** Where a literal autolink could start (an e-mail's local part ends at its `@`); a text without them has none. */
const CANDIDATE = /@|www\.|https?:\/\//gi;
const MAYBE_AUTOLINK = /@|www\.|https?:\/\//i;

interface Found {
  start: number;
  end: number;
  url: string;
}

interface TextPlace {
  node: Text;
  parent: Parents;
  /** The character before the text in its block; null at the block's start. */
  previous: number | null;
}

function linkInBlock(block: Parents, source: string, points: PointIndex): void {
  const texts: TextPlace[] = [];
  const [blockStart] = offsets(block);
  const pending: Array<{ node: Nodes; parent: Parents }> = [];
  for (let i = block.children.length - 1; i >= 0; i--) pending.push({ node: block.children[i]!, parent: block });
  while (pending.length > 0) {
    const { node, parent } = pending.pop()!;
    if (node.type === 'text') {
      const [start] = offsets(node);
      texts.push({ node, parent, previous: start === blockStart ? null : source.charCodeAt(start - 1) });
    } else if (node.type !== 'link' && node.type !== 'linkReference' && 'children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) pending.push({ node: node.children[i]!, parent: node });
    }
  }
  for (const place of texts) {
    if (!MAYBE_AUTOLINK.test(place.node.value)) continue;
    const found = new TextScan(place.node.value, place.previous).run();
    if (found.length > 0) replaceText(place, found, source, points);
  }
}

/** One text node's value read for autolinks, in order. */
class TextScan {
  constructor(
    private readonly value: string,
    private readonly previousOfText: number | null,
  ) {}

  run(): Found[] {
    const starts: Array<{ at: number; email: boolean }> = [];
    for (const match of this.value.matchAll(CANDIDATE)) {
      const email = match[0] === '@';
      starts.push({ at: email ? this.atextRunStart(match.index) : match.index, email });
    }
    // micromark tries an e-mail first where a URL could start too
    starts.sort((a, b) => a.at - b.at || Number(b.email) - Number(a.email));
    const found: Found[] = [];
    let free = 0;
    for (const start of starts) {
      // an e-mail's local part may begin inside the link before it: micromark tries from that link's end
      const at = start.email ? Math.max(start.at, free) : start.at;
      if (at < free) continue;
      const link = start.email ? this.email(at) : (this.protocol(at) ?? this.www(at));
      if (!link) continue;
      found.push(link);
      free = link.end;
    }
    return found;
  }

  private at(offset: number): number | null {
    return offset < this.value.length ? this.value.charCodeAt(offset) : null;
  }

  private previous(offset: number): number | null {
    return offset > 0 ? this.value.charCodeAt(offset - 1) : this.previousOfText;
  }

  private atextRunStart(at: number): number {
    let start = at;
    while (start > 0 && isAtext(this.value.charCodeAt(start - 1))) start--;
    return start;
  }

  /** `local@domain.tld`: a run of atext, `@`, labels of letters, digits, `-`, `_` joined by dots, ending in a letter. */
  private email(start: number): Found | undefined {
    const previous = this.previous(start);
    if (previous === SLASH || (previous !== null && isAtext(previous))) return undefined;
    let end = start;
    while (isAtext(this.at(end))) end++;
    if (end === start || this.at(end) !== AT) return undefined;
    end++;
    let labelSeen = false;
    let dotSeen = false;
    for (;;) {
      const unit = this.at(end);
      if (unit === DOT) {
        if (!isAsciiAlphanumeric(this.at(end + 1))) break;
        dotSeen = true;
        end++;
      } else if (unit === HYPHEN || unit === UNDERSCORE || isAsciiAlphanumeric(unit)) {
        labelSeen = true;
        end++;
      } else {
        break;
      }
    }
    if (!labelSeen || !dotSeen || !isAsciiAlpha(this.value.charCodeAt(end - 1))) return undefined;
    const text = this.value.slice(start, end);
    return { start, end, url: `mailto:${text}` };
  }

  /** `http://` or `https://` (any case), then a domain and a path. */
  private protocol(start: number): Found | undefined {
    const first = this.value.charCodeAt(start);
    if ((first !== 0x48 && first !== 0x68) || isAsciiAlpha(this.previous(start))) return undefined;
    let end = start;
    while (end - start < 5 && isAsciiAlpha(this.at(end))) end++;
    const scheme = this.value.slice(start, end).toLowerCase();
    if ((scheme !== 'http' && scheme !== 'https') || this.value.slice(end, end + 3) !== '://') return undefined;
    end += 3;
    const next = this.at(end);
    if (next === null || next < 0x20 || next === 0x7f || isWhitespace(next) || isPunctuation(next)) return undefined;
    const domainEnd = this.domain(end);
    if (domainEnd === undefined) return undefined;
    const pathEnd = this.path(domainEnd);
    return { start, end: pathEnd, url: this.value.slice(start, pathEnd) };
  }

  /** `www.` (any case) after a space, a line start or one of `( * _ [ ] ~`, then a domain and a path. */
  private www(start: number): Found | undefined {
    const previous = this.previous(start);
    const allowed = previous === null || isWhitespace(previous) || WWW_MAY_FOLLOW.has(previous);
    if (!allowed || !/^www\./i.test(this.value.slice(start, start + 4)) || this.at(start + 4) === null) return undefined;
    const domainEnd = this.domain(start);
    if (domainEnd === undefined) return undefined;
    const pathEnd = this.path(domainEnd);
    return { start, end: pathEnd, url: `http://${this.value.slice(start, pathEnd)}` };
  }

  /** Labels up to a space or punctuation other than `-`; no `_` in the last two labels; at least one letter or digit. */
  private domain(start: number): number | undefined {
    let end = start;
    let seen = false;
    let underscoreInLast = false;
    let underscoreInLastButOne = false;
    for (;;) {
      const unit = this.at(end);
      if (unit === DOT || unit === UNDERSCORE) {
        if (this.trailsFrom(end)) break;
        if (unit === UNDERSCORE) {
          underscoreInLast = true;
        } else {
          underscoreInLastButOne = underscoreInLast;
          underscoreInLast = false;
        }
        end++;
        continue;
      }
      if (unit === null || isWhitespace(unit) || (unit !== HYPHEN && isPunctuation(unit))) break;
      seen = true;
      end++;
    }
    return seen && !underscoreInLast && !underscoreInLastButOne ? end : undefined;
  }

  /** Everything up to a space, less trailing punctuation and an unmatched closing parenthesis. */
  private path(start: number): number {
    let end = start;
    let opened = 0;
    let closed = 0;
    for (;;) {
      const unit = this.at(end);
      if (unit === null || isWhitespace(unit)) return end;
      if (unit === LEFT_PAREN) {
        opened++;
      } else if (unit === RIGHT_PAREN && closed < opened) {
        closed++;
      } else if (PATH_PUNCTUATION.has(unit)) {
        if (this.trailsFrom(end)) return end;
        if (unit === RIGHT_PAREN) closed++;
      }
      end++;
    }
  }

  /** Whether only trailing punctuation (and character references, and `]` before a break) follows up to a space or `<`. */
  private trailsFrom(start: number): boolean {
    let at = start;
    for (;;) {
      const unit = this.at(at);
      if (unit === null || unit === LESS_THAN || isWhitespace(unit)) return true;
      if (TRAIL.has(unit)) {
        at++;
      } else if (unit === AMPERSAND) {
        at++;
        if (!isAsciiAlpha(this.at(at))) return false;
        while (isAsciiAlpha(this.at(at))) at++;
        if (this.at(at) !== SEMICOLON) return false;
        at++;
      } else if (unit === RIGHT_BRACKET) {
        at++;
        const next = this.at(at);
        if (next === null || next === LEFT_PAREN || next === LEFT_BRACKET || isWhitespace(next)) return true;
      } else {
        return false;
      }
    }
  }
}

const AT = 0x40;
const DOT = 0x2e;
const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;
const SLASH = 0x2f;
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
const LESS_THAN = 0x3c;
const LEFT_PAREN = 0x28;
const RIGHT_PAREN = 0x29;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;

const codes = (characters: string): Set<number> => new Set([...characters].map((c) => c.charCodeAt(0)));
const WWW_MAY_FOLLOW = codes('(*_[]~');
/** Punctuation a path may hold, or end with (then left out). */
const PATH_PUNCTUATION = codes('!"&\')*,.:;<?]_~');
/** Punctuation left out at the end of a domain or path. */
const TRAIL = codes('!"\')*,.:;?_~');

function isAsciiAlpha(unit: number | null): boolean {
  return unit !== null && ((unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a));
}

function isAsciiAlphanumeric(unit: number | null): boolean {
  return unit !== null && (isAsciiAlpha(unit) || (unit >= 0x30 && unit <= 0x39));
}

function isAtext(unit: number | null): boolean {
  return unit === 0x2b || unit === HYPHEN || unit === DOT || unit === UNDERSCORE || isAsciiAlphanumeric(unit);
}

function isWhitespace(unit: number): boolean {
  return /\s/.test(String.fromCharCode(unit));
}

function isPunctuation(unit: number): boolean {
  return /\p{P}|\p{S}/u.test(String.fromCharCode(unit));
}

function offsets(node: Nodes): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}

/** The text node cut into text and links, each placed on the source characters it was written as. */
function replaceText({ node, parent }: TextPlace, found: Found[], source: string, points: PointIndex): void {
  const [nodeStart, nodeEnd] = offsets(node);
  const segments = valueSegments(node.value, source, nodeStart, nodeEnd);
  const place = (from: number, to: number): Position =>
    points.position(rawStartOf(segments, from) ?? nodeStart, rawEndOf(segments, to) ?? nodeEnd);
  const text = (from: number, to: number): Text => ({ type: 'text', value: node.value.slice(from, to), position: place(from, to) });
  const pieces: Array<Text | Link> = [];
  let at = 0;
  for (const { start, end, url } of found) {
    if (start > at) pieces.push(text(at, start));
    pieces.push({ type: 'link', title: null, url, children: [text(start, end)], position: place(start, end) });
    at = end;
  }
  if (at < node.value.length) pieces.push(text(at, node.value.length));
  const children = parent.children as Nodes[];
  children.splice(children.indexOf(node), 1, ...pieces);
}

/** The source offset where the value's character at `offset` was written. */
function rawStartOf(segments: readonly ValueSegment[], offset: number): number | undefined {
  const segment = segments[firstSegmentEndingAfter(segments, offset, false)];
  if (!segment || offset < segment.value) return undefined;
  return segment.valueLength === segment.rawLength ? segment.raw + (offset - segment.value) : segment.raw;
}

/** The source offset just after the value's character before `offset`. */
function rawEndOf(segments: readonly ValueSegment[], offset: number): number | undefined {
  const segment = segments[firstSegmentEndingAfter(segments, offset, true)];
  if (!segment || offset <= segment.value) return undefined;
  return segment.valueLength === segment.rawLength ? segment.raw + (offset - segment.value) : segment.raw + segment.rawLength;
}

/** The first segment ending after `offset` (or at it, when `orAt`): segments are in value order. */
function firstSegmentEndingAfter(segments: readonly ValueSegment[], offset: number, orAt: boolean): number {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const end = segments[middle]!.value + segments[middle]!.valueLength;
    if (end > offset || (orAt && end === offset)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Line and column of a source offset, as mdast positions give them (both from 1). */
class PointIndex {
  private lineStarts: number[] | undefined;

  constructor(private readonly source: string) {}

  position(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }

  private point(offset: number): Point {
    const starts = (this.lineStarts ??= lineStartsOf(this.source));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1, offset };
  }
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (const match of source.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}
