import { describe, expect, it } from 'vitest';
import type { HandEdit } from './hand-edits';
import { NO_ENRICHMENT, parsePipelineConfigText, pipelineFileOf, validatePipelineConfig } from './pipeline-config';

describe('pipeline config', () => {
  it('keeps hand edits beside the chunker, and names what is wrong in one', () => {
    const split: HandEdit = { kind: 'split', id: 'e1', at: { offset: 884, page: 1 }, before: ['encoder', 'and'], after: ['decoder'] };
    const file = pipelineFileOf({ maxTokens: 128 }, NO_ENRICHMENT, [split]);
    expect(file).toEqual({ chunker: { maxTokens: 128 }, edits: [split] });
    expect(validatePipelineConfig(file)).toMatchObject({ chunker: { maxTokens: 128 }, edits: [split] });
    expect(validatePipelineConfig({ maxTokens: 128 })).not.toHaveProperty('edits');
    expect(() => validatePipelineConfig({ edits: [{ ...split, before: [] }] })).toThrow(
      'edits.0.before: must name the words before the split',
    );
    expect(() => validatePipelineConfig({ edits: [{ kind: 'glue' }] })).toThrow(/edits\.0(\.kind)?: /);
  });

  it('reads the documented shape: a chunk config, steps by name or with options, an llm block', () => {
    const text = [
      'chunker: { strategy: semantic, maxTokens: 256 }',
      'enrich:',
      '  - keywords',
      '  - references',
      '  - pii: { action: mask }',
      '  - summary',
      'llm: { provider: openai-compatible, baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1" }',
    ].join('\n');
    expect(parsePipelineConfigText(text, 'pipeline.yaml')).toEqual({
      chunker: { strategy: 'semantic', maxTokens: 256 },
      enrich: [
        { name: 'keywords', options: {} },
        { name: 'references', options: {} },
        { name: 'pii', options: { action: 'mask' } },
        { name: 'summary', options: {} },
      ],
      onError: 'fail-fast',
      llm: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' },
    });
    expect(parsePipelineConfigText('{"enrich": ["keywords"], "onError": "continue"}', 'p.json')).toMatchObject({
      chunker: {},
      onError: 'continue',
    });
  });

  it('takes a chunk config file on its own as a pipeline without steps', () => {
    expect(parsePipelineConfigText('strategy: hybrid\nmaxTokens: 256\nserializer: { tables: markdown }\n', 'stratum.yaml')).toEqual({
      chunker: { strategy: 'hybrid', maxTokens: 256, serializer: { tables: 'markdown' } },
      enrich: [],
      onError: 'fail-fast',
    });
    expect(parsePipelineConfigText('', 'empty.yaml')).toEqual({ chunker: {}, enrich: [], onError: 'fail-fast' });
  });

  it('names the field of every mistake', () => {
    const message = (value: unknown) => {
      try {
        validatePipelineConfig(value);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'accepted';
    };
    expect(message({ strategy: 'hybrid', enrich: [] })).toBe('strategy: unknown key (chunker options go under chunker:)');
    expect(message({ enrich: 'keywords' })).toBe('enrich: must be a list of steps');
    expect(message({ enrich: [{ pii: {}, keywords: {} }] })).toBe(
      'enrich.0: must be a step name or a mapping of one step name to its options',
    );
    expect(message({ enrich: ['keywords', { keywords: { topK: 3 } }] })).toBe('enrich: the step "keywords" is listed twice');
    expect(message({ chunker: { maxTokens: 0 } })).toBe('chunker.maxTokens: must be a positive integer');
    expect(message({ onError: 'ignore' })).toBe('onError: must be fail-fast or continue');
    expect(message({ llm: { provider: 'openai-compatible', model: 'm', apiKey: 'sk-secret' } })).toMatch(
      /^llm\.apiKey: a key is never written/,
    );
    expect(message({ llm: { provider: 'other', model: 'm' } })).toBe('llm.provider: must be openai-compatible or anthropic');
    expect(message({ llm: { provider: 'anthropic', model: 'm', baseUrl: 'file:///etc/passwd' } })).toBe(
      'llm.baseUrl: must be an http or https URL',
    );
    expect(message({ llm: { provider: 'anthropic', model: 'm', prices: { m: { input: 3 } } } })).toBe(
      'llm.prices.m.output: must be a price in USD per million tokens',
    );
    const prices = { 'gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 } };
    const llm = {
      provider: 'openai-compatible',
      model: 'gpt-4o-mini',
      apiKeyEnv: 'OPENAI_API_KEY',
      prices,
      maxConcurrency: 8,
      cache: false,
    };
    expect(validatePipelineConfig({ enrich: ['context'], llm }).llm).toEqual(llm);
  });
});
