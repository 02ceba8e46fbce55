import { createCipheriv, createHash } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';

/** An object of a PDF built by a test: its text, or a stream's dictionary and data (the writer adds /Length). */
export type PdfObject = string | { dictionary: string; data: Uint8Array };

/**
 * A PDF file holding `objects`, numbered from 1 in order, object 1 being the catalog, with a
 * correct cross-reference table: lets a test build exactly the structure it needs (a hostile page
 * tree, a compressed stream) in a few bytes.
 */
export function pdfOf(objects: readonly PdfObject[], trailerEntries = ''): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (part: Buffer): void => {
    parts.push(part);
    length += part.length;
  };
  const offsets = objects.map((object, index) => {
    const offset = length;
    if (typeof object === 'string') {
      push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    } else {
      const dictionary = object.dictionary.replace(/>>\s*$/, ` /Length ${object.data.length} >>`);
      push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
      push(Buffer.from(object.data));
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
    return offset;
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`, 'latin1'));
  push(Buffer.from(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerEntries}>>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A one-page PDF whose page shows `text` in Helvetica. */
export function textPdf(text: string): Uint8Array {
  const content = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    { dictionary: '<< >>', data: new TextEncoder().encode(content) },
  ]);
}

/** A line of text placed on a page of `styledPdf`: its baseline starts at (x, y) in points. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  face?: 'regular' | 'bold' | 'italic';
}

const FACE_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

/**
 * A PDF of 612 x 792 pages, each showing its lines in Helvetica, Helvetica-Bold or Helvetica-Oblique:
 * a document whose layout a test states line by line (sizes, weights, places) to exercise one rule.
 * Text is Latin-1.
 */
export function styledPdf(pages: readonly (readonly PlacedText[])[]): Uint8Array {
  const faces = Object.keys(FACE_FONTS) as (keyof typeof FACE_FONTS)[];
  const firstPage = 3 + faces.length;
  const fonts = faces.map((face, index) => `/${face} ${3 + index} 0 R`).join(' ');
  const escape = (text: string): string => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, index) => `${firstPage + 2 * index} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ...faces.map((face) => `<< /Type /Font /Subtype /Type1 /BaseFont /${FACE_FONTS[face]} /Encoding /WinAnsiEncoding >>`),
  ];
  pages.forEach((lines, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fonts} >> >> /Contents ${firstPage + 2 * index + 1} 0 R >>`,
    );
    const content = lines
      .map((line) => `BT /${line.face ?? 'regular'} ${line.size} Tf ${line.x} ${line.y} Td (${escape(line.text)}) Tj ET`)
      .join('\n');
    objects.push({ dictionary: '<< >>', data: new Uint8Array(Buffer.from(content, 'latin1')) });
  });
  return pdfOf(objects);
}

/**
 * zlib data (FlateDecode) that inflates to `megabytes` MB of `byte` from about a thousandth of
 * that: one compressed megabyte, flushed to a byte boundary, repeated. Built in milliseconds.
 */
export function deflateBomb(megabytes: number, byte = 0x20): Uint8Array {
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024, byte), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // zlib header, the repeated blocks, a final empty block, and a checksum nobody gets to check
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x78, 0xda]),
      ...Array.from({ length: megabytes }, () => megabyte),
      Buffer.from([0x03, 0x00]),
      Buffer.alloc(4),
    ]),
  );
}

/** A PDF whose one page has `contents` (a stream object) and, named /Im1, the image `image` if given. */
export function onePagePdf(contents: PdfObject, image?: PdfObject): Uint8Array {
  const resources = image ? '<< /XObject << /Im1 5 0 R >> >>' : '<< >>';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents 4 0 R >>`,
    contents,
    ...(image ? [image] : []),
  ]);
}

/**
 * A page tree `levels` deep in which every node lists the same child `fanOut` times, with /Count
 * stating the pages that makes (fanOut ** levels): a few kilobytes naming billions of pages.
 */
export function pageTreeBomb(fanOut: number, levels: number): Uint8Array {
  return pdfOf(pageTreeObjects(fanOut, levels, '<< /Type /Page /MediaBox [0 0 612 792] >>'));
}

/** The objects of `pageTreeBomb` with `page` as the one page, object `levels + 2`; more objects may follow. */
export function pageTreeObjects(fanOut: number, levels: number, page: string): PdfObject[] {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let level = 0; level < levels; level++) {
    const child = `${3 + level} 0 R`;
    objects.push(
      `<< /Type /Pages /Kids [${Array.from({ length: fanOut }, () => child).join(' ')}] /Count ${fanOut ** (levels - level)} >>`,
    );
  }
  objects.push(page);
  return objects;
}

