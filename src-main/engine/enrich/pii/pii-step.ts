import { z } from 'zod';
import type { Chunk } from '../../../../src-shared/chunk';
import { checkpoint } from '../../cancellation';
import { codePointOffsets } from '../../text/code-points';
import type { ChunkTexts, EnrichmentStep } from '../step';
import { applyPiiAction, mergeMatches, PII_ACTIONS, type PiiAction } from './apply-pii-action';
import { detectPii } from './detect-pii';
import { KnownValues } from './known-values';
import { PII_LABELS, type PiiLabel, type PiiMatch } from './pii-label';

const piiOptionsSchema = z.strictObject({
  /** `keep` reports the spans; `mask` replaces each value with `[EMAIL]`, `[PHONE]`...; `drop` removes it. */
  action: z.enum(PII_ACTIONS).default('keep'),
  /** The labels looked for (default: all). */
  labels: z
    .array(z.enum(PII_LABELS))
    .min(1)
    .default([...PII_LABELS]),
});
export type PiiOptions = z.infer<typeof piiOptionsSchema>;

/** One value in `chunk.enrichments.pii`: `[start, end)` in code points of the chunk text as exported. */
export interface PiiSpan {
  label: PiiLabel;
  start: number;
  end: number;
  /** The value itself, with `action: keep` only (a masked export must not carry it). */
  text?: string;
}

/** Chunks between checks for cancellation. */
const CHECK_EVERY = 256;

/**
 * `chunk.enrichments.pii`: the personal data in each chunk's text as labelled spans. With `mask` or
 * `drop`, every text the export writes goes without them: the chunk's text, contextualized text and
 * heading path here, the other texts (title, captions, table cells and Markdown, earlier steps'
 * results) through `redact`. A value found in one place is also taken out wherever else in the
 * document it appears (see `KnownValues`).
 */
export const piiStep: EnrichmentStep<PiiOptions> = {
  name: 'pii',
  version: '1',
  rewritesTexts: true,
  description:
    'Personal data (e-mail, phone, IBAN, card, IP, URL, SSN, NIR, date of birth, address, name) as labelled spans; keep, mask or drop.',
  optionsSchema: piiOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const { action, labels } = context.options;
    const detected = chunks.map((chunk) => context.memo(chunk, () => detectPii(chunk.text, labels)));
    const known = new KnownValues(
      chunks.flatMap((chunk, index) =>
        detected[index]!.map((match) => ({ value: chunk.text.slice(match.start, match.end), label: match.label })),
      ),
    );
    const redactions = new Map<string, string>();
    const redact = (text: string): string => {
      let redacted = redactions.get(text);
      if (redacted === undefined) {
        redacted = applyPiiAction(text, mergeMatches(detectPii(text, labels), known.find(text)), action).text;
        redactions.set(text, redacted);
      }
      return redacted;
    };

    const spans: PiiSpan[][] = [];
    const texts: Array<ChunkTexts | undefined> = [];
    const counts = new Map<PiiLabel, number>();
    for (const [index, chunk] of chunks.entries()) {
      if (index % CHECK_EVERY === 0) {
        await checkpoint(context.signal);
        context.progress(index, chunks.length);
      }
      const matches = mergeMatches(detected[index]!, known.find(chunk.text));
      for (const match of matches) counts.set(match.label, (counts.get(match.label) ?? 0) + 1);
      const result = applyPiiAction(chunk.text, matches, action);
      spans.push(spansOf(result.text, result.matches, action));
      texts.push(action === 'keep' ? undefined : redactedTexts(chunk, result.text, redact));
    }
    context.progress(chunks.length, chunks.length);
    return {
      chunks: spans,
      texts,
      ...(action === 'keep' ? {} : { redact }),
      document: {
        action,
        counts: Object.fromEntries(PII_LABELS.filter((label) => counts.has(label)).map((label) => [label, counts.get(label)])),
      },
    };
  },
};

function spansOf(text: string, matches: readonly PiiMatch[], action: PiiAction): PiiSpan[] {
  const toCodePoint = codePointOffsets(text);
  return matches.map((match) => ({
    label: match.label,
    start: toCodePoint(match.start),
    end: toCodePoint(match.end),
    ...(action === 'keep' ? { text: text.slice(match.start, match.end) } : {}),
  }));
}

/**
 * The chunk's texts without its values. The contextualized text is the chunk text with the heading
 * path (and captions) around it: the chunk text's part gets the chunk's own result, so both agree.
 */
function redactedTexts(chunk: Chunk, text: string, redact: (text: string) => string): ChunkTexts {
  const at = chunk.contextualizedText.lastIndexOf(chunk.text);
  const contextualizedText =
    at < 0
      ? redact(chunk.contextualizedText)
      : redact(chunk.contextualizedText.slice(0, at)) + text + redact(chunk.contextualizedText.slice(at + chunk.text.length));
  return { text, contextualizedText, headingPath: chunk.headingPath.map(redact) };
}
