import { describe, expect, it } from 'vitest';
import { frontMatterMetadata } from './front-matter';

describe('frontMatterMetadata', () => {
  it('gives the top-level keys of a mapping', () => {
    expect(frontMatterMetadata('title: Handbook\ntags: [a, b]\n')).toEqual({ title: 'Handbook', tags: ['a', 'b'] });
  });

  it('keeps front matter nested too deeply as text, at once', () => {
    const yamlText = `tags: ${'['.repeat(8000)}${']'.repeat(8000)}`;
    const started = performance.now();
    expect(frontMatterMetadata(yamlText)).toEqual({ front_matter: yamlText });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
