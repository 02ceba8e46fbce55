import { z } from 'zod';
import { StratumError } from '../../../../src-shared/errors';
import { questionSetSchema, type EvalQuestion } from '../../../../src-shared/retrieval';
import { codePointLength, codePointSlice } from '../../text/code-points';
import { parseCsv } from './csv';

/** chunkeval's `references` column: a JSON list of `{content, start_index, end_index}`, code points of the corpus. */
const csvReferencesSchema = z
  .array(z.object({ content: z.string(), start_index: z.number().int().nonnegative(), end_index: z.number().int().nonnegative() }))
  .min(1);

const CSV_COLUMNS = ['question', 'references', 'corpus_id'] as const;

/**
 * A question set from its file: chunkeval's CSV (`question, references, corpus_id`) or our JSON form
 * (resources/question-set.md), told apart by the first character that is not blank. Every error
 * names the file and the line or question.
 */
export function parseQuestionSet(text: string, fileName: string): EvalQuestion[] {
  const questions = text.trimStart().startsWith('{') ? parseJsonQuestionSet(text, fileName) : parseCsvQuestionSet(text, fileName);
  for (const [index, question] of questions.entries()) {
    for (const reference of question.references) {
      if (reference.end < reference.start) throw invalid(fileName, `question ${index + 1}: a reference ends before it starts`);
    }
  }
  return questions;
}

function parseJsonQuestionSet(text: string, fileName: string): EvalQuestion[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(fileName, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = questionSetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(fileName, `${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return parsed.data.questions;
}

function parseCsvQuestionSet(text: string, fileName: string): EvalQuestion[] {
  let records: string[][];
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalid(fileName, `not CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header, ...rows] = records;
  const columns = CSV_COLUMNS.map((name) => header?.map((cell) => cell.trim()).indexOf(name) ?? -1);
  if (columns.some((column) => column < 0)) {
    throw invalid(fileName, `the first line must name the columns ${CSV_COLUMNS.join(', ')} (a JSON question set starts with "{")`);
  }
  const [questionColumn, referencesColumn, corpusColumn] = columns as [number, number, number];
  const questions: EvalQuestion[] = [];
  for (const [row, cells] of rows.entries()) {
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    const where = `record ${row + 2}`;
    const question = cells[questionColumn]?.trim() ?? '';
    const corpusId = cells[corpusColumn]?.trim() ?? '';
    if (question === '' || corpusId === '') throw invalid(fileName, `${where}: a question and its corpus_id are needed`);
    let references: unknown;
    try {
      references = JSON.parse(cells[referencesColumn] ?? '');
    } catch {
      throw invalid(fileName, `${where}: references is not JSON`);
    }
    const parsed = csvReferencesSchema.safeParse(references);
    if (!parsed.success) throw invalid(fileName, `${where}: references must be a list of {content, start_index, end_index}`);
    questions.push({
      question,
      corpusId,
      references: parsed.data.map(({ content, start_index, end_index }) => ({ start: start_index, end: end_index, content })),
    });
  }
  return questions;
}

/**
 * Checks each reference against its corpus's source text (by corpus id): within the text, and equal
 * to its `content` when it gives one. A question set made for other files fails here, not later
 * with silently wrong scores. PDF references (with a page) have no one source text and are not checked.
 */
export function checkReferences(questions: readonly EvalQuestion[], sources: ReadonlyMap<string, string>, fileName: string): void {
  const lengths = new Map([...sources].map(([corpusId, text]) => [corpusId, codePointLength(text)]));
  for (const [index, question] of questions.entries()) {
    const source = sources.get(question.corpusId);
    if (source === undefined) continue;
    for (const reference of question.references) {
      if (reference.page !== undefined) continue;
      const where = `question ${index + 1} ("${question.question.slice(0, 40)}")`;
      if (reference.end > lengths.get(question.corpusId)!) {
        throw invalid(fileName, `${where}: reference [${reference.start}, ${reference.end}) lies past the end of ${question.corpusId}`);
      }
      if (reference.content !== undefined && codePointSlice(source, reference.start, reference.end) !== reference.content) {
        throw invalid(fileName, `${where}: reference [${reference.start}, ${reference.end}) is not its content in ${question.corpusId}`);
      }
    }
  }
}

function invalid(fileName: string, message: string): StratumError {
  return new StratumError('invalid-config', `${fileName}: ${message}`);
}
