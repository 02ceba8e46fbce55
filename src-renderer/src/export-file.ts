import { api } from './api/host';
import { saveTextFile } from './save-file';
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
    await saveTextFile(file.fileName, file.content, file.mimeType);
  } catch (error) {
    useDocumentStore.getState().reportError(`export: ${messageOf(error)}`);
  }
}
