import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRef } from '../../../../../src-shared/docling/resolve';
import type { GroupItem } from '../../../../../src-shared/docling/types';
import { DocumentBuilder } from '../../../parse/document-builder';
import { loadDoclingJson } from '../../../parse/docling-json';
import { BertUncasedTokenizer } from '../../../tokenize/wordpiece';
import { hierarchicalChunks } from '../hierarchical';
import { hybridChunks } from '../hybrid';
import { ChunkingSerializer } from './doc-serializer';
import { CHUNKING_SERIALIZER_DEFAULTS, type SerializerParams } from './params';

const testData = path.resolve(import.meta.dirname, '../../../../../test-data');
const load = (file: string) => loadDoclingJson(readFileSync(path.join(testData, file), 'utf8'), file);
const serializerFor = (file: string, params: Partial<SerializerParams>) => {
  const doc = load(file);
  return { doc, serializer: new ChunkingSerializer(doc, { ...CHUNKING_SERIALIZER_DEFAULTS, ...params }) };
};

describe('Markdown table serializer (tabulate "github")', () => {
  it('pads columns to header width + 2, right-aligns numeric columns, thousands separators included', () => {
    const { doc, serializer } = serializerFor('docling-core/2_inp_dl_doc.json', { tables: 'markdown' });
    // "379,592" is an int to tabulate (comma groups of three), so Employees is right-aligned like the other columns.
    expect(serializer.serialize(doc.tables[0]!).text).toBe(
      [
        '|   Year |   Revenue  (US$ bn) |   Net income  (US$ bn) |   Employees |',
        '|--------|---------------------|------------------------|-------------|',
        '|   2014 |                92.7 |                   12.0 |     379,592 |',
        '|   2015 |                81.7 |                   13.1 |     377,757 |',
      ].join('\n'),
    );
  });

  it('compacts tables and splits header from body keeping line ends', () => {
    const { doc, serializer } = serializerFor('docling-core/2_inp_dl_doc.json', { tables: 'markdown', compactTables: true });
    const text = serializer.serialize(doc.tables[0]!).text;
    expect(text.split('\n').slice(0, 2)).toEqual(['| Year | Revenue  (US$ bn) | Net income  (US$ bn) | Employees |', '| - | - | - | - |']);
    const { header, body } = serializer.tableSerializer.headerAndBodyLines(text);
    expect(header).toEqual(['| Year | Revenue  (US$ bn) | Net income  (US$ bn) | Employees |\n', '| - | - | - | - |\n']);
    expect(body).toEqual(['| 2014 | 92.7 | 12.0 | 379,592 |\n', '| 2015 | 81.7 | 13.1 | 377,757 |']);
  });

  it('puts the caption before the table and lists caption then table as doc items', () => {
    const { doc, serializer } = serializerFor('docling-core/0_inp_dl_doc.json', { tables: 'markdown' });
    const result = serializer.serialize(doc.tables[0]!);
    expect(result.text.startsWith('Table 1: Runtime characteristics')).toBe(true);
    expect(result.text).toContain('\n\n| CPU ');
    expect(result.spans.map((s) => s.self_ref)).toEqual(['#/texts/72', '#/tables/0']);
  });
});

describe('HTML table serializer', () => {
  it('writes header cells as th, spans once, and splits header rows from body rows', () => {
    const { doc, serializer } = serializerFor('docling-core/0_inp_dl_doc.json', { tables: 'html' });
    const text = serializer.serialize(doc.tables[0]!).text;
    expect(text.startsWith('<table>Table 1: Runtime characteristics')).toBe(true);
    expect(text).toContain('<th colspan="3">native backend</th>');
    expect(text.endsWith('</tbody></table>')).toBe(true);
    const { header, body } = serializer.tableSerializer.headerAndBodyLines(text);
    expect(header[0]!.endsWith('<tbody>')).toBe(true);
    expect(body[body.length - 1]).toBe('</tbody></table>');
    expect(header.join('') + body.join('')).toBe(text);
  });
});

