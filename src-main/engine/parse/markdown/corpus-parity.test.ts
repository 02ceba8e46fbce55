import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { resolveRef } from '../../ir/resolve';
import { iterateItems } from '../../ir/iterate';
import type { DoclingDocument, TextItem } from '../../ir/types';
import {
  headingF1,
  listItemF1,
  multisetCoverage,
  multisetF1,
  normalizeText,
  tableCellF1,
  textCoverage,
  wordsOf,
} from '../../evaluate/parse-metrics';
import { markdownParser } from './markdown-parser';

const corpus = path.resolve(import.meta.dirname, '../../../../test-data/corpus');
const mdFiles = readdirSync(path.join(corpus, 'md')).filter((name) => name.endsWith('.md'));

async function parseCorpusFile(name: string): Promise<DoclingDocument> {
  return markdownParser.parse({ fileName: name, bytes: readFileSync(path.join(corpus, 'md', name)) });
}

function groundtruthText(name: string): string {
  return readFileSync(path.join(corpus, 'groundtruth', name), 'utf8');
}

/** Body text items, an item with empty text standing for its inline group's runs. */
function displayedTexts(doc: DoclingDocument): TextItem[] {
  return [...iterateItems(doc, { traversePictures: true })]
    .map((node) => node.item)
    .filter((item): item is TextItem => item.self_ref.startsWith('#/texts/'));
}

function inlineText(doc: DoclingDocument, item: TextItem): string {
  if (item.text) return item.text;
  const group = item.children.map((ref) => resolveRef(doc, ref)).find((child) => child && 'name' in child && child.label === 'inline');
  return (group?.children ?? []).map((ref) => (resolveRef(doc, ref) as TextItem | undefined)?.text ?? '').join(' ');
}

/** What Docling's Markdown export of the same file shows: headings `# x` (level = #s - 1) and list lines. */
function exportedHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^(#+) (.*)$/gm)].map((m) => `${m[1]!.length - 1}|${normalizeText(m[2]!)}`);
}

function exportedListItems(markdown: string): string[] {
  return [...markdown.matchAll(/^\s*(?:-|\d+\.) (.*)$/gm)].map((m) => normalizeText(m[1]!));
}

function ourWords(doc: DoclingDocument): string[] {
  const words = displayedTexts(doc).flatMap((item) => wordsOf(item.text));
  for (const table of doc.tables) for (const cell of table.data.table_cells) words.push(...wordsOf(cell.text));
  return words;
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#124;': '|' };

/** Docling's Markdown export without what the export adds: link targets, table rules, HTML escapes, list numbers. */
function exportedContent(markdown: string): string {
  return markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/^\|(?: - \|)+$/gm, '')
    .replace(/^(\s*)\d+\. /gm, '$1- ')
    .replace(/&(?:amp|lt|gt|quot|#39|#124);/g, (entity) => entities[entity] ?? entity);
}

describe('Markdown corpus against Docling groundtruth', () => {
  it('reproduces inline_and_formatting.md item for item (the Markdown backend groundtruth)', async () => {
    const ours = await parseCorpusFile('inline_and_formatting.md');
    const reference = parseYaml(groundtruthText('inline_and_formatting.md.yaml')) as DoclingDocument;
    const shapeOfText = (t: TextItem) => ({
      self_ref: t.self_ref,
      parent: t.parent,
      children: t.children,
      label: t.label,
      text: t.text,
      level: t.level,
      enumerated: t.enumerated,
      formatting: t.formatting ? { ...t.formatting } : undefined,
      hyperlink: t.hyperlink ?? undefined,
    });
    expect(ours.texts.map(shapeOfText)).toEqual(reference.texts.map(shapeOfText));
    // Docling leaves a trailing empty inline group behind (an artefact of its table buffering).
    const referenceGroups = reference.groups.filter((g) => g.children.length > 0);
    const shapeOfGroup = (g: DoclingDocument['groups'][number]) => ({
      self_ref: g.self_ref,
      parent: g.parent,
      children: g.children,
      label: g.label,
      name: g.name,
    });
    expect(ours.groups.map(shapeOfGroup)).toEqual(referenceGroups.map(shapeOfGroup));
    expect(ours.tables[0]?.data.table_cells.map((c) => [c.text, c.column_header])).toEqual(
      reference.tables[0]?.data.table_cells.map((c) => [c.text, c.column_header]),
    );
  });

  it('matches escaped_characters.md.json on headings, list items, tables and text', async () => {
    const ours = await parseCorpusFile('escaped_characters.md');
    const reference = JSON.parse(groundtruthText('escaped_characters.md.json')) as DoclingDocument;
    expect(headingF1(reference, ours).f1).toBe(1);
    expect(listItemF1(reference, ours).f1).toBe(1);
    expect(tableCellF1(reference, ours).f1).toBe(1);
    // Docling reads this file through its HTML backend (it has an HTML block), which decodes the
    // entities inside code; so do we (see html-detour.ts).
    expect(textCoverage(reference, ours)).toBe(1);
    expect(textCoverage(ours, reference)).toBe(1);
  });

  describe.each(mdFiles)('%s against its Docling Markdown export', (name) => {
    const exported = exportedContent(groundtruthText(`${name}.md`));

    it('has the same headings and list items', async () => {
      const ours = await parseCorpusFile(name);
      const headings = displayedTexts(ours)
        .filter((t) => t.label === 'title' || t.label === 'section_header')
        .map((t) => `${t.label === 'title' ? 0 : t.level}|${normalizeText(inlineText(ours, t))}`);
      expect(multisetF1(exportedHeadings(exported), headings).f1).toBeGreaterThanOrEqual(0.95);
      const items = displayedTexts(ours)
        .filter((t) => t.label === 'list_item')
        .map((t) => normalizeText(inlineText(ours, t)));
      expect(multisetF1(exportedListItems(exported), items).f1).toBeGreaterThanOrEqual(0.9);
    });

    it('covers the same text both ways', async () => {
      const ours = ourWords(await parseCorpusFile(name));
      const theirs = wordsOf(exported);
      expect(multisetCoverage(theirs, ours)).toBeGreaterThanOrEqual(0.98);
      expect(multisetCoverage(ours, theirs)).toBeGreaterThanOrEqual(0.98);
    });
  });
});
