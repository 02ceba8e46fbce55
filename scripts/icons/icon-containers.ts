/**
 * The icon containers Windows and macOS read, holding PNG images (Windows Vista and later, macOS 10.7
 * and later read PNG entries): ICO (a directory of entries, then the images) and ICNS (typed chunks).
 */

/** A PNG's width and height, from its IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export function icoFile(pngs: readonly Uint8Array[]): Buffer {
  const headerSize = 6 + 16 * pngs.length;
  const header = Buffer.alloc(headerSize);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = headerSize;
  pngs.forEach((png, index) => {
    const { width, height } = pngSize(png);
    const entry = 6 + 16 * index;
    // 0 stands for 256 (one byte holds the size).
    header.writeUInt8(width >= 256 ? 0 : width, entry);
    header.writeUInt8(height >= 256 ? 0 : height, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.byteLength, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.byteLength;
  });
  return Buffer.concat([header, ...pngs]);
}

/** ICNS chunk types by pixel size of the image, as macOS names them (the @2x types share images with the larger sizes). */
export const ICNS_TYPES: ReadonlyArray<{ type: string; pixels: number }> = [
  { type: 'icp4', pixels: 16 },
  { type: 'icp5', pixels: 32 },
  { type: 'icp6', pixels: 64 },
  { type: 'ic07', pixels: 128 },
  { type: 'ic08', pixels: 256 },
  { type: 'ic09', pixels: 512 },
  { type: 'ic10', pixels: 1024 },
  { type: 'ic11', pixels: 32 },
  { type: 'ic12', pixels: 64 },
  { type: 'ic13', pixels: 256 },
  { type: 'ic14', pixels: 512 },
];

export function icnsFile(pngBySize: ReadonlyMap<number, Uint8Array>): Buffer {
  const chunks = ICNS_TYPES.map(({ type, pixels }) => {
    const png = pngBySize.get(pixels);
    if (!png) throw new Error(`no ${pixels} px image for the ICNS chunk ${type}`);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(8 + png.byteLength, 4);
    return Buffer.concat([header, png]);
  });
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + body.byteLength, 4);
  return Buffer.concat([header, body]);
}

/** The chunks of an ICNS file: type and data. */
export function icnsChunks(file: Uint8Array): Array<{ type: string; data: Uint8Array }> {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buffer.toString('latin1', 0, 4) !== 'icns' || buffer.readUInt32BE(4) !== buffer.byteLength) throw new Error('not an ICNS file');
  const chunks: Array<{ type: string; data: Uint8Array }> = [];
  for (let offset = 8; offset < buffer.byteLength;) {
    const length = buffer.readUInt32BE(offset + 4);
    if (length < 8 || offset + length > buffer.byteLength) throw new Error(`ICNS chunk at ${offset} overruns the file`);
    chunks.push({ type: buffer.toString('latin1', offset, offset + 4), data: buffer.subarray(offset + 8, offset + length) });
    offset += length;
  }
  return chunks;
}

/** The images of an ICO file, with the size its directory states (0 read as 256). */
export function icoImages(file: Uint8Array): Array<{ width: number; height: number; data: Uint8Array }> {
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buffer.readUInt16LE(0) !== 0 || buffer.readUInt16LE(2) !== 1) throw new Error('not an ICO file');
  return Array.from({ length: buffer.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = buffer.readUInt32LE(entry + 8);
    const offset = buffer.readUInt32LE(entry + 12);
    return {
      width: buffer.readUInt8(entry) || 256,
      height: buffer.readUInt8(entry + 1) || 256,
      data: buffer.subarray(offset, offset + size),
    };
  });
}
