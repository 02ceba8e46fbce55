import { z } from 'zod';
import { stemOf } from './file-names';

/** Pictures rendered from PDF pages at this resolution unless asked otherwise (`--image-dpi`, the export dialog). */
export const DEFAULT_IMAGE_DPI = 144;
/** Beyond this, a page region is a poster: the renderer lowers the resolution of large ones anyway. */
export const MAX_IMAGE_DPI = 2400;

export const imageDpiSchema = z.number().int().positive().max(MAX_IMAGE_DPI);

/**
 * What an export holds beyond the chunks, the same in the workbench and the CLI: contextualized texts
 * (`--no-contextualized-text` leaves them out), and artifact files (`--artifacts`, `--image-dpi`).
 */
export const exportOptionsSchema = z.object({
  contextualizedText: z.boolean().default(true),
  /** Write the pictures as PNG and the tables as Markdown files, which the chunks then name. */
  artifacts: z.object({ imageDpi: imageDpiSchema.default(DEFAULT_IMAGE_DPI) }).optional(),
});

/** The name an export of `sourceFileName` is offered under, e.g. `report.chunks.json` for `report.pdf`. */
export function exportFileNameOf(sourceFileName: string, extension: 'json' | 'jsonl' | 'zip'): string {
  return `${stemOf(sourceFileName)}.chunks.${extension}`;
}

/** The folder an export's artifacts go to, beside it: `report.chunks_artifacts` for `report.chunks.json`. */
export function artifactsFolderNameOf(exportFileName: string): string {
  return `${stemOf(exportFileName)}_artifacts`;
}
