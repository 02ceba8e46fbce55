import { ZipArchive } from '../../src-main/engine/zip/zip-archive';
import {
  CENTRAL_HEADER_BYTES,
  CENTRAL_HEADER_SIGNATURE,
  FLAG_ENCRYPTED,
  findEndOfCentralDirectory,
  LOCAL_HEADER_BYTES,
  LOCAL_HEADER_SIGNATURE,
} from '../../src-main/engine/zip/zip-format';
import { writeZip } from '../../src-main/engine/zip/zip-writer';
import { BYTE_MUTATIONS, copyOf, flipBits, type MutationStep } from './byte-mutations';
import type { Random } from './random';

/**
 * Mutations of a ZIP package (DOCX) that keep it a ZIP, so that they reach the code behind the
 * archive reader: damaged part data, lying sizes, renamed, duplicated or misplaced entries, and parts
 * whose XML is changed and packed again.
 */

/** Where one central directory record sits and what it says. */
interface CentralRecord {
  /** Offset of the record in the file. */
  offset: number;
  /** The whole record: fixed header, name, extra field, comment. */
  bytes: Uint8Array;
  name: string;
  compressedSize: number;
  localHeaderOffset: number;
}

interface CentralDirectory {
  eocd: number;
  directoryOffset: number;
  records: CentralRecord[];
}

type ZipMutation = (random: Random, bytes: Uint8Array, directory: CentralDirectory) => MutationStep;

const EDGE_SIZES = [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 1 << 20, 1 << 30];
const COMPRESSION_METHODS = [0, 1, 8, 9, 12, 14, 93, 99];

/** Flips bits inside one part's compressed data, past the local header. */
const damagePartData: ZipMutation = (random, bytes, { records }) => {
  const record = random.pick(records);
  const view = viewOf(bytes);
  const local = record.localHeaderOffset;
  if (local + LOCAL_HEADER_BYTES > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER_SIGNATURE) {
    return flipBits(random, bytes, 'docx');
  }
  const start = local + LOCAL_HEADER_BYTES + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = Math.min(bytes.length, start + record.compressedSize);
  if (end <= start) return flipBits(random, bytes, 'docx');
  const out = copyOf(bytes);
  const count = random.skewed(8);
  for (let i = 0; i < count; i++) out[start + random.below(end - start)]! ^= 1 << random.below(8);
  return { bytes: out, step: `flip ${count} bit(s) in the data of ${record.name}` };
};

/** A compressed or uncompressed size in the central directory or the local header that lies. */
const changeSize: ZipMutation = (random, bytes, { records }) => {
  const record = random.pick(records);
  const out = copyOf(bytes);
  const view = viewOf(out);
  const inLocal = random.chance(0.3);
  const field = random.pick(['compressed', 'uncompressed'] as const);
  const at = inLocal ? record.localHeaderOffset + (field === 'compressed' ? 18 : 22) : record.offset + (field === 'compressed' ? 20 : 24);
  if (at + 4 > out.length) return flipBits(random, bytes, 'docx');
  const old = view.getUint32(at, true);
  const drawn = random.chance(0.5) ? random.pick(EDGE_SIZES) : Math.max(0, old + random.between(-64, 64));
  const value = (drawn === old ? old + 1 : drawn) >>> 0;
  view.setUint32(at, value, true);
  const where = inLocal ? 'local header' : 'directory record';
  return { bytes: out, step: `set the ${field} size of ${record.name} in its ${where} to ${value}` };
};

const changeMethodOrFlags: ZipMutation = (random, bytes, { records }) => {
  const record = random.pick(records);
  const out = copyOf(bytes);
  const view = viewOf(out);
  if (random.chance(0.7)) {
    const method = random.pick(COMPRESSION_METHODS.filter((m) => m !== view.getUint16(record.offset + 10, true)));
    view.setUint16(record.offset + 10, method, true);
    return { bytes: out, step: `set the compression method of ${record.name} to ${method}` };
  }
  view.setUint16(record.offset + 8, view.getUint16(record.offset + 8, true) ^ FLAG_ENCRYPTED, true);
  return { bytes: out, step: `toggle the encrypted flag of ${record.name}` };
};

/** Points an entry at another entry's local header, or at a place with none. */
const moveLocalHeaderOffset: ZipMutation = (random, bytes, { records }) => {
  const record = random.pick(records);
  const out = copyOf(bytes);
  const drawn = random.chance(0.6) ? random.pick(records).localHeaderOffset : random.pick([...EDGE_SIZES, random.below(bytes.length)]);
  const target = (drawn === record.localHeaderOffset ? drawn + 1 : drawn) >>> 0;
  viewOf(out).setUint32(record.offset + 42, target, true);
  return { bytes: out, step: `point ${record.name} at offset ${target}` };
};

const renameEntry: ZipMutation = (random, bytes, directory) => {
  const records = directory.records.map((r) => r.bytes);
  const index = random.below(records.length);
  const original = directory.records[index]!;
  const drawn = random.pick([
    random.pick(directory.records).name,
    original.name.toUpperCase(),
    `../${original.name}`,
    `/${original.name}`,
    original.name.slice(0, random.below(original.name.length + 1)),
    `${original.name}\u0000`,
    'x'.repeat(random.skewed(60_000)),
  ]);
  const name = drawn === original.name ? `${drawn}_` : drawn;
  records[index] = withName(original.bytes, name);
  return { bytes: rebuildDirectory(bytes, directory, records), step: `rename ${original.name} to ${JSON.stringify(name.slice(0, 80))}` };
};

