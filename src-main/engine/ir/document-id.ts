import { createHash } from 'node:crypto';

/**
 * A document's id: a uint64 content hash of its source bytes written as a decimal string, as Docling's
 * `binary_hash` is. The workbench keeps parsed documents under it, and the IR's origin carries it.
 */
export function binaryHash(bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest();
  return digest.readBigUInt64BE(0).toString();
}
