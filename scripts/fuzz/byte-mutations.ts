import { formatToken, interestingNumber } from './format-tokens';
import type { Random } from './random';

/** One change to a file's bytes, and a line saying what it did (kept with a finding, to read it back). */
export interface MutationStep {
  bytes: Uint8Array;
  step: string;
}

export type ByteMutation = (random: Random, bytes: Uint8Array, format: string) => MutationStep;

/** Mutants stay small enough that a finding is about the parser, not about the fuzzer's own memory. */
export const MAX_MUTANT_BYTES = 16 * 1024 * 1024;

const encoder = new TextEncoder();

export const flipBits: ByteMutation = (random, bytes) => {
  const out = copyOf(bytes);
  const count = random.skewed(16);
  const at: number[] = [];
  for (let i = 0; i < count && out.length > 0; i++) {
    const offset = random.below(out.length);
    out[offset]! ^= 1 << random.below(8);
    at.push(offset);
  }
  return { bytes: out, step: `flip ${count} bit(s) at ${at.join(',')}` };
};

export const overwriteWithRandomBytes: ByteMutation = (random, bytes) => {
  const out = copyOf(bytes);
  const length = Math.min(out.length, random.skewed(256));
  const offset = random.below(Math.max(1, out.length - length + 1));
  out.set(random.bytes(length), offset);
  return { bytes: out, step: `overwrite ${length} byte(s) at ${offset} with random bytes` };
};

export const truncate: ByteMutation = (random, bytes) => {
  const length = random.chance(0.5) ? random.below(Math.max(1, bytes.length)) : bytes.length - random.skewed(Math.max(1, bytes.length - 1));
  const kept = Math.max(1, length);
  return { bytes: copyOf(bytes, 0, kept), step: `truncate to ${kept} byte(s)` };
};

/** Copies a range elsewhere, several times over now and then: repeated structure is how nesting and size bombs look. */
export const duplicateRange: ByteMutation = (random, bytes) => {
  const start = random.below(Math.max(1, bytes.length));
  const length = Math.min(bytes.length - start, random.skewed(4096));
  const times = random.chance(0.2) ? random.skewed(2000) : 1;
  const copies = Math.max(1, Math.min(times, Math.floor((MAX_MUTANT_BYTES - bytes.length) / Math.max(1, length))));
  const target = random.below(bytes.length + 1);
  const range = bytes.subarray(start, start + length);
  const insert = new Uint8Array(range.length * copies);
  for (let i = 0; i < copies; i++) insert.set(range, i * range.length);
  return { bytes: splice(bytes, target, 0, insert), step: `copy ${length} byte(s) from ${start} to ${target}, ${copies} time(s)` };
};

export const deleteRange: ByteMutation = (random, bytes) => {
  const start = random.below(Math.max(1, bytes.length));
  const length = Math.min(bytes.length - start - (start === 0 ? 1 : 0), random.skewed(4096));
  return { bytes: splice(bytes, start, Math.max(0, length), new Uint8Array()), step: `delete ${length} byte(s) at ${start}` };
};

/** Inserts a token of the format, or one token many times over (a run of `>` or `<ul>` is a nesting test). */
export const insertFormatTokens: ByteMutation = (random, bytes, format) => {
  let out = bytes;
  const steps: string[] = [];
  if (random.chance(0.25)) {
    const token = formatToken(random, format);
    const times = Math.min(random.skewed(20_000), Math.floor(MAX_MUTANT_BYTES / 2 / Math.max(1, token.length)));
    const target = random.below(out.length + 1);
    out = splice(out, target, 0, encoder.encode(token.repeat(times)));
    steps.push(`insert ${JSON.stringify(token)} x${times} at ${target}`);
  } else {
    const count = random.skewed(8);
    for (let i = 0; i < count; i++) {
      const token = formatToken(random, format);
      const target = random.below(out.length + 1);
      out = splice(out, target, 0, encoder.encode(token));
      steps.push(`insert ${JSON.stringify(token)} at ${target}`);
    }
  }
  return { bytes: out, step: steps.join('; ') };
};

/** Replaces a run of ASCII digits by an edge value: lengths, counts, offsets and sizes are written as numbers. */
export const replaceNumber: ByteMutation = (random, bytes) => {
  const from = random.below(Math.max(1, bytes.length));
  const start = findDigit(bytes, from) ?? findDigit(bytes, 0);
  if (start === undefined) return flipBits(random, bytes, '');
  let end = start;
  while (end < bytes.length && isDigit(bytes[end]!)) end++;
  const old = new TextDecoder().decode(bytes.subarray(start, end));
  const drawn = interestingNumber(random);
  const value = drawn === old ? `${drawn}1` : drawn;
  return { bytes: splice(bytes, start, end - start, encoder.encode(value)), step: `replace the number at ${start} by ${value}` };
};

export const BYTE_MUTATIONS: readonly ByteMutation[] = [
  flipBits,
  overwriteWithRandomBytes,
  truncate,
  duplicateRange,
  deleteRange,
  insertFormatTokens,
  insertFormatTokens,
  replaceNumber,
];

/**
 * A copy that shares no memory with `bytes`: `slice` of a Node Buffer (what `readFileSync` and zlib give)
 * is a view, and a mutation through it would change the seed itself.
 */
export function copyOf(bytes: Uint8Array, start = 0, end = bytes.length): Uint8Array {
  return new Uint8Array(bytes.subarray(start, end));
}

export function splice(bytes: Uint8Array, start: number, deleteCount: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - deleteCount + insert.length);
  out.set(bytes.subarray(0, start), 0);
  out.set(insert, start);
  out.set(bytes.subarray(start + deleteCount), start + insert.length);
  return out;
}

function findDigit(bytes: Uint8Array, from: number): number | undefined {
  for (let i = from; i < bytes.length; i++) if (isDigit(bytes[i]!)) return i;
  return undefined;
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
