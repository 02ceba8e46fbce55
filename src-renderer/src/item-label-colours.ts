/**
 * A colour per item label (docling-core's DocItemLabel) for the page view's overlay of item types: distinct hues for the
 * labels a parse most often confuses (text, section header, list item, caption, table, picture), on the white of a page.
 */
const LABEL_COLOURS: Readonly<Record<string, string>> = {
  title: '#b91c1c',
  section_header: '#dc2626',
  text: '#2563eb',
  paragraph: '#2563eb',
  list_item: '#0d9488',
  caption: '#c026d3',
  footnote: '#7c3aed',
  table: '#ea580c',
  picture: '#16a34a',
  chart: '#16a34a',
  formula: '#ca8a04',
  code: '#4b5563',
  page_header: '#64748b',
  page_footer: '#64748b',
  document_index: '#9333ea',
  reference: '#0891b2',
  key_value_region: '#a16207',
  form: '#a16207',
  checkbox_selected: '#be185d',
  checkbox_unselected: '#be185d',
};

const OTHER_LABEL = '#6b7280';

export function labelColour(label: string): string {
  return LABEL_COLOURS[label] ?? OTHER_LABEL;
}
