import { describe, expect, it } from 'vitest';
import { MAX_DATA_NESTING_DEPTH, NestingTooDeepError, parseBoundedJson, parseBoundedYaml } from './bounded-parse';

/** `[[...]]` nested `depth` levels deep, with a value inside. */
const nestedJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

function timed<T>(action: () => T): { outcome: T | Error; ms: number } {
  const started = performance.now();
  let outcome: T | Error;
  try {
    outcome = action();
  } catch (error) {
    outcome = error as Error;
  }
  return { outcome, ms: performance.now() - started };
}

describe('parseBoundedJson', () => {
  it('parses JSON nested up to the limit and refuses one level more', () => {
    expect(JSON.stringify(parseBoundedJson(nestedJson(MAX_DATA_NESTING_DEPTH)))).toBe(nestedJson(MAX_DATA_NESTING_DEPTH));
    expect(() => parseBoundedJson(nestedJson(MAX_DATA_NESTING_DEPTH + 1))).toThrow(NestingTooDeepError);
    const message = `too deeply nested (more than ${MAX_DATA_NESTING_DEPTH} levels)`;
    expect(() => parseBoundedJson(nestedJson(MAX_DATA_NESTING_DEPTH + 1))).toThrow(message);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ text: `"${'['.repeat(500)}\\"{{{`, list: [[[]]] });
    expect(parseBoundedJson(text)).toEqual(JSON.parse(text));
    // a string that ends in an escaped backslash ends there: the nesting after it counts
    const afterBackslash = `{"a": "ends with \\\\", "deep": ${nestedJson(MAX_DATA_NESTING_DEPTH)}}`;
    expect(() => JSON.parse(afterBackslash)).not.toThrow();
    expect(() => parseBoundedJson(afterBackslash)).toThrow(NestingTooDeepError);
  });

  it('refuses 120 KB of nesting at once, without parsing it', () => {
    const { outcome, ms } = timed(() => parseBoundedJson(`{"a":${'{"a":'.repeat(24_000)}1${'}'.repeat(24_001)}`));
    expect(outcome).toBeInstanceOf(NestingTooDeepError);
    expect(ms).toBeLessThan(200);
  });

  it('leaves syntax errors to JSON.parse', () => {
    expect(() => parseBoundedJson('{"a": ')).toThrow(SyntaxError);
  });
});

describe('parseBoundedYaml', () => {
  it('reads an ordinary config', () => {
    expect(parseBoundedYaml('strategy: hybrid\nserializer:\n  tables: markdown\nlevels: [1, 2]\n')).toEqual({
      strategy: 'hybrid',
      serializer: { tables: 'markdown' },
      levels: [1, 2],
    });
  });

  it.each([
    ['flow sequences', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['flow mappings', (depth: number) => `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`],
    ['compact block sequences', (depth: number) => `${'- '.repeat(depth)}x`],
    ['indented mappings', (depth: number) => Array.from({ length: depth }, (_, level) => `${' '.repeat(level)}a:`).join('\n') + ' 1'],
  ])('refuses %s nested past the limit, and takes them at the limit', (_name, nested) => {
    expect(() => parseBoundedYaml(nested(MAX_DATA_NESTING_DEPTH))).not.toThrow();
    expect(() => parseBoundedYaml(nested(MAX_DATA_NESTING_DEPTH + 1))).toThrow(NestingTooDeepError);
  });

  it('refuses 8,000 levels in 16 KB at once', () => {
    const text = `${'['.repeat(8000)}${']'.repeat(8000)}`;
    expect(text.length).toBe(16_000);
    const { outcome, ms } = timed(() => parseBoundedYaml(text));
    expect(outcome).toBeInstanceOf(NestingTooDeepError);
    expect(ms).toBeLessThan(200);
  });

  it('refuses block nesting the quick scan cannot see before composing it', () => {
    const text = Array.from({ length: 1000 }, (_, level) => `${' '.repeat(level)}- `).join('\n') + 'x';
    const { outcome, ms } = timed(() => parseBoundedYaml(text));
    expect(outcome).toBeInstanceOf(NestingTooDeepError);
    expect(ms).toBeLessThan(2000);
  });

  it('refuses aliases that nest a node inside itself', () => {
    expect(() => parseBoundedYaml('a: &x [1, *x]\n')).toThrow(NestingTooDeepError);
  });

  it('refuses a key twice in one mapping, quickly however many keys there are', () => {
    expect(() => parseBoundedYaml('strategy: hybrid\nstrategy: semantic\n')).toThrow('the key "strategy" appears twice');
    const manyKeys = Array.from({ length: 20_000 }, (_, i) => `key${i}: value ${i}`).join('\n');
    const { outcome, ms } = timed(() => parseBoundedYaml(manyKeys));
    expect(outcome).toMatchObject({ key0: 'value 0', key19999: 'value 19999' });
    expect(ms).toBeLessThan(5000);
  });

  it('throws the parser error of invalid YAML', () => {
    expect(() => parseBoundedYaml('strategy: [unclosed')).toThrow(/flow sequence|unclosed|Missing/i);
  });
});
