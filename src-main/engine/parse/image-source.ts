import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { DocumentBuilder } from './document-builder';
import { dataUriBytes, imageRefOf, MAX_IMAGE_BYTES } from './image-ref';

/** Any URL scheme (`http:`, `file:`, `C:` is refused alike) and protocol-relative `//host/...`. */
const HAS_SCHEME = /^([a-z][a-z0-9+.-]*:|\/\/|\\\\)/i;

/**
 * Gives the pictures an HTML `src` or a Markdown image names (DocumentBuilder.imageSources) their
 * image: a `data:` URI always; a relative path only when the document's folder is known (the
 * command line knows it; the app and the HTTP host receive bytes alone) and only a regular file
 * inside that folder, symbolic links resolved. Never anything over a network, never an absolute
 * path. What is refused or unreadable becomes a warning of the document; without a folder,
 * relative paths are simply not read.
 */
export async function attachImageSources(builder: DocumentBuilder, documentFolder: string | undefined): Promise<void> {
  const folder = documentFolder === undefined ? undefined : await realpath(documentFolder).catch(() => undefined);
  let byUrl = 0;
  for (const { picture, src } of builder.imageSources) {
    const found = await imageBytes(src.trim(), folder);
    if (found === 'not-for-us') continue;
    if (found === 'by-url') {
      byUrl++;
      continue;
    }
    const describe = `picture ${picture.self_ref} (${shorten(src)})`;
    if ('refused' in found) {
      builder.addWarning(`${describe}: ${found.refused}`);
      continue;
    }
    const outcome = imageRefOf(found.bytes);
    if ('image' in outcome) picture.image = outcome.image;
    else builder.addWarning(`${describe}: ${outcome.problem}; kept without it`);
  }
  // A saved web page names all its images by URL: one warning, not one a picture.
  if (byUrl > 0)
    builder.addWarning(`${byUrl} ${byUrl === 1 ? 'picture names its image' : 'pictures name their image'} by URL: never fetched`);
}

/**
 * The image's bytes, or why it is refused; `by-url` for a URL (never fetched), `not-for-us` for no
 * source or a relative path without a folder to read it in.
 */
type FoundImage = { bytes: Uint8Array } | { refused: string } | 'by-url' | 'not-for-us';

async function imageBytes(src: string, folder: string | undefined): Promise<FoundImage> {
  if (src === '') return 'not-for-us';
  if (/^data:/i.test(src)) {
    const bytes = dataUriBytes(src);
    return bytes ? { bytes } : { refused: `its data: URI is not a readable image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB` };
  }
  if (HAS_SCHEME.test(src)) return 'by-url';
  if (folder === undefined) return 'not-for-us';
  let path: string;
  try {
    path = decodeURIComponent(src.replace(/[?#].*$/s, ''));
  } catch {
    return { refused: 'its path is not a valid URL path' };
  }
  if (isAbsolute(path) || path.startsWith('/')) return { refused: 'an absolute image path is not read' };
  const outside = { refused: "the image is outside the document's folder and is not read" };
  // Checked as written (`..`), then once symbolic links are resolved.
  const written = resolve(folder, path);
  if (!isInside(folder, written)) return outside;
  const target = await realpath(written).catch(() => undefined);
  if (target === undefined) return { refused: 'the image file does not exist' };
  if (!isInside(folder, target)) return outside;
  return readBounded(target);
}

function isInside(folder: string, target: string): boolean {
  const path = relative(folder, target);
  return path !== '' && !path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path);
}

async function readBounded(path: string): Promise<FoundImage> {
  // Non-blocking: opening a named pipe for reading would otherwise wait for a writer, forever.
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (!file) return { refused: 'the image file cannot be read' };
  try {
    const stats = await file.stat();
    if (!stats.isFile()) return { refused: 'the image path is not a file' };
    if (stats.size > MAX_IMAGE_BYTES) return { refused: `the image file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB` };
    // Read no more than the size checked, whatever the file grows to meanwhile.
    const buffer = Buffer.alloc(stats.size);
    const { bytesRead } = await file.read(buffer, 0, stats.size, 0);
    return { bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead) };
  } catch {
    return { refused: 'the image file cannot be read' };
  } finally {
    await file.close();
  }
}

function shorten(src: string): string {
  return src.length > 80 ? `${src.slice(0, 77)}...` : src;
}
