import type { DoclingDocument } from '../../src-main/engine/ir/types';
import {
  headingF1,
  headingTextF1,
  listItemF1,
  pictureMatchF1,
  spanCellF1,
  tableCellF1,
  tableMatchF1,
  textCoverage,
  wordOrderSimilarity,
  type F1Score,
} from '../../src-main/engine/evaluate/parse-metrics';
import { chunkDocument } from '../../src-main/engine/pipeline';
import { chunkSimilarity, type ChunkSimilarity } from './chunk-similarity';

/** Both IRs are cut the way a RAG pipeline would embed them with a small sentence model. */
export const CHUNK_CONFIG = { strategy: 'hybrid', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', maxTokens: 256 } as const;

export interface DocumentScores {
  /** (level, text) pairs */
  headings: F1Score;
  headingTexts: F1Score;
  listItems: F1Score;
  /** tables matched by content; recall = share of the groundtruth's tables we found */
  tables: F1Score;
  tableCells: F1Score;
  /** cells spanning several rows or columns, matched with their spans */
  spanCells: F1Score;
  /** pictures matched by place; recall = share of the groundtruth's pictures we found */
  pictures: F1Score;
  /** share of the groundtruth's words found in ours */
  coverageOfReference: number;
  /** share of our words found in the groundtruth */
  coverageOfCandidate: number;
  wordOrder: number;
  chunks: ChunkSimilarity;
}

export function scoreDocument(reference: DoclingDocument, candidate: DoclingDocument): DocumentScores {
  return {
    headings: headingF1(reference, candidate),
    headingTexts: headingTextF1(reference, candidate),
    listItems: listItemF1(reference, candidate),
    tables: tableMatchF1(reference, candidate),
    tableCells: tableCellF1(reference, candidate),
    spanCells: spanCellF1(reference, candidate),
    pictures: pictureMatchF1(reference, candidate),
    coverageOfReference: textCoverage(reference, candidate),
    coverageOfCandidate: textCoverage(candidate, reference),
    wordOrder: wordOrderSimilarity(reference, candidate),
    chunks: chunkSimilarity(hybridChunkTexts(reference, 'reference'), hybridChunkTexts(candidate, 'candidate')),
  };
}

function hybridChunkTexts(doc: DoclingDocument, docId: string): string[] {
  return [...chunkDocument(doc, docId, CHUNK_CONFIG)].map((chunk) => chunk.text);
}
