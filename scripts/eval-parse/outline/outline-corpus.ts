import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export type CorpusPart = 'dev' | 'held-out';

export interface OutlineCorpusFile {
  path: string;
  /** the path below the corpus folder, with `/` separators */
  relativePath: string;
  part: CorpusPart;
}

/**
 * A file is held out when the first byte of the SHA-256 of its base name is below 64: about a
 * quarter of any folder, fixed by the name alone (never by results), the same wherever it is copied.
 */
export function corpusPart(fileName: string): CorpusPart {
  return createHash('sha256').update(path.basename(fileName)).digest()[0]! < 64 ? 'held-out' : 'dev';
}

/**
 * Every `.pdf` below the folder (any case), in path order. Symbolic links are not followed, and
 * hidden files and folders are left out: a corpus keeps its build's working files there.
 */
export function discoverPdfs(corpusDir: string): OutlineCorpusFile[] {
  const entries = readdirSync(corpusDir, { recursive: true, withFileTypes: true });
  return entries
    .map((entry) => ({ entry, relativePath: path.relative(corpusDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/') }))
    .filter(({ entry, relativePath }) => entry.isFile() && entry.name.toLowerCase().endsWith('.pdf') && !/(^|\/)\./.test(relativePath))
    .map(({ entry, relativePath }) => ({ path: path.join(entry.parentPath, entry.name), relativePath, part: corpusPart(entry.name) }))
    .sort((a, b) => (a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0));
}
