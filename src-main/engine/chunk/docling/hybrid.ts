import type { DocItem, DoclingDocument } from '../../ir/types';
import { codePointLength, codePointSlice } from '../../text/code-points';
import { contextualize } from '../../text/contextualize';
import type { Tokenizer } from '../../tokenize/tokenizer';
import type { DocChunk } from './doc-chunk';
import { hierarchicalChunksOf } from './document-derivations';
import { chunkLines } from './line-chunker';
import { semchunk, TextCut, type Segment } from './semchunk';
import { SemchunkCounter } from './semchunk-counter';
import type { ChunkingSerializer } from './serializer/doc-serializer';
import { EMPTY_RESULT, joinedOrigins, sliceOrigins, type SerializationResult, type TextOrigin } from './serializer/serialization-result';
import { TokenBudget } from './token-budget';

export interface HybridSettings {
  maxTokens: number;
  mergePeers: boolean;
  repeatTableHeader: boolean;
  omitHeaderOnOverflow: boolean;
  alwaysEmitHeadings: boolean;
  delim: string;
}

/**
 * docling-core's HybridChunker: hierarchical chunks, re-windowed over their doc items,
 * oversized ones split (table path or semchunk), then peers with equal headings merged. Lazy, and
 * linear in the document: per-item and per-chunk counts are kept and summed, windows are never
 * re-tokenized from scratch (see `TokenBudget`). Chunks carry their contextualized token count
 * when it is known exactly.
 */
export function* hybridChunks(
  doc: DoclingDocument,
  serializer: ChunkingSerializer,
  tokenizer: Tokenizer,
  settings: HybridSettings,
): Generator<DocChunk> {
  const budget = new TokenBudget(tokenizer, settings.delim, settings.maxTokens);
  const pieces = splitPieces(doc, serializer, budget, settings);
  if (settings.mergePeers) yield* mergePeers(pieces, budget);
  else for (const piece of pieces) yield finished(piece.chunk, tokensOf(piece, budget));
}

interface Piece {
  chunk: DocChunk;
  /** count(chunk.text), once known. */
  textTokens?: number;
  /** count(contextualize(chunk)), once known. */
  tokens?: number;
}

function tokensOf(piece: Piece, budget: TokenBudget): number | undefined {
  return piece.tokens ?? budget.contextualizedTokens(piece.chunk, piece.textTokens);
}

/** The chunk as yielded: a literal rather than a spread (V8 copies our mixed-shape chunks slowly), count included. */
function finished(chunk: DocChunk, tokenCount: number | undefined): DocChunk {
  return {
    text: chunk.text,
    docItems: chunk.docItems,
    headings: chunk.headings,
    headingRefs: chunk.headingRefs,
    headingOnly: chunk.headingOnly,
    origins: chunk.origins,
    tokenCount,
  };
}

function* splitPieces(
  doc: DoclingDocument,
  serializer: ChunkingSerializer,
  budget: TokenBudget,
  settings: HybridSettings,
): Generator<Piece> {
  for (const chunk of hierarchicalChunksOf(doc, serializer, settings.alwaysEmitHeadings)) {
    for (const window of splitByDocItems(chunk, serializer, budget)) {
      yield* splitUsingPlainText(window, serializer, budget, settings, true);
    }
  }
}

/** docling-core's `_split_by_doc_items`: grow a window over the chunk's items (each serialized on its own) while it fits. */
function* splitByDocItems(chunk: DocChunk, serializer: ChunkingSerializer, budget: TokenBudget): Generator<Piece> {
  const items = chunk.docItems;
  if (items.length <= 1) {
    yield { chunk };
    return;
  }
  const delim = budget.delim;
  const results: SerializationResult[] = items.map((item) => {
    if (item.label === 'title' || item.label === 'section_header') return EMPTY_RESULT;
    return serializer.serialize(item);
  });
  const texts = results.map((result) => result.text);
  const counts: Array<number | undefined> = [];
  const countOf = (k: number) => (counts[k] ??= texts[k] ? budget.count(texts[k]!) : 0);
  const headingTokens = chunk.headings ? budget.headingsTokens(chunk.headings) : 0;
  const windowChunk = (start: number, end: number): DocChunk => {
    const parts = results.slice(start, end + 1).filter((result) => result.text);
    return {
      text: parts.map((part) => part.text).join(delim),
      docItems: items.slice(start, end + 1),
      headings: chunk.headings,
      headingRefs: chunk.headingRefs,
      headingOnly: chunk.headingOnly,
      origins: joinedOrigins(parts, delim),
    };
  };
  /** The window's text count is the sum of its items' counts when counts add up across the delimiter. */
  const windowPiece = (start: number, end: number, itemTokens: number, itemCount: number): Piece => {
    const window = windowChunk(start, end);
    return budget.additive ? { chunk: window, textTokens: budget.joinedTokens(itemTokens, itemCount) } : { chunk: window };
  };

  let start = 0;
  let end = 0;
  let sumTokens = countOf(0);
  let included = texts[0] ? 1 : 0;
  const reset = (index: number) => {
    sumTokens = index < items.length ? countOf(index) : 0;
    included = index < items.length && texts[index] ? 1 : 0;
  };
  while (end < items.length) {
    // With headings the text is one part even when empty (`headings + delim + ''`).
    const parts = chunk.headings ? 1 + Math.max(included, 1) : included;
    const fits = budget.fits(sumTokens + headingTokens, parts, () => contextualize(windowChunk(start, end), delim));
    if (fits) {
      if (end < items.length - 1) {
        end += 1;
        sumTokens += countOf(end);
        if (texts[end]) included += 1;
        continue;
      }
      yield windowPiece(start, end, sumTokens, included);
      end = items.length;
    } else if (start === end) {
      yield windowPiece(start, end, sumTokens, included);
      end += 1;
      start = end;
      reset(end);
    } else {
      yield windowPiece(start, end - 1, sumTokens - countOf(end), included - (texts[end] ? 1 : 0));
      start = end;
      reset(end);
    }
  }
}

