import { z } from 'zod';

/** Pictures rendered from PDF pages at this resolution unless asked otherwise (`--image-dpi`, the export dialog). */
export const DEFAULT_IMAGE_DPI = 144;

export const imageDpiSchema = z.number().int().positive();

/**
 * What an export holds beyond the chunks, the same in the workbench and the CLI: contextualized texts
 * (`--no-contextualized-text` leaves them out), and artifact files (`--artifacts`, `--image-dpi`).
 */
export const exportOptionsSchema = z.object({
  contextualizedText: z.boolean().default(true),
  /** Write the pictures as PNG and the tables as Markdown files, which the chunks then name. */
  artifacts: z.object({ imageDpi: imageDpiSchema.default(DEFAULT_IMAGE_DPI) }).optional(),
});
export type ExportOptions = z.output<typeof exportOptionsSchema>;
