import type { ApiRequest } from '../../src-shared/api';
import { unwrapApiResult } from '../../src-shared/api-result';
import type { ExportToFileResult } from '../../src-shared/desktop-bridge';
import { exportFileNameOf } from '../../src-shared/export-options';
import { api, desktop } from './api/host';
import { downloadFile } from './save-file';

/**
 * Exports chunks as the request says: under Electron the main process asks where to save and writes
 * the file (artifacts into the folder beside it); in the browser the export (a ZIP with artifacts)
 * is downloaded.
 */
export async function exportChunks(request: ApiRequest<'exportChunks'>, sourceFileName: string): Promise<ExportToFileResult> {
  if (desktop) {
    const suggestedName = exportFileNameOf(sourceFileName, request.format);
    return unwrapApiResult('exportChunks', await desktop.exportChunks({ ...request, suggestedName })) as ExportToFileResult;
  }
  const file = await api.exportChunks(request);
  downloadFile(file.fileName, file.content, file.mimeType);
  return { saved: true, notes: file.notes };
}