/** docling-core's `_split_using_plain_text`: a chunk over the limit is cut into segments that share its meta. */
function* splitUsingPlainText(
  piece: Piece,
  serializer: ChunkingSerializer,
  budget: TokenBudget,
  settings: HybridSettings,
  tablePathAllowed: boolean,
): Generator<Piece> {
  const { chunk } = piece;
  // A text of more than three characters per token allowed (prose has some four or five per token) is
  // likely to be split next: cut it as semchunk does and count it split by split, once for both.
  const cut = piece.textTokens === undefined && chunk.text.length > 3 * budget.maxTokens ? new TextCut(chunk.text) : undefined;
  const countText = () => cut?.summedTokens(budget.tokenizer) ?? budget.count(chunk.text);
  // Without headings the text is the contextualized text: one count serves both.
  const textTokens = piece.textTokens ?? (budget.additive || !chunk.headings ? countText() : undefined);
  const total = budget.contextualizedTokens(chunk, textTokens) ?? budget.count(contextualize(chunk, budget.delim));
  if (total <= budget.maxTokens) {
    yield { chunk, textTokens, tokens: total };
    return;
  }
  const knownTextTokens = textTokens ?? countText();
  const available = budget.maxTokens - (total - knownTextTokens);
  if (available <= 0) {
    // Headings alone overflow: docling drops them for good, and as it rebuilds the chunk from its JSON export (every item a
    // plain DocItem), the rebuilt chunk no longer takes the table path.
    const withoutHeadings = { ...chunk, headings: null, headingRefs: null };
    yield* splitUsingPlainText({ chunk: withoutHeadings, textTokens: knownTextTokens }, serializer, budget, settings, false);
    return;
  }
  for (const { text, tokens, origins } of segment(chunk, cut, available, serializer, budget, settings, tablePathAllowed)) {
    yield { chunk: { ...chunk, text, origins }, textTokens: tokens };
  }
}

/** A piece of an oversized chunk, with where its text came from. */
interface SegmentOfChunk {
  text: string;
  tokens?: number;
  origins: readonly TextOrigin[];
}

function segment(
  chunk: DocChunk,
  cut: TextCut | undefined,
  available: number,
  serializer: ChunkingSerializer,
  budget: TokenBudget,
  settings: HybridSettings,
  tablePathAllowed: boolean,
): SegmentOfChunk[] {
  const only = chunk.docItems.length === 1 ? chunk.docItems[0] : undefined;
  if (settings.repeatTableHeader && tablePathAllowed && only && only.self_ref.startsWith('#/tables/')) {
    const { header, body } = serializer.tableSerializer.headerAndBodyLines(chunk.text);
    const headerAt = header.length > 0 ? chunk.text.indexOf(header[0]!) : -1;
    const preamble = headerAt > 0 ? chunk.text.slice(0, headerAt) : '';
    // The table path uses the full max_tokens, not the budget left by the headings (docling issue #3428).
    const segments = chunkLines(body, preamble + header.join(''), budget.maxTokens, settings.omitHeaderOnOverflow, budget.tokenizer);
    const preambleLength = codePointLength(preamble);
    const headerText = header.join('');
    const tracer = new SegmentTracer(chunk, only.self_ref);
    return segments.map((s, i) => {
      const text = i === 0 ? s : codePointSlice(s, preambleLength);
      // Every piece after the first repeats the header: there it is context, the piece's own text is its rows.
      const repeated = i > 0 && headerText !== '' && text.startsWith(headerText) ? headerText.length : 0;
      return { text, origins: tracer.origins(text, repeated, headerAt) };
    });
  }
  return semchunk(cut ?? chunk.text, new SemchunkCounter(budget.tokenizer, available)).map((piece: Segment) => ({
    text: piece.text,
    tokens: piece.tokens,
    origins: sliceOrigins(chunk.origins, piece.start, piece.start + piece.text.length),
  }));
}

