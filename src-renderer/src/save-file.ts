import { unwrapApiResult } from '../../src-shared/api-result';
import { desktop } from './api/host';

/** Saves text the user asked for: the native save dialog under Electron, a download in the browser. */
export async function saveTextFile(suggestedName: string, content: string | Uint8Array, mimeType: string): Promise<void> {
  if (desktop) {
    unwrapApiResult('saveFile', await desktop.saveFile({ suggestedName, content }));
    return;
  }
  downloadFile(suggestedName, content, mimeType);
}

/** Hands a file to the browser as a download (browser mode, where saving means downloading). */
export function downloadFile(fileName: string, content: string | Uint8Array, mimeType: string): void {
  // a copy: a Blob takes bytes backed by an ArrayBuffer, which decoded bytes are not typed as
  const part = typeof content === 'string' ? content : new Uint8Array(content);
  const url = URL.createObjectURL(new Blob([part], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
