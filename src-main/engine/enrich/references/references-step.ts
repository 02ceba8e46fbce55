import { z } from 'zod';
import { checkpoint } from '../../cancellation';
import { codePointOffsets } from '../../text/code-points';
import type { EnrichmentStep } from '../step';
import { findReferences, type FoundReference } from './find-references';
import { REFERENCE_KINDS, type ReferenceKind } from './reference-kinds';
import { referenceTargets, type ReferenceTargets } from './reference-targets';

const referencesOptionsSchema = z.strictObject({});
export type ReferencesOptions = z.infer<typeof referencesOptionsSchema>;

/** One reference of `chunk.enrichments.references.intra_document`: `[start, end)` in code points of the chunk text. */
export interface IntraDocumentReference {
  text: string;
  kind: ReferenceKind;
  /** The label referred to ("3.2", "B", "12"), or the quoted title. */
  target: string;
  target_chunk_ids: string[];
  resolved: boolean;
  start: number;
  end: number;
}

interface KindCounts {
  found: number;
  resolved: number;
}

/** Chunks between checks for cancellation. */
const CHECK_EVERY = 256;

/**
 * `chunk.enrichments.references`: the references a chunk's text makes to other parts of its
 * document ("see Section 3.2", "Table 4", "Fig. 2", "Appendix B", "Eq. (3)", "§ 4", "p. 12", in
 * eleven languages), each resolved to the chunks that hold its target. One the document does not
 * hold is kept with `resolved: false`; the document's entry counts both, by kind.
 */
export const referencesStep: EnrichmentStep<ReferencesOptions> = {
  name: 'references',
  version: '1',
  description: 'References to sections, chapters, appendices, tables, figures, equations and pages, resolved to the chunks that hold them.',
  optionsSchema: referencesOptionsSchema,
  supports: () => true,
  async enrich(document, chunks, context) {
    const found = chunks.map((chunk) => context.memo(chunk, () => findReferences(chunk.text)));
    const targets = referenceTargets(document, chunks, found);
    const counts = new Map<ReferenceKind, KindCounts>();
    const results: unknown[] = [];
    for (const [index, chunk] of chunks.entries()) {
      if (index % CHECK_EVERY === 0) {
        await checkpoint(context.signal);
        context.progress(index, chunks.length);
      }
      const toCodePoint = codePointOffsets(chunk.text);
      const references: IntraDocumentReference[] = [];
      for (const reference of resolvedReadings(found[index]!, targets)) {
        if (reference.defines || (reference.lineOpened !== undefined && targets.definesTarget(reference.lineOpened))) continue;
        const targetChunkIds = targets.chunksOf(reference);
        const resolved = targetChunkIds.length > 0;
        const kindCounts = counts.get(reference.kind) ?? { found: 0, resolved: 0 };
        counts.set(reference.kind, { found: kindCounts.found + 1, resolved: kindCounts.resolved + (resolved ? 1 : 0) });
        references.push({
          text: reference.text,
          kind: reference.kind,
          target: reference.target,
          target_chunk_ids: targetChunkIds,
          resolved,
          start: toCodePoint(reference.start),
          end: toCodePoint(reference.end),
        });
      }
      results.push({ intra_document: references });
    }
    context.progress(chunks.length, chunks.length);
    const total = [...counts.values()].reduce((sum, kind) => ({ found: sum.found + kind.found, resolved: sum.resolved + kind.resolved }), {
      found: 0,
      resolved: 0,
    });
    return {
      chunks: results,
      document: {
        ...total,
        by_kind: Object.fromEntries(REFERENCE_KINDS.filter((kind) => counts.has(kind)).map((kind) => [kind, counts.get(kind)])),
      },
    };
  },
};

/** "Figure 7-26" is one figure where the document labels one so, else the range from 7 to 26. */
function resolvedReadings(references: readonly FoundReference[], targets: ReferenceTargets): FoundReference[] {
  return references.flatMap((reference) =>
    reference.rangeReading && targets.chunksOf(reference).length === 0 ? reference.rangeReading : [reference],
  );
}
