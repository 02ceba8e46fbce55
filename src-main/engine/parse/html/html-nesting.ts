import { inputLimits, tooDeeplyNested, type InputLimits } from '../limits';
import { isElement, type HtmlParent } from './html-tree';
import { isFormatTag } from './inline-text';

/** Elements that nest the document's structure (lists, tables, sections, quotes) as the walker reads it. */
const STRUCTURE_TAGS: ReadonlySet<string> = new Set(['ul', 'ol', 'dl', 'table', 'details', 'footer', 'blockquote', 'figure']);

/** Past this many times the limit, the raw markup is refused before it is parsed. */
const SOURCE_FACTOR = 10;

/**
 * A quick look at the raw markup before it is parsed: structure tags opened and not yet closed,
 * counted in one pass. Parsing 100,000 nested lists takes seconds; this refuses them in
 * milliseconds. It only counts tags (a parser may close some itself), so it refuses at ten times
 * the limit and leaves the exact check to `checkHtmlNesting` on the parsed tree.
 */
export function checkHtmlSourceNesting(source: string, fileName: string, limits: InputLimits = inputLimits()): void {
  const tags = /<(\/?)(ul|ol|dl|table|details|footer|blockquote|figure)(?=[\s/>])/gi;
  let open = 0;
  for (let match = tags.exec(source); match; match = tags.exec(source)) {
    open = Math.max(0, open + (match[1] ? -1 : 1));
    if (open > limits.maxNestingDepth * SOURCE_FACTOR) {
      const line = source.slice(0, match.index).split('\n').length;
      throw tooDeeplyNested(fileName, `the <${match[2]!.toLowerCase()}> at line ${line}`, undefined, 'maxNestingDepth', limits);
    }
  }
}

/**
 * Throws "too deeply nested" when lists, tables, sections and inline formatting nest past
 * `maxNestingDepth` along any path of the tree: the document built from such a page would nest as
 * deeply, and every reader of it would pay for each level. Plain containers (`div` in `div`) do
 * not count: they add no level to the document. One walk without recursion.
 */
export function checkHtmlNesting(root: HtmlParent, fileName: string, limits: InputLimits = inputLimits()): void {
  const pending: Array<{ node: HtmlParent; levels: number }> = [{ node: root, levels: 0 }];
  while (pending.length > 0) {
    const { node, levels } = pending.pop()!;
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      const nested = { node: child, levels: levels + (STRUCTURE_TAGS.has(child.tagName) || isFormatTag(child.tagName) ? 1 : 0) };
      if (nested.levels > limits.maxNestingDepth) {
        throw tooDeeplyNested(
          fileName,
          `the <${child.tagName}> at line ${child.sourceCodeLocation?.startLine ?? '?'}`,
          undefined,
          'maxNestingDepth',
          limits,
        );
      }
      pending.push(nested);
    }
  }
}
