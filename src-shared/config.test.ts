import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, parseConfigText, validateConfigFile } from './config';
import { StratumError } from './errors';

function configError(action: () => unknown): StratumError {
  try {
    action();
  } catch (error) {
    if (error instanceof StratumError) return error;
    throw error;
  }
  throw new Error('expected an invalid-config error');
}

describe('config file', () => {
  it('reads YAML and JSON and keeps the strategy options', () => {
    const yaml = parseConfigText('strategy: hybrid\nmaxTokens: 256\nserializer: { tables: markdown }\n', 'stratum.yaml');
    expect(yaml).toEqual({ strategy: 'hybrid', maxTokens: 256, serializer: { tables: 'markdown' } });
    expect(parseConfigText('{"tokenizer": "tiktoken:cl100k_base"}', 'preset.json')).toEqual({ tokenizer: 'tiktoken:cl100k_base' });
    expect(parseConfigText('', 'empty.yaml')).toEqual({});
  });

  it('names the field of every invalid value', () => {
    const error = configError(() => validateConfigFile({ maxTokens: 0, strategy: '' }));
    expect(error.code).toBe('invalid-config');
    expect(error.message).toContain('maxTokens: must be a positive integer');
    expect(error.message).toContain('strategy: must be a strategy name');
    expect(configError(() => parseConfigText('maxTokens: many', 'c.yml')).message).toBe('maxTokens: must be a positive integer');
    expect(configError(() => parseConfigText('- a\n- b\n', 'c.yml')).message).toBe('config: must be a mapping of config keys');
  });

  it('reports a syntax error with the file name', () => {
    expect(configError(() => parseConfigText('{"strategy": ', 'preset.json')).message).toMatch(/^preset\.json: not valid JSON: /);
    expect(configError(() => parseConfigText('strategy: [unclosed', 'c.yaml')).message).toMatch(/^c\.yaml: not valid YAML: /);
  });

  it('refuses a config nested too deeply at once, JSON or YAML', () => {
    for (const [text, fileName] of [
      [`{"a": ${'['.repeat(8000)}${']'.repeat(8000)}}`, 'deep.json'],
      [`a: ${'['.repeat(8000)}${']'.repeat(8000)}`, 'deep.yaml'],
    ] as const) {
      const started = performance.now();
      const error = configError(() => parseConfigText(text, fileName));
      expect(performance.now() - started).toBeLessThan(500);
      expect(error.code).toBe('invalid-config');
      expect(error.message).toMatch(new RegExp(`^${fileName.replace('.', '\\.')}: too deeply nested \\(more than \\d+ levels\\)$`));
    }
  });
});

describe('describeIssues', () => {
  it('reports each key a strict schema does not know on its own path', () => {
    const result = z
      .strictObject({ serializer: z.strictObject({ tables: z.string() }) })
      .safeParse({ serializer: { tables: 'x', tabels: 'y' }, extra: 1 });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!, 'config', 'not an option')).toBe('serializer.tabels: not an option; extra: not an option');
  });
});
