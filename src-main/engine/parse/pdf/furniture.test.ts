import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { pdfParser } from '.';

const folder = path.resolve(import.meta.dirname, '../../../../test-data/pdf-headings');
const parse = (fileName: string): Promise<DoclingDocument> =>
  pdfParser.parse({ fileName, bytes: new Uint8Array(readFileSync(path.join(folder, fileName))) });

describe('page numbers in the furniture', () => {
  it("reads an index's group letter near the foot of the page, with entries below it, as text, not a page number (LuaTeX)", async () => {
    const doc = await parse('letgut-p35.pdf');
    const furniture = doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);
    const body = doc.texts.filter((t) => t.content_layer !== 'furniture').map((t) => t.text);
    expect(furniture).toContain('35');
    expect(furniture).not.toContain('L');
    expect(furniture.some((text) => text.startsWith('configuration'))).toBe(false);
    expect(body.some((text) => text.includes('configuration, 3, 11'))).toBe(true);
  });

  it('reads the cells of a table row at the top of the page, with rows below it, as text, not a page number (WeasyPrint)', async () => {
    const doc = await parse('debian-reference-ch09-p10.en.weasyprint.pdf');
    const furniture = doc.texts.filter((t) => t.content_layer === 'furniture').map((t) => t.text);
    expect(furniture).toEqual([]);
    const cells = doc.tables.flatMap((table) => table.data.table_cells.map((cell) => cell.text));
    const texts = [...doc.texts.map((t) => t.text), ...cells].join('\n');
    expect(texts).toContain('fail2ban');
    expect(texts).toContain('2127');
  });
});
