import { StratumError } from '../../../../src-shared/errors';
import { ZipArchive } from '../../zip/zip-archive';
import type { DocumentBuilder } from '../document-builder';
import { describeLimit, inputLimits, tooDeeplyNested, tooLarge } from '../limits';
import { child, childrenNamed, maxXmlDepth, parseXml, textOf, type XmlElement } from './xml-tree';

/**
 * An Office Open XML package (DOCX, PPTX, XLSX): its parts read through the size-checked ZIP
 * reader, its XML parts parsed with every part read counting towards `maxXmlBytes`, its
 * relationships and its core properties. One implementation for every Office format.
 */

/** A relationship of a part: `rId3` → `ppt/slides/slide1.xml` (or an external URL, never read). */
export interface PackageRelationship {
  type: string;
  target: string;
  external: boolean;
  /** Package path of an internal target. */
  path: string;
}

/** OLE compound files: encrypted OOXML packages and legacy `.doc`/`.ppt`/`.xls` all start with this signature. */
export function isCompoundFile(bytes: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return signature.every((b, i) => bytes[i] === b);
}

export class OfficePackage {
  readonly archive: ZipArchive;
  private readonly limits = inputLimits();
  private readonly counted = new Set<string>();
  private total = 0;

  /**
   * `legacyHint` ends the message for an encrypted or legacy binary file: `save it as .pptx without a password`.
   * `kind` names the format in messages: `Word document`.
   */
  constructor(
    bytes: Uint8Array,
    readonly fileName: string,
    kind: string,
    legacyHint: string,
  ) {
    if (isCompoundFile(bytes)) {
      throw new StratumError('encrypted', `${fileName}: this is an encrypted (password-protected) or legacy binary ${kind}; ${legacyHint}`);
    }
    this.archive = new ZipArchive(bytes, fileName);
  }

  has(path: string): boolean {
    return this.archive.has(path);
  }

  /**
   * Counts parts about to be read (each once; missing ones are nothing) towards `maxXmlBytes`,
   * throwing `too-large` past it: a part's declared size counts before it is inflated (and it
   * cannot inflate past it), so many parts each under the ZIP reader's limits cannot add up to
   * gigabytes of XML and of the trees parsed from it.
   */
  reserve(paths: ReadonlyArray<string | undefined>): void {
    for (const path of paths) {
      const size = path === undefined || this.counted.has(path) ? undefined : this.archive.declaredSize(path);
      if (size === undefined) continue;
      this.counted.add(path!);
      this.total += size;
    }
    if (this.total > this.limits.maxXmlBytes) {
      const found = `its XML parts inflate to more than ${describeLimit('maxXmlBytes', this.limits)}`;
      throw tooLarge(this.fileName, found, 'maxXmlBytes', this.limits);
    }
  }

  /** An XML part parsed into a tree; undefined when the package has no such part. */
  xml(path: string | undefined): XmlElement | undefined {
    if (path === undefined || !this.archive.has(path)) return undefined;
    this.reserve([path]);
    return parsePart(this.archive.readText(path) ?? '', path, this.fileName);
  }

  /** The relationships of a part, by id (none when it has no relationships part). */
  relationships(partPath: string): Map<string, PackageRelationship> {
    return readRelationships(this.xml(relationshipsPath(partPath)), folderOf(partPath));
  }

  /** The package's main part (`officeDocument` relationship of the root), else `fallback` when present. */
  mainPart(fallback: string, kind: string): string {
    const main = [...this.relationships('').values()].find((r) => /\/officeDocument$/.test(r.type));
    if (main && this.archive.has(main.path)) return main.path;
    if (this.archive.has(fallback)) return fallback;
    throw new StratumError('corrupt-file', `${this.fileName}: this ZIP package is not a ${kind} (no ${fallback})`);
  }

  /** `docProps/core.xml` into the document's metadata (title, author, dates...). */
  readCoreProperties(builder: DocumentBuilder): void {
    const properties = child(this.xml('docProps/core.xml'), 'cp:coreProperties');
    if (!properties) return;
    for (const [element, key] of CORE_PROPERTIES) {
      const value = child(properties, element);
      const text = value ? textOf(value).trim() : '';
      if (text) builder.setMetadata(key, text);
    }
  }
}

/** The relationships of `rels` by id; targets resolved against `folder`, the folder of the part they belong to. */
export function readRelationships(rels: XmlElement | undefined, folder: string): Map<string, PackageRelationship> {
  const map = new Map<string, PackageRelationship>();
  for (const rel of childrenNamed(child(rels, 'Relationships'), 'Relationship')) {
    const id = rel.attrs.Id;
    const target = rel.attrs.Target ?? '';
    if (!id) continue;
    const external = rel.attrs.TargetMode === 'External';
    map.set(id, { type: rel.attrs.Type ?? '', target, external, path: external ? target : resolvePath(folder, target) });
  }
  return map;
}

/** The first relationship whose type ends with `/<type>` (e.g. `styles`, `notesSlide`). */
export function relationshipOfType(relationships: ReadonlyMap<string, PackageRelationship>, type: string): PackageRelationship | undefined {
  return [...relationships.values()].find((r) => r.type.endsWith(`/${type}`));
}

export function folderOf(partPath: string): string {
  return partPath.slice(0, partPath.lastIndexOf('/') + 1);
}

/** The part holding a part's relationships: `word/_rels/document.xml.rels` for `word/document.xml` (`_rels/.rels` for the package). */
export function relationshipsPath(partPath: string): string {
  const folder = folderOf(partPath);
  return `${folder}_rels/${partPath.slice(folder.length)}.rels`;
}

export function resolvePath(folder: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return resolved.join('/');
}

/** Parses a part's XML, turning the parser's failures into the errors a user reads. */
export function parsePart(text: string, path: string, fileName: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    throw xmlError(error, path, fileName);
  }
}

/** The error for a part the XML parser refused: too deeply nested, entity expansion, or not well-formed. */
export function xmlError(error: unknown, path: string, fileName: string): StratumError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError || /nested tags/i.test(message)) {
    return tooDeeplyNested(fileName, path, `more than ${maxXmlDepth().toLocaleString('en-US')} elements inside each other`);
  }
  if (/entit/i.test(message) && /limit|exceed|maximum/i.test(message)) {
    // Office never declares entities: definitions that expand this far are an attack on the parser.
    const why = `${path} declares XML entities that expand past the XML parser's limit (${message})`;
    return new StratumError('too-large', `${fileName}: ${why}`);
  }
  return new StratumError('corrupt-file', `${fileName}: cannot be read, ${path}: it is not well-formed XML`);
}

const CORE_PROPERTIES: ReadonlyArray<[string, string]> = [
  ['dc:title', 'title'],
  ['dc:creator', 'author'],
  ['dc:subject', 'subject'],
  ['dc:description', 'description'],
  ['cp:keywords', 'keywords'],
  ['cp:lastModifiedBy', 'last_modified_by'],
  ['dcterms:created', 'created'],
  ['dcterms:modified', 'modified'],
];
