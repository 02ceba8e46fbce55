import type { Nodes, PhrasingContent } from 'mdast';
import { RunCollector, plainStyle, type InlineRun, type MarkdownSource, type RunStyle } from './inline-runs';

/** Link and image reference definitions of the document, by normalised identifier. */
export type Definitions = ReadonlyMap<string, { url: string; title?: string | null }>;

interface InlineState {
  style: RunStyle;
  hyperlink: string | undefined;
}

/** The children of emphasis or a link, with the style or link they are in. */
interface Nested {
  children: readonly PhrasingContent[];
  state: InlineState;
}

/** The runs of a paragraph's, heading's or table cell's phrasing content; given the source, with where their texts were read. */
export function mdastRuns(
  nodes: readonly PhrasingContent[],
  definitions: Definitions,
  options: { prefix?: string; source?: MarkdownSource } = {},
): InlineRun[] {
  const { prefix, source } = options;
  const collector = new RunCollector(source);
  const state: InlineState = { style: plainStyle, hyperlink: undefined };
  if (prefix && nodes[0]?.position) {
    const at = nodes[0].position.start.offset ?? 0;
    collector.addText(prefix, plainStyle, undefined, at, at);
    collector.separate(' ');
  }
  // Nested emphasis and links are walked from a stack, in document order, without recursion.
  const pending: Array<{ node: PhrasingContent; state: InlineState }> = [];
  const push = (children: readonly PhrasingContent[], childState: InlineState): void => {
    for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i]!, state: childState });
  };
  push(nodes, state);
  while (pending.length > 0) {
    const next = pending.pop()!;
    const inner = collect(next.node, next.state, collector, definitions);
    if (inner) push(inner.children, inner.state);
  }
  return collector.runs();
}

/** Collects a leaf's run; for emphasis and links, returns their children with the state they add. */
function collect(node: PhrasingContent, state: InlineState, out: RunCollector, definitions: Definitions): Nested | undefined {
  const [start, end] = offsets(node);
  switch (node.type) {
    case 'text':
      out.addText(node.value, state.style, state.hyperlink, start, end);
      return;
    case 'inlineCode':
      out.addCode(node.value, state.style, state.hyperlink, start, end);
      return;
    case 'break':
      out.separate('\n');
      return;
    case 'emphasis':
      return { children: node.children, state: { ...state, style: { ...state.style, italic: true } } };
    case 'strong':
      return { children: node.children, state: { ...state, style: { ...state.style, bold: true } } };
    case 'delete':
      return { children: node.children, state: { ...state, style: { ...state.style, strikethrough: true } } };
    case 'link':
      return { children: node.children, state: { ...state, hyperlink: node.url } };
    case 'linkReference':
      return { children: node.children, state: { ...state, hyperlink: definitions.get(node.identifier)?.url } };
    case 'image':
      out.addImage(node.alt || node.title || '', node.url, state.hyperlink, start, end, Boolean(node.alt));
      return;
    case 'imageReference': {
      const definition = definitions.get(node.identifier);
      out.addImage(node.alt || definition?.title || '', definition?.url, state.hyperlink, start, end, Boolean(node.alt));
      return;
    }
    case 'footnoteReference':
      // Kept as written so that the reference stays visible where it was made.
      out.addText(`[^${node.label ?? node.identifier}]`, state.style, state.hyperlink, start, end);
      return;
    case 'html':
      // Inline tags carry no text of their own; a <br> still breaks the line.
      if (/^<br\s*\/?>$/i.test(node.value)) out.separate('\n');
      return;
    default:
      return;
  }
}

/** A node's UTF-16 source offsets (mdast positions always carry them after parsing). */
export function offsets(node: Nodes): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}
