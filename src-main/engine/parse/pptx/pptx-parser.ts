import { StratumError } from '../../../../src-shared/errors';
import { checkpoint } from '../../cancellation';
import type { DoclingDocument } from '../../ir/types';
import { DocumentBuilder } from '../document-builder';
import { OfficePackage, relationshipOfType, type PackageRelationship } from '../ooxml/office-package';
import { child, childrenNamed, elementChildren, findAllLocal, findFirst, textOf, type XmlElement } from '../ooxml/xml-tree';
import { rejectEmptyFile } from '../parse-steps';
import type { DocumentParser, ParseInput, ParseOptions } from '../parser';
import { SlideContext, placeholderOf } from './slide-context';
import { paragraphText, SlideShapeReader } from './slide-shapes';

const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** PowerPoint presentations (`.pptx`, `.pptm`, `.potx`) to the IR, following Docling's rule-based PowerPoint backend. */
export const pptxParser: DocumentParser = {
  format: 'pptx',
  extensions: ['.pptx', '.pptm', '.potx', '.ppsx'],
  mimeType: PPTX_MIME,
  parse: parsePptx,
};

/**
 * Each slide is a `chapter` group (`slide-0`, ...) and a page of the slide's size in EMU; its
 * title placeholder's paragraphs are `title` items. Speaker notes and comments are items of the
 * `notes` content layer, which chunks leave out; hidden slides are read and listed in
 * `metadata.hidden_slides`.
 */
async function parsePptx(input: ParseInput, options: ParseOptions = {}): Promise<DoclingDocument> {
  const { fileName, bytes } = input;
  const { signal, onProgress } = options;
  await checkpoint(signal);
  rejectEmptyFile(input);
  const pkg = new OfficePackage(bytes, fileName, 'PowerPoint file', 'save it as .pptx without a password');
  const presentationPath = pkg.mainPart('ppt/presentation.xml', 'PowerPoint presentation');
  const presentation = child(pkg.xml(presentationPath), 'p:presentation');
  if (!presentation) {
    throw new StratumError(
      'corrupt-file',
      `${fileName}: this ZIP package is not a PowerPoint presentation (${presentationPath} holds none)`,
    );
  }
  const relationships = pkg.relationships(presentationPath);
  const size = child(presentation, 'p:sldSz');
  const slideWidth = Number(size?.attrs.cx ?? 9_144_000);
  const slideHeight = Number(size?.attrs.cy ?? 6_858_000);
  const slidePaths = childrenNamed(child(presentation, 'p:sldIdLst'), 'p:sldId')
    .map((slide) => relationships.get(slide.attrs['r:id'] ?? ''))
    .filter((r): r is PackageRelationship => r !== undefined && !r.external && pkg.has(r.path))
    .map((r) => r.path);
  const authors = commentAuthors(pkg, relationships);

  const builder = new DocumentBuilder(fileName, PPTX_MIME, bytes);
  pkg.readCoreProperties(builder);
  const hiddenSlides: number[] = [];
  for (const [index, slidePath] of slidePaths.entries()) {
    await checkpoint(signal);
    onProgress?.({ stage: 'slide', done: index, total: slidePaths.length });
    const pageNo = index + 1;
    const slide = child(pkg.xml(slidePath), 'p:sld');
    const slideRelationships = pkg.relationships(slidePath);
    const group = builder.addGroup('chapter', `slide-${index}`);
    builder.addPage(pageNo, slideWidth, slideHeight);
    if (!slide) {
      builder.addWarning(`slide ${pageNo} (${slidePath}) holds no slide and was left out`);
      continue;
    }
    if (slide.attrs.show === '0' || slide.attrs.show === 'false') hiddenSlides.push(pageNo);
    const layoutPath = relationshipOfType(slideRelationships, 'slideLayout')?.path;
    const masterPath = layoutPath && relationshipOfType(pkg.relationships(layoutPath), 'slideMaster')?.path;
    const context = new SlideContext(pkg.xml(layoutPath), pkg.xml(masterPath));
    const tree = findFirst(slide, 'p:spTree');
    const place = { pageNo, slideWidth, slideHeight, group, relationships: slideRelationships, context };
    if (tree) new SlideShapeReader(pkg, builder, place).readTree(tree);
    const notes = notesText(pkg, relationshipOfType(slideRelationships, 'notesSlide')?.path);
    if (notes) {
      const prov = [
        {
          page_no: pageNo,
          bbox: { l: 0, t: 0, r: 0, b: 0, coord_origin: 'TOPLEFT' as const },
          charspan: [0, notes.length] as [number, number],
        },
      ];
      builder.addText('text', notes, { parent: group, layer: 'notes', prov });
    }
    for (const comment of slideComments(pkg, slideRelationships, authors)) {
      const commentGroup = builder.addGroup('comment_section', `comment-slide${pageNo}-${comment.index}`, { layer: 'notes' });
      builder.addText('text', comment.text, { parent: commentGroup, layer: 'notes' });
    }
  }
  onProgress?.({ stage: 'slide', done: slidePaths.length, total: slidePaths.length });
  if (hiddenSlides.length > 0) builder.setMetadata('hidden_slides', hiddenSlides);
  return builder.doc;
}

