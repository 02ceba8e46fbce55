import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { DoclingDocument } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import { attachImageSources } from '../image-source';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { writeInSteps } from '../parse-steps';
import { decodeSourceText } from '../source-text';
import { MarkdownContext } from './context';
import { gfmWithoutLiteralAutolinks } from './gfm-syntax';
import { hasHtmlBlock } from './html-detour';
import { linkLiteralAutolinks } from './literal-autolinks';
import { checkMarkdownLimits } from './markdown-limits';
import { MdastWriter } from './mdast-to-document';
import { previewCut } from './preview-cut';

/** Top-level blocks written between two cancellation checks and progress reports. */
const BLOCKS_PER_STEP = 200;

const markdownProcessor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(gfmWithoutLiteralAutolinks);

/**
 * Markdown (CommonMark + GFM + YAML front matter) to the IR, shaped like Docling's Markdown backend.
 * Every item's `source_span` is `[start, end)` in code points of the decoded file text (see
 * `decodeSourceText`: BOM excluded, line endings as in the file).
 */
export const markdownParser: DocumentParser = {
  format: 'markdown',
  extensions: ['.md', '.markdown'],
  mimeType: 'text/markdown',

  async parse(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
    const { signal, onProgress } = options;
    const source = decodeSourceText(input);
    await checkpoint(signal);
    onProgress?.({ stage: 'parse', done: 0, total: 1 });
    checkMarkdownLimits(source, input.fileName);
    const cut =
      options.onPreview && source.length >= PREVIEW_FROM_CHARS ? previewCut(source, PREVIEW_MIN_CHARS, PREVIEW_MAX_CHARS) : undefined;
    if (cut !== undefined) {
      // the file's beginning read as a document of its own; its spans are the whole file's too
      options.onPreview?.(await readMarkdown(input, source.slice(0, cut), { signal }));
    }
    return readMarkdown(input, source, options);
  },
};

/** Files this long (code units) show a preview of their beginning while the whole is read. */
const PREVIEW_FROM_CHARS = 1_000_000;
/** The preview's length: enough for the first screens of chunks, read in a fraction of a second. */
const PREVIEW_MIN_CHARS = 50_000;
const PREVIEW_MAX_CHARS = 150_000;

async function readMarkdown(input: ParseInput, source: string, options: ParseOptions): Promise<DoclingDocument> {
  const builder = new DocumentBuilder(input.fileName, markdownParser.mimeType, input.bytes);
  const root = markdownProcessor.parse(source);
  linkLiteralAutolinks(root, source);
  await checkpoint(options.signal);
  const writer = new MdastWriter(new MarkdownContext(builder, source, hasHtmlBlock(root)), root);
  await writeInSteps(root.children, (block) => writer.writeBlock(block), { stage: 'block', every: BLOCKS_PER_STEP }, options);
  writer.finish();
  await attachImageSources(builder, options.documentFolder);
  return builder.doc;
}
