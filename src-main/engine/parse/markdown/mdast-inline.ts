import type { Nodes, PhrasingContent } from 'mdast';
import { RunCollector, plainStyle, type InlineRun, type RunStyle } from './inline-runs';

/** Link and image reference definitions of the document, by normalised identifier. */
export type Definitions = ReadonlyMap<string, { url: string; title?: string | null }>;

interface InlineState {
  style: RunStyle;
  hyperlink: string | undefined;
}

/** The runs of a paragraph's, heading's or table cell's phrasing content. */
export function mdastRuns(nodes: readonly PhrasingContent[], definitions: Definitions, prefix?: string): InlineRun[] {
  const collector = new RunCollector();
  const state: InlineState = { style: plainStyle, hyperlink: undefined };
  if (prefix && nodes[0]?.position) {
    const at = nodes[0].position.start.offset ?? 0;
    collector.addText(prefix, plainStyle, undefined, at, at);
    collector.separate(' ');
  }
  for (const node of nodes) collect(node, state, collector, definitions);
  return collector.runs();
}

function collect(node: PhrasingContent, state: InlineState, out: RunCollector, definitions: Definitions): void {
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
      return collectAll(node.children, { ...state, style: { ...state.style, italic: true } }, out, definitions);
    case 'strong':
      return collectAll(node.children, { ...state, style: { ...state.style, bold: true } }, out, definitions);
    case 'delete':
      return collectAll(node.children, { ...state, style: { ...state.style, strikethrough: true } }, out, definitions);
    case 'link':
      return collectAll(node.children, { ...state, hyperlink: node.url }, out, definitions);
    case 'linkReference':
      return collectAll(node.children, { ...state, hyperlink: definitions.get(node.identifier)?.url }, out, definitions);
    case 'image':
      out.addImage(node.alt || node.title || '', node.url, state.hyperlink, start, end);
      return;
    case 'imageReference': {
      const definition = definitions.get(node.identifier);
      out.addImage(node.alt || definition?.title || '', definition?.url, state.hyperlink, start, end);
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

function collectAll(nodes: readonly PhrasingContent[], state: InlineState, out: RunCollector, definitions: Definitions): void {
  for (const child of nodes) collect(child, state, out, definitions);
}

/** A node's UTF-16 source offsets (mdast positions always carry them after parsing). */
export function offsets(node: Nodes): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}
