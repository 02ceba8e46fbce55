import { z } from 'zod';
import { headingLevelsSchema, integerAtLeast } from '../split/option-schemas';
import { buildChunk } from '../build-chunk';
import { blockPieces } from '../split/block-pieces';
import { composeBlocks } from '../split/composed-text';
import { readBlocks, type Block } from '../split/document-blocks';
import { measureFor } from '../split/measure';
import { packPieces } from '../split/pack';
import { budgetAfterHeadings, draftForWhole, draftForWindow } from '../split/section-draft';
import { splitByPage, splitIntoSections } from '../split/sections';
import type { ChunkingContext, ChunkingStrategy } from '../strategy';

const optionsSchema = z
  .strictObject({
    parentBy: z
      .enum(['heading', 'page'], { error: 'must be "heading" or "page"' })
      .default('heading')
      .describe('"heading": a parent is a section at parentLevels; "page": a parent is a page (default heading).'),
    parentLevels: headingLevelsSchema([1, 2]).describe('Heading levels that start a parent section; a title always does (default [1, 2]).'),
    childMinTokens: integerAtLeast(0)
      .optional()
      .describe(
        'A smaller child is fused with its neighbour when the result fits childMaxTokens (default 100, or childMaxTokens if smaller).',
      ),
    childMaxTokens: integerAtLeast(1)
      .optional()
      .describe('Children stay within this many tokens, heading path included, unless one block alone is larger (default: maxTokens).'),
  })
  .superRefine((options, context) => {
    if (options.childMaxTokens !== undefined && options.childMinTokens !== undefined && options.childMinTokens > options.childMaxTokens) {
      context.addIssue({ code: 'custom', path: ['childMinTokens'], message: `must not exceed childMaxTokens (${options.childMaxTokens})` });
    }
  });
type ParentChildOptions = z.infer<typeof optionsSchema>;

const defaultChildMinTokens = 100;

/** Blocks a child never cuts. */
const unbreakable = new Set<Block['kind']>(['table', 'list-item', 'code', 'formula']);

interface Parent {
  headingPath: string[];
  headingRefs: string[];
  blocks: Block[];
}

function parentsOf(context: ChunkingContext, options: ParentChildOptions): Parent[] {
  const blocks = readBlocks(context.doc);
  if (options.parentBy === 'page') {
    return splitByPage(blocks).map((page) => ({
      headingPath: page.blocks[0]!.headingPath,
      headingRefs: page.blocks[0]!.headingRefs,
      blocks: page.blocks,
    }));
  }
  return splitIntoSections(blocks, new Set(options.parentLevels)).filter((section) => section.blocks.length > 0);
}

export const parentChildStrategy: ChunkingStrategy<ParentChildOptions> = {
  name: 'parent-child',
  description:
    'Small children for retrieval inside large parents for context: parents are sections (or pages), children are token ranges aligned to items and sentences that never cut a table, list item, code block or formula.',
  optionsSchema,
  size: {
    option: 'childMaxTokens',
    limitOption: 'childMaxTokens',
    tokenLimit: (options, maxTokens) => options.childMaxTokens ?? maxTokens,
  },
  *chunk(context, options) {
    const measure = measureFor('tokens', context.tokenizer);
    const childMax = options.childMaxTokens ?? context.maxTokens;
    const childMin = Math.min(options.childMinTokens ?? defaultChildMinTokens, childMax);
    let index = 0;
    for (const [parentNumber, { headingPath, headingRefs, blocks }] of parentsOf(context, options).entries()) {
      const composed = composeBlocks(blocks);
      const parent = buildChunk(
        context,
        draftForWhole(composed, {
          index: index++,
          headingPath,
          headingRefs,
          spanKey: `parent:${parentNumber}`,
          layer: 'parent',
          siblingOrder: parentNumber,
        }),
      );
      yield parent;
      const max = budgetAfterHeadings(childMax, headingPath, measure);
      const pieces = blockPieces(composed, {
        maxSize: max,
        measure,
        keepWhole: (block) => unbreakable.has(block.kind),
        tablesWhole: true,
        listsTogether: false,
      });
      const windows = packPieces(composed.text, pieces, { target: max, max, overlap: 0, min: childMin }, measure);
      for (const [childNumber, window] of windows.entries()) {
        const draft = draftForWindow(composed, pieces, window, {
          index: index++,
          headingPath,
          headingRefs,
          layer: 'child',
          parentId: parent.id,
          siblingOrder: childNumber,
          spanKeyPrefix: `child:${parentNumber}`,
        });
        yield buildChunk(context, draft);
      }
    }
  },
};
