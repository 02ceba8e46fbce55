import { parseBoundedJson } from './bounded-parse';
import { isRecord } from './is-record';

/**
 * JSON for the HTTP transport of the API: byte arrays (uploads, PDF bytes) travel as
 * `{ "$bytes": "<base64>" }` so that one JSON body carries any request or response.
 */

const BYTES_KEY = '$bytes';
/** String.fromCharCode takes its arguments on the stack: convert in slices. */
const SLICE = 0x8000;

export function encodeApiJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? { [BYTES_KEY]: bytesToBase64(item) } : item));
}

/** Throws `NestingTooDeepError` for text nested past `MAX_DATA_NESTING_DEPTH`, a `SyntaxError` for text that is not JSON. */
export function decodeApiJson(text: string): unknown {
  // A reviver visits every value and slows parsing a few times over: chunk lists carry no bytes.
  if (!text.includes(`"${BYTES_KEY}"`)) return parseBoundedJson(text);
  return parseBoundedJson(text, (_key, item: unknown) => {
    if (isRecord(item)) {
      const encoded = item[BYTES_KEY];
      if (typeof encoded === 'string' && Object.keys(item).length === 1) return base64ToBytes(encoded);
    }
    return item;
  });
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return btoa(binary);
}

function base64ToBytes(encoded: string): Uint8Array {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
