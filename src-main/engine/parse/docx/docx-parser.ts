import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import { describeLimit, inputLimits, tooDeeplyNested, tooLarge } from '../limits';
import { progressTicker, rejectEmptyFile } from '../parse-steps';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { DocxBodyReader, type DocxReadContext } from './docx-body';
import { DocxImages } from './docx-images';
import { DocxNumbering } from './docx-numbering';
import type { Relationship } from './docx-paragraph';
import { DocxStyles } from './docx-styles';
import { ZipArchive } from '../../zip/zip-archive';
import { child, childrenNamed, elementChildren, findAll, maxXmlDepth, parseXml, textOf, type XmlElement } from './xml-tree';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OFFICE_DOCUMENT = /\/officeDocument$/;
const PROGRESS_EVERY = 50;

/** Word documents (`.docx`) to the IR, following Docling's rule-based Word backend. */
export const docxParser: DocumentParser = {
  format: 'docx',
  extensions: ['.docx', '.docm', '.dotx'],
  mimeType: DOCX_MIME,
  parse: parseDocx,
};

async function parseDocx(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName, bytes } = input;
  const { signal, onProgress } = options;
  await checkpoint(signal);
  rejectEmptyFile(input);
  if (isCompoundFile(bytes)) {
    throw new StratumError(
      'encrypted',
      `${fileName}: this is an encrypted (password-protected) or legacy binary Word file; save it as .docx without a password`,
    );
  }
  const archive = new ZipArchive(bytes, fileName);
  const parts = new XmlParts(archive, fileName);
  const part = (path: string): XmlElement | undefined => parts.read(path);
  const documentPath = mainDocumentPath(archive, part, fileName);
  const relationshipsOf = (partPath: string): Map<string, PackageRelationship> =>
    readRelationships(part(relationshipsPath(partPath)), folderOf(partPath));
  const relationships = relationshipsOf(documentPath);
  const partOf = (type: string): string | undefined => [...relationships.values()].find((r) => r.type.endsWith(`/${type}`))?.path;
  // Everything that may be read counts before anything large is parsed: a package past the limit fails at once.
  const headersAndFooters = [...relationships.values()].filter((r) => /\/(header|footer)$/.test(r.type)).map((r) => r.path);
  const notes = [partOf('footnotes'), partOf('endnotes')];
  const furniture = [...headersAndFooters, ...headersAndFooters.map(relationshipsPath)];
  parts.reserve([documentPath, partOf('styles'), partOf('numbering'), 'docProps/core.xml', ...notes, ...furniture]);
  const documentXml = part(documentPath);
  const body = child(child(documentXml, 'w:document'), 'w:body');
  if (!body) throw new StratumError('corrupt-file', `${fileName}: cannot be read, ${documentPath} has no document body`);
  const styles = new DocxStyles(maybe(partOf('styles'), part));
  const numbering = new DocxNumbering(maybe(partOf('numbering'), part));
  await checkpoint(signal);

  const builder = new DocumentBuilder(fileName, DOCX_MIME, bytes);
  readCoreProperties(part('docProps/core.xml'), builder);
  const images = new DocxImages(archive, builder);
  // Each part (the document, a header, a footer) names its links and images by relationships of its own.
  const contextOf = (partRelationships: ReadonlyMap<string, Relationship>): DocxReadContext => ({
    styles,
    numbering,
    relationships: partRelationships,
    imageOf: (image, pictureRef) => images.imageOf(image, partRelationships, pictureRef),
  });
  const blocks = elementChildren(body).length;
  const onBlock = progressTicker(options, { stage: 'paragraph', every: PROGRESS_EVERY }, blocks);
  const reader = new DocxBodyReader(builder, contextOf(relationships), { onBlock });
  onProgress?.({ stage: 'paragraph', done: 0, total: blocks });
  reader.readBody(body);

  for (const [kind, name] of [
    ['header', 'page header'],
    ['footer', 'page footer'],
  ] as const) {
    for (const id of referencedParts(body, kind)) {
      const path = relationships.get(id)?.path;
      const root = path ? part(path) : undefined;
      const content = root && (child(root, 'w:hdr') ?? child(root, 'w:ftr'));
      if (content && path) new DocxBodyReader(builder, contextOf(relationshipsOf(path)), { onBlock }).readFurniture(content, name);
    }
  }
  for (const [type, element] of [
    ['footnotes', 'w:footnote'],
    ['endnotes', 'w:endnote'],
  ] as const) {
    const notes = maybe(partOf(type), part);
    if (notes) reader.readNotes(findAll(notes, element));
  }
  onProgress?.({ stage: 'paragraph', done: blocks, total: blocks });
  return builder.doc;
}

