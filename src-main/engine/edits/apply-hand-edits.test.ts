import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../src-shared/chunk';
import type { HandEdit, HandEditRequest, SourcePoint } from '../../../src-shared/hand-edits';
import { coverageWords } from '../evaluate/coverage/coverage-words';
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
});
