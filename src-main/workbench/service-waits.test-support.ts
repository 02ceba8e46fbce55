import type { EnrichmentStatus, StratumApi } from '../../src-shared/api';

/** Opens a file in the workbench and waits for its parse (on a fresh thread, slow under tsx: bounded at 45 s). */
export async function openedDocument(
  api: Pick<StratumApi, 'openDocument' | 'getJob'>,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const { jobId } = await api.openDocument({ fileName, bytes });
  for (let attempt = 0; attempt < 1800; attempt++) {
    const status = await api.getJob({ jobId });
    if (status.state === 'done') return status.documentId!;
    if (status.state !== 'running') throw new Error(`open failed: ${status.error?.message}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('open did not finish');
}

/** Waits for an enrichment run to end, whichever way (bounded at 30 s). */
export async function settledEnrichment(api: Pick<StratumApi, 'getEnrichment'>, runId: string): Promise<EnrichmentStatus> {
  for (let attempt = 0; attempt < 3000; attempt++) {
    const status = await api.getEnrichment({ runId });
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('enrichment did not finish');
}
