import { join } from 'node:path';
import type { DoclingDocument } from '../../ir/types';
import { writeFileAtomic } from '../../../base/atomic-write';
import { planArtifacts } from './artifact-plan';
import { picturePngs, type PdfSource } from './picture-png';
import { tableMarkdownFiles } from './table-markdown';

interface ArtifactRequest {
  doc: DoclingDocument;
  /** The `{doc_stem}` of the file names, normally the source file's name without its extension. */
  stem: string;
  folder: string;
  /** Resolution of the pictures rendered from PDF pages. */
  imageDpi: number;
  /** The PDF the document came from, when it did. */
  pdf?: PdfSource;
  /** Applied to each table's Markdown (PII masking), as enrichment masked the chunks' texts. */
  redact?: (text: string) => string;
}

export interface WrittenArtifacts {
  /** File name inside the folder of every picture and table written, by the item's `self_ref`. */
  files: Map<string, string>;
  /** What could not be written, for the user to read. */
  notes: string[];
}

/**
 * Writes the document's pictures as `{stem}_img_{NNN}.png` and its tables as
 * `{stem}_table_{NNN}.md` into `folder`, each file atomically.
 */
export async function writeArtifacts(request: ArtifactRequest): Promise<WrittenArtifacts> {
  const { doc, folder } = request;
  const plan = planArtifacts(doc, request.stem);
  const files = new Map<string, string>();
  const markdown = tableMarkdownFiles(
    doc,
    plan.tables.map(({ item }) => item),
  );
  const redact = request.redact ?? ((text: string) => text);
  for (const [index, { item, fileName }] of plan.tables.entries()) {
    await writeFileAtomic(join(folder, fileName), redact(markdown[index]!));
    files.set(item.self_ref, fileName);
  }
  const pngs = await picturePngs(
    doc,
    plan.images.map(({ item }) => item),
    request.pdf,
    request.imageDpi,
  );
  let missing = 0;
  const unwritten: string[] = [];
  for (const [index, { item, fileName }] of plan.images.entries()) {
    const outcome = pngs[index];
    if (!outcome) missing++;
    else if ('problem' in outcome) unwritten.push(`${fileName} not written: ${outcome.problem}`);
    else {
      await writeFileAtomic(join(folder, fileName), outcome.png);
      files.set(item.self_ref, fileName);
    }
  }
  const notes =
    missing === 0
      ? unwritten
      : [`${missing} of ${plan.images.length} pictures carry no image data in the parsed document and have no PNG file`, ...unwritten];
  const pictureCount = plan.images.length - missing - unwritten.length;
  if (request.redact && pictureCount > 0) {
    notes.push(`${pictureCount} pictures written as they are: masking does not reach text inside images`);
  }
  return { files, notes };
}