describe('placeholder and escaping parameters', () => {
  it('prints the image placeholder and escapes underscores and HTML when asked (docling MarkdownParams defaults)', () => {
    const plain = serializerFor('docling-core/0_inp_dl_doc.json', {});
    const escaped = serializerFor('docling-core/0_inp_dl_doc.json', { imagePlaceholder: '<!-- image -->', escapeUnderscores: true, escapeHtml: true });
    expect(plain.serializer.serialize(plain.doc.pictures[0]!).text).toBe('In this image we can see a cartoon image of a duck holding a paper.');
    expect(escaped.serializer.serialize(escaped.doc.pictures[0]!).text).toBe('<!-- image -->\n\nIn this image we can see a cartoon image of a duck holding a paper.');
    const underscored = plain.doc.texts.find((t) => t.text.includes('_') && t.label === 'text')!;
    expect(escaped.serializer.serialize(underscored).text).toContain('\\_');
    expect(plain.serializer.serialize(underscored).text).toBe(underscored.text);
  });
});

describe('inline groups (wiki_duck.html.json)', () => {
  const file = 'corpus/groundtruth/wiki_duck.html.json';
  it('the HierarchicalChunker joins runs with spaces, the HybridChunker rebuilds them one per line (docling-core #770)', () => {
    const { doc, serializer } = serializerFor(file, {});
    const inlineGroups = doc.groups.filter((g) => g.label === 'inline');
    expect(inlineGroups.length).toBe(129);
    const isInlineRun = (ref: string) => {
      const parent = doc.texts.find((t) => t.self_ref === ref)?.parent;
      return parent ? (resolveRef(doc, parent) as GroupItem | undefined)?.label === 'inline' : false;
    };
    const hierarchical = [...hierarchicalChunks(doc, serializer, false)].find((c) => c.docItems.length > 2 && c.docItems.every((d) => isInlineRun(d.self_ref)))!;
    const runs = hierarchical.docItems.map((d) => serializer.serialize(d).text).filter((t) => t);
    expect(hierarchical.text).toBe(runs.join(' '));
    const tokenizer = new BertUncasedTokenizer('hf:sentence-transformers/all-MiniLM-L6-v2', 256);
    const settings = { maxTokens: 100_000, mergePeers: false, repeatTableHeader: true, omitHeaderOnOverflow: false, alwaysEmitHeadings: false, delim: '\n' };
    const hybrid = [...hybridChunks(doc, new ChunkingSerializer(doc, CHUNKING_SERIALIZER_DEFAULTS), tokenizer, settings)].find((c) => c.docItems[0] === hierarchical.docItems[0])!;
    expect(hybrid.text).toBe(runs.join('\n'));
  });
});

describe('nested lists', () => {
  /** A list nested `depth` deep in lists (as HTML's `<ol><ol>...` parses), one item at the bottom; reads of items and groups counted. */
  function nestedLists(depth: number) {
    const builder = new DocumentBuilder('nested.html', 'text/html', new Uint8Array([depth]));
    let list: GroupItem | undefined;
    for (let level = 0; level < depth; level++) list = builder.addGroup('ordered_list', 'list', list ? { parent: list } : {});
    builder.addListItem('deepest', list!, '', true);
    let reads = 0;
    const counted = <T extends object>(items: T[]): T[] =>
      new Proxy(items, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const doc = { ...builder.doc, texts: counted(builder.doc.texts), groups: counted(builder.doc.groups) };
    return { doc, reads: () => reads };
  }

  it('are serialized with work linear in their depth', () => {
    const depth = 2_000;
    const { doc, reads } = nestedLists(depth);
    const serializer = new ChunkingSerializer(doc, CHUNKING_SERIALIZER_DEFAULTS);
    const chunks = [...hierarchicalChunks(doc, serializer, false)];
    expect(chunks.map((chunk) => chunk.text)).toEqual([`${' '.repeat(4 * (depth - 1))}1. deepest`]);
    expect(chunks[0]!.docItems.map((item) => item.self_ref)).toEqual(['#/texts/0']);
    // Each group re-walking its subtree reads items about depth * depth / 2 times (two million here).
    expect(reads()).toBeLessThan(50 * depth);
  });
});
