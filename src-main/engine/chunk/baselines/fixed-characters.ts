import { z } from 'zod';
import { snapToCodePoint } from '../../text/code-points';
import type { TextRange } from '../../text/text-range';
import type { ChunkingStrategy } from '../strategy';
import { chunkPlainText } from './document-chunks';
import { overlapBelowSize, sizeAndOverlap } from './size-options';
import { chunkSourceWindows } from './source-windows';

const optionsSchema = z
  .strictObject({
    ...sizeAndOverlap('characters', { size: 1000, overlap: 200 }),
    over: z
      .enum(['document', 'source'])
      .default('document')
      .describe(
        "What is cut (default document): the document's plain text (its blocks joined by blank lines), or the file's own text as it is " +
          '(source: Markdown, TXT and HTML), whitespace and markup included, as a fixed-size splitter over the raw file cuts it.',
      ),
  })
  .superRefine(overlapBelowSize);
export type FixedCharactersOptions = z.infer<typeof optionsSchema>;

/** Windows of `size` characters, each starting `size - overlap` after the previous; never inside a surrogate pair. */
function* characterWindows(text: string, size: number, overlap: number): Generator<TextRange> {
  let start = 0;
  while (start < text.length) {
    const end = Math.max(snapToCodePoint(text, Math.min(start + size, text.length)), start + 1);
    yield { start, end };
    if (end >= text.length) return;
    start = Math.max(snapToCodePoint(text, end - overlap), start + 1);
  }
}

const overDocumentText = chunkPlainText<FixedCharactersOptions>((text, options) => characterWindows(text, options.size, options.overlap));

export const fixedCharactersStrategy: ChunkingStrategy<FixedCharactersOptions> = {
  name: 'fixed-characters',
  description: 'Baseline: windows of a fixed number of characters over the plain text, with overlap.',
  optionsSchema,
  size: { option: 'size', unit: 'characters', tokenLimit: () => null },
  chunk(context, options) {
    if (options.over === 'source') return chunkSourceWindows(context, options.size, options.overlap);
    return overDocumentText(context, options);
  },
};
