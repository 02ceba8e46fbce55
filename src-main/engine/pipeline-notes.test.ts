import { describe, expect, it } from 'vitest';
import { corpusFile } from './parse/parser.test-support';
import { chunkDocument, parseDocument } from './pipeline';
import { resolveChunkingConfig } from './pipeline-config';

const chunkTexts = async (path: string, config: Record<string, unknown>): Promise<string> => {
  const fileName = path.split('/').pop()!;
  const { doc, docId } = await parseDocument(fileName, corpusFile(path));
  return [...chunkDocument(doc, docId, { tokenizer: 'words', maxTokens: 512, ...config })].map((c) => c.text).join('\n');
};

describe('includeNotes: speaker notes and comments in chunks', () => {
  it.each(['hybrid', 'hierarchical', 'paragraphs', 'semantic'])(
    '%s leaves them out by default and takes them in when asked',
    async (strategy) => {
      const speakerNote = 'Some notes on the second slide.';
      expect(await chunkTexts('pptx/powerpoint_sample.pptx', { strategy })).not.toContain(speakerNote);
      expect(await chunkTexts('pptx/powerpoint_sample.pptx', { strategy, includeNotes: true })).toContain(speakerNote);
      const cellComment = 'Why Python specifically?';
      expect(await chunkTexts('xlsx/xlsx_comments.xlsx', { strategy })).not.toContain(cellComment);
      expect(await chunkTexts('xlsx/xlsx_comments.xlsx', { strategy, includeNotes: true })).toContain(cellComment);
    },
  );

  it('is recorded in the config only when true, so that other configs keep their hash and chunk ids', () => {
    const plain = resolveChunkingConfig({ tokenizer: 'words' });
    expect(resolveChunkingConfig({ tokenizer: 'words', includeNotes: false }).configHash).toBe(plain.configHash);
    const withNotes = resolveChunkingConfig({ tokenizer: 'words', includeNotes: true });
    expect(withNotes.config.includeNotes).toBe(true);
    expect(withNotes.configHash).not.toBe(plain.configHash);
    expect(() => resolveChunkingConfig({ includeNotes: 'yes' })).toThrow('includeNotes: must be true or false');
  });
});
