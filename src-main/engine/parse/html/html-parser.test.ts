import { describe, expect, it } from 'vitest';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, TextItem } from '../../ir/types';
import { corpusFile, expectGroundtruthParity } from '../parser.test-support';
import { htmlParser } from './html-parser';

function parseHtml(html: string, fileName = 'test.html'): Promise<DoclingDocument> {
  return htmlParser.parse({ fileName, bytes: new TextEncoder().encode(html) });
}

function bodyTexts(doc: DoclingDocument): TextItem[] {
  return [...iterateItems(doc)].map((n) => n.item).filter((i): i is TextItem => i.self_ref.startsWith('#/texts/'));
}

describe('HTML parser against Docling groundtruth', () => {
  const files = ['example_03', 'formatting', 'html_code_snippets', 'html_nested_block_in_list_item', 'wiki_duck'];
  it.each(files)('%s.html matches headings, lists, tables and text', async (name) => {
    const doc = await htmlParser.parse({ fileName: `${name}.html`, bytes: corpusFile(`html/${name}.html`) });
    const truth = JSON.parse(corpusFile(`groundtruth/${name}.html.json`).toString('utf8')) as DoclingDocument;
    expectGroundtruthParity(truth, doc);
  });

  it('reads example_03 as title, sections, nested lists and a header row', async () => {
    const doc = await htmlParser.parse({ fileName: 'example_03.html', bytes: corpusFile('html/example_03.html') });
    const headings = bodyTexts(doc).filter((t) => t.label === 'title' || t.label === 'section_header');
    expect(headings.map((h) => [h.label, h.level ?? 0, h.text])).toEqual([
      ['title', 0, 'Example Document'],
      ['section_header', 1, 'Introduction'],
      ['section_header', 1, 'Background'],
      ['section_header', 1, 'Data Table'],
    ]);
    const nested = doc.texts.find((t) => t.text === 'Nested ordered item 1')!;
    expect(nested.enumerated).toBe(true);
    const nestedList = doc.groups.find((g) => g.self_ref === nested.parent!.$ref)!;
    expect(doc.texts.find((t) => t.self_ref === nestedList.parent!.$ref)!.text).toBe('First item in ordered list');
    const table = doc.tables[0]!;
    expect([table.data.num_rows, table.data.num_cols]).toEqual([4, 3]);
    expect(table.data.table_cells.filter((c) => c.column_header).map((c) => c.text)).toEqual(['Header 1', 'Header 2', 'Header 3']);
    expect(doc.metadata?.title).toBe('Example Document');
  });

  it('keeps inline formatting, scripts and the <title> as furniture', async () => {
    const doc = await htmlParser.parse({ fileName: 'formatting.html', bytes: corpusFile('html/formatting.html') });
    expect(doc.texts[0]).toMatchObject({ label: 'title', content_layer: 'furniture', text: 'HTML Formatting Tags Demo' });
    const bold = doc.texts.find((t) => t.text === 'bold (b)')!;
    expect(bold.formatting?.bold).toBe(true);
    expect(doc.groups.find((g) => g.self_ref === bold.parent!.$ref)!.label).toBe('inline');
    expect(doc.texts.filter((t) => t.formatting?.script === 'sub').map((t) => t.text)).toEqual(['2', '2', '3']);
  });

  it('reads code spans and blocks', async () => {
    const doc = await htmlParser.parse({ fileName: 'html_code_snippets.html', bytes: corpusFile('html/html_code_snippets.html') });
    const codes = doc.texts.filter((t) => t.label === 'code');
    expect(codes.map((c) => c.text)).toContain('pip install docling');
    const block = codes.find((c) => c.text.startsWith('from docling.document_converter'))!;
    expect(block.text).toContain('\nsource = "https://arxiv.org/pdf/2408.09869"');
    expect(doc.texts.some((t) => t.text.includes('$ docling-tools') && t.text.length < 20)).toBe(false);
  });
});

