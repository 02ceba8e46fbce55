import { AnnotationMode, OPS } from './pdfjs';
import type { PDFDocumentProxy, PDFOperatorList, PDFPageProxy, TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import type { DoclingDocument } from '../../ir/types';
import { throwIfAborted } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import { describeLimit, inputLimits, tooLarge } from '../limits';
import { readOcrDocument } from '../ocr-json/ocr-json-parser';
import type { ParseInput, ParseOptions } from '../parser';
import { joinCaptionTitles } from './caption-titles';
import { demoteChapterLabels } from './chapter-labels';
import { classifyBlock, type ClassifiedLines } from './classify-block';
import { relabel, reviseHeadings } from './document-headings';
import { bodyStyleOf, readTypewriterBodyAsText } from './document-style';
import { emitDocument, type ClassifiedPage } from './emit-document';
import { furnitureLines, watermarkLines } from './furniture';
import { boxArea } from './geometry';
import { withActualTexts } from './actual-text';
import { withDrawnAdvances } from './drawn-advances';
import { withParagraphDirection } from './line-direction';
import { openPdf } from './load-pdf';
import { pageSpaceMatrix, uprightFrame } from './matrix';
import type { RecognizedPage } from './ocr/recognized-page';
import { recognizeScannedPages } from './ocr/scanned-pages';
import { markedContentBegins } from './marked-content';
import { PageContents } from './page-contents';
import { setTurnedBlocksAside } from './turned-blocks';
import { pageElements, type PageElement } from './page-elements';
import { pageGraphicsOf } from './page-graphics';
import { revisePageHeadings } from './page-heading-rules';
import { withUnderlinesAsWeight } from './underlined-lines';
import { linkAreasOf } from './link-areas';
import { isSlideDeck, markSlideSections, slideSectionLines } from './slide-sections';
import { contentsSlideEntries, continuationTitles, sectionDividers } from './slide-titles';
import { buildPageText } from './page-text';
import { groupLines } from './paragraphs';
import { textAreaOf } from './centred-lines';
import { atBodySize } from './spaced-headings';
import { PDF_MIME } from './pdf-mime';
import { namesGlyphByCode, pdfjsFontOf, type PdfjsFont } from './pdfjs-font';
import { promotePunctuatedHeadings } from './punctuated-headings';
import { strokedTextItems } from './stroked-text';
import { withoutTrackingSpaces } from './tracking-spaces';
import { withoutCancelledSpaces } from './cancelled-spaces';
import { turnedTextRuns } from './turned-text';
import { itemsInSynthesizedBold } from './synthesized-bold';
import { TexCyrillicFonts } from './tex-cyrillic';
import { TexLatinFonts } from './tex-latin';
import { textRunsOf, type FontReading } from './text-runs';
import { writeUnmappedGlyphs } from './unmapped-glyph-text';
import { UnmappedGlyphs } from './unmapped-glyphs';
import { tocEntryLines } from './toc-entries';
import type { Line, RuleSegment } from './types';
import { countWords } from '../../text/words';
import type { FontTextRepair } from './tounicode-repairs';
import { withCodesOfStandIns } from './code-glyph-names';

/** A page without text whose images cover this share of it is a scan. */
const scannedImageShare = 0.3;
/** PDFs of this many pages take seconds to read: a preview of their first pages comes first. */
const previewFromPages = 20;
/** Pages in the preview: more than a screenful of chunks, read in a fraction of a second. */
const previewPages = 2;

interface AnalyzedPage {
  pageNo: number;
  width: number;
  height: number;
  elements: PageElement[];
  /** The page's horizontal rules: a line step across one is no step of the text (see `groupLines`). */
  rules: RuleSegment[];
  scanned: boolean;
  /** Words of text set across the page's lines that neither a picture took as its labels nor a line of their own: not read. */
  unreadTurnedWords: number;
}

/**
 * PDF parser: pdf.js text and operator lists, then layout analysis (lines, reading order by
 * XY-cut, paragraphs, headings, lists, tables, pictures, captions, furniture). Each item carries
 * its page, bounding box (BOTTOMLEFT) and a `source_span` into its page text, which is stored in
 * `metadata.page_texts` (see `buildPageText` for its definition). Pages without a text layer
 * (scans) take their text from a supplied OCR-JSON file or the built-in OCR (`options.ocr`).
 */
export async function parsePdf(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  throwIfAborted(options.signal);
  const supplied = options.ocrJson ? readOcrDocument(options.ocrJson) : undefined;
  const warnings: string[] = [];
  const pdf = await openPdf(input.bytes, input.fileName, options.password, options.signal, true, (repair) => {
    warnings.push(...fontTextWarnings(repair));
  });
  try {
    const pages: AnalyzedPage[] = [];
    const byObject = new Map<string, AnalyzedPage>();
    const reading: FontReading = { unmapped: new UnmappedGlyphs(), texCyrillic: new TexCyrillicFonts(), texLatin: new TexLatinFonts() };
    const { unmapped, texCyrillic, texLatin } = reading;
    const contents = new PageContents(input.bytes, options.password);
    for (let pageNo = 1; pageNo <= pdf.numPages; pageNo++) {
      throwIfAborted(options.signal);
      pages.push(await withinPageTime(analyzePage(pdf, pageNo, warnings, byObject, reading, contents), pageNo, input.fileName));
      options.onProgress?.({ stage: 'page', done: pageNo, total: pdf.numPages });
      if (pageNo === previewPages && pdf.numPages >= previewFromPages && options.onPreview) {
        // scanned pages wait for the whole document (OCR); their preview shows them empty
        options.onPreview(buildDocument(input, pages, new Map(), options, [...warnings]));
      }
    }
    const turnedUnread = pages.filter((page) => page.unreadTurnedWords > 0);
    if (turnedUnread.length > 0) {
      const words = turnedUnread.reduce((sum, page) => sum + page.unreadTurnedWords, 0);
      const where = turnedUnread.map((page) => page.pageNo).join(', ');
      warnings.push(`${words} word(s) of text set across the lines outside any picture were not read (page(s) ${where})`);
    }
    if (texCyrillic.size > 0) {
      warnings.push(
        `${texCyrillic.size} font(s) name their glyphs by their codes alone, which read as Latin-1 letters: their text was ` +
          `read in TeX's Cyrillic encoding (T2A), as their words show`,
      );
    }
    if (texLatin.size > 0) {
      warnings.push(
        `${texLatin.size} font(s) name their glyphs by their codes alone, which read as control characters: their ligatures, ` +
          `quotes and dashes were read in TeX's Latin encodings (T1 or OT1), as their words show`,
      );
    }
    if (unmapped.size > 0) {
      const glyphWarning = writeUnmappedGlyphs(pages, unmapped);
      if (glyphWarning) warnings.push(glyphWarning);
    }
    withParagraphDirection(pages);
    const scanned = pages.filter((page) => page.scanned);
    const recognized = await recognizeScannedPages(pdf, scanned, supplied, options, warnings);
    throwIfAborted(options.signal);
    return buildDocument(input, pages, recognized, options, warnings);
  } finally {
    await pdf.destroy();
  }
}

/**
 * Reads one page. A page tree that lists the same page object again (a "page-tree bomb" lists one
 * page thousands of times) gets the analysis of its first listing, copied, instead of reading it
 * again: the same object has the same content.
 */
async function analyzePage(
  pdf: PDFDocumentProxy,
  pageNo: number,
  warnings: string[],
  byObject: Map<string, AnalyzedPage>,
  reading: FontReading,
  contents: PageContents,
): Promise<AnalyzedPage> {
  try {
    const page = await pdf.getPage(pageNo);
    const object = page.ref ? `${page.ref.num} ${page.ref.gen}` : undefined;
    const earlier = object === undefined ? undefined : byObject.get(object);
    if (earlier) return { ...structuredClone(earlier), pageNo };
    const viewport = page.getViewport({ scale: 1 });
    const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
    const content = await textContentOf(page, contents, operators);
    const texts = content.items.flatMap((item) =>
      'transform' in item ? [{ transform: item.transform as number[], characters: item.str.trim().length }] : [],
    );
    const frame = uprightFrame(pageSpaceMatrix(viewport.transform, viewport.height), viewport.width, viewport.height, texts);
    const { width, height, matrix: pageMatrix } = frame;
    const fakedBold = new Set([...strokedTextItems(operators, content), ...itemsInSynthesizedBold(page, content)]);
    const runs = textRunsOf(page, content, pageMatrix, fakedBold, reading);
    const graphics = pageGraphicsOf(operators, pageMatrix);
    page.cleanup();
    const imageArea = graphics.images.reduce((sum, box) => sum + boxArea(box), 0);
    const scanned = runs.length === 0 && imageArea >= scannedImageShare * width * height;
    const turned = turnedTextRuns(
      content.items.filter((item): item is TextItem => 'str' in item),
      pageMatrix,
    );
    const elements = scanned ? [] : pageElements(runs, graphics, width, height, turned);
    const labelled = new Set(
      elements.flatMap((element) => {
        if (element.kind === 'picture') return element.labels.flatMap((line) => line.runs);
        if (element.kind === 'table') return element.table.cells.flatMap((cell) => cell.lines.flatMap((line) => line.runs));
        // a turned glyph set inside a line of upright text is read in it
        return element.line.runs;
      }),
    );
    const unreadTurnedWords = turned.filter((run) => !labelled.has(run)).reduce((sum, run) => sum + countWords(run.text), 0);
    const rules = graphics.rules.filter((rule) => rule.orientation === 'horizontal');
    const read = await withUnderlinesAsWeight(elements, graphics.rules, () => linkAreasOf(page, pageMatrix));
    const analyzed = { pageNo, width, height, elements: read, rules, scanned, unreadTurnedWords };
    // Kept as it is: it is copied before anything (the page texts, later) changes its lines.
    if (object !== undefined) byObject.set(object, analyzed);
    return analyzed;
  } catch (error) {
    warnings.push(`page ${pageNo}: could not be read (${error instanceof Error ? error.message : String(error)})`);
    return { pageNo, width: 612, height: 792, elements: [], rules: [], scanned: false, unreadTurnedWords: 0 };
  }
}

/**
 * The page's text items, each marked-content sequence with an `/ActualText` read as that text (see `withActualTexts`),
 * without the spaces pdf.js writes for letter spacing (`withoutTrackingSpaces`) or for space glyphs that draw no space
 * (`withoutCancelledSpaces`), and as wide as their glyphs are drawn (`withDrawnAdvances`). Only a page whose text pdf.js finds in marked content with properties (`BDC`) can carry an
 * `/ActualText`: the others' content streams are not read again here.
 */
async function textContentOf(page: PDFPageProxy, contents: PageContents, operators: PDFOperatorList): Promise<TextContent> {
  const marked = await page.getTextContent({ includeMarkedContent: true });
  // Read back the codes a repaired map gave stand-ins, before anything reads the items (see `codeAsText`).
  for (const item of marked.items) {
    if ('str' in item) item.str = withCodesOfStandIns(item.str, (code) => namesGlyphByCode(pdfjsFontOf(page, item.fontName) ?? {}, code));
  }
  const withAdvances = (content: TextContent): TextContent => ({
    ...content,
    items: withDrawnAdvances(
      withoutTrackingSpaces(withoutCancelledSpaces(content, operators), operators).items,
      facesOf(page, content, operators),
    ),
  });
  const unmarked = (): TextContent => withAdvances({ ...marked, items: marked.items.filter((item) => 'str' in item) });
  const hasProperties = marked.items.some((item) => 'type' in item && item.type === 'beginMarkedContentProps');
  const begins = hasProperties && page.ref ? markedContentBegins((await contents.of(page.ref)) ?? new Uint8Array()) : undefined;
  if (!begins) return unmarked();
  return withActualTexts(withAdvances(marked), begins) ?? unmarked();
}

/**
 * For each font of the page's text, that font and then the page's other fonts of the same name (one face split in
 * several). The page's fonts are those its items name and those it sets: pdf.js reads a string on into the item before
 * it when its font has the same name, so an item may hold glyphs of a font no item names.
 */
function facesOf(page: PDFPageProxy, content: TextContent, operators: PDFOperatorList): (fontName: string) => readonly PdfjsFont[] {
  const fonts = new Map<string, PdfjsFont>();
  // a loop, not flatMap: a page may have tens of thousands of operators
  const setFonts: string[] = [];
  operators.fnArray.forEach((fn, at) => {
    if (fn === OPS.setFont) setFonts.push(String((operators.argsArray[at] as unknown[])[0]));
  });
  for (const fontName of [...content.items.flatMap((item) => ('fontName' in item ? [item.fontName] : [])), ...setFonts]) {
    const font = fonts.has(fontName) ? undefined : pdfjsFontOf(page, fontName);
    if (font) fonts.set(fontName, font);
  }
  const faces = new Map<string, readonly PdfjsFont[]>();
  return (fontName) => {
    const font = fonts.get(fontName);
    if (!font) return [];
    let found = faces.get(fontName);
    if (!found) {
      const sameName = [...fonts.values()].filter((other) => other !== font && typeof font.name === 'string' && other.name === font.name);
      found = [font, ...sameName];
      faces.set(fontName, found);
    }
    return found;
  };
}

/**
 * The page's analysis, or a `too-large` error once it has taken longer than `maxPageMilliseconds`.
 * pdf.js yields between slices of its work, so the timer gets through; destroying the document
 * (which the caller does on the error) stops the work pdf.js still has under way for the page.
 */
async function withinPageTime<T>(analysis: Promise<T>, pageNo: number, fileName: string): Promise<T> {
  const limits = inputLimits();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const found = `page ${pageNo} takes more than ${describeLimit('maxPageMilliseconds', limits)} to read`;
      reject(tooLarge(fileName, found, 'maxPageMilliseconds', limits));
    }, limits.maxPageMilliseconds);
  });
  try {
    return await Promise.race([analysis, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function buildDocument(
  input: ParseInput,
  pages: readonly AnalyzedPage[],
  recognized: ReadonlyMap<number, RecognizedPage>,
  options: ParseOptions,
  warnings: string[],
): DoclingDocument {
  const builder = new DocumentBuilder(input.fileName, PDF_MIME, input.bytes);
  // The document's statistics (its body style, text area, running lines) are those of its upright text: a turned line's
  // upright box is as wide as its text is high.
  const linesOf = (page: AnalyzedPage, turned = false): Line[] =>
    page.elements.flatMap((e) => (e.kind === 'line' && Boolean(e.line.turned) === turned ? [e.line] : []));
  const pageLines = pages.map((page) => ({ width: page.width, height: page.height, lines: linesOf(page) }));
  const slideSections = slideSectionLines(pageLines);
  const furniture = furnitureLines(pageLines);
  for (const line of slideSections) furniture.delete(line);
  for (const line of watermarkLines(pages.map((page) => linesOf(page, true)))) furniture.add(line);
  for (const line of pageLines.flatMap((page) => page.lines)) if (line.lineNumber) furniture.add(line);
  const body = bodyStyleOf(pages.flatMap((page) => linesOf(page).filter((line) => !furniture.has(line))));
  if (body.typewriter) readTypewriterBodyAsText(pages.flatMap((page) => linesOf(page)));
  const textArea = textAreaOf(pages.flatMap((page) => linesOf(page).filter((line) => !furniture.has(line) && atBodySize(line, body))));
  const pageTexts: Record<string, string> = {};
  let previousToc = new Set<Line>();
  const classified: ClassifiedPage[] = pages.map((page) => {
    const ocr = recognized.get(page.pageNo);
    const blocks = groupLines(page.elements, furniture, textArea, page.rules, body.fontSize);
    // Also gives every line its span: called for every page, a scan's page text is its OCR text.
    const layoutText = buildPageText(blocks);
    pageTexts[String(page.pageNo)] = ocr?.text ?? layoutText;
    const toc = tocEntryLines(linesOf(page), previousToc);
    previousToc = toc;
    const classifiedBlocks = demoteChapterLabels(joinCaptionTitles(blocks.map((b) => classifyBlock(b, page.height, body, toc))));
    return { pageNo: page.pageNo, width: page.width, height: page.height, blocks: classifiedBlocks, ...(ocr ? { recognized: ocr } : {}) };
  });
  const restoreTurnedBlocks = setTurnedBlocksAside(classified);
  const asText = (block: ClassifiedLines): ClassifiedLines => ({ ...block, label: 'text' });
  const contentsEntries = contentsSlideEntries(classified);
  relabel(classified, new Set([...contentsEntries, ...continuationTitles(classified, contentsEntries)]), asText);
  reviseHeadings(classified, body);
  if (!isSlideDeck(classified)) promotePunctuatedHeadings(classified, body);
  revisePageHeadings(classified);
  relabel(classified, sectionDividers(classified), (block) => ({ ...block, slideSection: true }));
  markSlideSections(classified, slideSections);
  restoreTurnedBlocks();
  emitDocument(builder, classified, body.fontSize);
  const scannedPages = pages.filter((p) => p.scanned).map((p) => p.pageNo);
  const unread = scannedPages.filter((pageNo) => !recognized.has(pageNo));
  if (unread.length > 0) {
    const why = options.ocr === 'off' ? 'OCR is off' : 'OCR found no text';
    warnings.push(`no text layer on page(s) ${unread.join(', ')} and ${why}: they have no text`);
  }
  builder.setMetadata('page_texts', pageTexts);
  builder.setMetadata('scanned_pages', scannedPages);
  if (recognized.size > 0)
    builder.setMetadata('ocr_pages', Object.fromEntries([...recognized].map(([pageNo, page]) => [String(pageNo), page.source])));
  if (warnings.length > 0) builder.setMetadata('warnings', warnings);
  return builder.doc;
}

/** What the user is told of the fonts' text that was repaired before the parse (see `withFontsOwnText`). */
function fontTextWarnings({ fonts, byteSwappedMaps, partialMapFonts, codeNamedMaps }: Omit<FontTextRepair, 'bytes'>): string[] {
  const warnings: string[] = [];
  if (fonts.length > 0)
    warnings.push(
      `the ToUnicode maps of ${fontList(fonts)} give their glyphs other text than the fonts' own character maps; ` +
        'their text was read from the fonts',
    );
  if (partialMapFonts.length > 0)
    warnings.push(
      `the ToUnicode maps of ${fontList(partialMapFonts)} leave out glyphs that the fonts' programs name ` +
        '("fi", quotes, dashes); their text was read from those glyph names',
    );
  if (byteSwappedMaps > 0)
    warnings.push(
      `${byteSwappedMaps} ToUnicode map(s) give some glyphs (ligatures) their text in the wrong byte order ("昀椀" for "fi"); ` +
        'it was read in its order',
    );
  if (codeNamedMaps > 0)
    warnings.push(
      `${codeNamedMaps} ToUnicode map(s) read glyph names that say only the glyphs' codes as other characters ` +
        '(a carriage return for "c", "Æ" for "ffi"); those glyphs were read by their codes',
    );
  return warnings;
}

/** "3 font(s) (A, B, C)", naming three at most. */
function fontList(names: readonly string[]): string {
  return `${names.length} font(s) (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})`;
}
