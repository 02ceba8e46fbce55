import type { DocumentItemView } from '../../src-shared/api';

/** Longest tooltip: the whole of a heading, the start of a long caption or table. */
const TOOLTIP_CHARS = 300;

/** A table or picture is named by its caption, else by its first line (a table's first row), as a heading by its text. */
export function outlineNameOf(item: DocumentItemView): string {
  return item.caption ?? (item.text.split('\n')[0] || `[${item.label}]`);
}

/** The entry's tooltip: its label, page and whole text (an entry shows one line, cut at the panel's edge). */
export function outlineTooltipOf(item: DocumentItemView): string {
  const text = item.caption ? `${item.caption}\n${item.text}` : item.text;
  const shown = text.length > TOOLTIP_CHARS ? `${text.slice(0, TOOLTIP_CHARS)}…` : text;
  return `${item.label}${item.page !== null ? `, page ${item.page}` : ''}\n${shown}`;
}
