import { describe, expect, it } from 'vitest';
import { withOption, withStrategy } from './config-edits';

describe('withOption', () => {
  const config = { strategy: 'hybrid', maxTokens: 256, mergePeers: true };

  it('sets an option on a copy', () => {
    const next = withOption(config, 'mergePeers', false);
    expect(next).toEqual({ strategy: 'hybrid', maxTokens: 256, mergePeers: false });
    expect(config.mergePeers).toBe(true);
  });

  it('removes an option set to nothing, so that its default applies', () => {
    expect(Object.keys(withOption(config, 'mergePeers', undefined))).toEqual(['strategy', 'maxTokens']);
    expect(Object.keys(withOption(config, 'maxTokens', ''))).toEqual(['strategy', 'mergePeers']);
  });
});

describe('withStrategy', () => {
  it('keeps tokenizer and size and drops the old strategy options', () => {
    const config = { strategy: 'semantic', tokenizer: 'tiktoken:cl100k_base', maxTokens: 300, targetSize: 200, headingLevels: [1, 2] };
    expect(withStrategy(config, 'recursive')).toStrictEqual({ strategy: 'recursive', tokenizer: 'tiktoken:cl100k_base', maxTokens: 300 });
  });

  it('keeps whether speaker notes and comments are chunked', () => {
    expect(withStrategy({ strategy: 'hybrid', includeNotes: true, mergePeers: false }, 'semantic')).toStrictEqual({
      strategy: 'semantic',
      includeNotes: true,
    });
  });

  it('adds no keys the config did not have', () => {
    expect(withStrategy({ strategy: 'hybrid' }, 'sentences')).toStrictEqual({ strategy: 'sentences' });
  });
});
