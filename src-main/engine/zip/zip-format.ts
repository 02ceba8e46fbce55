/**
 * The parts of the ZIP format (APPNOTE.TXT) that the reader and the writer share: record signatures,
 * fixed record sizes and compression methods.
 */

export const LOCAL_HEADER_SIGNATURE = 0x04034b50;
export const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
export const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;

/** Sizes of the fixed parts of the records; names, extra fields and comments follow them. */
export const LOCAL_HEADER_BYTES = 30;
export const CENTRAL_HEADER_BYTES = 46;
export const END_OF_CENTRAL_DIRECTORY_BYTES = 22;

export const METHOD_STORED = 0;
export const METHOD_DEFLATED = 8;

/** General purpose flag bits. */
export const FLAG_ENCRYPTED = 1 << 0;
export const FLAG_UTF8_NAMES = 1 << 11;

/** Offset of the end of central directory record, searched backwards over the longest comment it may have; -1 when none. */
export function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - END_OF_CENTRAL_DIRECTORY_BYTES;
  const first = Math.max(0, last - 0xffff);
  for (let offset = last; offset >= first; offset--) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY_SIGNATURE) return offset;
  }
  return -1;
}
