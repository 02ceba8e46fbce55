import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isStratumError } from '../../../../src-shared/errors';
import { resolveChunkingConfig } from '../../pipeline-config';
import { strategyByName } from '../registry';

const ours = [
  'semantic',
  'parent-child',
  'layered',
  'recursive',
  'fixed-tokens',
  'fixed-characters',
  'fixed-words',
  'sentences',
  'paragraphs',
];

function configError(config: Record<string, unknown>): string {
  try {
    resolveChunkingConfig({ tokenizer: 'tiktoken:cl100k_base', ...config });
  } catch (error) {
    if (isStratumError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('options of the structure-aware and baseline strategies', () => {
  it.each(ours)('%s is registered, accepts an empty config and publishes a JSON Schema with documented defaults', (name) => {
    const strategy = strategyByName(name);
    expect(strategy.optionsSchema.safeParse({}).success).toBe(true);
    const schema = z.toJSONSchema(strategy.optionsSchema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as {
      properties: Record<string, { description?: string }>;
      additionalProperties?: boolean;
    };
    expect(schema.additionalProperties).toBe(false);
    for (const [key, property] of Object.entries(schema.properties)) expect(property.description, key).toMatch(/default/);
  });

  it('a bad value is an invalid-config error naming the field', () => {
    expect(configError({ strategy: 'semantic', targetSize: 0 })).toMatch(/^invalid-config: targetSize: must be a positive integer/);
    expect(configError({ strategy: 'recursive', size: 100, overlap: 150 })).toBe(
      'invalid-config: overlap: must be smaller than size (100)',
    );
    expect(configError({ strategy: 'parent-child', parentBy: 'chapter' })).toMatch(/^invalid-config: parentBy: /);
    expect(configError({ strategy: 'layered', clauseSize: 100 })).toMatch(/^invalid-config: .*clauseSize/);
    expect(configError({ strategy: 'semantic', splitLevels: [1, 3], targetSize: 200 })).toBe('accepted');
  });
});
