import { ApiCallError } from '../../../src-shared/api-result';

/** The text the error banner shows for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The banner's text for an error about a file, naming the file once: engine messages often start with its name already. */
export function aboutFile(fileName: string, message: string): string {
  return message.startsWith(`${fileName}: `) ? message : `${fileName}: ${message}`;
}
