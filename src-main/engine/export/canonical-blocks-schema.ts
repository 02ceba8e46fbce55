import { z } from 'zod';
import { canonicalDocumentInfoSchema, chunkBoxSchema } from './canonical-schema';

/**
 * Canonical blocks (`stratum parse --format canonical-blocks`): the parsed document as a flat list of
 * its items in reading order, each with where it came from in the source. It shows what the parser
 * saw, before any chunking; `ref` is the item's pointer in the DoclingDocument (`--format docling`).
 */
export const BLOCKS_SCHEMA_VERSION = '1.0.0';

const canonicalBlockSchema = z.object({
  ref: z.string().describe('The item pointer, e.g. `#/texts/3`.'),
  label: z.string().describe('The Docling item label: `title`, `section_header`, `text`, `list_item`, `table`, `picture`, ...'),
  content_layer: z.string().describe('`body` or `furniture` (page headers and footers), ...'),
  parent: z.string().nullable(),
  depth: z.number().int().positive().describe('Nesting depth in the document tree; 1 for children of the body.'),
  level: z.number().int().nullable().describe('Heading level of a section header.'),
  text: z.string().describe('The item text; empty for tables and pictures.'),
  cells: z.array(z.array(z.string())).nullable().describe('Table cell texts by row; null for other items.'),
  page_start: z.number().int().positive().nullable(),
  page_end: z.number().int().positive().nullable(),
  bboxes: z.array(chunkBoxSchema),
  source_spans: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});

export const canonicalBlocksSchema = z.object({
  schema_version: z.literal(BLOCKS_SCHEMA_VERSION),
  document: canonicalDocumentInfoSchema,
  blocks: z.array(canonicalBlockSchema),
});

export type CanonicalBlock = z.infer<typeof canonicalBlockSchema>;
export type CanonicalBlocks = z.infer<typeof canonicalBlocksSchema>;
