import { isGroup } from '../../../ir/resolve';
import type { GroupItem, NodeItem, TextItem } from '../../../ir/types';
import { resultOf, type SerializationResult } from './serialization-result';
import type { PostProcessOptions } from './text-format';

/** What the text item serializer needs from the document serializer. */
export interface TextSerializationContext {
  /** Serializes an inline group (marks what it consumes in `visited`). */
  serializeNode(node: NodeItem, visited: Set<string>): SerializationResult;
  serializeCaptions(item: TextItem): SerializationResult;
  postProcess(text: string, options?: PostProcessOptions): string;
  resolve(ref: string): NodeItem | undefined;
}

interface TextItemOptions {
  visited: Set<string>;
  /** inside an inline group: code and formulas stay on the line */
  inline?: boolean;
}

/** docling-core's `MarkdownTextSerializer`. */
export function serializeTextItem(item: TextItem, serializer: TextSerializationContext, options: TextItemOptions): SerializationResult {
  const inline = options.inline ?? false;
  const inlineChild = inlineRepresentation(item, serializer);
  let text: string;
  let pending: boolean;
  if (inlineChild) {
    text = serializer.serializeNode(inlineChild, options.visited).text;
    pending = false;
  } else {
    text = item.text;
    pending = true;
  }
  let escapeHtml = true;
  let escapeUnderscores = true;
  if (item.label === 'checkbox_selected') text = `- [x] ${text}`;
  if (item.label === 'checkbox_unselected') text = `- [ ] ${text}`;

  let textPart: string;
  if (item.label === 'list_item' || item.label === 'title' || item.label === 'section_header') {
    if (!inlineChild) {
      text = serializer.postProcess(text, { formatting: item.formatting, hyperlink: item.hyperlink });
      pending = false;
    }
    textPart =
      item.label === 'list_item'
        ? withListMarker(item, text, serializer)
        : `${'#'.repeat(item.label === 'title' ? 1 : (item.level ?? 1) + 1)} ${text}`;
  } else if (item.label === 'code') {
    textPart = inline || item.hyperlink ? `\`${text}\`` : `\`\`\`\n${text}\n\`\`\``;
    escapeHtml = false;
    escapeUnderscores = false;
  } else if (item.label === 'formula') {
    textPart = text ? (inline ? `$${text}$` : `$$${text}$$`) : item.orig ? '<!-- formula-not-decoded -->' : '';
    escapeHtml = false;
    escapeUnderscores = false;
  } else {
    textPart = text;
  }

  const parts: SerializationResult[] = [];
  if (textPart) parts.push(resultOf(textPart, item));
  if (item.label === 'code') {
    const captions = serializer.serializeCaptions(item);
    if (captions.text) parts.push(captions);
  }
  let joined = parts.map((p) => p.text).join(inline ? ' ' : '\n\n');
  if (pending)
    joined = serializer.postProcess(joined, { escapeHtml, escapeUnderscores, formatting: item.formatting, hyperlink: item.hyperlink });
  return resultOf(joined, parts);
}

function inlineRepresentation(item: TextItem, serializer: TextSerializationContext): GroupItem | undefined {
  if (item.text !== '' || item.children.length !== 1) return undefined;
  const child = serializer.resolve(item.children[0]!.$ref);
  return child && isGroup(child) && (child as GroupItem).label === 'inline' ? (child as GroupItem) : undefined;
}

/**
 * A valid Markdown marker first: the original if it is `-`, `*`, `+` or `N.`; else `-`, or the
 * item's position when the list starts with an enumerated item and the item has no marker. An
 * original marker with a letter or digit is kept after it (`- a) text`).
 */
function withListMarker(item: TextItem, text: string, serializer: TextSerializationContext): string {
  const marker = item.marker ?? '';
  const auto = /[a-zA-Z0-9]/.test(marker);
  const alreadyValid = marker === '-' || marker === '*' || marker === '+' || /^\p{Nd}+\.$/u.test(marker);
  const pieces: string[] = [];
  if (!alreadyValid) {
    let markdownMarker = '-';
    const parent = item.parent ? serializer.resolve(item.parent.$ref) : undefined;
    if (
      parent &&
      isGroup(parent) &&
      ((parent as GroupItem).label === 'list' || (parent as GroupItem).label === 'ordered_list') &&
      !marker &&
      firstItemIsEnumerated(parent as GroupItem, serializer)
    ) {
      const position = parent.children.findIndex((child) => child.$ref === item.self_ref);
      markdownMarker = `${position + 1}.`;
    }
    pieces.push(markdownMarker);
  }
  if (marker && (auto || alreadyValid)) pieces.push(marker);
  pieces.push(text);
  return pieces.join(' ');
}

function firstItemIsEnumerated(list: GroupItem, serializer: TextSerializationContext): boolean {
  const first = list.children[0] ? serializer.resolve(list.children[0].$ref) : undefined;
  return Boolean(first && !isGroup(first) && (first as TextItem).label === 'list_item' && (first as TextItem).enumerated);
}
