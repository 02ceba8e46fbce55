import { describe, expect, it } from 'vitest';
import { chunkevalQuestions } from './chunkeval.test-support';
import { parseCsv } from './csv';
import { questionSetJson } from '../../../../src-shared/retrieval';
import { parseQuestionSet } from './question-set';

describe('question sets', () => {
  it("reads chunkeval's CSV: 276 questions with code-point references", () => {
    const questions = chunkevalQuestions();
    expect(questions).toHaveLength(276);
    expect(questions[0]).toMatchObject({
      corpusId: 'state_of_the_union',
      references: [
        { start: 27346, end: 27425 },
        { start: 27866, end: 28023 },
      ],
    });
  });

  it('reads back the JSON form it writes', () => {
    const questions = chunkevalQuestions().slice(0, 5);
    expect(parseQuestionSet(questionSetJson(questions), 'set.json')).toEqual(questions);
  });

  it('names the file and the place of an error', () => {
    expect(() =>
      parseQuestionSet('{"version": 1, "questions": [{"question": "q", "corpusId": "c", "references": []}]}', 'set.json'),
    ).toThrow(/set\.json: questions\.0\.references: /);
    expect(() => parseQuestionSet('question,references,corpus_id\nq,[oops,c\n', 'set.csv')).toThrow(
      /set\.csv: record 2: references is not JSON/,
    );
    expect(() =>
      parseQuestionSet(
        '{"version": 1, "questions": [{"question": "q", "corpusId": "c", "references": [{"start": 9, "end": 3}]}]}',
        'set.json',
      ),
    ).toThrow(/question 1: a reference ends before it starts/);
  });

  it('parses quoted CSV fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, ""c""\nd",e\r\nf,,g')).toEqual([
      ['a', 'b, "c"\nd', 'e'],
      ['f', '', 'g'],
    ]);
  });
});
