import { StratumError } from '../../../../src-shared/errors';
import { isRecord } from '../../../../src-shared/is-record';
import type { OcrBlock, OcrPage } from '../ocr-json/ocr-json-schema';
import type { LayoutEngineAdapter, TranslatedLayout } from './layout-engine-adapter';

/**
 * MinerU's content list (`<name>_content_list.json`): a JSON array of blocks in reading order, each
 * with a `type`, its 0-based `page_idx` and a `bbox` `[x0, y0, x1, y1]` scaled to 0..1000 of the
 * page (top-left origin). The mapping is documented in resources/layout-json.md.
 */

type Item = Record<string, unknown>;

/** MinerU's boxes are per mille of the page. */
const PAGE_SCALE = 1000;

/** Blocks a page runs (header, footer, page number) are furniture, as MinerU leaves them out of its Markdown. */
const FURNITURE: Readonly<Record<string, OcrBlock['category']>> = {
  header: 'Page-header',
  footer: 'Page-footer',
  page_number: 'Page-footer',
};

/** A display equation's own `$$ ... $$` (or `\[ ... \]`) delimiters: the formula item holds the LaTeX alone. */
const DISPLAY_MATH = /^\s*(?:\$\$([\s\S]*)\$\$|\\\[([\s\S]*)\\\])\s*$/;

export const mineruContentList: LayoutEngineAdapter = {
  engine: 'mineru',
  fileSuffix: '_content_list.json',
  recognises: (value) =>
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isRecord(item) && typeof item.type === 'string') &&
    value.some((item) => typeof (item as Item).page_idx === 'number'),
  translate: translateContentList,
};

function translateContentList(value: unknown, fileName: string): TranslatedLayout {
  if (!Array.isArray(value)) throw notContentList(fileName, 'expected a JSON array of blocks');
  const warnings: string[] = [];
  const pages = new Map<number, { block: OcrBlock; hasBox: boolean }[]>();
  value.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) throw itemError(fileName, index, undefined, 'is not an object');
    if (typeof raw.type !== 'string' || raw.type === '')
      throw itemError(fileName, index, undefined, 'has no "type" (a string such as "text")');
    const pageIdx = raw.page_idx;
    if (typeof pageIdx !== 'number' || !Number.isInteger(pageIdx) || pageIdx < 0) {
      throw itemError(fileName, index, raw.type, 'has no "page_idx" (its page, a whole number from 0)');
    }
    const box = boxOf(raw, index, fileName);
    const warn = (problem: string) => warnings.push(`item [${index}] (${raw.type as string}) ${problem}`);
    const page = pages.get(pageIdx) ?? pages.set(pageIdx, []).get(pageIdx)!;
    for (const block of blocksOf(raw, raw.type, warn))
      page.push({ block: { ...block, bbox: box ?? [0, 0, 0, 0] }, hasBox: box !== undefined });
  });
  const ocrPages = [...pages.entries()].sort(([a], [b]) => a - b).map(([pageIdx, blocks]) => pageOf(pageIdx, blocks));
  return { document: { version: 1, coord_origin: 'TOPLEFT', metadata: {}, pages: ocrPages }, warnings };
}

/**
 * A page of 1000 x 1000, MinerU's scale (larger when a box reaches past it, as older versions
 * gave page coordinates); a block without a box is placed on the whole page.
 */
function pageOf(pageIdx: number, blocks: readonly { block: OcrBlock; hasBox: boolean }[]): OcrPage {
  const width = Math.max(PAGE_SCALE, ...blocks.map(({ block }) => block.bbox[2]));
  const height = Math.max(PAGE_SCALE, ...blocks.map(({ block }) => block.bbox[3]));
  return {
    page_no: pageIdx + 1,
    width,
    height,
    blocks: blocks.map(({ block, hasBox }) => (hasBox ? block : { ...block, bbox: [0, 0, width, height] })),
  };
}

