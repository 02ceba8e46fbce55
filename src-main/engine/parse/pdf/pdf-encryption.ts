import { createCipheriv, createDecipheriv, createHash, type Decipher } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { dictionaryEntries, wholeNumber } from './pdf-dictionary';
import type { PdfObjects, PdfStream } from './pdf-streams';

/** The stream's decryption, to run before its filters; undefined for a stream the file leaves in the clear. */
export type StreamDecryption = (stream: PdfStream) => Transform | undefined;

/** Pads a password to 32 bytes (ISO 32000-1, 7.6.3.3). */
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

type Method = 'rc4' | 'aes-128' | 'aes-256' | 'none';

/**
 * How to decrypt the streams of a PDF encrypted by the standard security handler (RC4 and AES,
 * revisions 2 to 6) with `password` (empty: the user password most encrypted files have), as pdf.js
 * will: so that a stream's decoded size can be measured before pdf.js decrypts and decodes it, and
 * encrypting a compression bomb does not hide it. Undefined when the file is not encrypted, or
 * encrypted some other way (pdf.js cannot open those either).
 */
export function streamDecryption(objects: PdfObjects, password = ''): StreamDecryption | undefined {
  const trailer = objects.trailer;
  const encryptText = objects.resolve(trailer?.get('Encrypt'));
  if (!trailer || !encryptText?.startsWith('<<')) return undefined;
  const encrypt = dictionaryEntries(encryptText);
  if (encrypt.get('Filter') !== '/Standard') return undefined;
  const version = wholeNumber(encrypt.get('V')) ?? 0;
  const revision = wholeNumber(encrypt.get('R')) ?? 2;
  const method = methodOf(encrypt, version);
  if (method === 'none') return () => undefined;
  const secret = Buffer.from(password, method === 'aes-256' ? 'utf8' : 'latin1');
  if (method === 'aes-256') {
    const fileKey = aes256FileKey(encrypt, revision, secret.subarray(0, 127));
    return fileKey && ((stream) => (isCrossReference(stream) ? undefined : new AesCbcDecryptor(fileKey)));
  }
  const fileKey = revision2To4FileKey(encrypt, trailer, version, revision, secret);
  return (stream) => {
    if (isCrossReference(stream)) return undefined;
    const object = Buffer.alloc(5);
    object.writeUIntLE(stream.objectNumber & 0xffffff, 0, 3);
    object.writeUInt16LE(stream.generation & 0xffff, 3);
    const salt = method === 'aes-128' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0);
    const key = md5(fileKey, object, salt).subarray(0, Math.min(fileKey.length + 5, 16));
    return method === 'aes-128' ? new AesCbcDecryptor(key) : new Rc4Decryptor(key);
  };
}

/** Cross-reference streams are never encrypted. */
function isCrossReference(stream: PdfStream): boolean {
  return stream.entries.get('Type') === '/XRef';
}

function methodOf(encrypt: Map<string, string>, version: number): Method {
  if (version === 5) return 'aes-256';
  if (version !== 4) return 'rc4';
  const filterName = encrypt.get('StmF') ?? '/Identity';
  if (filterName === '/Identity') return 'none';
  const filters = dictionaryEntries(encrypt.get('CF') ?? '<< >>');
  const method = dictionaryEntries(filters.get(filterName.slice(1)) ?? '<< >>').get('CFM');
  if (method === '/AESV2') return 'aes-128';
  if (method === '/AESV3') return 'aes-256';
  return method === '/V2' ? 'rc4' : 'none';
}

/** Algorithm 2 of ISO 32000-1 (7.6.3.3): the file key from the user password, revisions 2 to 4. */
function revision2To4FileKey(
  encrypt: Map<string, string>,
  trailer: Map<string, string>,
  version: number,
  revision: number,
  password: Buffer,
): Buffer {
  const length = version === 4 ? 16 : Math.min(Math.max((wholeNumber(encrypt.get('Length')) ?? 40) / 8, 5), 16);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(Number(encrypt.get('P') ?? 0) | 0);
  const padded = Buffer.concat([password.subarray(0, 32), PASSWORD_PADDING]).subarray(0, 32);
  const owner = pdfString(encrypt.get('O')).subarray(0, 32);
  const id = pdfString(/^\[\s*(<[^>]*>|\((?:\\.|[^\\)])*\))/.exec(trailer.get('ID') ?? '')?.[1]);
  const unencryptedMetadata =
    revision >= 4 && encrypt.get('EncryptMetadata') === 'false' ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : Buffer.alloc(0);
  let key = md5(padded, owner, permissions, id, unencryptedMetadata);
  if (revision >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, length));
  return key.subarray(0, length);
}