/** Two directory records for one name (the reader must pick one), or one part under a second name. */
const duplicateEntry: ZipMutation = (random, bytes, directory) => {
  const records = directory.records.map((r) => r.bytes);
  const original = random.pick(directory.records);
  const renamedAs = random.chance(0.5) ? random.pick(directory.records).name : original.name;
  const times = random.chance(0.2) ? random.skewed(5000) : 1;
  for (let i = 0; i < times; i++) records.splice(random.below(records.length + 1), 0, withName(original.bytes, renamedAs));
  const step = `add ${times} directory record(s) for ${original.name} named ${renamedAs}`;
  return { bytes: rebuildDirectory(bytes, directory, records), step };
};

const removeEntry: ZipMutation = (random, bytes, directory) => {
  const records = directory.records.map((r) => r.bytes);
  const index = random.below(records.length);
  records.splice(index, 1);
  return { bytes: rebuildDirectory(bytes, directory, records), step: `remove the directory record of ${directory.records[index]!.name}` };
};

const changeEntryCount: ZipMutation = (random, bytes, { eocd, records }) => {
  const out = copyOf(bytes);
  const view = viewOf(out);
  const count = random.pick([0, 1, records.length - 1, records.length + 1, 0xffff].filter((n) => n !== view.getUint16(eocd + 10, true)));
  view.setUint16(eocd + 10, count, true);
  return { bytes: out, step: `set the entry count to ${count}` };
};

/** Unpacks one XML part, changes its text with a byte mutation, and packs the whole archive again. */
const rewritePart: ZipMutation = (random, bytes, directory) => {
  let entries: Array<{ name: string; data: Uint8Array }>;
  try {
    const archive = new ZipArchive(bytes, 'seed.docx');
    entries = archive.names().map((name) => ({ name, data: archive.read(name) ?? new Uint8Array() }));
  } catch {
    return damagePartData(random, bytes, directory);
  }
  const names = entries.map((entry) => entry.name);
  const xmlParts = names.filter((name) => /\.(xml|rels)$/.test(name));
  const mainPart = 'word/document.xml';
  const target = xmlParts.includes(mainPart) && random.chance(0.5) ? mainPart : random.pick(xmlParts.length ? xmlParts : names);
  const entry = entries.find((candidate) => candidate.name === target)!;
  const changed = random.pick(BYTE_MUTATIONS)(random, entry.data, 'docx');
  entry.data = changed.bytes;
  // A fixed time stamp: the same seed gives the same bytes.
  return { bytes: writeZip(entries, new Date(2000, 0, 1)), step: `in ${target}: ${changed.step}` };
};

const ZIP_MUTATIONS: readonly ZipMutation[] = [
  damagePartData,
  changeSize,
  changeMethodOrFlags,
  moveLocalHeaderOffset,
  renameEntry,
  duplicateEntry,
  removeEntry,
  changeEntryCount,
  rewritePart,
  rewritePart,
  rewritePart,
];

/** A ZIP-aware mutation; undefined when the bytes have no readable central directory (a previous step broke it). */
export function mutateZip(random: Random, bytes: Uint8Array): MutationStep | undefined {
  const directory = readCentralDirectory(bytes);
  if (!directory || directory.records.length === 0) return undefined;
  return random.pick(ZIP_MUTATIONS)(random, bytes, directory);
}

export function readCentralDirectory(bytes: Uint8Array): CentralDirectory | undefined {
  const view = viewOf(bytes);
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  const records: CentralRecord[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (offset + CENTRAL_HEADER_BYTES > bytes.length || view.getUint32(offset, true) !== CENTRAL_HEADER_SIGNATURE) break;
    const nameLength = view.getUint16(offset + 28, true);
    const length = CENTRAL_HEADER_BYTES + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (offset + length > bytes.length) break;
    records.push({
      offset,
      bytes: copyOf(bytes, offset, offset + length),
      name: new TextDecoder().decode(bytes.subarray(offset + CENTRAL_HEADER_BYTES, offset + CENTRAL_HEADER_BYTES + nameLength)),
      compressedSize: view.getUint32(offset + 20, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    });
    offset += length;
  }
  return { eocd, directoryOffset, records };
}

/** The file up to its central directory, the given records, and an end record that counts them. */
function rebuildDirectory(bytes: Uint8Array, { eocd, directoryOffset }: CentralDirectory, records: readonly Uint8Array[]): Uint8Array {
  const head = bytes.subarray(0, Math.min(directoryOffset, eocd));
  const directorySize = records.reduce((sum, r) => sum + r.length, 0);
  const end = copyOf(bytes, eocd);
  const endView = viewOf(end);
  endView.setUint16(8, records.length & 0xffff, true);
  endView.setUint16(10, records.length & 0xffff, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, head.length, true);
  const out = new Uint8Array(head.length + directorySize + end.length);
  out.set(head, 0);
  let offset = head.length;
  for (const record of records) {
    out.set(record, offset);
    offset += record.length;
  }
  out.set(end, offset);
  return out;
}

function withName(record: Uint8Array, name: string): Uint8Array {
  const view = viewOf(record);
  const oldLength = view.getUint16(28, true);
  const encoded = new TextEncoder().encode(name).subarray(0, 0xffff);
  const out = new Uint8Array(record.length - oldLength + encoded.length);
  out.set(record.subarray(0, CENTRAL_HEADER_BYTES), 0);
  out.set(encoded, CENTRAL_HEADER_BYTES);
  out.set(record.subarray(CENTRAL_HEADER_BYTES + oldLength), CENTRAL_HEADER_BYTES + encoded.length);
  viewOf(out).setUint16(28, encoded.length, true);
  return out;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
