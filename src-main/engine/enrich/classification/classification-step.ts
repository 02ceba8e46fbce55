import { z } from 'zod';
import type { Chunk } from '../../../../src-shared/chunk';
import type { LlmSession } from '../../llm/llm-session';
import type { EnrichmentContext, EnrichmentStep } from '../step';
import { classifyByRules, DEFAULT_LABELS } from './classification-rules';

const labelSchema = z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, { error: 'must be a label (letters, digits, spaces, - and _)' });

const classificationOptionsSchema = z.strictObject({
  labels: z
    .array(labelSchema)
    .min(1)
    .max(50)
    .default([...DEFAULT_LABELS]),
  /** Cue words or phrases of a label for the offline classifier (the only cues of a label it does not know). */
  keywords: z.record(labelSchema, z.array(z.string().min(1)).max(200)).default({}),
  /** `auto`: the LLM when the pipeline has one, else the offline rules; `rules`: the rules always. */
  method: z.enum(['auto', 'rules']).default('auto'),
  /** The characters of a chunk the LLM is shown. */
  maxCharacters: z.number().int().positive().max(100_000).default(6000),
});
export type ClassificationOptions = z.infer<typeof classificationOptionsSchema>;

/** `label` is one of the configured labels, or null when none fits; `method` says who chose it. */
interface Classification {
  label: string | null;
  method: 'llm' | 'rules';
  /** The rules' cue densities, by label. */
  scores?: Record<string, number>;
  /** Why the rules chose: the LLM's answer was not a label. */
  note?: string;
}

const NONE = 'none';

/**
 * Each chunk labelled from a configured set (`chunk.enrichments.classification: { label, method }`),
 * by the LLM when the pipeline has one, else by offline cue rules (classification-rules.ts), which
 * also stand in for an LLM answer that is not a label.
 */
export const classificationStep: EnrichmentStep<ClassificationOptions> = {
  name: 'classification',
  version: '1',
  usesLlm: 'optional',
  description: 'Classification: each chunk labelled from a set (definition, procedure, obligation ...) by an LLM, or by offline rules.',
  optionsSchema: classificationOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const { options } = context;
    const seen = new Map<string, number>();
    for (const chunk of chunks) seen.set(normalized(chunk.text), (seen.get(normalized(chunk.text)) ?? 0) + 1);
    const repeated = (chunk: Chunk) => (seen.get(normalized(chunk.text)) ?? 0) > 1;
    const byRules = (chunk: Chunk): Classification => {
      const { label, scores } = classifyByRules(chunk.text, options.labels, options.keywords, repeated(chunk));
      return { label, method: 'rules', scores };
    };
    const llm = options.method === 'auto' ? context.llm : undefined;
    let done = 0;
    const results = await Promise.all(
      chunks.map(async (chunk) => {
        if (chunk.text.trim() === '') return undefined;
        // the rules also weigh whether the text repeats elsewhere in the document: part of what the result depends on
        const result = await context.memoAsync(
          chunk,
          () => (llm ? classifyByLlm(llm, chunk, context, () => byRules(chunk)) : Promise.resolve(byRules(chunk))),
          repeated(chunk) ? 'repeated' : 'once',
        );
        context.progress(++done, chunks.length);
        return result;
      }),
    );
    return { chunks: results, document: { labels: options.labels, method: llm ? 'llm' : 'rules' } };
  },
};

async function classifyByLlm(
  llm: LlmSession,
  chunk: Chunk,
  context: EnrichmentContext<ClassificationOptions>,
  byRules: () => Classification,
): Promise<Classification> {
  const { labels, maxCharacters } = context.options;
  const answer = await llm.chat(
    {
      system:
        `You classify passages of documents. Answer with exactly one label of this list, written as listed: ${labels.join(', ')}. ` +
        `If no label fits, answer ${NONE}. Answer with the label only.`,
      messages: [{ role: 'user', content: [{ type: 'text', text: `<passage>\n${chunk.text.slice(0, maxCharacters)}\n</passage>` }] }],
      maxOutputTokens: 16,
    },
    context.signal,
  );
  const label = labelOf(answer, labels);
  if (label !== undefined) return { label, method: 'llm' };
  const shown = answer.trim().slice(0, 60);
  return { ...byRules(), note: `the LLM answered ${JSON.stringify(shown)}, which is not a label` };
}

/** The label an answer names: itself, or the one label it contains; null for `none`; undefined when it names none or several. */
function labelOf(answer: string, labels: readonly string[]): string | null | undefined {
  const cleaned = answer
    .trim()
    .toLowerCase()
    .replace(/^["'`*\s]+|["'`*.\s]+$/g, '');
  if (cleaned === NONE) return null;
  const exact = labels.find((label) => label.toLowerCase() === cleaned);
  if (exact !== undefined) return exact;
  const named = labels.filter((label) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escaped(label.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(cleaned),
  );
  return named.length === 1 ? named[0] : undefined;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
