import type { ImageRef } from '../../ir/types';
import { isStratumError } from '../../../../src-shared/errors';
import type { DocumentBuilder } from '../document-builder';
import { imageRefOf, type ImageOutcome } from '../image-ref';
import type { ImageRelationship, Relationship } from './docx-paragraph';
import type { ZipArchive } from '../../zip/zip-archive';

/**
 * The images of a Word package's pictures, read from the parts their relationships name (through
 * the package's size-checked ZIP reader) and kept once per part, however many pictures show it.
 * A linked image (a file or URL outside the package) is never read; a picture whose image cannot
 * be had keeps no image and the document says why in its warnings.
 */
export class DocxImages {
  private readonly byPart = new Map<string, ImageOutcome>();

  constructor(
    private readonly archive: ZipArchive,
    private readonly builder: DocumentBuilder,
  ) {}

  imageOf(image: ImageRelationship, relationships: ReadonlyMap<string, Relationship>, pictureRef: string): ImageRef | undefined {
    const relationship = relationships.get(image.id);
    if (!relationship) return undefined;
    if (image.linked || relationship.external) {
      this.builder.addWarning(`picture ${pictureRef}: its image is linked (${relationship.target}), not embedded, and is never fetched`);
      return undefined;
    }
    const outcome = this.byPart.get(relationship.path) ?? this.read(relationship.path);
    this.byPart.set(relationship.path, outcome);
    if ('problem' in outcome) {
      this.builder.addWarning(`picture ${pictureRef} (${relationship.path}): ${outcome.problem}; kept without it`);
      return undefined;
    }
    // A copy per picture; the data: URI string itself is shared, not copied.
    return { ...outcome.image, size: { ...outcome.image.size } };
  }

  private read(path: string): ImageOutcome {
    try {
      const bytes = this.archive.read(path);
      return bytes ? imageRefOf(bytes) : { problem: 'the package has no such part' };
    } catch (error) {
      if (isStratumError(error)) return { problem: error.message };
      throw error;
    }
  }
}