describe('HTML structures', () => {
  it('places rowspan and colspan cells on the grid', async () => {
    const doc = await parseHtml(`<table><tr><th rowspan="2">A</th><th colspan="2">B</th></tr>
      <tr><td>c</td><td>d</td></tr><tr><td>e</td><td>f</td><td>g</td></tr></table>`);
    const cells = doc.tables[0]!.data.table_cells.map((c) => [
      c.text,
      c.start_row_offset_idx,
      c.end_row_offset_idx,
      c.start_col_offset_idx,
      c.end_col_offset_idx,
    ]);
    expect(cells).toEqual([
      ['A', 0, 2, 0, 1],
      ['B', 0, 1, 1, 3],
      ['c', 1, 2, 1, 2],
      ['d', 1, 2, 2, 3],
      ['e', 2, 3, 0, 1],
      ['f', 2, 3, 1, 2],
      ['g', 2, 3, 2, 3],
    ]);
    expect(doc.tables[0]!.data.num_cols).toBe(3);
  });

  it('links a link-bearing cell to a rich-cell group', async () => {
    const doc = await parseHtml('<table><tr><td><a href="/x">Linked</a></td><td>plain</td></tr></table>');
    const [rich, plain] = doc.tables[0]!.data.table_cells;
    expect(plain!.ref).toBeUndefined();
    const group = doc.groups.find((g) => g.self_ref === rich!.ref!.$ref)!;
    expect(group.parent!.$ref).toBe('#/tables/0');
    expect(doc.texts.find((t) => t.self_ref === group.children[0]!.$ref)).toMatchObject({ text: 'Linked', hyperlink: '/x' });
  });

  it('captions a figure, lists a definition list, keeps code language, checkboxes and footers', async () => {
    const doc = await parseHtml(`<h1>T</h1>
      <figure><img src="a.png" alt="alt text"><figcaption>A <b>duck</b></figcaption></figure>
      <dl><dt>Term</dt><dd>Definition</dd></dl>
      <pre><code class="language-python">print(1)</code></pre>
      <p><input type="checkbox" checked value="Done"> <input type="checkbox" value="Todo"></p>
      <blockquote>Quoted words</blockquote>
      <footer><p>Copyright</p></footer>
      <script>var hidden = 1;</script><style>p{}</style>`);
    const picture = doc.pictures[0]!;
    expect(doc.texts.find((t) => t.self_ref === picture.captions[0]!.$ref)!.text).toBe('A duck');
    const items = doc.texts.filter((t) => t.label === 'list_item').map((t) => t.text);
    expect(items).toEqual(['Term', 'Definition']);
    expect(doc.texts.find((t) => t.label === 'code')).toMatchObject({ text: 'print(1)', code_language: 'Python' });
    expect(doc.texts.filter((t) => t.label.startsWith('checkbox')).map((t) => [t.label, t.text])).toEqual([
      ['checkbox_selected', 'Done'],
      ['checkbox_unselected', 'Todo'],
    ]);
    expect(doc.texts.find((t) => t.text === 'Quoted words')!.content_layer).toBe('body');
    expect(doc.texts.find((t) => t.text === 'Copyright')!.content_layer).toBe('furniture');
    expect(doc.texts.some((t) => t.text.includes('hidden') || t.text.includes('p{}'))).toBe(false);
  });

  it('makes everything before the first heading furniture', async () => {
    const doc = await parseHtml('<nav><a href="/">Home</a></nav><h2>Start</h2><p>Body text</p>');
    expect(doc.texts.find((t) => t.text === 'Home')!.content_layer).toBe('furniture');
    expect(doc.texts.find((t) => t.text === 'Start')).toMatchObject({ label: 'section_header', level: 1, content_layer: 'body' });
  });

  it('records source spans in code points', async () => {
    const html = '<p>😀 emoji first</p><h2>Heading 😀</h2><p>plain words</p>';
    const doc = await parseHtml(html);
    const points = [...html];
    const heading = doc.texts.find((t) => t.label === 'section_header')!;
    expect(points.slice(...heading.source_span!).join('')).toBe('<h2>Heading 😀</h2>');
    const plain = doc.texts.find((t) => t.text === 'plain words')!;
    expect(points.slice(...plain.source_span!).join('')).toBe('plain words');
  });

  it('walks 100,000 nested divs without overflowing the stack', async () => {
    const depth = 100_000;
    const html = `<h1>Deep</h1>${'<div>'.repeat(depth)}<p>bottom text</p>${'</div>'.repeat(depth)}<p>after</p>`;
    const started = performance.now();
    const doc = await parseHtml(html);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(bodyTexts(doc).map((t) => t.text)).toEqual(['Deep', 'bottom text', 'after']);
  }, 30_000);

  it('reads lists nested as deep as the nesting limit, walking them without recursion', async () => {
    const depth = 100;
    const html = `${'<ul><li>x'.repeat(depth)}${'</li></ul>'.repeat(depth)}`;
    const doc = await parseHtml(html);
    expect(doc.texts.filter((t) => t.text === 'x').length).toBe(depth);
    // each level is a list group under the item before it
    const items = new Map([...doc.texts, ...doc.groups].map((item) => [item.self_ref, item]));
    let ref = doc.texts.filter((t) => t.text === 'x').at(-1)!.self_ref;
    let levels = 0;
    for (let item = items.get(ref); item?.parent; item = items.get(ref)) {
      ref = item.parent.$ref;
      levels++;
    }
    expect(levels).toBe(2 * depth);
  }, 30_000);
});

