import { hash } from 'node:crypto';
import { ChunkingSerializer } from '../chunk/docling/serializer/doc-serializer';
import { CHUNKING_SERIALIZER_DEFAULTS } from '../chunk/docling/serializer/params';
import { iterateItems } from '../ir/iterate';
import type { DoclingDocument, TextItem } from '../ir/types';
import { countUpTo } from '../tokenize/tokenizer';
import { tokenizerById } from '../tokenize/registry';
import { mostCentral, rankAll, sentencesOf } from './summary/central-sentences';

/** Fits the context window of the common local models (32k) with room for a chunk and an answer. */
export const DEFAULT_MAX_DOCUMENT_TOKENS = 24_000;
/** Central sentences given with the outline of a document too long to send whole. */
const SUMMARY_SENTENCES = 40;

/** The document as an LLM is shown it: the part of every prompt that stays the same across the document's requests. */
export interface DocumentPrefix {
  /** `document`: its whole text; `outline`: its headings and most central sentences (too long to send whole). */
  kind: 'document' | 'outline';
  /** The prompt part, tagged. */
  prompt: string;
  /** Of `prompt`: what a per-chunk result depends on besides the chunk. */
  hash: string;
}

const texts = new WeakMap<DoclingDocument, string>();

/**
 * The document's text (tables as Markdown) when it has at most `maxTokens` tokens, else its outline
 * and most central sentences within that budget, after `redact` (the masking of the steps before).
 * Built from the document, not the chunks, so that a re-chunk sends the same prefix (and the
 * provider's prompt cache and our disk cache keep answering).
 */
export function documentPrefix(doc: DoclingDocument, redact: (text: string) => string, maxTokens: number): DocumentPrefix {
  let text = texts.get(doc);
  if (text === undefined) {
    const serializer = new ChunkingSerializer(doc, { ...CHUNKING_SERIALIZER_DEFAULTS, tables: 'markdown' });
    texts.set(doc, (text = serializer.serialize(doc.body).text));
  }
  const tokenizer = tokenizerById('tiktoken:o200k_base');
  const whole = redact(text);
  if (countUpTo(tokenizer, whole, maxTokens) <= maxTokens) return prefixOf('document', `<document>\n${whole}\n</document>`);
  const outline = headingsOf(doc).map(({ level, text: heading }) => `${'  '.repeat(level)}- ${redact(heading)}`);
  const central = mostCentral(rankAll(text.split(/\n{2,}/).map(sentencesOf)), SUMMARY_SENTENCES).map((sentence) => redact(sentence.text));
  const lines: string[] = [];
  let used = 0;
  for (const line of [...outline, '', ...central]) {
    used += tokenizer.count(line) + 1;
    if (used > maxTokens) break;
    lines.push(line);
  }
  const note = 'The document is too long to show whole: its headings, then its most central sentences.';
  return prefixOf('outline', `<document_outline>\n${note}\n${lines.join('\n')}\n</document_outline>`);
}

function prefixOf(kind: DocumentPrefix['kind'], prompt: string): DocumentPrefix {
  return { kind, prompt, hash: hash('sha256', prompt).slice(0, 24) };
}

function headingsOf(doc: DoclingDocument): Array<{ level: number; text: string }> {
  const headings: Array<{ level: number; text: string }> = [];
  for (const { item } of iterateItems(doc)) {
    const text = item as TextItem;
    if (text.label === 'title') headings.push({ level: 0, text: text.text });
    else if (text.label === 'section_header') headings.push({ level: Math.max(0, (text.level ?? 1) - 1), text: text.text });
  }
  return headings;
}
