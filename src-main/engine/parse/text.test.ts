import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../ir/types';
import { textParser } from './text';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const parse = (text: string): Promise<DoclingDocument> => textParser.parse({ fileName: 'notes.txt', bytes: encode(text) });
const covered = (source: string, span: [number, number] | undefined): string => [...source].slice(...(span ?? [0, 0])).join('');

describe('textParser', () => {
  const report = [
    'Annual Report',
    '',
    '1. Introduction',
    '',
    'This report',
    'covers things.',
    '',
    '1.1 Scope of Work',
    'We cover:',
    '- alpha',
    '- beta',
    '  - beta one',
    '  wrapped',
    '',
    '- gamma',
    '',
    'Results',
    '-------',
    '',
    'Chapter 3: Methods',
    '',
    '1. Buy milk.',
    '2. Buy eggs.',
    '',
    'IV. Final Remarks',
    '',
    'Thanks to all.',
  ].join('\n');

  it('finds headings from numbering, chapters, roman numerals, underlines and title lines', async () => {
    const doc = await parse(report);
    const headings = doc.texts.filter((t) => t.label === 'title' || t.label === 'section_header').map((t) => [t.label, t.text, t.level]);
    expect(headings).toEqual([
      ['title', 'Annual Report', undefined],
      ['section_header', '1. Introduction', 1],
      ['section_header', '1.1 Scope of Work', 2],
      ['section_header', 'Results', 2],
      ['section_header', 'Chapter 3: Methods', 1],
      ['section_header', 'IV. Final Remarks', 1],
    ]);
    expect(doc.texts.filter((t) => t.label === 'text').map((t) => t.text)).toEqual([
      'This report covers things.',
      'We cover:',
      'Thanks to all.',
    ]);
  });

  it('builds list groups, nested under their parent item and continued across a blank line', async () => {
    const doc = await parse(report);
    const item = (text: string) => doc.texts.find((t) => t.text === text)!;
    expect(item('alpha')).toMatchObject({ label: 'list_item', marker: '-', enumerated: false });
    expect(item('gamma').parent).toEqual(item('alpha').parent);
    const nested = doc.groups.find((g) => g.self_ref === item('beta one wrapped').parent?.$ref)!;
    expect(nested.parent?.$ref).toBe(item('beta').self_ref);
    expect(item('Buy eggs.')).toMatchObject({ marker: '2.', enumerated: true });
    expect(item('Buy eggs.').parent).toEqual(item('Buy milk.').parent);
  });

  it('spans every item exactly, in code points, across CRLF and astral characters', async () => {
    const source = 'Intro 😀 line\r\nsecond 𝄞 line\r\n\r\n- item 😀\r\n';
    const doc = await parse(source);
    expect(covered(source, doc.texts[0]!.source_span)).toBe('Intro 😀 line\r\nsecond 𝄞 line');
    expect(doc.texts[0]!.text).toBe('Intro 😀 line second 𝄞 line');
    expect(covered(source, doc.texts[1]!.source_span)).toBe('- item 😀');
  });

  it('reads a real text corpus (wikitext) with its `= = Section = =` headings', async () => {
    const file = path.resolve(import.meta.dirname, '../../../test-data/chunkeval/wikitexts.excerpt.md');
    const source = readFileSync(file, 'utf8');
    const doc = await textParser.parse({ fileName: 'wikitexts.txt', bytes: encode(source) });
    const headings = doc.texts.filter((t) => t.label === 'section_header');
    expect(headings.slice(0, 3).map((t) => [t.text, t.level])).toEqual([
      ['Valkyria Chronicles III', 1],
      ['Gameplay', 2],
      ['Plot', 2],
    ]);
    for (const item of doc.texts) expect(covered(source, item.source_span)).toContain(item.text.split(' ')[0]);
    const words = (text: string) => text.split(/\s+/).filter((w) => w && !/^=+$/.test(w)).length;
    expect(doc.texts.reduce((n, t) => n + words(t.text), 0)).toBe(words(source));
  });

  it('handles empty, blank and binary input', async () => {
    await expect(textParser.parse({ fileName: 'e.txt', bytes: new Uint8Array() })).rejects.toMatchObject({
      code: 'empty-file',
      message: 'e.txt: the file is empty',
    });
    await expect(textParser.parse({ fileName: 'b.txt', bytes: new Uint8Array([1, 2, 0, 3]) })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: 'b.txt: not a text file (binary content)',
    });
    expect((await parse(' \r\n\t\n')).body.children).toEqual([]);
  });

  it('stops with `cancelled` when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(textParser.parse({ fileName: 'x.txt', bytes: encode('text') }, { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('nests lists by indentation up to the nesting limit, and refuses 2,000 levels within 2 s', async () => {
    const indented = (levels: number): string => Array.from({ length: levels }, (_, i) => `${' '.repeat(2 * i)}- item ${i}`).join('\n');
    const atLimit = await parse(indented(100));
    expect(atLimit.groups.filter((g) => g.label === 'list')).toHaveLength(100);
    const started = performance.now();
    await expect(parse(indented(2000))).rejects.toMatchObject({
      code: 'too-large',
      message: 'notes.txt: the list at line 101 is too deeply nested (more than 100 levels; set STRATUM_MAX_NESTING to raise it)',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
