import { z } from 'zod';
import { checkpoint } from '../../cancellation';
import { termWeighting } from '../keywords/tf-idf';
import type { Chunk } from '../../../../src-shared/chunk';
import type { EnrichmentContext, EnrichmentStep } from '../step';
import { STOP_WORD_LANGUAGES } from '../terms/stop-words';
import { termCountsOf } from '../terms/term-statistics';
import { cosine, sphericalKMeans, unitVector, type UnitVector } from './spherical-k-means';

const topicsOptionsSchema = z.strictObject({
  /** Topics to find; `auto`: about the square root of half the chunks, at most 20. */
  count: z.union([z.literal('auto'), z.number().int().positive().max(100)]).default('auto'),
  /** Key terms of each chunk that describe it to the clustering. */
  termsPerChunk: z.number().int().positive().max(100).default(20),
  language: z.enum(['auto', ...STOP_WORD_LANGUAGES]).default('auto'),
  /** With an LLM configured: whether it names the topics (else their heaviest terms do). */
  nameWithLlm: z.boolean().default(true),
});
export type TopicsOptions = z.infer<typeof topicsOptionsSchema>;

const MAX_AUTO_TOPICS = 20;
const LABEL_TERMS = 3;
const LISTED_TERMS = 8;

/** Chunks whose beginnings show the LLM what a topic is about. */
const EXAMPLE_CHUNKS = 3;
const EXAMPLE_CHARACTERS = 400;
const MAX_NAME_CHARACTERS = 80;

/**
 * Topics of a document: its chunks clustered by their key terms (TF-IDF vectors, spherical
 * k-means), each topic named by its centre's heaviest terms, or by the LLM when one is configured;
 * each chunk tagged with its topic.
 */
export const topicsStep: EnrichmentStep<TopicsOptions> = {
  name: 'topics',
  chunkKey: 'topic',
  version: '1',
  usesLlm: 'optional',
  description: 'Topics: chunks clustered by their key terms (offline k-means), each chunk tagged with its topic.',
  optionsSchema: topicsOptionsSchema,
  supports: () => true,
  async enrich(_document, chunks, context) {
    const { options } = context;
    const counts = chunks.map((chunk) => context.memo(chunk, () => termCountsOf(chunk.text)));
    const weighting = termWeighting(counts, options.language, context.batch);
    const vectors: Array<UnitVector | undefined> = counts.map((chunkCounts) => {
      const terms = weighting.weigh(chunkCounts).slice(0, options.termsPerChunk);
      return terms.length > 0 ? unitVector(terms.map(({ term, score }) => [term, score])) : undefined;
    });
    await checkpoint(context.signal);
    const clustered = vectors.flatMap((vector, index) => (vector ? [{ vector, index }] : []));
    const k =
      options.count === 'auto' ? Math.min(MAX_AUTO_TOPICS, Math.max(1, Math.round(Math.sqrt(clustered.length / 2)))) : options.count;
    const { assignment, centres } = sphericalKMeans(
      clustered.map(({ vector }) => vector),
      k,
    );
    context.progress(chunks.length, chunks.length);

    // Topics numbered by where they first appear in the document; clusters left empty are dropped.
    const renumbered = new Map<number, number>();
    for (const cluster of assignment) if (!renumbered.has(cluster)) renumbered.set(cluster, renumbered.size);
    const topics = [...renumbered].map(([cluster, id]) => {
      const terms = [...centres[cluster]!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([term]) => term);
      return {
        id,
        label: terms.slice(0, LABEL_TERMS).join(', '),
        terms: terms.slice(0, LISTED_TERMS),
        chunk_count: assignment.filter((other) => other === cluster).length,
      };
    });
    if (context.llm) await nameTopics(topics, renumbered, assignment, clustered, centres, chunks, context);
    const topicOfChunk = new Map(clustered.map(({ index }, position) => [index, topics[renumbered.get(assignment[position]!)!]!]));
    return {
      chunks: chunks.map((_, index) => {
        const topic = topicOfChunk.get(index);
        return topic ? { id: topic.id, label: topic.label } : undefined;
      }),
      document: { topics },
    };
  },
};

interface Topic {
  id: number;
  label: string;
  terms: string[];
  chunk_count: number;
  named_by?: 'llm';
}

/** Renames each topic with the LLM's name for it, from its terms and the chunks nearest its centre. */
async function nameTopics(
  topics: Topic[],
  renumbered: ReadonlyMap<number, number>,
  assignment: readonly number[],
  clustered: ReadonlyArray<{ vector: UnitVector; index: number }>,
  centres: readonly UnitVector[],
  chunks: readonly Chunk[],
  context: EnrichmentContext<TopicsOptions>,
): Promise<void> {
  if (!context.options.nameWithLlm) return;
  const llm = context.llm!;
  await Promise.all(
    [...renumbered].map(async ([cluster, id]) => {
      const topic = topics[id]!;
      const nearest = clustered
        .filter((_, position) => assignment[position] === cluster)
        .map(({ vector, index }) => ({ index, similarity: cosine(vector, centres[cluster]!) }))
        .sort((a, b) => b.similarity - a.similarity || a.index - b.index)
        .slice(0, EXAMPLE_CHUNKS);
      const examples = nearest.map(
        ({ index }) => `<passage>\n${context.redact(chunks[index]!.text.slice(0, EXAMPLE_CHARACTERS))}\n</passage>`,
      );
      const answer = await llm.chat(
        {
          system:
            "You name the topics of a document. Given a topic's key terms and passages of it, answer with a name of two to five " +
            'words for the topic, in the language of the passages. Answer with the name only.',
          messages: [{ role: 'user', content: [{ type: 'text', text: `Key terms: ${topic.terms.join(', ')}\n${examples.join('\n')}` }] }],
          maxOutputTokens: 24,
        },
        context.signal,
      );
      const name = answer
        .trim()
        .replace(/^["'`*]+|["'`*.]+$/g, '')
        .trim();
      if (name && name.length <= MAX_NAME_CHARACTERS) topics[id] = { ...topic, label: name, named_by: 'llm' };
    }),
  );
}
