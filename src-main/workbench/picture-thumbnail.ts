import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PictureThumbnail } from '../../src-shared/api';
import { picturePngs } from '../engine/export/artifacts/picture-png';
import { resolveRef } from '../engine/ir/resolve';
import type { PictureItem } from '../engine/ir/types';
import type { LoadedDocument } from './engine-port';

/** A PDF picture is rendered at screen resolution: a thumbnail never needs more. */
const THUMBNAIL_DPI = 96;

/**
 * A picture of an open document as a PNG no wider or taller than `maxSide` pixels: the image the
 * parse keeps (a PDF's page region), scaled down; or why there is none.
 */
export async function pictureThumbnail(document: LoadedDocument, ref: string, maxSide: number): Promise<PictureThumbnail> {
  const node = resolveRef(document.doc, ref);
  if (!node || !('label' in node) || !ref.startsWith('#/pictures/')) return { png: null, problem: `${ref} is not a picture` };
  const pdf = document.format === 'pdf' ? { bytes: document.bytes, fileName: document.fileName, password: document.password } : undefined;
  const [result] = await picturePngs(document.doc, [node as PictureItem], pdf, THUMBNAIL_DPI);
  if (!result) return { png: null, problem: 'the parse kept no image of it' };
  if ('problem' in result) return { png: null, problem: result.problem };
  const image = await loadImage(Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength));
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height, 1));
  const canvas = createCanvas(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return { png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height };
}
