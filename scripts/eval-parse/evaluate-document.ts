import { readFile } from 'node:fs/promises';
import { parseDocument } from '../../src-main/engine/pipeline';
import type { Reference } from './corpus';
import { loadReference } from './reference';
import { scoreDocument, type DocumentScores } from './score-document';

export interface DocumentEvaluation {
  scores: DocumentScores;
  parseMs: number;
}

/** Parses one corpus file with our parsers (as the app does) and scores the IR against its reference. */
export async function evaluateDocument(
  filePath: string,
  fileName: string,
  reference: Reference,
  signal?: AbortSignal,
): Promise<DocumentEvaluation> {
  const bytes = new Uint8Array(await readFile(filePath));
  const started = performance.now();
  const parsed = await parseDocument(fileName, bytes, { signal });
  const parseMs = performance.now() - started;
  return { scores: scoreDocument(await loadReference(reference), parsed.doc), parseMs };
}
