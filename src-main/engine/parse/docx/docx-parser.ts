import { StratumError } from '../../../../src-shared/errors';
import type { DoclingDocument } from '../../ir/types';
import { checkpoint } from '../../cancellation';
import { DocumentBuilder } from '../document-builder';
import { OfficePackage, relationshipOfType, relationshipsPath } from '../ooxml/office-package';
import { progressTicker, rejectEmptyFile } from '../parse-steps';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { DocxBodyReader, type DocxReadContext } from './docx-body';
import { DocxImages } from './docx-images';
import { DocxNumbering } from './docx-numbering';
import type { Relationship } from './docx-paragraph';
import { DocxStyles } from './docx-styles';
import { child, elementChildren, findAll, type XmlElement } from '../ooxml/xml-tree';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
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
  const pkg = new OfficePackage(bytes, fileName, 'Word file', 'save it as .docx without a password');
  const documentPath = pkg.mainPart('word/document.xml', 'Word document');
  const relationships = pkg.relationships(documentPath);
  const partOf = (type: string): string | undefined => relationshipOfType(relationships, type)?.path;
  // Everything that may be read counts before anything large is parsed: a package past the limit fails at once.
  const headersAndFooters = [...relationships.values()].filter((r) => /\/(header|footer)$/.test(r.type)).map((r) => r.path);
  const notes = [partOf('footnotes'), partOf('endnotes')];
  const furniture = [...headersAndFooters, ...headersAndFooters.map(relationshipsPath)];
  pkg.reserve([documentPath, partOf('styles'), partOf('numbering'), 'docProps/core.xml', ...notes, ...furniture]);
  const documentXml = pkg.xml(documentPath);
  const body = child(child(documentXml, 'w:document'), 'w:body');
  if (!body) throw new StratumError('corrupt-file', `${fileName}: cannot be read, ${documentPath} has no document body`);
  const styles = new DocxStyles(pkg.xml(partOf('styles')));
  const numbering = new DocxNumbering(pkg.xml(partOf('numbering')));
  await checkpoint(signal);

  const builder = new DocumentBuilder(fileName, DOCX_MIME, bytes);
  pkg.readCoreProperties(builder);
  const images = new DocxImages(pkg.archive, builder);
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
      const root = path ? pkg.xml(path) : undefined;
      const content = root && (child(root, 'w:hdr') ?? child(root, 'w:ftr'));
      if (content && path) new DocxBodyReader(builder, contextOf(pkg.relationships(path)), { onBlock }).readFurniture(content, name);
    }
  }
  for (const [type, element] of [
    ['footnotes', 'w:footnote'],
    ['endnotes', 'w:endnote'],
  ] as const) {
    const notes = pkg.xml(partOf(type));
    if (notes) reader.readNotes(findAll(notes, element));
  }
  onProgress?.({ stage: 'paragraph', done: blocks, total: blocks });
  return builder.doc;
}

/** Header or footer relationship ids in the order the sections reference them, each once. */
function referencedParts(body: XmlElement, kind: 'header' | 'footer'): string[] {
  const ids = findAll(body, `w:${kind}Reference`).map((r) => r.attrs['r:id'] ?? '');
  return [...new Set(ids.filter((id) => id !== ''))];
}