/**
 * LZWDecode data that decodes to runs of spaces about a thousand times its size: each cycle sends
 * the codes for ever longer runs (each code names the previous run plus one space) until the code
 * table is full, then clears it. The codes are packed the way the decoder reads them.
 */
export function lzwBomb(cycles: number): Uint8Array {
  const bytes: number[] = [];
  let bits = 0;
  let bitCount = 0;
  const put = (code: number, length: number): void => {
    bits = (bits << length) | code;
    bitCount += length;
    while (bitCount >= 8) {
      bytes.push((bits >> (bitCount - 8)) & 0xff);
      bitCount -= 8;
    }
    bits &= (1 << bitCount) - 1;
  };
  for (let cycle = 0; cycle < cycles; cycle++) {
    // the clear code, at the width the previous cycle ended with
    put(256, cycle === 0 ? 9 : 12);
    put(0x20, 9);
    // the decoder adds a code after each one it reads; with early change it widens one code early
    let nextCode = 258;
    for (let code = 258; code < 4095; code++) {
      put(code, Math.min(12, Math.max(9, Math.floor(Math.log2(nextCode + 1)) + 1)));
      nextCode++;
    }
  }
  put(257, 12);
  if (bitCount > 0) put(0, 8 - bitCount);
  return Uint8Array.from(bytes);
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/**
 * `objects` as a PDF encrypted the way most encrypted PDFs are: a 128-bit key (standard security
 * handler, RC4 in revision 3 or AES in revision 4), an empty user password that any reader opens it
 * with, and an owner password. Every stream is encrypted with its object's key; the objects must
 * hold no strings outside streams, which would need encrypting too.
 */
export function encryptedPdfOf(objects: readonly PdfObject[], cipher: 'rc4' | 'aes-128' = 'rc4', ownerPassword = 'owner'): Uint8Array {
  const id = createHash('md5').update('a test document').digest();
  const md5 = (...parts: Buffer[]): Buffer => parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();
  const xorKey = (key: Buffer, round: number): Buffer => Buffer.from(key.map((byte) => byte ^ round));
  const rounds = (key: Buffer, data: Buffer): Buffer => {
    let out = rc4(key, data);
    for (let round = 1; round <= 19; round++) out = rc4(xorKey(key, round), out);
    return out;
  };
  const padded = (password: string): Buffer => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
  let ownerKey = md5(padded(ownerPassword));
  for (let i = 0; i < 50; i++) ownerKey = md5(ownerKey);
  const owner = rounds(ownerKey.subarray(0, 16), padded(''));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  let fileKey = md5(padded(''), owner, permissions, id);
  for (let i = 0; i < 50; i++) fileKey = md5(fileKey.subarray(0, 16));
  fileKey = fileKey.subarray(0, 16);
  const user = Buffer.concat([rounds(fileKey, md5(PASSWORD_PADDING, id)), Buffer.alloc(16)]);
  const encrypted = objects.map((object, index): PdfObject => {
    if (typeof object === 'string') return object;
    const number = Buffer.from([(index + 1) & 0xff, ((index + 1) >> 8) & 0xff, 0, 0, 0]);
    if (cipher === 'rc4')
      return { dictionary: object.dictionary, data: rc4(md5(fileKey, number).subarray(0, 16), Buffer.from(object.data)) };
    const vector = createHash('md5').update(number).digest();
    const aes = createCipheriv('aes-128-cbc', md5(fileKey, number, Buffer.from('sAlT')), vector);
    return { dictionary: object.dictionary, data: Buffer.concat([vector, aes.update(object.data), aes.final()]) };
  });
  const hex = (bytes: Buffer): string => `<${bytes.toString('hex')}>`;
  const method = cipher === 'rc4' ? '/V 2 /R 3' : '/V 4 /R 4 /CF << /StdCF << /CFM /AESV2 /Length 16 >> >> /StmF /StdCF /StrF /StdCF';
  const encrypt = `<< /Filter /Standard ${method} /Length 128 /P -4 /O ${hex(owner)} /U ${hex(user)} >>`;
  return pdfOf([...encrypted, encrypt], `/Encrypt ${objects.length + 1} 0 R /ID [${hex(id)} ${hex(id)}] `);
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}
