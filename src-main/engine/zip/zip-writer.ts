import { crc32, deflateRawSync } from 'node:zlib';
import { StratumError } from '../../../src-shared/errors';
import {
  CENTRAL_HEADER_BYTES,
  CENTRAL_HEADER_SIGNATURE,
  END_OF_CENTRAL_DIRECTORY_BYTES,
  END_OF_CENTRAL_DIRECTORY_SIGNATURE,
  FLAG_UTF8_NAMES,
  LOCAL_HEADER_BYTES,
  LOCAL_HEADER_SIGNATURE,
  METHOD_DEFLATED,
  METHOD_STORED,
} from './zip-format';

interface ZipEntryInput {
  /** Path inside the archive, `/`-separated, e.g. `report_artifacts/report_img_001.png`. */
  name: string;
  data: string | Uint8Array;
}

/** Without ZIP64 records, sizes, offsets and the entry count must fit their 32- and 16-bit fields. */
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;
/** "Version needed to extract" 2.0: deflate and folders. */
const VERSION = 20;

interface WrittenEntry {
  name: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/**
 * A ZIP archive of the entries, in their order: each deflated unless deflating does not make it
 * smaller (PNGs), then it is stored. Every entry gets the time `modified` (local time, as DOS
 * stamps are).
 */
export function writeZip(entries: readonly ZipEntryInput[], modified: Date = new Date()): Uint8Array {
  if (entries.length > MAX_ENTRIES)
    throw new StratumError('too-large', `a ZIP archive holds at most ${MAX_ENTRIES} files (asked for ${entries.length})`);
  const { time, date } = dosTimestamp(modified);
  const parts: Uint8Array[] = [];
  const written: WrittenEntry[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : entry.data;
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const record: WrittenEntry = {
      name: new TextEncoder().encode(entry.name),
      method: stored ? METHOD_STORED : METHOD_DEFLATED,
      crc: crc32(data),
      compressedSize: body.length,
      size: data.length,
      offset,
    };
    const local = header(LOCAL_HEADER_BYTES, record.name, (view) => {
      view.setUint32(0, LOCAL_HEADER_SIGNATURE, true);
      view.setUint16(4, VERSION, true);
      writeEntryFields(view, 6, record, time, date);
    });
    parts.push(local, body);
    written.push(record);
    offset += local.length + body.length;
    if (offset > MAX_32) throw new StratumError('too-large', 'a ZIP archive without ZIP64 holds at most 4 GB');
  }
  const directoryOffset = offset;
  for (const record of written) {
    const central = header(CENTRAL_HEADER_BYTES, record.name, (view) => {
      view.setUint32(0, CENTRAL_HEADER_SIGNATURE, true);
      view.setUint16(4, VERSION, true);
      view.setUint16(6, VERSION, true);
      writeEntryFields(view, 8, record, time, date);
      // comment length, disk number, internal and external attributes stay 0
      view.setUint32(42, record.offset, true);
    });
    parts.push(central);
    offset += central.length;
  }
  const end = new Uint8Array(END_OF_CENTRAL_DIRECTORY_BYTES);
  const view = new DataView(end.buffer);
  view.setUint32(0, END_OF_CENTRAL_DIRECTORY_SIGNATURE, true);
  view.setUint16(8, written.length, true);
  view.setUint16(10, written.length, true);
  view.setUint32(12, offset - directoryOffset, true);
  view.setUint32(16, directoryOffset, true);
  parts.push(end);
  return concat(parts, offset + end.length);
}

/** The fields local and central headers share, from "general purpose flag" to "extra field length". */
function writeEntryFields(view: DataView, at: number, record: WrittenEntry, time: number, date: number): void {
  view.setUint16(at, FLAG_UTF8_NAMES, true);
  view.setUint16(at + 2, record.method, true);
  view.setUint16(at + 4, time, true);
  view.setUint16(at + 6, date, true);
  view.setUint32(at + 8, record.crc, true);
  view.setUint32(at + 12, record.compressedSize, true);
  view.setUint32(at + 16, record.size, true);
  view.setUint16(at + 20, record.name.length, true);
}

function header(fixedBytes: number, name: Uint8Array, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(fixedBytes + name.length);
  fill(new DataView(bytes.buffer));
  bytes.set(name, fixedBytes);
  return bytes;
}

/** MS-DOS time and date; the format starts in 1980 and counts seconds in twos. */
function dosTimestamp(moment: Date): { time: number; date: number } {
  const year = Math.min(Math.max(moment.getFullYear(), 1980), 2107);
  return {
    time: (moment.getHours() << 11) | (moment.getMinutes() << 5) | Math.floor(moment.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((moment.getMonth() + 1) << 5) | moment.getDate(),
  };
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
