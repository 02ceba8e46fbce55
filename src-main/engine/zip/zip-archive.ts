import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { StratumError } from '../../../src-shared/errors';
import {
  CENTRAL_HEADER_BYTES,
  CENTRAL_HEADER_SIGNATURE,
  FLAG_ENCRYPTED,
  findEndOfCentralDirectory,
  LOCAL_HEADER_BYTES,
  LOCAL_HEADER_SIGNATURE,
  METHOD_DEFLATED,
  METHOD_STORED,
} from './zip-format';

/** Limits that keep a hostile archive (a "zip bomb") from exhausting memory. */
export interface ZipLimits {
  /** Sum of the declared uncompressed sizes of all entries. */
  maxTotalBytes: number;
  /** Largest single entry once inflated. */
  maxEntryBytes: number;
  /** Largest uncompressed/compressed ratio for entries above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  maxEntries: 20_000,
};

/** Pieces a streamed entry is inflated in. */
const STREAM_CHUNK_BYTES = 256 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

/**
 * A read-only ZIP archive that checks sizes before inflating anything: the central directory's
 * declared sizes are validated up front, and inflation itself is capped (`maxOutputLength`), so
 * an entry that lies about its size still cannot grow past the limit.
 */
export class ZipArchive {
  private readonly entries = new Map<string, ZipEntry>();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly fileName: string,
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const eocd = findEndOfCentralDirectory(view);
    if (eocd < 0) throw this.corrupt('it is not a ZIP package');
    const count = view.getUint16(eocd + 10, true);
    const directoryOffset = view.getUint32(eocd + 16, true);
    if (count > limits.maxEntries) throw new StratumError('too-large', `${fileName}: the package has too many parts (${count})`);
    let offset = directoryOffset;
    let total = 0;
    for (let i = 0; i < count; i++) {
      if (offset + CENTRAL_HEADER_BYTES > bytes.length || view.getUint32(offset, true) !== CENTRAL_HEADER_SIGNATURE)
        throw this.corrupt('its ZIP directory is damaged');
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const entry: ZipEntry = {
        name: new TextDecoder().decode(bytes.subarray(offset + CENTRAL_HEADER_BYTES, offset + CENTRAL_HEADER_BYTES + nameLength)),
        method: view.getUint16(offset + 10, true),
        compressedSize: view.getUint32(offset + 20, true),
        uncompressedSize: view.getUint32(offset + 24, true),
        localHeaderOffset: view.getUint32(offset + 42, true),
        encrypted: (view.getUint16(offset + 8, true) & FLAG_ENCRYPTED) !== 0,
      };
      this.checkDeclaredSize(entry);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes)
        throw new StratumError('too-large', `${fileName}: the package would inflate to more than ${mib(limits.maxTotalBytes)}`);
      this.entries.set(entry.name, entry);
      offset += CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The size an entry declares it inflates to (reading it never yields more); undefined when there is no such entry. */
  declaredSize(name: string): number | undefined {
    return this.entries.get(name)?.uncompressedSize;
  }

  /** The inflated bytes of an entry; undefined when the archive has no such entry. */
  read(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const data = this.storedData(entry);
    if (entry.method === METHOD_STORED) return data;
    try {
      return inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (error) {
      const tooBig = error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      if (tooBig) throw new StratumError('too-large', `${this.fileName}: part ${name} inflates beyond its declared size`);
      throw this.corrupt(`its part ${name} cannot be inflated`);
    }
  }

  /**
   * The inflated bytes of an entry piece by piece, for a part too large to hold whole (a big
   * worksheet): never more than its declared size, which the constructor has checked.
   */
  async *stream(name: string): AsyncGenerator<Uint8Array> {
    const entry = this.entries.get(name);
    if (!entry) return;
    const data = this.storedData(entry);
    if (entry.method === METHOD_STORED) {
      for (let start = 0; start < data.length; start += STREAM_CHUNK_BYTES) yield data.subarray(start, start + STREAM_CHUNK_BYTES);
      return;
    }
    const inflater = createInflateRaw({ chunkSize: STREAM_CHUNK_BYTES });
    inflater.end(data);
    let inflated = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > entry.uncompressedSize)
          throw new StratumError('too-large', `${this.fileName}: part ${name} inflates beyond its declared size`);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof StratumError) throw error;
      throw this.corrupt(`its part ${name} cannot be inflated`);
    } finally {
      inflater.destroy();
    }
  }

  readText(name: string): string | undefined {
    const data = this.read(name);
    return data && new TextDecoder('utf-8').decode(data);
  }

  /** An entry's bytes as stored (compressed), checked to be all there and in a method we inflate. */
  private storedData(entry: ZipEntry): Uint8Array {
    const { name } = entry;
    if (entry.encrypted) throw new StratumError('encrypted', `${this.fileName}: the package is encrypted`);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const local = entry.localHeaderOffset;
    if (local + LOCAL_HEADER_BYTES > this.bytes.length || view.getUint32(local, true) !== LOCAL_HEADER_SIGNATURE)
      throw this.corrupt(`its part ${name} is damaged`);
    const start = local + LOCAL_HEADER_BYTES + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.length < entry.compressedSize) throw this.corrupt(`its part ${name} is truncated`);
    if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED)
      throw this.corrupt(`its part ${name} uses an unsupported compression method`);
    return data;
  }

  private checkDeclaredSize(entry: ZipEntry): void {
    const { maxEntryBytes, maxRatio, ratioFloorBytes } = this.limits;
    if (entry.uncompressedSize > maxEntryBytes) {
      throw new StratumError('too-large', `${this.fileName}: part ${entry.name} would inflate to more than ${mib(maxEntryBytes)}`);
    }
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > ratioFloorBytes && ratio > maxRatio) {
      throw new StratumError(
        'too-large',
        `${this.fileName}: part ${entry.name} has a suspicious compression ratio (${Math.round(ratio)}:1)`,
      );
    }
  }

  private corrupt(reason: string): StratumError {
    return new StratumError('corrupt-file', `${this.fileName}: cannot be read, ${reason}`);
  }
}

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