/** OLE compound files: encrypted OOXML packages and legacy `.doc` both start with this signature. */
function isCompoundFile(bytes: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return signature.every((b, i) => bytes[i] === b);
}

type PartReader = (path: string) => XmlElement | undefined;

/**
 * The package's XML parts, read and parsed, all of them together inflating to at most
 * `maxXmlBytes`: a part's declared size counts before it is inflated (and it cannot inflate past
 * it), so a package of many parts each under the ZIP reader's per-part limits cannot add up to
 * gigabytes of XML and of the tree parsed from it.
 */
class XmlParts {
  private readonly limits = inputLimits();
  private readonly counted = new Set<string>();
  private total = 0;

  constructor(
    private readonly archive: ZipArchive,
    private readonly fileName: string,
  ) {}

  /** Counts parts about to be read (each once; missing ones are nothing), throwing `too-large` past the limit. */
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

  read(path: string): XmlElement | undefined {
    if (!this.archive.has(path)) return undefined;
    this.reserve([path]);
    return parsePart(this.archive.readText(path) ?? '', path, this.fileName);
  }
}

function folderOf(partPath: string): string {
  return partPath.slice(0, partPath.lastIndexOf('/') + 1);
}

/** The part holding a part's relationships: `word/_rels/document.xml.rels` for `word/document.xml`. */
function relationshipsPath(partPath: string): string {
  const folder = folderOf(partPath);
  return `${folder}_rels/${partPath.slice(folder.length)}.rels`;
}

function parsePart(text: string, path: string, fileName: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RangeError || /nested tags/i.test(message)) {
      throw tooDeeplyNested(fileName, path, `more than ${maxXmlDepth().toLocaleString('en-US')} elements inside each other`);
    }
    if (/entit/i.test(message) && /limit|exceed|maximum/i.test(message)) {
      // Word never declares entities: definitions that expand this far are an attack on the parser.
      const why = `${path} declares XML entities that expand past the XML parser's limit (${message})`;
      throw new StratumError('too-large', `${fileName}: ${why}`);
    }
    throw new StratumError('corrupt-file', `${fileName}: cannot be read, ${path}: it is not well-formed XML`);
  }
}

function maybe(path: string | undefined, read: (path: string) => XmlElement | undefined): XmlElement | undefined {
  return path ? read(path) : undefined;
}

function mainDocumentPath(archive: ZipArchive, part: PartReader, fileName: string): string {
  const rootRels = part('_rels/.rels');
  if (rootRels !== undefined) {
    const relationships = readRelationships(rootRels, '');
    const main = [...relationships.values()].find((r) => OFFICE_DOCUMENT.test(r.type));
    if (main && archive.has(main.path)) return main.path;
  }
  if (archive.has('word/document.xml')) return 'word/document.xml';
  throw new StratumError('corrupt-file', `${fileName}: this ZIP package is not a Word document (no word/document.xml)`);
}

interface PackageRelationship extends Relationship {
  type: string;
}

function readRelationships(rels: XmlElement | undefined, folder: string): Map<string, PackageRelationship> {
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

function resolvePath(folder: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return resolved.join('/');
}

/** Header or footer relationship ids in the order the sections reference them, each once. */
function referencedParts(body: XmlElement, kind: 'header' | 'footer'): string[] {
  const ids = findAll(body, `w:${kind}Reference`).map((r) => r.attrs['r:id'] ?? '');
  return [...new Set(ids.filter((id) => id !== ''))];
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

function readCoreProperties(core: XmlElement | undefined, builder: DocumentBuilder): void {
  const properties = child(core, 'cp:coreProperties');
  if (!properties) return;
  for (const [element, key] of CORE_PROPERTIES) {
    const value = child(properties, element);
    const text = value ? textOf(value).trim() : '';
    if (text) builder.setMetadata(key, text);
  }
}
