import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Chunk, SourceSpan } from '../../../src-shared/chunk';
import type { HandEdit, HandEditRequest, SourcePoint } from '../../../src-shared/hand-edits';
import { coverageWords } from '../evaluate/coverage/coverage-words';
import { measureCoverage } from '../evaluate/coverage/measure-coverage';
import { chunkWithResolvedConfig, parseDocument, type ParsedDocument } from '../pipeline';
import { resolveChunkingConfig } from '../pipeline-config';
import { applyHandEdits } from './apply-hand-edits';
import { makeHandEdit } from './make-hand-edit';

const testData = (path: string) => new URL(`../../../test-data/${path}`, import.meta.url);

async function parsedFile(path: string, edit: (bytes: Buffer) => Buffer = (bytes) => bytes): Promise<ParsedDocument> {
  const bytes = edit(await readFile(testData(path)));
  return parseDocument(path.split('/').at(-1)!, bytes);
}

function run(parsed: ParsedDocument, config: Record<string, unknown>, edits: readonly HandEdit[]) {
  const resolved = resolveChunkingConfig(config);
  const chunks = [...chunkWithResolvedConfig(parsed.doc, parsed.docId, resolved)];
  const context = {
    doc: parsed.doc,
    docId: parsed.docId,
    configHash: resolved.configHash,
    tokenizer: resolved.tokenizer,
    maxTokens: resolved.config.maxTokens,
  };
  return applyHandEdits(context, chunks, edits);
}

const wordsOfText = (chunk: Chunk) => coverageWords(chunk.text).join(' ');
/** The chunk whose own words hold the whole sequence. */
const chunksHolding = (chunks: readonly Chunk[], words: readonly string[]) =>
  chunks.filter((chunk) => wordsOfText(chunk).includes(words.join(' ')));

/** Documents of several producers and strategies: Markdown and plain text (source offsets), PDFs of Word and LaTeX (page text offsets). */
const documents = [
  { path: 'corpus/md/wiki.md', config: { strategy: 'hybrid', maxTokens: 128 }, changed: { strategy: 'hybrid', maxTokens: 80 } },
  { path: 'corpus/pdf/multi_page.pdf', config: { strategy: 'hybrid', maxTokens: 128 }, changed: { strategy: 'hybrid', maxTokens: 200 } },
  {
    path: 'plain-text/state_of_the_union.md',
    config: { strategy: 'recursive', maxTokens: 120 },
    changed: { strategy: 'recursive', maxTokens: 90 },
  },
  {
    path: 'corpus/pdf/2305.03393v1-pg9.pdf',
    config: { strategy: 'semantic', maxTokens: 128 },
    changed: { strategy: 'semantic', maxTokens: 96 },
  },
];

/** A split in the middle of a long item of the chunks after `after`, none of whose text lies in the chunks before. */
function splitRequest(parsed: ParsedDocument, chunks: readonly Chunk[], after: number): HandEditRequest {
  const textOf = (ref: string) => parsed.doc.texts.find((text) => text.self_ref === ref);
  const earlier = new Set(chunks.slice(0, after + 1).flatMap((chunk) => chunk.docItems));
  const item = chunks
    .slice(after + 1)
    .flatMap((chunk) => chunk.docItems.filter((ref) => !earlier.has(ref)).map(textOf))
    .find((text) => text && coverageWords(text.text).length > 12)!;
  return { kind: 'split', ref: item.self_ref, offset: Math.floor(item.text.length / 2) };
}