/** The speaker notes of a slide: the text of its notes page's body placeholder. */
function notesText(pkg: OfficePackage, path: string | undefined): string {
  const tree = findFirst(pkg.xml(path) ?? { name: '', attrs: {}, children: [] }, 'p:spTree');
  const body = elementChildren(tree ?? { name: '', attrs: {}, children: [] }).find(
    (shape) => shape.name === 'p:sp' && placeholderOf(shape)?.type === 'body',
  );
  return childrenNamed(child(body, 'p:txBody'), 'a:p').map(paragraphText).join('\n').trim();
}

/** Comment authors by id: `(name, initials)` of the legacy list and of the modern one. */
function commentAuthors(pkg: OfficePackage, relationships: ReadonlyMap<string, PackageRelationship>): Map<string, string> {
  const authors = new Map<string, string>();
  for (const relationship of relationships.values()) {
    if (!/\/(commentAuthors|authors)$/.test(relationship.type)) continue;
    const root = pkg.xml(relationship.path) ?? { name: '', attrs: {}, children: [] };
    for (const author of [...findAllLocal(root, 'cmAuthor'), ...findAllLocal(root, 'author')]) {
      const { id = '', name = '', initials = '' } = author.attrs;
      authors.set(id, name && initials ? `${name} (${initials})` : name);
    }
  }
  return authors;
}

/** A legacy comment's `p:text`, or the paragraphs of a modern one's text body. */
function commentText(comment: XmlElement): string {
  const legacy = elementChildren(comment).find((e) => e.name === 'text' || e.name.endsWith(':text'));
  if (legacy) return textOf(legacy).trim();
  const body = elementChildren(comment).find((e) => e.name.endsWith('txBody'));
  return childrenNamed(body, 'a:p').map(paragraphText).join('\n').trim();
}

/** The comments on a slide, as Docling writes them: `[author: Jane Smith (JS), time: ...]: text`. */
function slideComments(
  pkg: OfficePackage,
  relationships: ReadonlyMap<string, PackageRelationship>,
  authors: ReadonlyMap<string, string>,
): Array<{ index: string; text: string }> {
  const comments: Array<{ index: string; text: string }> = [];
  for (const relationship of relationships.values()) {
    if (!/\/comments$/.test(relationship.type) || relationship.external) continue;
    const root = pkg.xml(relationship.path) ?? { name: '', attrs: {}, children: [] };
    for (const comment of findAllLocal(root, 'cm')) {
      const text = commentText(comment);
      if (!text) continue;
      const author = authors.get(comment.attrs.authorId ?? '') ?? '';
      const time = comment.attrs.dt ?? comment.attrs.created ?? '';
      const parts = [author ? `author: ${author}` : '', time ? `time: ${time}` : ''].filter(Boolean);
      comments.push({
        index: comment.attrs.idx ?? String(comments.length + 1),
        text: parts.length > 0 ? `[${parts.join(', ')}]: ${text}` : text,
      });
    }
  }
  return comments;
}
