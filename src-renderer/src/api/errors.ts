import { ApiCallError } from '../../../src-shared/api-result';

/** The text the error banner shows for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
