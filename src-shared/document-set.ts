/**
 * Folder mode's bounds: the files a document set opens, and their bytes together. The workbench
 * keeps every document of a set parsed at once (its document cache holds more than `files`), and
 * `cross-doc` relates all their chunks; files past either bound are listed as not opened.
 */
export const DOCUMENT_SET_LIMITS = { files: 20, totalBytes: 200 * 1024 * 1024 } as const;

/** A file the user picked for a set, as the renderer knows it before reading it. */
export interface PickedFile {
  name: string;
  size: number;
}

/**
 * The picked files a set opens, and why each of the others is left out; in name order by code unit,
 * the order `stratum chunk` takes a folder's files in (cross-doc's batch order).
 */
export function planDocumentSet<File extends PickedFile>(
  files: readonly File[],
  isSupported: (name: string) => boolean,
): { opened: File[]; left: Array<{ file: File; reason: string }> } {
  const opened: File[] = [];
  const left: Array<{ file: File; reason: string }> = [];
  let bytes = 0;
  const megabytes = DOCUMENT_SET_LIMITS.totalBytes / (1024 * 1024);
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!isSupported(file.name)) left.push({ file, reason: 'not a supported format' });
    else if (opened.length >= DOCUMENT_SET_LIMITS.files)
      left.push({ file, reason: `a set opens at most ${DOCUMENT_SET_LIMITS.files} files` });
    else if (bytes + file.size > DOCUMENT_SET_LIMITS.totalBytes)
      left.push({ file, reason: `a set opens at most ${megabytes} MB together` });
    else {
      opened.push(file);
      bytes += file.size;
    }
  }
  return { opened, left };
}
