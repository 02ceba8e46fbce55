import { z } from 'zod';
import { stemOf } from './file-names';

/** Pictures rendered from PDF pages at this resolution unless asked otherwise (`--image-dpi`, the export dialog). */
export const DEFAULT_IMAGE_DPI = 144;
/** Beyond this, a page region is a poster: the renderer lowers the resolution of large ones anyway. */
export const MAX_IMAGE_DPI = 2400;

export const imageDpiSchema = z.number().int().positive().max(MAX_IMAGE_DPI);

/** What an export holds: canonical JSON, its JSONL form (one chunk per line) or docling-core's `{"root": [...]}` chunk JSON. */
export const OUTPUT_FORMATS = ['canonical', 'jsonl', 'docling'] as const;
export const outputFormatSchema = z.enum(OUTPUT_FORMATS);
export type OutputFormat = z.infer<typeof outputFormatSchema>;

/** File extension of each output format. */
export const OUTPUT_EXTENSIONS: Record<OutputFormat, '.json' | '.jsonl'> = { canonical: '.json', jsonl: '.jsonl', docling: '.json' };

/**
 * What an export holds beyond the chunks, the same in the workbench and the CLI: contextualized texts
 * (`--no-contextualized-text` leaves them out), and artifact files (`--artifacts`, `--image-dpi`).
 */
export const exportOptionsSchema = z.object({
  contextualizedText: z.boolean().default(true),
  /** Write the pictures as PNG and the tables as Markdown files, which the chunks then name. */
  artifacts: z.object({ imageDpi: imageDpiSchema.default(DEFAULT_IMAGE_DPI) }).optional(),
});

/** The name an export of `sourceFileName` is offered under, e.g. `report.chunks.json` for `report.pdf`; `zip` with its artifacts. */
export function exportFileNameOf(sourceFileName: string, format: OutputFormat | 'zip'): string {
  return `${stemOf(sourceFileName)}.chunks${format === 'zip' ? '.zip' : OUTPUT_EXTENSIONS[format]}`;
}

/** The folder an export's artifacts go to, beside it: `report.chunks_artifacts` for `report.chunks.json`. */
export function artifactsFolderNameOf(exportFileName: string): string {
  return `${stemOf(exportFileName)}_artifacts`;
}
