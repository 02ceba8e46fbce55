import { isMap, isScalar, isSeq, Parser, parseDocument, type CST, type Node as YamlNode } from 'yaml';

/**
 * JSON and YAML from outside (API bodies, config files and presets, DoclingDocument and OCR JSON) are
 * parsed with their nesting bounded. Parsers, validators and the structured clone between threads
 * recurse once a level: a few kilobytes of `[[[[` would otherwise overflow a stack or run for
 * minutes, and a thread whose reply cannot be cloned takes every later call with it. No real input
 * comes near the limit: configs nest a few levels, DoclingDocument JSON under ten.
 */
export const MAX_DATA_NESTING_DEPTH = 100;

export class NestingTooDeepError extends Error {
  override readonly name = 'NestingTooDeepError';
  constructor(readonly limit: number) {
    super(`too deeply nested (more than ${limit} levels)`);
  }
}

/** `JSON.parse`, after a linear scan that refuses text nesting arrays and objects deeper than `limit`. */
export function parseBoundedJson(
  text: string,
  reviver?: (key: string, value: unknown) => unknown,
  limit = MAX_DATA_NESTING_DEPTH,
): unknown {
  if (jsonNestingDepth(text, limit) > limit) throw new NestingTooDeepError(limit);
  return JSON.parse(text, reviver);
}

/**
 * The deepest nesting of `[` and `{` outside strings, counted until it passes `stopAbove`. Malformed
 * text gets some number; JSON.parse reports what is wrong with it.
 */
function jsonNestingDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = endOfJsonString(text, i + 1);
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Index of the quote that closes the string whose content starts at `start` (or the text's end):
 * the first quote not escaped by an odd run of backslashes, found with `indexOf` (long strings, such
 * as the base64 of a PDF, are skipped at native speed).
 */
function endOfJsonString(text: string, start: number): number {
  for (let quote = text.indexOf('"', start); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * YAML's `parse`, bounded: nesting is measured on the syntax tree (built without recursion) before
 * the document is composed (which recurses), and again on the result, where aliases can nest a node
 * inside itself. Keys are checked for duplicates in one pass: the `yaml` package's own check compares
 * every key with every other one, minutes on a megabyte of keys.
 */
export function parseBoundedYaml(text: string, limit = MAX_DATA_NESTING_DEPTH): unknown {
  if (flowNestingBound(text) > limit) throw new NestingTooDeepError(limit);
  for (const token of new Parser().parse(text)) {
    if (syntaxTreeDepth(token, limit) > limit) throw new NestingTooDeepError(limit);
  }
  const document = parseDocument(text, { uniqueKeys: false });
  const [error] = document.errors;
  if (error) throw error;
  if (document.contents) rejectDuplicateKeys(document.contents);
  const value: unknown = document.toJS();
  if (valueDepth(value, limit) > limit) throw new NestingTooDeepError(limit);
  return value;
}

/**
 * A fast upper bound of flow nesting (`[`, `{`, quotes not considered) and of block sequences or
 * keys opened on one line (`- - - x`): the cases where a few bytes make a level, so that a short
 * hostile text is refused before the parser walks it.
 */
function flowNestingBound(text: string): number {
  let depth = 0;
  let deepest = 0;
  let lineIndicators = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === OPEN_BRACKET || code === OPEN_BRACE) deepest = Math.max(deepest, ++depth);
    else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
    if (code === NEWLINE) {
      atLineStart = true;
      lineIndicators = 0;
    } else if (atLineStart && (code === DASH || code === QUESTION || code === COLON) && isBlank(text.charCodeAt(i + 1))) {
      deepest = Math.max(deepest, ++lineIndicators);
    } else if (!isBlank(code)) {
      atLineStart = false;
    }
  }
  return deepest;
}

const NEWLINE = 0x0a;
const DASH = 0x2d;
const QUESTION = 0x3f;
const COLON = 0x3a;

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Collections nested in one top-level token of the syntax tree, walked with a stack. */
function syntaxTreeDepth(root: CST.Token, stopAbove: number): number {
  const stack: Array<[CST.Token, number]> = [[root, 0]];
  let deepest = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [token, depth] = entry;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      const inner = depth + 1;
      if (inner > deepest) {
        deepest = inner;
        if (deepest > stopAbove) return deepest;
      }
      for (const item of token.items) {
        if ('key' in item && item.key) stack.push([item.key, inner]);
        if (item.value) stack.push([item.value, inner]);
      }
    }
  }
  return deepest;
}

function rejectDuplicateKeys(root: YamlNode): void {
  const stack: unknown[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isSeq(node)) {
      stack.push(...node.items);
    } else if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          if (seen.has(pair.key.value)) throw new Error(`the key "${String(pair.key.value)}" appears twice in one mapping`);
          seen.add(pair.key.value);
        }
        stack.push(pair.key, pair.value);
      }
    }
  }
}

/** Nesting of arrays and objects in a value; a value that contains itself is infinitely deep. */
function valueDepth(root: unknown, stopAbove: number): number {
  const stack: Array<{ value: unknown; depth: number; leaving?: true }> = [{ value: root, depth: 0 }];
  const onPath = new Set<unknown>();
  let deepest = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, depth } = entry;
    if (value === null || typeof value !== 'object') continue;
    if (entry.leaving) {
      onPath.delete(value);
      continue;
    }
    if (onPath.has(value)) return Number.POSITIVE_INFINITY;
    const inner = depth + 1;
    deepest = Math.max(deepest, inner);
    if (deepest > stopAbove) return deepest;
    onPath.add(value);
    stack.push({ value, depth, leaving: true });
    for (const child of Object.values(value)) stack.push({ value: child, depth: inner });
  }
  return deepest;
}
