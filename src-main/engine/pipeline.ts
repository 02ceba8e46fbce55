import type { CanonicalDocument } from './export/canonical-schema';
import type { Chunk } from '../../src-shared/chunk';
import type { DoclingDocument } from './ir/types';
import { StratumError } from '../../src-shared/errors';
import { toCanonical, type CanonicalInput } from './export/canonical';
import { binaryHash } from './ir/document-id';
import { checkItemNesting } from './parse/document-nesting';
import { rejectOversizedFile } from './parse/limits';
import type { ParseInput, ParseOptions } from './parse/parser';
import { sniffFormat } from './parse/sniff-format';
import { decodeSourceText } from './parse/source-text';
import { parserForFile } from './parse/registry';
import { LeastRecentlyUsedCache } from './pipeline-cache';
import { resolveChunkingConfig, type ResolvedChunkingConfig } from './pipeline-config';

/** A parsed file: the IR plus what canonical JSON says about its source. */
export interface ParsedDocument {
  doc: DoclingDocument;
  /** Content hash of the file's bytes; part of every chunk id. */
  docId: string;
  /** The parser's format, e.g. `markdown`. */
  format: string;
  fileName: string;
  /** The decoded file text of a text format (Markdown, TXT, HTML): what its source spans index; strategies may cut it directly. */
  sourceText?: string;
}

/** The formats whose items' source spans index the decoded file text. */
const SOURCE_TEXT_FORMATS = new Set(['markdown', 'text', 'html']);

/** The decoded file text of a text format (Markdown, TXT, HTML), which its items' source spans index; none for other formats. */
export function sourceTextOf(format: string, input: ParseInput): string | undefined {
  return SOURCE_TEXT_FORMATS.has(format) ? decodeSourceText(input) : undefined;
}

/** Parsing is the slow step and chunking is re-run on every config change, so recent IRs are kept. */
const parsedDocuments = new LeastRecentlyUsedCache<string, ParsedDocument>(8);

/**
 * Parses a file by its extension. A zero-byte file is an `empty-file` error for every format (each
 * parser starts with `rejectEmptyFile`), one over the size limit (`limits.ts`) or whose items nest too
 * deeply a `too-large` error; a file that parses to no items is a document without chunks.
 */
export async function parseDocument(fileName: string, bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  const parser = parserForFile(fileName);
  rejectOversizedFile(fileName, bytes.length);
  const docId = binaryHash(bytes);
  // The file name is part of the key: the IR records it (`name`, `origin.filename`); so are the options that change the
  // text, and the folder relative image paths are read from (with it, HTML and Markdown pictures carry their images).
  const key = [
    docId,
    fileName,
    options.ocr ?? 'auto',
    options.xlsxValues ?? 'docling',
    options.ocrJson ? binaryHash(options.ocrJson.bytes) : '',
    options.documentFolder ?? '',
  ].join('\u0000');
  const cached = parsedDocuments.get(key);
  if (cached) return cached;
  const doc = await parser.parse({ fileName, bytes }, options).catch((error: unknown) => {
    throw withFormatHint(error, fileName, bytes);
  });
  checkItemNesting(doc, fileName);
  const sourceText = sourceTextOf(parser.format, { fileName, bytes });
  const parsed: ParsedDocument = { doc, docId, format: parser.format, fileName, ...(sourceText === undefined ? {} : { sourceText }) };
  parsedDocuments.set(key, parsed);
  return parsed;
}

/** A file its parser calls corrupt often just has the wrong extension: say what the content is. */
function withFormatHint(error: unknown, fileName: string, bytes: Uint8Array): unknown {
  if (!(error instanceof StratumError) || error.code !== 'corrupt-file') return error;
  const sniffed = sniffFormat(bytes);
  if (!sniffed || fileName.toLowerCase().endsWith(sniffed.extension)) return error;
  return new StratumError('corrupt-file', `${error.message} (the content looks like ${sniffed.format}: is the extension wrong?)`);
}

export interface ChunkingProgress {
  /** Called after each chunk with the number of chunks so far. */
  onChunk?: (chunkCount: number) => void;
}

/**
 * Chunks lazily in document order; an invalid config throws before the first chunk. `sourceText`
 * (a text format's `ParsedDocument.sourceText`) lets a strategy cut the file's own characters.
 */
export function chunkDocument(
  doc: DoclingDocument,
  docId: string,
  config: unknown,
  progress: ChunkingProgress = {},
  sourceText?: string,
): Iterable<Chunk> {
  return chunkWithResolvedConfig(doc, docId, resolveChunkingConfig(config), progress, sourceText);
}

/** What an export holds beyond the chunks: artifact file names, contextualized texts. */
export type CanonicalContent = Pick<CanonicalInput, 'artifactFiles' | 'contextualizedText'>;

/**
 * Chunks a parsed document and returns it as validated canonical JSON; `content.artifactFiles` (item
 * `self_ref` -> file name) names the pictures and tables written as artifact files.
 */
export function exportCanonical(
  parsed: ParsedDocument,
  resolved: ResolvedChunkingConfig,
  progress: ChunkingProgress = {},
  content: CanonicalContent = {},
): CanonicalDocument {
  return toCanonical({
    doc: parsed.doc,
    docId: parsed.docId,
    sourceFile: parsed.fileName,
    format: parsed.format,
    chunks: chunkWithResolvedConfig(parsed.doc, parsed.docId, resolved, progress, parsed.sourceText),
    config: resolved.config,
    tokenizerId: resolved.tokenizer.id,
    ...content,
  });
}

/** Chunks lazily with a config already resolved (and its tokenizer, which a caller may have wrapped, e.g. memoized). */
export function* chunkWithResolvedConfig(
  doc: DoclingDocument,
  docId: string,
  resolved: ResolvedChunkingConfig,
  { onChunk }: ChunkingProgress = {},
  sourceText?: string,
): Generator<Chunk> {
  const chunks = resolved.chunk({
    doc,
    docId,
    ...(sourceText === undefined ? {} : { sourceText }),
    tokenizer: resolved.tokenizer,
    maxTokens: resolved.config.maxTokens,
    configHash: resolved.configHash,
  });
  let count = 0;
  for (const chunk of chunks) {
    yield chunk;
    onChunk?.(++count);
  }
}
