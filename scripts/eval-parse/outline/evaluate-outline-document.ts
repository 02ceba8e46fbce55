import { readFile } from 'node:fs/promises';
import { DEFAULT_STRATEGY, DEFAULT_TOKENIZER } from '../../../src-shared/config';
import { multisetCoverage } from '../../../src-main/engine/evaluate/parse-metrics';
import { chunkDocument, parseDocument } from '../../../src-main/engine/pipeline';
import { parsedHeadings } from '../../../src-main/engine/evaluate/outline/heading-match';
import { scoreHeadings, type HeadingScores } from '../../../src-main/engine/evaluate/outline/heading-scores';
import { readPdfOutline } from '../../../src-main/engine/parse/pdf/pdf-outline';
import { producerFamily } from './producer-family';
import { lettersOf } from './letters';
import { readTextLayer } from './text-layer';
import {
  chunkedWords,
  coverageWords,
  furnitureWords,
  parsedWords,
  pictureWords,
} from '../../../src-main/engine/evaluate/coverage/coverage-words';

/** The config the app starts with (and the CLI with its defaults and `--max-tokens 256`). */
export const DEFAULT_CHUNK_CONFIG = { strategy: DEFAULT_STRATEGY, tokenizer: DEFAULT_TOKENIZER, maxTokens: 256 } as const;

export interface DocumentFacts {
  producer: string | null;
  creator: string | null;
  family: string;
  pages: number;
  /** every outline entry, titled or not */
  outlineEntries: number;
  outlineDepth: number;
}

export interface OutlineScores {
  headings: HeadingScores;
  /** words of the text layer (the coverage figures' denominator) */
  layerWords: number;
  /** share of the text layer's words that our parse read (any layer, tables, pictures' children) */
  layerInParse: number;
  /** share of our parse's words that the text layer has */
  parseInLayer: number;
  /** share of the text layer's words that reach a chunk under `DEFAULT_CHUNK_CONFIG` */
  chunkCoverage: number;
  /** the same share counted in letters and digits (`lettersOf`): what reaches the chunks when the layer splits words ours keeps whole */
  chunkLetterCoverage: number;
  /** share of the text layer's words that our parse put in the furniture layer (never chunked by default) */
  layerInFurniture: number;
  /** share of the text layer's words that our parse read as a picture's labels (chunked after the picture by default) */
  layerInPictures: number;
  chunks: number;
  parseMs: number;
}

export type OutlineEvaluation = { facts: DocumentFacts; scores: OutlineScores | null };

/** Scores one PDF against its outline and text layer; a PDF without an outline is not parsed (`scores` null). */
export async function evaluateOutlineDocument(filePath: string, fileName: string, signal?: AbortSignal): Promise<OutlineEvaluation> {
  const bytes = new Uint8Array(await readFile(filePath));
  const outline = await readPdfOutline(bytes, fileName);
  const facts: DocumentFacts = {
    producer: outline.producer,
    creator: outline.creator,
    family: producerFamily(outline.producer, outline.creator),
    pages: outline.pages,
    outlineEntries: outline.outline.length,
    outlineDepth: outline.outlineDepth,
  };
  if (outline.outline.length === 0) return { facts, scores: null };
  const started = performance.now();
  const parsed = await parseDocument(fileName, bytes, { signal });
  const parseMs = performance.now() - started;
  const layer = coverageWords(await readTextLayer(filePath, signal));
  const ours = parsedWords(parsed.doc);
  const chunks = [...chunkDocument(parsed.doc, parsed.docId, DEFAULT_CHUNK_CONFIG)];
  const chunked = chunkedWords(chunks);
  return {
    facts,
    scores: {
      headings: scoreHeadings(outline.outline, parsedHeadings(parsed.doc)),
      layerWords: layer.length,
      layerInParse: multisetCoverage(layer, ours),
      parseInLayer: multisetCoverage(ours, layer),
      chunkCoverage: multisetCoverage(layer, chunked),
      chunkLetterCoverage: multisetCoverage(lettersOf(layer), lettersOf(chunked)),
      layerInFurniture: multisetCoverage(layer, furnitureWords(parsed.doc)),
      layerInPictures: multisetCoverage(layer, pictureWords(parsed.doc)),
      chunks: chunks.length,
      parseMs,
    },
  };
}
