import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentEvaluator, type EvaluationRequest } from './document-evaluator';

const corpusDir = path.resolve(import.meta.dirname, '../../test-data/corpus');
const request = (file: string, reference: string, kind: EvaluationRequest['reference']['kind'] = 'docling-json'): EvaluationRequest => ({
  path: path.join(corpusDir, file),
  fileName: path.basename(file),
  reference: { kind, path: path.join(corpusDir, 'groundtruth', reference) },
});

describe('document evaluator (worker thread)', () => {
  const evaluator = new DocumentEvaluator(30_000);
  afterAll(() => evaluator.close());

  it('parses a document with our parser and scores it against its groundtruth', async () => {
    const reply = await evaluator.evaluate(request('md/mixed.md', 'mixed.md.md', 'markdown-export'));
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.evaluation.scores.coverageOfReference).toBe(1);
    expect(reply.evaluation.scores.chunks.reference).toBeGreaterThan(0);
  });

  it('reports a parse error instead of throwing', async () => {
    // A text file presented as a DOCX: the parser rejects it as corrupt.
    const reply = await evaluator.evaluate({ ...request('md/LICENSE.docling.txt', 'lorem_ipsum.docx.json'), fileName: 'broken.docx' });
    expect(reply).toEqual({ ok: false, error: expect.stringMatching(/^corrupt-file: /) });
  });

  it('stops a document that overruns its time and goes on with the next', async () => {
    const impatient = new DocumentEvaluator(1);
    try {
      const slow = await impatient.evaluate(request('html/wiki_duck.html', 'wiki_duck.html.json'));
      expect(slow).toEqual({ ok: false, error: 'too-large: document worker: evaluate did not finish within 0.001 s' });
    } finally {
      await impatient.close();
    }
    const next = await evaluator.evaluate(request('docx/lorem_ipsum.docx', 'lorem_ipsum.docx.json'));
    expect(next.ok).toBe(true);
  });
});
