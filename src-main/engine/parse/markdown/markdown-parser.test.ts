import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { StratumError } from '../../../../src-shared/errors';
import type { ParseProgress } from '../parser';
import { markdownParser } from './markdown-parser';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const parse = (text: string, fileName = 'doc.md'): Promise<DoclingDocument> => markdownParser.parse({ fileName, bytes: encode(text) });

/** The source text a span covers, counted in code points as the spans are. */
const covered = (source: string, span: [number, number] | undefined): string => [...source].slice(...(span ?? [0, 0])).join('');

describe('markdownParser', () => {
  it('maps headings, lists, code, tables, pictures, footnotes and quotes', async () => {
    const source = [
      '# Guide',
      '',
      '## Setup',
      '',
      '1. Install',
      '   - with npm',
      '2. Run',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '| A | B |',
      '|---|---|',
      '| 1 |',
      '',
      '![A diagram](d.png)',
      '',
      '> Quoted ~~old~~ text',
      '',
      'See[^n].',
      '',
      '[^n]: The note.',
      '',
      '---',
      '',
      '- [x] done',
    ].join('\n');
    const doc = await parse(source);
    const byLabel = (label: string) => doc.texts.filter((t) => t.label === label).map((t) => t.text);
    expect(byLabel('title')).toEqual(['Guide']);
    expect(doc.texts.find((t) => t.text === 'Setup')).toMatchObject({ label: 'section_header', level: 1 });
    const install = doc.texts.find((t) => t.text === 'Install')!;
    expect(install).toMatchObject({ label: 'list_item', enumerated: true, marker: '1.' });
    const nested = doc.groups.find((g) => g.parent?.$ref === install.self_ref)!;
    expect(nested.label).toBe('list');
    expect(doc.texts.find((t) => t.text === 'with npm')?.parent?.$ref).toBe(nested.self_ref);
    expect(doc.texts.find((t) => t.text === 'Run')?.marker).toBe('2.');
    expect(doc.texts.find((t) => t.label === 'code')).toMatchObject({ text: 'const a = 1;', code_language: 'TypeScript' });
    const cells = doc.tables[0]!.data;
    expect(cells.num_rows).toBe(2);
    expect(cells.table_cells.map((c) => [c.text, c.column_header])).toEqual([
      ['A', true],
      ['B', true],
      ['1', false],
      ['', false],
    ]);
    expect(doc.pictures).toHaveLength(1);
    expect(byLabel('caption')).toEqual(['A diagram']);
    expect(doc.pictures[0]!.captions[0]?.$ref).toBe(doc.texts.find((t) => t.label === 'caption')?.self_ref);
    const struck = doc.texts.find((t) => t.text === 'old');
    expect(struck?.formatting?.strikethrough).toBe(true);
    expect(byLabel('footnote')).toEqual(['The note.']);
    expect(doc.texts.some((t) => t.text === 'See[^n].')).toBe(true);
    expect(byLabel('list_item')).toContain('[x] done');
    expect(doc.metadata?.['title']).toBe('Guide');
  });

  it('gives every item the exact source span it was read from', async () => {
    const source = '# Title 😀\n\nA *b* c 𝄞.\n\n- item one\n- item two\n';
    const doc = await parse(source);
    const span = (text: string) => covered(source, doc.texts.find((t) => t.text === text)?.source_span);
    expect(span('Title 😀')).toBe('# Title 😀');
    expect(span('A')).toBe('A');
    expect(span('b')).toBe('b');
    expect(span('c 𝄞.')).toBe('c 𝄞.');
    expect(span('item two')).toBe('- item two');
  });

  it('keeps spans on a CRLF file with a BOM, counted from the first character after the BOM', async () => {
    const body = '# Heading\r\n\r\nFirst line\r\nsecond line\r\n';
    const doc = await markdownParser.parse({ fileName: 'crlf.md', bytes: encode('\uFEFF' + body) });
    const paragraph = doc.texts.find((t) => t.label === 'text')!;
    expect(paragraph.text).toBe('First line second line');
    expect(covered(body, paragraph.source_span)).toBe('First line\r\nsecond line');
    expect(doc.texts[0]).toMatchObject({ label: 'title', text: 'Heading', source_span: [0, 9] });
  });

  it('reads YAML front matter into metadata, front matter title first', async () => {
    const doc = await parse('---\ntitle: Handbook\ntags: [a, b]\n---\n\n# Chapter\n');
    expect(doc.metadata).toEqual({ title: 'Handbook', tags: ['a', 'b'] });
    expect(doc.texts.map((t) => t.text)).toEqual(['Chapter']);
  });

  it('parses whitespace-only and front-matter-only files to an empty body', async () => {
    expect((await parse('  \n\n\t\n')).body.children).toEqual([]);
    const frontOnly = await parse('---\nauthor: Ann\n---\n');
    expect(frontOnly.body.children).toEqual([]);
    expect(frontOnly.metadata).toEqual({ author: 'Ann' });
  });

  it('rejects empty and binary files with typed errors', async () => {
    await expect(markdownParser.parse({ fileName: 'a.md', bytes: new Uint8Array() })).rejects.toMatchObject({
      code: 'empty-file',
      message: 'a.md: the file is empty',
    });
    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    await expect(markdownParser.parse({ fileName: 'b.md', bytes: binary })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: 'b.md: not a text file (binary content)',
    });
  });

  it('reports progress and stops with `cancelled` when the signal aborts', async () => {
    const source = Array.from({ length: 450 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const progress: ParseProgress[] = [];
    const doc = await markdownParser.parse({ fileName: 'long.md', bytes: encode(source) }, { onProgress: (p) => progress.push(p) });
    expect(doc.texts).toHaveLength(450);
    expect(progress.at(-1)).toEqual({ stage: 'block', done: 450, total: 450 });
    const controller = new AbortController();
    const aborting = markdownParser.parse(
      { fileName: 'long.md', bytes: encode(source) },
      { signal: controller.signal, onProgress: (p) => p.stage === 'block' && controller.abort() },
    );
    await expect(aborting).rejects.toBeInstanceOf(StratumError);
    await expect(aborting).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('turns HTML blocks into the items their Markdown spelling gives', async () => {
    const doc = await parse('<h2>Ducks</h2>\n\n<ul>\n  <li>Huey</li>\n  <li><b>Dewey</b> duck</li>\n</ul>\n\n<!-- hidden -->\n');
    expect(doc.texts[0]).toMatchObject({ label: 'section_header', level: 1, text: 'Ducks' });
    const items = doc.texts.filter((t): t is TextItem => t.label === 'list_item');
    expect(items.map((t) => t.text)).toEqual(['Huey', '']);
    expect(doc.texts.filter((t) => t.parent?.$ref === doc.groups[1]?.self_ref).map((t) => t.text)).toEqual(['Dewey', 'duck']);
    expect(doc.texts.some((t) => t.text.includes('hidden'))).toBe(false);
  });

  it('reads HTML blocks with the HTML parser: spanned table cells, spans in the Markdown file', async () => {
    const table = '<table>\n<tr><th rowspan="2">Year</th><th>Q1</th></tr>\n<tr><td>😀 up</td></tr>\n</table>';
    const source = `# Report\n\n😀 Intro.\n\n${table}\n\n<p>After <i>it</i></p>\n`;
    const doc = await parse(source);
    const cells = doc.tables[0]!.data.table_cells.map((c) => [c.text, c.start_row_offset_idx, c.row_span, c.column_header]);
    expect(cells).toEqual([
      ['Year', 0, 2, true],
      ['Q1', 0, 1, true],
      ['😀 up', 1, 1, false],
    ]);
    expect(covered(source, doc.tables[0]!.source_span)).toBe(table);
    expect(doc.tables[0]!.parent?.$ref).toBe('#/body');
    const after = doc.texts.find((t) => t.text === 'it')!;
    expect(after.formatting?.italic).toBe(true);
    expect(covered(source, after.source_span)).toBe('it');
  });

  it('keeps an HTML block inside a quote or list item under its parent, spans mapped through the prefixes', async () => {
    const source = '- Item\n\n  <p>Inside\n  <b>bold</b></p>\n\n> <div>\n> <h3>Quoted</h3>\n> </div>\n';
    const doc = await parse(source);
    const item = doc.texts.find((t) => t.text === 'Item')!;
    const inline = doc.groups.find((g) => g.label === 'inline')!;
    expect(inline.parent?.$ref).toBe(item.self_ref);
    expect(covered(source, doc.texts.find((t) => t.text === 'bold')!.source_span)).toBe('bold');
    const quoted = doc.texts.find((t) => t.text === 'Quoted')!;
    expect(quoted).toMatchObject({ label: 'section_header', level: 2 });
    expect(quoted.parent?.$ref).toBe('#/body');
    expect(covered(source, quoted.source_span)).toBe('<h3>Quoted</h3>');
  });
});

describe('a long Markdown file', () => {
  it('is previewed by its beginning, read as the whole file reads it, before the whole is in', async () => {
    const wiki = readFileSync(new URL('../../../../test-data/corpus/md/wiki.md', import.meta.url), 'utf8');
    const parts = Array.from({ length: Math.ceil(1_100_000 / wiki.length) }, (_, index) => `# Part ${index}\n\n${wiki}`);
    const bytes = new TextEncoder().encode(parts.join('\n\n'));
    const previews: DoclingDocument[] = [];
    const whole = await markdownParser.parse({ fileName: 'long.md', bytes }, { onPreview: (preview) => previews.push(preview) });
    expect(previews).toHaveLength(1);
    const shown = previews[0]!.texts;
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.length).toBeLessThan(whole.texts.length / 4);
    const fields = (item: TextItem) => ({ label: item.label, text: item.text, span: item.source_span });
    expect(shown.map(fields)).toEqual(whole.texts.slice(0, shown.length).map(fields));
  });

  it('has no preview when short', async () => {
    const previews: DoclingDocument[] = [];
    await markdownParser.parse(
      { fileName: 'a.md', bytes: new TextEncoder().encode('# A\n\ntext\n') },
      { onPreview: (p) => previews.push(p) },
    );
    expect(previews).toEqual([]);
  });
});