describe('hand edits', () => {
  for (const { path, config, changed } of documents) {
    it(`a merge and a split made on ${path} give the merged and split chunks again under another max tokens`, async () => {
      const parsed = await parsedFile(path);
      const before = run(parsed, config, []).chunks;
      expect(before.length).toBeGreaterThan(6);
      // two chunks of text (a table's or picture's chunk has no words placed in the source to anchor to)
      const ofText = (chunk: Chunk) => chunk.docItems.every((ref) => ref.startsWith('#/texts/'));
      const pair = before.findIndex((chunk, i) => i >= 2 && ofText(chunk) && before[i + 1] !== undefined && ofText(before[i + 1]!));
      const merge = makeHandEdit(parsed.doc, before, { kind: 'merge', chunks: [pair, pair + 1] });
      const split = makeHandEdit(parsed.doc, before, splitRequest(parsed, before, pair + 1));
      for (const current of [config, changed]) {
        const { chunks, report } = run(parsed, current, [merge, split]);
        expect(report.map((result) => result.status)).toEqual(['applied', 'applied']);
        if (merge.kind !== 'merge' || split.kind !== 'split') throw new Error('unexpected kinds');
        // one chunk holds the region from its first character to its last
        const holds = (chunk: Chunk, point: SourcePoint) =>
          chunk.sourceSpans.some((span) => (span[2] ?? undefined) === point.page && span[0] <= point.offset && point.offset <= span[1]);
        expect(chunks.filter((chunk) => holds(chunk, merge.from) && holds(chunk, merge.to))).toHaveLength(1);
        // a chunk ends before the point and one starts at it (the next, or one that overlaps its end)
        expect(chunks.some((chunk) => wordsOfText(chunk).endsWith(split.before.slice(-2).join(' ')))).toBe(true);
        expect(chunks.some((chunk) => wordsOfText(chunk).startsWith(split.after.slice(0, 2).join(' ')))).toBe(true);
        expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
      }
      expect(run(parsed, changed, [merge, split]).chunks).toEqual(run(parsed, changed, [merge, split]).chunks);
    });
  }

  it('finds a rule again after the document changed before it, and reports one whose text is gone', async () => {
    const parsed = await parsedFile('corpus/md/wiki.md');
    const chunks = run(parsed, { maxTokens: 128 }, []).chunks;
    const merge = makeHandEdit(parsed.doc, chunks, { kind: 'merge', chunks: [3, 4] });
    const changed = await parsedFile('corpus/md/wiki.md', (bytes) =>
      Buffer.concat([Buffer.from('# A new first heading\n\nA paragraph added in front.\n\n'), bytes]),
    );
    const moved = run(changed, { maxTokens: 128 }, [merge]);
    expect(moved.report[0]).toMatchObject({ status: 'applied' });
    const gone = { ...merge, first: ['words', 'nowhere', 'in', 'it'] } as HandEdit;
    const { report } = run(changed, { maxTokens: 128 }, [gone]);
    expect(report[0]).toMatchObject({ status: 'unmatched' });
    expect(report[0]!.message).toContain('no longer in the document');
  });

  it('takes an excluded region out of the chunks, and a split inside a pinned region conflicts', async () => {
    const parsed = await parsedFile('corpus/md/wiki.md');
    const chunks = run(parsed, { maxTokens: 128 }, []).chunks;
    const item = parsed.doc.texts.find((text) => coverageWords(text.text).length > 30)!;
    const exclude = makeHandEdit(parsed.doc, chunks, {
      kind: 'exclude',
      from: { ref: item.self_ref, offset: 0 },
      to: { ref: item.self_ref, offset: 40 },
    });
    const { chunks: after, report, excludedRefs } = run(parsed, { maxTokens: 128 }, [exclude]);
    expect(report[0]).toMatchObject({ status: 'applied' });
    expect(excludedRefs.has(item.self_ref)).toBe(true);
    if (exclude.kind !== 'exclude') throw new Error('unexpected kind');
    expect(chunksHolding(after, exclude.first)).toEqual([]);
    const pin = makeHandEdit(parsed.doc, chunks, {
      kind: 'pin',
      from: { ref: item.self_ref, offset: 0 },
      to: { ref: item.self_ref, offset: item.text.length },
    });
    const split = makeHandEdit(parsed.doc, chunks, { kind: 'split', ref: item.self_ref, offset: 60 });
    const pinned = run(parsed, { maxTokens: 16 }, [pin, split]);
    expect(pinned.report.map((result) => result.status)).toEqual(['applied', 'conflicting']);
    expect(pinned.report[0]!.overLimit).toBe(true);
  });

  /** Documents of several producers and languages whose chunks cross into a new section: Word, groff (French), pdfTeX; Markdown. */
  const crossings = [
    { path: 'corpus/pdf/multi_page.pdf', config: { strategy: 'hybrid', maxTokens: 256 } },
    { path: 'pdf-outline/groff-mon_premier_doc.pdf', config: { strategy: 'hybrid', maxTokens: 128 } },
    { path: 'corpus/pdf/2305.03393v1-pg9.pdf', config: { strategy: 'hybrid', maxTokens: 128 } },
    { path: 'corpus/md/wiki.md', config: { strategy: 'hybrid', maxTokens: 128 } },
  ];

  it.each(crossings)(
    'a merge across a section boundary of $path keeps the later heading as its own text, with exact spans',
    async ({ path, config }) => {
      const parsed = await parsedFile(path);
      const { chunks } = run(parsed, config, []);
      const lettersOf = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
      const exact = (chunk: Chunk) => lettersOf(chunk.text) === lettersOf(sourceTextOf(parsed, chunk.sourceSpans));
      // the first pair of exact chunks of text where the second opens a section the first is not in
      const pair = chunks.findIndex((chunk, i) => {
        const next = chunks[i + 1];
        return (
          next !== undefined && next.headingPath.some((heading) => !chunk.headingPath.includes(heading)) && exact(chunk) && exact(next)
        );
      });
      expect(pair).toBeGreaterThanOrEqual(0);
      const [first, second] = [chunks[pair]!, chunks[pair + 1]!];
      const newHeadings = second.headingPath.filter((heading) => !first.headingPath.includes(heading));
      const merge = makeHandEdit(parsed.doc, chunks, { kind: 'merge', chunks: [pair, pair + 1] });
      const edited = run(parsed, config, [merge]);
      expect(edited.report[0]).toMatchObject({ status: 'applied', chunks: [pair] });
      const merged = edited.chunks[pair]!;
      // every word of both chunks, the later section's heading between them, in reading order
      expect(coverageWords(merged.text)).toEqual([first.text, ...newHeadings, second.text].flatMap((text) => coverageWords(text)));
      expect(merged.text).toContain(`\n${newHeadings.join('\n')}\n`);
      // the first chunk's heading path and context; the heading's source is the chunk's own
      expect(merged.headingPath).toEqual(first.headingPath);
      expect(merged.contextSpans).toEqual(first.contextSpans);
      expect(merged.contextualizedText).toBe(first.contextualizedText.slice(0, -first.text.length) + merged.text);
      expect(exact(merged)).toBe(true);
      expect(lettersOf(sourceTextOf(parsed, merged.sourceSpans))).toBe(lettersOf([first.text, ...newHeadings, second.text].join('')));
      // nothing is lost: the coverage before the merge, no heading of an empty section
      const before = measureCoverage(parsed.doc, chunks);
      const after = measureCoverage(parsed.doc, edited.chunks);
      expect(after.inChunks).toBe(before.inChunks);
      expect(after.leftOut.filter((entry) => entry.reason === 'empty-heading')).toEqual(
        before.leftOut.filter((entry) => entry.reason === 'empty-heading'),
      );
    },
  );
});

/** The source characters spans name: of the page texts (PDF), or of the file's text. */
function sourceTextOf(parsed: ParsedDocument, spans: readonly SourceSpan[]): string {
  const pageTexts = parsed.doc.metadata?.['page_texts'] as Record<string, string> | undefined;
  const textOf = (page: number | undefined) => [...(page === undefined ? parsed.sourceText! : (pageTexts?.[String(page)] ?? ''))];
  return spans.map(([start, end, page]) => textOf(page).slice(start, end).join('')).join('\n');
}
