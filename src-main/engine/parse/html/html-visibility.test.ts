import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iterateItems } from '../../ir/iterate';
import type { TextItem } from '../../ir/types';
import { htmlParser } from './html-parser';

describe('hidden HTML content as Docling reads it', () => {
  it('drops what is hidden or invisible, and keeps what is only half transparent or said to be shown', async () => {
    const bytes = readFileSync(new URL('../../../../test-data/html-hidden/hidden_content.html', import.meta.url));
    const doc = await htmlParser.parse({ fileName: 'hidden_content.html', bytes });
    const texts = [...iterateItems(doc)].map(({ item }) => item as TextItem).filter((t) => t.text !== undefined);
    expect(texts.map((t) => `${t.label}: ${t.text}`)).toEqual([
      'title: Sichtbarkeit',
      'text: Sichtbar bleibt.',
      'text: Halb sichtbar.',
      'text: Ausdrücklich sichtbar.',
      // A label hidden from assistive technology still names its checkbox, and a cell keeps all its text.
      'checkbox_unselected: Option wählen',
      'list_item: Eins',
    ]);
    expect(doc.tables[0]!.data.table_cells.map((c) => c.text)).toEqual(['Spalte', 'Wert', 'Preis €', '12']);
  });
});
