import { unwrapApiResult } from '../../src-shared/api-result';
import { api, desktop } from './api/host';
import { useChunkStore } from './stores/chunk-store';
import { useDocumentStore } from './stores/document-store';
import { useUiStore } from './stores/ui-store';
import { messageOf } from './api/errors';

/** Exports the current chunks as canonical JSON/JSONL (the toolbar's format): a save dialog under Electron, a download in the browser. */
export async function exportCurrentChunks(): Promise<void> {
  const { documentId, config } = useChunkStore.getState();
  const format = useUiStore.getState().exportFormat;
  if (!documentId) return;
  try {
    const file = await api.exportChunks({ documentId, config, format });
    if (desktop) {
      unwrapApiResult('saveFile', await desktop.saveFile({ suggestedName: file.fileName, content: file.content }));
      return;
    }
    const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    useDocumentStore.getState().reportError(`export: ${messageOf(error)}`);
  }
}
