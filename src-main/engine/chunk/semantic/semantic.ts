import { z } from 'zod';
import { buildChunk } from '../build-chunk';
import { blockPieces } from '../split/block-pieces';
import { composeBlocks } from '../split/composed-text';
import { readBlocks } from '../split/document-blocks';
import { measureFor } from '../split/measure';
import { packPieces } from '../split/pack';
import { budgetAfterHeadings, draftForWindow } from '../split/section-draft';
import { splitIntoSections } from '../split/sections';
import type { ChunkingStrategy } from '../strategy';
import { headingLevelsSchema, integerAtLeast, sizeUnitSchema } from '../split/option-schemas';

const optionsSchema = z
  .strictObject({
    splitLevels: headingLevelsSchema([1, 2]).describe('Heading levels that start a new segment; a title always does (default [1, 2]).'),
    unit: sizeUnitSchema.describe('What the sizes count (default tokens of the configured tokenizer).'),
    targetSize: integerAtLeast(1).default(256).describe('Blocks are packed into a chunk while it stays within this size (default 256).'),
    maxSize: integerAtLeast(1)
      .optional()
      .describe('No chunk of several pieces exceeds this; a larger block is split (default: maxTokens for tokens, else 2 × targetSize).'),
    minSize: integerAtLeast(0)
      .optional()
      .describe(
        'A smaller chunk is fused with a neighbour in the same segment when the result fits maxSize (default 32, or targetSize if smaller).',
      ),
    overlap: integerAtLeast(0)
      .default(0)
      .describe('Trailing sentences or blocks, up to this size, repeated at the start of the next chunk of a segment (default 0).'),
    keepCodeWhole: z
      .boolean({ error: 'must be true or false' })
      .default(true)
      .describe('Never split a code block, even one larger than maxSize (default true).'),
    keepTablesWhole: z
      .boolean({ error: 'must be true or false' })
      .default(true)
      .describe('Keep a table in one chunk; one larger than maxSize is split by rows, repeating its header (default true).'),
    lists: z
      .enum(['together', 'split-at-items'], { error: 'must be "together" or "split-at-items"' })
      .default('together')
      .describe('"together": a list that fits stays in one chunk; "split-at-items": chunks may end between items (default together).'),
  })
  .superRefine((options, context) => {
    if (options.maxSize !== undefined && options.targetSize > options.maxSize) {
      context.addIssue({ code: 'custom', path: ['targetSize'], message: `must not exceed maxSize (${options.maxSize})` });
    }
    if (options.minSize !== undefined && options.minSize > options.targetSize) {
      context.addIssue({ code: 'custom', path: ['minSize'], message: `must not exceed targetSize (${options.targetSize})` });
    }
    if (options.overlap >= options.targetSize) {
      context.addIssue({ code: 'custom', path: ['overlap'], message: `must be smaller than targetSize (${options.targetSize})` });
    }
  });
type SemanticOptions = z.infer<typeof optionsSchema>;

const defaultMinSize = 32;

export const semanticStrategy: ChunkingStrategy<SemanticOptions> = {
  name: 'semantic',
  description:
    'Heading-aware: segments at chosen heading levels, packs blocks to a target size, splits oversized ones at paragraphs, sentences, words, and fuses small chunks within a segment.',
  optionsSchema,
  // chunks are packed to targetSize and only a single large piece reaches maxSize
  size: {
    option: 'targetSize',
    unitOption: 'unit',
    limitOption: 'maxSize',
    tokenLimit: (options, maxTokens) => (options.unit === 'tokens' ? (options.maxSize ?? maxTokens) : null),
  },
  *chunk(context, options) {
    const measure = measureFor(options.unit, context.tokenizer);
    const maxSize = options.maxSize ?? (options.unit === 'tokens' ? context.maxTokens : 2 * options.targetSize);
    const sections = splitIntoSections(readBlocks(context.doc), new Set(options.splitLevels));
    let index = 0;
    for (const [sectionNumber, section] of sections.entries()) {
      if (section.blocks.length === 0) continue;
      const composed = composeBlocks(section.blocks);
      const max = budgetAfterHeadings(maxSize, section.headingPath, measure);
      const target = Math.min(budgetAfterHeadings(options.targetSize, section.headingPath, measure), max);
      const pieces = blockPieces(composed, {
        maxSize: max,
        measure,
        keepWhole: (block) => (block.kind === 'code' && options.keepCodeWhole) || block.kind === 'formula',
        tablesWhole: options.keepTablesWhole,
        listsTogether: options.lists === 'together',
      });
      const windows = packPieces(
        composed.text,
        pieces,
        { target, max, overlap: options.overlap, min: Math.min(options.minSize ?? defaultMinSize, target) },
        measure,
      );
      for (const window of windows) {
        const draft = draftForWindow(composed, pieces, window, {
          index,
          headingPath: section.headingPath,
          headingRefs: section.headingRefs,
          spanKeyPrefix: `s${sectionNumber}`,
        });
        yield buildChunk(context, draft);
        index++;
      }
    }
  },
};
