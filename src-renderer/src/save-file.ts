import { unwrapApiResult } from '../../src-shared/api-result';
import { desktop } from './api/host';

/** Saves text the user asked for: the native save dialog under Electron, a download in the browser. */
export async function saveTextFile(suggestedName: string, content: string, mimeType: string): Promise<void> {
  if (desktop) {
    unwrapApiResult('saveFile', await desktop.saveFile({ suggestedName, content }));
    return;
  }
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = suggestedName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
