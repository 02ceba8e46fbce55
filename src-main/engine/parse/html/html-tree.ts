import type { DefaultTreeAdapterTypes } from 'parse5';

export type HtmlElement = DefaultTreeAdapterTypes.Element;
export type HtmlNode = DefaultTreeAdapterTypes.ChildNode;
export type HtmlParent = DefaultTreeAdapterTypes.ParentNode;
type HtmlText = DefaultTreeAdapterTypes.TextNode;

/** Tags that start their own Docling item (as Docling's HTML backend: everything else is inline or a plain container). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address',
  'details',
  'figure',
  'footer',
  'img',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ol',
  'ul',
  'dl',
  'p',
  'pre',
  'summary',
  'table',
]);

/** Subtrees that never carry document text. */
const DROPPED_TAGS: ReadonlySet<string> = new Set(['script', 'noscript', 'style', 'template', 'head']);

export function isElement(node: HtmlNode | HtmlParent): node is HtmlElement {
  return 'tagName' in node;
}

export function isText(node: HtmlNode): node is HtmlText {
  return node.nodeName === '#text';
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function hasAttribute(element: HtmlElement, name: string): boolean {
  return element.attrs.some((a) => a.name === name);
}

/**
 * Which children a walk sees: `visible` leaves out what a reader does not see (Docling's walk skips
 * it); `present` keeps what is only invisible, as Docling's plain text extraction (a table cell, a
 * checkbox's label) reads it. Both leave out comments, scripts, styles and `hidden` elements, which
 * Docling removes before anything.
 */
export type Visibility = 'visible' | 'present';

/** Children that carry content. */
export function contentChildren(node: HtmlParent, visibility: Visibility = 'visible'): HtmlNode[] {
  return node.childNodes.filter((child) => {
    if (isText(child)) return true;
    if (!isElement(child)) return false;
    return !DROPPED_TAGS.has(child.tagName) && !hasAttribute(child, 'hidden') && (visibility === 'present' || !isInvisible(child));
  });
}

/**
 * Invisible as Docling's HTML backend tells it without rendering: `aria-hidden` set true, or an
 * inline style with `display:none`, `visibility:hidden|collapse` or `opacity:0`.
 */
function isInvisible(element: HtmlElement): boolean {
  const ariaHidden = attribute(element, 'aria-hidden')?.trim().toLowerCase();
  if (ariaHidden === 'true' || ariaHidden === '1' || ariaHidden === 'yes') return true;
  const style = attribute(element, 'style')?.toLowerCase().replace(/\s+/g, '');
  if (!style) return false;
  return style.includes('display:none') || /visibility:(?:hidden|collapse)/.test(style) || /opacity:0(?:;|$)/.test(style);
}

export function elementChildren(node: HtmlParent, tags: ReadonlySet<string>): HtmlElement[] {
  return contentChildren(node).filter((c): c is HtmlElement => isElement(c) && tags.has(c.tagName));
}

/** Pre-order walk without recursion, so 100,000 nested elements cannot overflow the stack. */
export function* descendants(root: HtmlParent, visibility: Visibility = 'visible'): Generator<HtmlNode> {
  const stack: HtmlNode[] = [...contentChildren(root, visibility)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    if (isElement(node)) {
      const children = contentChildren(node, visibility);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
}

export function findDescendants(root: HtmlParent, tags: ReadonlySet<string>): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (const node of descendants(root)) if (isElement(node) && tags.has(node.tagName)) found.push(node);
  return found;
}

export function findAncestor(node: HtmlNode, tag: string): HtmlElement | undefined {
  let current: HtmlParent | null = node.parentNode;
  while (current && isElement(current)) {
    if (current.tagName === tag) return current;
    current = current.parentNode;
  }
  return undefined;
}

/**
 * The elements having a block tag or an `<input>` below them, computed bottom-up in one pass:
 * asking each element separately would cost quadratic time on deep nesting.
 */
export function elementsWithBlockDescendants(root: HtmlParent): Set<HtmlElement> {
  const marked = new Set<HtmlElement>();
  const order = [...descendants(root)].filter(isElement);
  for (let i = order.length - 1; i >= 0; i--) {
    const element = order[i]!;
    const parent = element.parentNode;
    if (!parent || !isElement(parent)) continue;
    if (BLOCK_TAGS.has(element.tagName) || element.tagName === 'input' || marked.has(element)) marked.add(parent);
  }
  return marked;
}

/** `[start, end)` UTF-16 offsets of a node in the source, when the parser did not invent it. */
export function sourceRange(node: HtmlNode): [number, number] | undefined {
  const location = node.sourceCodeLocation;
  return location ? [location.startOffset, location.endOffset] : undefined;
}

/** UTF-16 `[start, end)` of an attribute's value in the source, quotes left out; undefined without a location. */
export function attributeValueRange(element: HtmlElement, name: string, source: string): [number, number] | undefined {
  const location = element.sourceCodeLocation?.attrs?.[name];
  if (!location) return undefined;
  const equals = source.indexOf('=', location.startOffset);
  if (equals < 0 || equals >= location.endOffset) return undefined;
  let start = equals + 1;
  while (start < location.endOffset && /\s/.test(source[start]!)) start++;
  const quoted = source[start] === '"' || source[start] === "'";
  return quoted ? [start + 1, location.endOffset - 1] : [start, location.endOffset];
}

/** All text below an element, text nodes joined by spaces. */
export function textContent(element: HtmlElement, visibility: Visibility = 'visible'): string {
  const parts: string[] = [];
  for (const node of descendants(element, visibility)) if (isText(node)) parts.push(node.value);
  return parts.join(' ');
}

/** The `<label for=…>` elements by the id they name (a checkbox takes its text from its label). */
export function labelTargets(elements: readonly HtmlElement[]): Map<string, HtmlElement> {
  const labels = new Map<string, HtmlElement>();
  for (const element of elements) {
    const target = element.tagName === 'label' ? attribute(element, 'for') : undefined;
    if (target) labels.set(target, element);
  }
  return labels;
}
