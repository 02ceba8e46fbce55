import { isGroup } from '../../../ir/resolve';
import type { GroupItem, NodeItem, TextItem } from '../../../ir/types';
import { joinedOrigins, originsOf, resultOf, shiftOrigins, type SerializationResult, type TextOrigin } from './serialization-result';
import type { FormattedParts, PostProcessOptions } from './text-format';

/** What the text item serializer needs from the document serializer. */
export interface TextSerializationContext {
  /** Serializes an inline group (marks what it consumes in `visited`). */
  serializeNode(node: NodeItem, visited: Set<string>): SerializationResult;
  serializeCaptions(item: TextItem): SerializationResult;
  postProcess(text: string, options?: PostProcessOptions): string;
  postProcessParts(text: string, options?: PostProcessOptions): FormattedParts;
  resolve(ref: string): NodeItem | undefined;
}

interface TextItemOptions {
  visited: Set<string>;
  /** inside an inline group: code and formulas stay on the line */
  inline?: boolean;
}

/** docling-core's `MarkdownTextSerializer`; its result says where the item's text (or its inline group's) lies in it. */
export function serializeTextItem(item: TextItem, serializer: TextSerializationContext, options: TextItemOptions): SerializationResult {
  const inline = options.inline ?? false;
  const inlineChild = inlineRepresentation(item, serializer);
  let text: string;
  let origins: readonly TextOrigin[];
  let pending: boolean;
  if (inlineChild) {
    const child = serializer.serializeNode(inlineChild, options.visited);
    text = child.text;
    origins = originsOf(child);
    pending = false;
  } else {
    text = item.text;
    origins = text ? [{ at: 0, length: text.length, ref: item.self_ref, start: 0 }] : [];
    pending = true;
  }
  let escapeHtml = true;
  let escapeUnderscores = true;
  // Where the text is wrapped, its origins move by what now stands before it.
  if (item.label === 'checkbox_selected' || item.label === 'checkbox_unselected') {
    text = `- [${item.label === 'checkbox_selected' ? 'x' : ' '}] ${text}`;
    origins = shiftOrigins(origins, 6);
  }

  let textPart: string;
  if (item.label === 'list_item' || item.label === 'title' || item.label === 'section_header') {
    if (!inlineChild) {
      const formatted = serializer.postProcessParts(text, { formatting: item.formatting, hyperlink: item.hyperlink });
      origins = formattedOrigins(origins, formatted);
      text = formatted.text;
      pending = false;
    }
    const marked =
      item.label === 'list_item'
        ? withListMarker(item, text, serializer)
        : `${'#'.repeat(item.label === 'title' ? 1 : (item.level ?? 1) + 1)} ${text}`;
    origins = shiftOrigins(origins, marked.length - text.length);
    text = marked;
    textPart = text;
  } else if (item.label === 'code') {
    const fence = inline || item.hyperlink ? '`' : '```\n';
    const closing = inline || item.hyperlink ? '`' : '\n```';
    text = `${fence}${text}${closing}`;
    origins = shiftOrigins(origins, fence.length);
    textPart = text;
    escapeHtml = false;
    escapeUnderscores = false;
  } else if (item.label === 'formula') {
    if (text) {
      text = inline ? `$${text}$` : `$$${text}$$`;
      origins = shiftOrigins(origins, inline ? 1 : 2);
    } else {
      text = item.orig ? '<!-- formula-not-decoded -->' : '';
    }
    textPart = text;
    escapeHtml = false;
    escapeUnderscores = false;
  } else {
    textPart = text;
  }

  const parts: SerializationResult[] = [];
  if (textPart) parts.push(resultOf(textPart, item, origins));
  if (item.label === 'code') {
    const captions = serializer.serializeCaptions(item);
    if (captions.text) parts.push(captions);
  }
  const separator = inline ? ' ' : '\n\n';
  let joined = parts.map((p) => p.text).join(separator);
  let textOrigins = joinedOrigins(parts, separator);
  if (pending) {
    const formatted = serializer.postProcessParts(joined, {
      escapeHtml,
      escapeUnderscores,
      formatting: item.formatting,
      hyperlink: item.hyperlink,
    });
    textOrigins = formattedOrigins(textOrigins, formatted);
    joined = formatted.text;
  }
  return resultOf(joined, parts, textOrigins);
}

/** Origins of a text after `formatTextParts`: moved behind the opening marks, or, where escaping changed it, whole. */
export function formattedOrigins(origins: readonly TextOrigin[], formatted: FormattedParts): readonly TextOrigin[] {
  if (!formatted.escaped) return shiftOrigins(origins, formatted.coreStart);
  const refs = [...new Set(origins.map((origin) => origin.ref))];
  return refs.map((ref) => ({ at: formatted.coreStart, length: formatted.coreLength, ref }));
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
