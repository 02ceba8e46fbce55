import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A corpus laid out as `<format>/<file>` beside `groundtruth/`, where Docling's outputs are named
 * `<file>.json` (DOCX, HTML, MD...) or `<stem>.json` (PDF), e.g. ../shared/corpus (see its INDEX.md).
 */

/** How the reference is read: Docling's JSON or YAML document, or Docling's Markdown export. */
export type ReferenceKind = 'docling-json' | 'docling-yaml' | 'markdown-export';

export interface Reference {
  kind: ReferenceKind;
  path: string;
}

export interface CorpusDocument {
  /** the folder the file sits in, e.g. `pdf` */
  format: string;
  fileName: string;
  path: string;
  reference: Reference | null;
}

interface Corpus {
  documents: CorpusDocument[];
  /** folders left out: `*_damaged` hold robustness inputs whose groundtruth does not match them */
  excludedFolders: string[];
}

const GROUNDTRUTH_FOLDER = 'groundtruth';
const DAMAGED_FOLDER = /_damaged$/;
/** Per-page cell counts beside PDF groundtruth, not documents. */
const PAGE_META = /\.pages\.meta\.json$/;

export function discoverCorpus(corpusDir: string): Corpus {
  const groundtruthDir = path.join(corpusDir, GROUNDTRUTH_FOLDER);
  if (!existsSync(groundtruthDir)) throw new Error(`${corpusDir}: no ${GROUNDTRUTH_FOLDER}/ folder, not a corpus`);
  const groundtruthFiles = readdirSync(groundtruthDir).sort();
  const documents: CorpusDocument[] = [];
  const excludedFolders: string[] = [];
  for (const folder of readdirSync(corpusDir).sort()) {
    const folderPath = path.join(corpusDir, folder);
    if (folder === GROUNDTRUTH_FOLDER || !statSync(folderPath).isDirectory()) continue;
    if (DAMAGED_FOLDER.test(folder)) {
      excludedFolders.push(folder);
      continue;
    }
    for (const fileName of readdirSync(folderPath).sort()) {
      const filePath = path.join(folderPath, fileName);
      // Licence files sit beside the documents in test-data copies of the corpus.
      if (fileName.startsWith('LICENSE') || !statSync(filePath).isFile()) continue;
      const reference = findReference(fileName, groundtruthFiles);
      documents.push({
        format: folder,
        fileName,
        path: filePath,
        reference: reference && { kind: reference.kind, path: path.join(groundtruthDir, reference.name) },
      });
    }
  }
  return { documents, excludedFolders };
}

/**
 * Docling's JSON first (`<file>.json`, `<stem>.json`, or one `<stem>.<variant>.json` such as the OCR
 * sample's `ocr_test.tesseract.full_page.json`), then its YAML, then its Markdown export.
 */
export function findReference(fileName: string, groundtruthFiles: readonly string[]): { kind: ReferenceKind; name: string } | null {
  const stem = fileName.replace(/\.[^.]+$/, '');
  const has = (name: string): boolean => groundtruthFiles.includes(name);
  for (const name of [`${fileName}.json`, `${stem}.json`]) if (has(name)) return { kind: 'docling-json', name };
  const variant = groundtruthFiles.find((name) => name.startsWith(`${stem}.`) && name.endsWith('.json') && !PAGE_META.test(name));
  if (variant) return { kind: 'docling-json', name: variant };
  for (const name of [`${fileName}.yaml`, `${stem}.yaml`]) if (has(name)) return { kind: 'docling-yaml', name };
  for (const name of [`${fileName}.md`, `${stem}.md`]) if (has(name)) return { kind: 'markdown-export', name };
  return null;
}