type Block = Omit<OcrBlock, 'bbox'>;

/** The OCR-JSON blocks of one MinerU block (a list gives one per item); `warn` says what was read past. */
function blocksOf(item: Item, type: string, warn: (problem: string) => void): Block[] {
  const text = stringField(item, 'text');
  switch (type) {
    case 'text': {
      if (text === undefined) return missing(warn, 'text');
      const level = typeof item.text_level === 'number' ? Math.round(item.text_level) : 0;
      return [level >= 1 ? { category: 'Section-header', text, level } : { category: 'Text', text }];
    }
    case 'image':
    case 'chart':
      return [picture(item, type)];
    case 'table': {
      const html = stringField(item, 'table_body');
      const notes = { captions: strings(item, 'table_caption'), footnotes: strings(item, 'table_footnote') };
      if (html !== undefined) return [{ category: 'Table', text: '', html, ...notes }];
      warn('has no "table_body": kept as a picture of the table');
      return [{ category: 'Picture', text: '', image: stringField(item, 'img_path'), ...notes }];
    }
    case 'equation':
      if (text === undefined) return missing(warn, 'text');
      return [{ category: 'Formula', text: withoutDisplayDelimiters(text) }];
    case 'code': {
      const body = stringField(item, 'code_body') ?? text;
      if (body === undefined) return missing(warn, 'code_body');
      return [{ category: 'Code', text: body, language: stringField(item, 'guess_lang'), captions: strings(item, 'code_caption') }];
    }
    case 'list': {
      const items = strings(item, 'list_items');
      if (items.length === 0) return missing(warn, 'list_items');
      return items.map((entry) => ({ category: 'List-item', text: entry }));
    }
    case 'page_footnote':
      return text === undefined ? missing(warn, 'text') : [{ category: 'Footnote', text }];
    default: {
      const furniture = FURNITURE[type];
      if (furniture) return text === undefined ? missing(warn, 'text') : [{ category: furniture, text }];
      if (text === undefined) {
        warn('is of a type Stratum does not know and has no "text": left out');
        return [];
      }
      warn('is of a type Stratum does not know: read as text');
      return [{ category: 'Text', text }];
    }
  }
}

function picture(item: Item, type: string): Block {
  const captions = [...strings(item, `${type}_caption`), ...strings(item, 'img_caption')];
  const footnotes = [...strings(item, `${type}_footnote`), ...strings(item, 'img_footnote')];
  return { category: 'Picture', text: '', image: stringField(item, 'img_path'), captions, footnotes };
}

function missing(warn: (problem: string) => void, field: string): Block[] {
  warn(`has no "${field}": left out`);
  return [];
}

function withoutDisplayDelimiters(latex: string): string {
  const match = DISPLAY_MATH.exec(latex);
  return (match ? (match[1] ?? match[2] ?? '') : latex).trim();
}

function stringField(item: Item, name: string): string | undefined {
  const value = item[name];
  return typeof value === 'string' ? value : undefined;
}

/** A field holding a list of strings (a single string is a list of one). */
function strings(item: Item, name: string): string[] {
  const value = item[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function boxOf(item: Item, index: number, fileName: string): [number, number, number, number] | undefined {
  const { bbox } = item;
  if (bbox === undefined) return undefined;
  if (!Array.isArray(bbox) || bbox.length !== 4 || !bbox.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw itemError(fileName, index, item.type as string, 'has a "bbox" that is not [x0, y0, x1, y1]');
  }
  return bbox as [number, number, number, number];
}

function itemError(fileName: string, index: number, type: string | undefined, problem: string): StratumError {
  return notContentList(fileName, `item [${index}]${type ? ` (${type})` : ''} ${problem}`);
}

function notContentList(fileName: string, reason: string): StratumError {
  return new StratumError('corrupt-file', `${fileName}: not a readable MinerU content list: ${reason}`);
}