describe('HTML robustness', () => {
  it.each([
    ['100,000 nested lists', `${'<ul><li>'.repeat(100_000)}deep`],
    ['100,000 nested <ul>', `${'<ul>'.repeat(100_000)}deep`],
    ['100,000 nested <b>', `${'<b>'.repeat(100_000)}deep`],
    ['a list one level past the limit', `${'<ol><li>x'.repeat(101)}${'</li></ol>'.repeat(101)}`],
  ])('refuses %s within 2 s as too deeply nested', async (_, html) => {
    const started = performance.now();
    await expect(parseHtml(html)).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/test\.html: the <\w+> at line 1 is too deeply nested \(more than 100 levels; set STRATUM_MAX_NEST/),
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses tables past the column and cell limits before laying out their grid', async () => {
    const wide = `<table><tr>${'<td>x'.repeat(100_000)}</table>`;
    await expect(parseHtml(wide)).rejects.toThrow('the table at line 1 has 1,001 columns (the limit is 1,000 columns;');
    // a few kilobytes asking for a grid of two million cells
    const spans = `<table>${'<tr><td colspan="1000">x'.repeat(2000)}</table>`;
    const started = performance.now();
    await expect(parseHtml(spans)).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringContaining('the table at line 1 has 1,001,000 cells (the limit is 1,000,000 cells; set STRATUM_MAX_TAB'),
    });
    expect(performance.now() - started).toBeLessThan(2000);
    const atLimit = await parseHtml(`<table><tr>${'<th>h'.repeat(1000)}<tr>${'<td>x'.repeat(1000)}</table>`);
    expect(atLimit.tables[0]!.data).toMatchObject({ num_rows: 2, num_cols: 1000 });
  });

  it('rejects an empty file', async () => {
    await expect(htmlParser.parse({ fileName: 'e.html', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'empty-file' });
  });

  it('rejects binary content named .html', async () => {
    const bytes = corpusFile('docx/lorem_ipsum.docx');
    await expect(htmlParser.parse({ fileName: 'fake.html', bytes })).rejects.toMatchObject({ code: 'corrupt-file' });
  });

  it('honours an aborted signal and reports progress', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      htmlParser.parse({ fileName: 'a.html', bytes: corpusFile('html/example_03.html') }, { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    const progress: number[] = [];
    await htmlParser.parse(
      { fileName: 'wiki_duck.html', bytes: corpusFile('html/wiki_duck.html') },
      { onProgress: (p) => progress.push(p.done / p.total) },
    );
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
  });
});
