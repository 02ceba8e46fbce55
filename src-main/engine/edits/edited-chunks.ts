import type { Chunk } from '../../../src-shared/chunk';
import type { HandEdit, HandEditResult } from '../../../src-shared/hand-edits';
import type { CanonicalHandEdit } from '../export/canonical-schema';
import type { DoclingDocument } from '../ir/types';
import { chunkWithResolvedConfig, type ChunkingProgress } from '../pipeline';
import type { ResolvedChunkingConfig } from '../pipeline-config';
import { applyHandEdits } from './apply-hand-edits';

/** A run's chunks after its hand edits, and what an export says about them. */
export interface EditedChunks {
  /** lazy (the strategy's own) when there are no edits */
  chunks: Iterable<Chunk>;
  handEdits?: {
    report: HandEditResult[];
    /** as canonical JSON records them */
    records: CanonicalHandEdit[];
    excludedRefs: Set<string>;
    /** the chunks after the edits */
    chunkCount: number;
    /** a line for each rule that was not applied, for the user to read */
    notes: string[];
  };
}

/** The strategy's chunks with the pipeline's hand edits applied: every host chunks through here. */
export function chunkWithHandEdits(
  source: { doc: DoclingDocument; docId: string; sourceText?: string },
  resolved: ResolvedChunkingConfig,
  edits: readonly HandEdit[] | undefined,
  progress: ChunkingProgress = {},
): EditedChunks {
  const strategyChunks = chunkWithResolvedConfig(source.doc, source.docId, resolved, progress, source.sourceText);
  if (!edits || edits.length === 0) return { chunks: strategyChunks };
  const context = {
    doc: source.doc,
    docId: source.docId,
    configHash: resolved.configHash,
    tokenizer: resolved.tokenizer,
    maxTokens: resolved.config.maxTokens,
  };
  const { chunks, report, excludedRefs } = applyHandEdits(context, [...strategyChunks], edits);
  const records = report.map((result, rule): CanonicalHandEdit => ({
    edit: edits[rule]!,
    status: result.status,
    message: result.message,
    chunks: result.chunks,
    over_limit: result.overLimit,
  }));
  return { chunks, handEdits: { report, records, excludedRefs, chunkCount: chunks.length, notes: handEditNotes(report) } };
}

/** `hand edit 2 (split e1a2b): unmatched: ...` for each rule not applied. */
export function handEditNotes(report: readonly HandEditResult[]): string[] {
  return report
    .filter((result) => result.status !== 'applied')
    .map(
      (result) => `hand edit ${result.rule + 1} (${result.kind}${result.id ? ` ${result.id}` : ''}): ${result.status}: ${result.message}`,
    );
}
