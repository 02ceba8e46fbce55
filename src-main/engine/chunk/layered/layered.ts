import { z } from 'zod';
import type { Chunk } from '../../../../src-shared/chunk';
import { headingLevelsSchema, integerAtLeast } from '../split/option-schemas';
import { buildChunk } from '../build-chunk';
import { blockPieces } from '../split/block-pieces';
import { composeBlocks, type ComposedText } from '../split/composed-text';
import { readBlocks, type Block } from '../split/document-blocks';
import { measureFor } from '../split/measure';
import { packPieces, type Piece } from '../split/pack';
import { budgetAfterHeadings, draftForWhole, draftForWindow } from '../split/section-draft';
import { splitIntoSections } from '../split/sections';
import type { ChunkingContext, ChunkingStrategy } from '../strategy';

const optionsSchema = z.strictObject({
  sectionLevels: headingLevelsSchema([1, 2]).describe('Heading levels that start a section; a title always does (default [1, 2]).'),
  clauseTokens: integerAtLeast(8).default(128).describe('Size of a prose clause in tokens, heading path included (default 128).'),
  denseFactor: z
    .number({ error: 'must be a number from 1 to 8' })
    .min(1, { error: 'must be a number from 1 to 8' })
    .max(8, { error: 'must be a number from 1 to 8' })
    .default(2)
    .describe('Code, tables and formulas are dense: their clauses may be this many times larger (default 2).'),
});
type LayeredOptions = z.infer<typeof optionsSchema>;

const denseKinds = new Set<Block['kind']>(['table', 'code', 'formula']);

interface LayerPlacement {
  index: number;
  layer: string;
  parentId: string | null;
  siblingOrder: number;
}

function wholeChunk(
  context: ChunkingContext,
  composed: ComposedText,
  path: { headingPath: string[]; headingRefs: string[] },
  placement: LayerPlacement,
): Chunk {
  return buildChunk(context, draftForWhole(composed, { ...placement, ...path, spanKey: `${placement.layer}:${placement.index}` }));
}

/** Consecutive pieces of the same density, so each run is packed with its own clause size. */
function runsByDensity(composed: ComposedText, pieces: readonly Piece[]): Array<{ dense: boolean; pieces: Piece[] }> {
  const runs: Array<{ dense: boolean; pieces: Piece[] }> = [];
  let block = 0;
  for (const piece of pieces) {
    while (block + 1 < composed.blocks.length && composed.starts[block + 1]! <= piece.start) block++;
    const dense = denseKinds.has(composed.blocks[block]!.kind);
    const run = runs[runs.length - 1];
    if (run && run.dense === dense) run.pieces.push(piece);
    else runs.push({ dense, pieces: [piece] });
  }
  return runs;
}

export const layeredStrategy: ChunkingStrategy<LayeredOptions> = {
  name: 'layered',
  description:
    'Three linked layers: the whole document, its sections, and clauses within each section; clauses over code and tables are larger than prose clauses.',
  optionsSchema,
  // prose clauses keep to clauseTokens; dense ones (tables, code, formulas) may grow denseFactor times larger
  size: { option: 'clauseTokens', tokenLimit: (options) => Math.round(options.clauseTokens * options.denseFactor) },
  *chunk(context, options) {
    const measure = measureFor('tokens', context.tokenizer);
    const blocks = readBlocks(context.doc);
    if (blocks.length === 0) return;
    let index = 0;
    const documentChunk = wholeChunk(
      context,
      composeBlocks(blocks),
      { headingPath: [], headingRefs: [] },
      {
        index: index++,
        layer: 'document',
        parentId: null,
        siblingOrder: 0,
      },
    );
    yield documentChunk;
    const sections = splitIntoSections(blocks, new Set(options.sectionLevels)).filter((section) => section.blocks.length > 0);
    for (const [sectionNumber, section] of sections.entries()) {
      const composed = composeBlocks(section.blocks);
      const sectionChunk = wholeChunk(context, composed, section, {
        index: index++,
        layer: 'section',
        parentId: documentChunk.id,
        siblingOrder: sectionNumber,
      });
      yield sectionChunk;
      const prose = budgetAfterHeadings(options.clauseTokens, section.headingPath, measure);
      const dense = budgetAfterHeadings(Math.round(options.clauseTokens * options.denseFactor), section.headingPath, measure);
      const pieces = blockPieces(composed, {
        maxSize: (block) => (denseKinds.has(block.kind) ? dense : prose),
        measure,
        keepWhole: () => false,
        tablesWhole: true,
        listsTogether: true,
      });
      let clauseNumber = 0;
      for (const run of runsByDensity(composed, pieces)) {
        const size = run.dense ? dense : prose;
        for (const window of packPieces(
          composed.text,
          run.pieces,
          { target: size, max: size, overlap: 0, min: Math.floor(size / 4) },
          measure,
        )) {
          yield buildChunk(
            context,
            draftForWindow(composed, run.pieces, window, {
              index: index++,
              headingPath: section.headingPath,
              headingRefs: section.headingRefs,
              layer: 'clause',
              parentId: sectionChunk.id,
              siblingOrder: clauseNumber++,
              spanKeyPrefix: `clause:${sectionChunk.id}`,
            }),
          );
        }
      }
    }
  },
};
