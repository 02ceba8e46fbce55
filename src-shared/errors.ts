/** Errors a user can cause. They cross process boundaries as `{ code, message }` and are shown as is. */
export type StratumErrorCode =
  | 'unsupported-format'
  | 'corrupt-file'
  | 'empty-file'
  | 'encrypted'
  | 'wrong-password'
  | 'too-large'
  | 'invalid-config'
  | 'cancelled'
  | 'io'
  /** An LLM provider could not be reached, refused the request or answered something unusable. */
  | 'llm';

export class StratumError extends Error {
  override readonly name = 'StratumError';
  constructor(
    readonly code: StratumErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isStratumError(error: unknown): error is StratumError {
  return error instanceof StratumError;
}