/** The AES-256 file key (revisions 5 and 6): the user key encrypted in /UE, unlocked by a hash of the password. */
function aes256FileKey(encrypt: Map<string, string>, revision: number, password: Buffer): Buffer | undefined {
  const user = pdfString(encrypt.get('U'));
  const userKey = pdfString(encrypt.get('UE'));
  if (user.length < 48 || userKey.length < 32) return undefined;
  const salt = user.subarray(40, 48);
  const hash = revision >= 6 ? hardenedHash(password, salt) : createHash('sha256').update(password).update(salt).digest();
  const decipher = createDecipheriv('aes-256-cbc', hash, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(userKey.subarray(0, 32)), decipher.final()]);
}

/** Algorithm 2.B of ISO 32000-2 (7.6.4.3.4): rounds of AES and SHA-2 until the last byte says stop. */
function hardenedHash(password: Buffer, salt: Buffer): Buffer {
  let key = createHash('sha256').update(password).update(salt).digest();
  let encrypted = Buffer.alloc(0);
  for (let round = 0; round < 64 || encrypted.at(-1)! > round - 32; round++) {
    const block = Buffer.concat([password, key]);
    const cipher = createCipheriv('aes-128-cbc', key.subarray(0, 16), key.subarray(16, 32));
    cipher.setAutoPadding(false);
    encrypted = Buffer.concat([cipher.update(Buffer.concat(Array.from({ length: 64 }, () => block))), cipher.final()]);
    const remainder = encrypted.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3;
    key = createHash(['sha256', 'sha384', 'sha512'][remainder]!).update(encrypted).digest();
  }
  return key.subarray(0, 32);
}

/** The bytes of a PDF string written as `(literal)` with its escapes, or as `<hex>`. */
export function pdfString(text: string | undefined): Buffer {
  if (!text) return Buffer.alloc(0);
  if (text.startsWith('<')) {
    const hex = text.slice(1, text.indexOf('>') < 0 ? undefined : text.indexOf('>')).replace(/[^0-9a-fA-F]/g, '');
    return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  }
  const bytes: number[] = [];
  const body = text.slice(1, text.endsWith(')') ? -1 : undefined);
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0) & 0xff);
      continue;
    }
    const next = body[++i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i, i + 3))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8) & 0xff);
      i += octal.length - 1;
    } else if (next === '\r' || next === '\n') {
      if (next === '\r' && body[i + 1] === '\n') i++;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(bytes);
}

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

class Rc4Decryptor extends Transform {
  private readonly state = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(key: Buffer) {
    super();
    for (let n = 0; n < 256; n++) this.state[n] = n;
    for (let n = 0, k = 0; n < 256; n++) {
      k = (k + this.state[n]! + key[n % key.length]!) & 0xff;
      [this.state[n], this.state[k]] = [this.state[k]!, this.state[n]!];
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const out = Buffer.allocUnsafe(chunk.length);
    const state = this.state;
    for (let n = 0; n < chunk.length; n++) {
      this.i = (this.i + 1) & 0xff;
      this.j = (this.j + state[this.i]!) & 0xff;
      const swap = state[this.i]!;
      state[this.i] = state[this.j]!;
      state[this.j] = swap;
      out[n] = chunk[n]! ^ state[(state[this.i]! + state[this.j]!) & 0xff]!;
    }
    callback(null, out);
  }
}

/** AES in CBC mode, the first 16 bytes of the data being the initialisation vector. */
class AesCbcDecryptor extends Transform {
  private vector = Buffer.alloc(0);
  private decipher: Decipher | undefined;

  constructor(private readonly key: Buffer) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let data = chunk;
    if (!this.decipher) {
      const needed = 16 - this.vector.length;
      this.vector = Buffer.concat([this.vector, data.subarray(0, needed)]);
      data = data.subarray(needed);
      if (this.vector.length < 16) return callback();
      this.decipher = createDecipheriv(this.key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', this.key, this.vector);
      this.decipher.setAutoPadding(false);
    }
    callback(null, this.decipher.update(data));
  }

  override _flush(callback: TransformCallback): void {
    // a last block that is not whole is damaged data, which ends the stream as in pdf.js
    try {
      callback(null, this.decipher?.final());
    } catch {
      callback();
    }
  }
}