/**
 * Where the pieces of the table path came from: each piece is the chunk's text from where the
 * previous one ended, its lines glued as the line chunker glues them (a line's own newline kept or
 * dropped, a newline put before the head of a cut line); a piece that does not read so stands for
 * the table whole.
 */
class SegmentTracer {
  private cursor = 0;

  constructor(
    private readonly chunk: DocChunk,
    private readonly tableRef: string,
  ) {}

  /** The origins of a piece whose first `repeated` characters repeat the header found at `headerAt` of the chunk text. */
  origins(text: string, repeated: number, headerAt: number): TextOrigin[] {
    const source = this.chunk.text;
    const origins: TextOrigin[] = [];
    if (repeated > 0) {
      for (const origin of sliceOrigins(this.chunk.origins, headerAt, headerAt + repeated)) origins.push({ ...origin, context: true });
    }
    let k = repeated;
    let j = this.cursor;
    let stretchText = k;
    let stretchSource = j;
    const closeStretch = () => {
      if (j > stretchSource)
        for (const origin of sliceOrigins(this.chunk.origins, stretchSource, j)) origins.push({ ...origin, at: origin.at + stretchText });
    };
    while (k < text.length) {
      if (j < source.length && text.charCodeAt(k) === source.charCodeAt(j)) {
        k++;
        j++;
        continue;
      }
      closeStretch();
      if (j < source.length && source[j] === '\n') j++;
      else if (text[k] === '\n') k++;
      else return [{ at: 0, length: text.length, ref: this.tableRef }];
      stretchText = k;
      stretchSource = j;
    }
    closeStretch();
    this.cursor = j;
    return origins;
  }
}

/**
 * docling-core's `_merge_chunks_with_matching_metadata`: greedy windows of consecutive chunks with equal headings, while
 * the merged chunk fits.
 */
function* mergePeers(pieces: Iterable<Piece>, budget: TokenBudget): Generator<DocChunk> {
  const delim = budget.delim;
  let window: Piece[] = [];
  let headingTokens = 0;
  let sumTokens = 0;
  const textTokensOf = (piece: Piece) => (piece.textTokens ??= budget.count(piece.chunk.text));
  const merged = (): DocChunk => {
    if (window.length === 1) return finished(window[0]!.chunk, tokensOf(window[0]!, budget));
    const last = window[window.length - 1]!.chunk;
    const headings = window[0]!.chunk.headings;
    const docItems: DocItem[] = [];
    for (const piece of window) for (const item of piece.chunk.docItems) docItems.push(item);
    return {
      text: window.map((p) => p.chunk.text).join(delim),
      docItems,
      headings,
      headingRefs: window[0]!.chunk.headingRefs,
      origins: joinedOrigins(
        window.map((p) => ({ text: p.chunk.text, spans: [], origins: p.chunk.origins })),
        delim,
      ),
      headingOnly: last.headingOnly && window.every((p) => p.chunk.text === ''),
      tokenCount: budget.additive ? budget.joinedTokens(headingTokens + sumTokens, window.length + (headings ? 1 : 0)) : undefined,
    };
  };
  for (const piece of pieces) {
    if (window.length > 0 && sameHeadings(window[0]!.chunk.headings, piece.chunk.headings)) {
      const headings = window[0]!.chunk.headings;
      const partCount = window.length + 1 + (headings ? 1 : 0);
      const candidateTokens = headingTokens + sumTokens + textTokensOf(piece);
      const fits = budget.fits(candidateTokens, partCount, () =>
        contextualize({ text: [...window, piece].map((p) => p.chunk.text).join(delim), headings }, delim),
      );
      if (fits) {
        window.push(piece);
        sumTokens += textTokensOf(piece);
        continue;
      }
    }
    if (window.length > 0) yield merged();
    window = [piece];
    headingTokens = piece.chunk.headings ? budget.headingsTokens(piece.chunk.headings) : 0;
    sumTokens = textTokensOf(piece);
  }
  if (window.length > 0) yield merged();
}

function sameHeadings(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((h, i) => h === b[i]);
}
