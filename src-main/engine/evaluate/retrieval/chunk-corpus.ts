import type { Chunk } from '../../../../src-shared/chunk';
import { checkpoint } from '../../cancellation';
import { parseDocument, chunkDocument } from '../../pipeline';
import { decodeSourceText } from '../../parse/source-text';
import type { PoolDocument } from '../../retrieve/retrieval-pool';

export interface CorpusFile {
  fileName: string;
  bytes: Uint8Array;
}

/** A corpus document's id: its file name without the extension, as chunkeval's `corpus_id` names `wikitexts.md`. */
export function corpusIdOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1)!;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The formats whose source spans index the decoded file text, so a reference can be checked against it. */
const TEXT_FORMATS = new Set(['markdown', 'text', 'html']);

export interface ParsedCorpus {
  files: Array<{ corpusId: string; parsed: Awaited<ReturnType<typeof parseDocument>> }>;
  /** The source text of each text-format document, by corpus id. */
  sources: Map<string, string>;
}

/** Parses every file of a corpus once; chunking it under each configuration is then cheap (`chunkCorpus`). */
export async function parseCorpus(files: readonly CorpusFile[], signal?: AbortSignal): Promise<ParsedCorpus> {
  const parsedFiles: ParsedCorpus['files'] = [];
  const sources = new Map<string, string>();
  for (const file of files) {
    const parsed = await parseDocument(file.fileName, file.bytes, { signal });
    const corpusId = corpusIdOf(file.fileName);
    parsedFiles.push({ corpusId, parsed });
    if (TEXT_FORMATS.has(parsed.format)) sources.set(corpusId, decodeSourceText(file));
  }
  return { files: parsedFiles, sources };
}

/** Every document of the corpus chunked under one configuration, in the order of the files. */
export async function chunkCorpus(corpus: ParsedCorpus, config: unknown, signal?: AbortSignal): Promise<PoolDocument[]> {
  const documents: PoolDocument[] = [];
  for (const { corpusId, parsed } of corpus.files) {
    await checkpoint(signal);
    const chunks: Chunk[] = [...chunkDocument(parsed.doc, parsed.docId, config, {}, parsed.sourceText)];
    documents.push({ corpusId, chunks });
  }
  return documents;
}
