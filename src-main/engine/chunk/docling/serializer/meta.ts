import type { ItemMeta, TableData } from '../../../ir/types';
import { pyCapitalize, pyRepr, pyStrip } from '../python-text';
import { markdownTableOfData } from './markdown-table';

/** Meta fields in docling-core's class declaration order; anything else is a custom field, printed after them. */
const DECLARED_FIELDS = [
  'summary',
  'language',
  'entities',
  'keywords',
  'topics',
  'description',
  'classification',
  'molecule',
  'tabular_chart',
  'code',
] as const;
const DECLARED = new Set<string>(DECLARED_FIELDS);

/** docling-core `MarkdownMetaSerializer`: each non-empty field's text, joined with blank lines. */
export function serializeMeta(meta: ItemMeta | null | undefined): string {
  if (!meta) return '';
  const keys = [...DECLARED_FIELDS.filter((k) => k in meta), ...Object.keys(meta).filter((k) => !DECLARED.has(k))];
  return keys
    .map((key) => metaFieldText(key, meta[key]))
    .filter((text): text is string => Boolean(text))
    .join('\n\n');
}

/** The fields a base `DocItem` dump keeps of `meta`: `summary` and custom fields (pydantic base-class serialization). */
export function baseMetaDump(meta: ItemMeta): Record<string, unknown> {
  const dump: Record<string, unknown> = {};
  if (meta.summary !== undefined && meta.summary !== null) dump.summary = meta.summary;
  for (const [key, value] of Object.entries(meta)) {
    if (!DECLARED.has(key) && value !== undefined && value !== null) dump[key] = value;
  }
  return dump;
}

function metaFieldText(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (key) {
    case 'summary':
    case 'description':
      return textOf(value);
    case 'classification':
      return classificationText(value);
    case 'molecule':
      return typeof value === 'object' && value !== null && 'smi' in value ? String((value as { smi: unknown }).smi) : null;
    case 'tabular_chart': {
      const data = (value as { chart_data?: TableData }).chart_data;
      const table = data ? pyStrip(markdownTableOfData(data)) : '';
      return table || null;
    }
    case 'keywords':
    case 'topics':
      if (Array.isArray(value)) return value.map((v) => pyRepr(v)).join(', ') || null;
      return pyRepr(value) || null;
    default:
      return pyRepr(value) || null;
  }
}

function textOf(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'text' in value) return String((value as { text: unknown }).text);
  return pyRepr(value) || null;
}

/** The main prediction (highest confidence, first on ties) humanized: `bar_chart` -> `Bar chart`. */
function classificationText(value: unknown): string | null {
  const predictions = (value as { predictions?: Array<{ class_name: string; confidence?: number | null }> }).predictions ?? [];
  let best = predictions[0];
  for (const prediction of predictions) {
    if ((prediction.confidence ?? 0) > (best?.confidence ?? 0)) best = prediction;
  }
  return best ? humanize(best.class_name) : null;
}

function humanize(text: string): string {
  return pyCapitalize(text.replace(/__/g, '_').replace(/_/g, ' '));
}
