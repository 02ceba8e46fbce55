import { z } from 'zod';
import { CHUNKING_SERIALIZER_DEFAULTS } from './serializer/params';

/** How the Docling chunkers print items (docling-core `ChunkingDocSerializer` params). */
const serializerOptionsSchema = z
  .strictObject({
    tables: z.enum(['triplet', 'markdown', 'html']).default(CHUNKING_SERIALIZER_DEFAULTS.tables),
    compactTables: z.boolean().default(CHUNKING_SERIALIZER_DEFAULTS.compactTables),
    imagePlaceholder: z.string().default(CHUNKING_SERIALIZER_DEFAULTS.imagePlaceholder),
    escapeUnderscores: z.boolean().default(CHUNKING_SERIALIZER_DEFAULTS.escapeUnderscores),
    escapeHtml: z.boolean().default(CHUNKING_SERIALIZER_DEFAULTS.escapeHtml),
  })
  .prefault({});

export const hierarchicalOptionsSchema = z.strictObject({
  /** Emit a heading-only chunk for a section without content. */
  alwaysEmitHeadings: z.boolean().default(false),
  /** Joins headings and text in the contextualized (embedded) text. */
  delim: z.string().default('\n'),
  serializer: serializerOptionsSchema,
});

export const hybridOptionsSchema = hierarchicalOptionsSchema.extend({
  /** Merge consecutive undersized chunks that share their headings. */
  mergePeers: z.boolean().default(true),
  /** Split oversized tables line by line, repeating the header in every piece. */
  repeatTableHeader: z.boolean().default(true),
  /** Drop the repeated header for a row that only fits without it. */
  omitHeaderOnOverflow: z.boolean().default(false),
});

export type HierarchicalOptions = z.infer<typeof hierarchicalOptionsSchema>;
export type HybridOptions = z.infer<typeof hybridOptionsSchema>;
