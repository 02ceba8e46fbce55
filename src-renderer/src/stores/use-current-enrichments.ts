import type { EnrichmentView } from '../../../src-shared/api';
import { useChunkStore } from './chunk-store';
import { useEnrichmentStore } from './enrichment-store';

/**
 * Each chunk's enrichment summary, by index of the run on screen; null while the latest enrichment is
 * of another run (its indices would name other chunks).
 */
export function useCurrentChunkEnrichments(): EnrichmentView['chunks'] | null {
  const documentId = useChunkStore((s) => s.documentId);
  const runConfig = useChunkStore((s) => s.runConfig);
  const runEdits = useChunkStore((s) => s.runEdits);
  const result = useEnrichmentStore((s) => s.result);
  const resultKey = useEnrichmentStore((s) => s.resultKey);
  const current = resultKey?.documentId === documentId && resultKey.config === runConfig && resultKey.edits === runEdits;
  return result && current ? result.chunks : null;
}
