import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../ir/types';
import { markdownParser } from './markdown-parser';

const parse = (text: string): Promise<DoclingDocument> =>
  markdownParser.parse({ fileName: 'doc.md', bytes: new TextEncoder().encode(text) });

const codeItems = (doc: DoclingDocument) =>
  doc.texts.filter((t) => t.label === 'code').map((t) => ({ text: t.text, language: t.code_language, parent: t.parent?.$ref }));

const withCode = [
  'Alone:',
  '',
  '`a &amp; b`',
  '',
  'Among words: `x <y> z &amp; w` ends *here*.',
  '',
  '```python',
  'if a &lt; b: print("&quot;")',
  '```',
  '',
].join('\n');

describe('the HTML detour Docling takes for Markdown with HTML blocks', () => {
  it('keeps code literal when the file has no HTML block, inline HTML included (CommonMark)', async () => {
    const doc = await parse(`${withCode}Some <span>inline &amp; HTML</span>.\n`);
    expect(codeItems(doc).map((c) => c.text)).toEqual(['a &amp; b', 'x <y> z &amp; w', 'if a &lt; b: print("&quot;")']);
    expect(codeItems(doc)[2]!.language).toBe('Python');
  });

  it('reads code back as HTML once the file has an HTML block: entities decoded, tags dropped, no language', async () => {
    const doc = await parse(`${withCode}<div>\nA block &amp; more\n</div>\n\n- item\n\n  <!-- a comment is an HTML block too -->\n`);
    const [alone, inline, block] = codeItems(doc);
    expect(alone).toMatchObject({ text: 'a & b', parent: '#/body' });
    // Among other runs, the code span is inline `<code>` inside the inline group: `<y>` reads as a tag.
    expect(inline!.text).toBe('x z & w');
    expect(inline!.parent).toMatch(/^#\/groups\//);
    expect(block).toEqual({ text: 'if a < b: print(""")', language: 'unknown', parent: '#/body' });
    // Only code takes the detour differently: other text is escaped on the way out and comes back as it was.
    expect(doc.texts.some((t) => t.text === 'A block & more')).toBe(true);
  });

  it('counts an HTML block nested in a quote or a list item, and never inline HTML', async () => {
    expect(codeItems(await parse('`&amp;`\n\n> <div>x</div>\n'))[0]!.text).toBe('&');
    expect(codeItems(await parse('`&amp;`\n\n- item\n\n  <p>x</p>\n'))[0]!.text).toBe('&');
    expect(codeItems(await parse('`&amp;`\n\ntext <div>x</div>\n'))[0]!.text).toBe('&amp;');
  });

  it('reproduces the code items of escaped_characters.md as Docling does', async () => {
    const corpus = path.resolve(import.meta.dirname, '../../../../test-data/corpus');
    const ours = await markdownParser.parse({
      fileName: 'escaped_characters.md',
      bytes: readFileSync(path.join(corpus, 'md/escaped_characters.md')),
    });
    const reference = JSON.parse(readFileSync(path.join(corpus, 'groundtruth/escaped_characters.md.json'), 'utf8')) as DoclingDocument;
    const codes = (doc: DoclingDocument) => doc.texts.filter((t) => t.label === 'code').map((t) => [t.text, t.code_language]);
    expect(codes(ours)).toEqual(codes(reference));
    expect(codes(ours)).toEqual([
      [`& < > " '`, 'unknown'],
      [`& < > " '`, 'unknown'],
      ['|', 'unknown'],
    ]);
    expect(ours.texts.map((t) => [t.label, t.text])).toEqual(reference.texts.map((t) => [t.label, t.text]));
  });
});
