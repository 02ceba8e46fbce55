import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLlmSession } from '../../llm/create-llm-session';
import { useLlmTestServer } from '../../llm/llm-test-server.test-support';
import { codePointSlice } from '../../text/code-points';
import { generateQuestions } from './generate-questions';
import { CHUNKEVAL_FOLDER } from './chunkeval.test-support';

const { serve } = useLlmTestServer('stratum-questions-cache-');

const chatReply = (content: string) => ({
  status: 200,
  body: JSON.stringify({
    choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10 },
  }),
});

describe('question generation by an LLM', () => {
  it('keeps references found verbatim in the source, and drops and counts the rest', async () => {
    const source = readFileSync(path.join(CHUNKEVAL_FOLDER, 'corpora', 'state_of_the_union.md'), 'utf8');
    const verbatim = 'My administration announced we’re cutting credit card late fees from $32 to $8.';
    const answer = JSON.stringify([
      { question: 'What happens to credit card late fees?', references: [verbatim, 'Late fees drop to eight dollars.'] },
      { question: 'What did he say about Mars?', references: ['We will land on Mars by 2025.'] },
    ]);
    const server = await serve([chatReply(answer), chatReply('no JSON here')]);
    const session = createLlmSession(
      { config: { provider: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'gen-test', retries: 0 } },
      'send',
    );
    const generated = await generateQuestions({
      source: source.slice(0, 40_000),
      corpusId: 'state_of_the_union',
      session,
      passageCharacters: 30_000,
    });
    expect(generated.questions).toHaveLength(1);
    const [question] = generated.questions;
    expect(question).toMatchObject({ question: 'What happens to credit card late fees?', corpusId: 'state_of_the_union' });
    const [reference] = question!.references;
    expect(codePointSlice(source, reference!.start, reference!.end)).toBe(verbatim);
    // one invented reference of the kept question, one of the dropped one; the second passage's answer is unreadable
    expect(generated.droppedReferences).toBe(2);
    expect(generated.droppedQuestions).toBe(1 + 3);
    expect(server.requests).toHaveLength(2);
  });
});
