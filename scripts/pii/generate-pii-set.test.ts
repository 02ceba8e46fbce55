import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatePiiSet, PII_SET_PATH } from './generate-pii-set';

describe('the PII evaluation set', () => {
  it('is what the generator writes with seed 11, at least 400 texts in seven languages', () => {
    const committed = readFileSync(PII_SET_PATH, 'utf8');
    const generated = generatePiiSet(11);
    expect(committed).toBe(generated.map((example) => JSON.stringify(example)).join('\n') + '\n');
    expect(generated.length).toBeGreaterThanOrEqual(400);
    expect(new Set(generated.map((example) => example.lang)).size).toBe(7);
  });

  it('labels spans whose text is the text at their code-point offsets', () => {
    for (const example of generatePiiSet(11)) {
      const codePoints = [...example.text];
      for (const span of example.spans) expect(codePoints.slice(span.start, span.end).join('')).toBe(span.text);
    }
  });
});
