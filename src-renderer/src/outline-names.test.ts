import { describe, expect, it } from 'vitest';
import type { DocumentItemView } from '../../src-shared/api';
import { outlineNameOf, outlineTooltipOf } from './outline-names';

const table: DocumentItemView = {
  ref: '#/tables/0',
  label: 'table',
  text: 'Year | Revenue\n2024 | 12',
  depth: 1,
  headingLevel: null,
  page: 7,
  contentLayer: 'body',
  caption: null,
};

describe('outline entry names', () => {
  it('names a table by its caption, else by its first row', () => {
    expect(outlineNameOf(table)).toBe('Year | Revenue');
    expect(outlineNameOf({ ...table, caption: 'Table 2: Revenue by year' })).toBe('Table 2: Revenue by year');
  });

  it('gives the label, page and whole text as the tooltip, cut when long', () => {
    expect(outlineTooltipOf(table)).toBe('table, page 7\nYear | Revenue\n2024 | 12');
    const long = outlineTooltipOf({ ...table, text: 'x'.repeat(1000), page: null });
    expect(long.startsWith('table\nxxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });
});
