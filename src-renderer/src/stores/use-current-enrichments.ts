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
  const result = useEnrichmentStore((s) => s.result);
  const resultKey = useEnrichmentStore((s) => s.resultKey);
  return result && resultKey && resultKey.documentId === documentId && resultKey.config === runConfig ? result.chunks : null;
}
