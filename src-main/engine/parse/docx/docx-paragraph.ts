import type { Formatting } from '../../ir/types';
import { runFormatOf, type DocxStyles, type RunFormat } from './docx-styles';
import { ommlToLatex } from './omml-latex';
import { child, childValue, elementChildren, findAll, findFirst, type XmlElement } from '../ooxml/xml-tree';

/** One piece of a paragraph's content, in reading order. */
export type ParagraphPiece =
  | { kind: 'text'; text: string; formatting?: Formatting; hyperlink?: string }
  | { kind: 'formula'; latex: string; display: boolean }
  | { kind: 'picture'; altText?: string; image?: ImageRelationship }
  | { kind: 'checkbox'; checked: boolean }
  | { kind: 'textbox'; blocks: XmlElement[] };

export interface Relationship {
  target: string;
  external: boolean;
  /** Package path of an internal target. */
  path: string;
}

/** The relationship naming a picture's image: embedded in the package, or linked (a file or URL, never read). */
export interface ImageRelationship {
  id: string;
  linked: boolean;
}

export interface ParagraphReadContext {
  styles: DocxStyles;
  /** The relationships of the part being read (the document, a header, a footer). */
  relationships: ReadonlyMap<string, Relationship>;
}

const CHECKBOX_GLYPHS = /[\u2610\u2611\u2612]/g;
/** Elements whose content is never shown: deleted text, field instructions, properties. */
const SKIPPED = new Set(['w:del', 'w:moveFrom', 'w:instrText', 'w:delText', 'w:pPr', 'w:rPr', 'mc:Fallback', 'w:fldData']);

/**
 * The pieces of one `w:p`: text runs with their effective formatting and link, inline and display
 * equations, pictures, checkboxes and text boxes. Pure: reading a paragraph twice gives the same.
 * A run's text is its `w:t`, tabs, line breaks and non-breaking hyphens, as python-docx reads it for
 * Docling; a `w:sym` names a glyph of a symbol font (a Wingdings check mark), not a character.
 */
export function readParagraphPieces(paragraph: XmlElement, context: ParagraphReadContext): ParagraphPiece[] {
  const pieces: ParagraphPiece[] = [];
  const paragraphStyle = context.styles.paragraphStyle(childValue(child(paragraph, 'w:pPr'), 'w:pStyle'));
  const paragraphFormat = context.styles.runFormat(paragraphStyle);
  const stack: Array<{ node: XmlElement; hyperlink?: string }> = elementChildren(paragraph)
    .reverse()
    .map((node) => ({ node }));
  while (stack.length > 0) {
    const { node, hyperlink } = stack.pop()!;
    if (SKIPPED.has(node.name)) continue;
    switch (node.name) {
      case 'w:r':
        readRun(node, paragraphFormat, hyperlink, context, pieces);
        continue;
      case 'm:oMath':
        pieces.push({ kind: 'formula', latex: ommlToLatex(node), display: false });
        continue;
      case 'm:oMathPara':
        for (const math of findAll(node, 'm:oMath')) pieces.push({ kind: 'formula', latex: ommlToLatex(math), display: true });
        continue;
      case 'w:sdt':
        if (checkboxState(node) !== undefined) pieces.push({ kind: 'checkbox', checked: checkboxState(node)! });
        break;
    }
    const link = node.name === 'w:hyperlink' ? hyperlinkOf(node, context) : hyperlink;
    const children = elementChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, hyperlink: link });
  }
  return pieces;
}

function readRun(
  run: XmlElement,
  paragraphFormat: RunFormat,
  hyperlink: string | undefined,
  context: ParagraphReadContext,
  pieces: ParagraphPiece[],
): void {
  const rPr = child(run, 'w:rPr');
  const runStyle = childValue(rPr, 'w:rStyle');
  const format: RunFormat = { ...paragraphFormat, ...context.styles.runFormat(runStyle), ...runFormatOf(rPr) };
  const formatting = toFormatting(format);
  const push = (text: string): void => {
    const last = pieces[pieces.length - 1];
    if (last?.kind === 'text' && last.hyperlink === hyperlink && sameFormatting(last.formatting, formatting)) last.text += text;
    else pieces.push({ kind: 'text', text, formatting, hyperlink });
  };
  for (const part of elementChildren(run)) {
    switch (part.name) {
      case 'w:t':
        push(part.children.filter((c): c is string => typeof c === 'string').join(''));
        break;
      case 'w:tab':
      case 'w:ptab':
        push('\t');
        break;
      case 'w:br':
      case 'w:cr':
        if (part.attrs['w:type'] !== 'page' && part.attrs['w:type'] !== 'column') push('\n');
        break;
      case 'w:noBreakHyphen':
        push('-');
        break;
      case 'w:fldChar': {
        const box = findFirst(part, 'w:checkBox');
        if (box) pieces.push({ kind: 'checkbox', checked: legacyCheckboxState(box) });
        break;
      }
      case 'w:drawing':
      case 'w:pict':
      case 'w:object':
      case 'mc:AlternateContent':
        readGraphic(part, pieces);
        break;
    }
  }
}

/** A drawing is a picture (with its alt text) or a text box, whose paragraphs are read as blocks. */
function readGraphic(graphic: XmlElement, pieces: ParagraphPiece[]): void {
  const visible = graphic.name === 'mc:AlternateContent' ? (child(graphic, 'mc:Choice') ?? child(graphic, 'mc:Fallback')) : graphic;
  if (!visible) return;
  const textbox = findFirst(visible, 'w:txbxContent');
  if (textbox) {
    pieces.push({ kind: 'textbox', blocks: elementChildren(textbox) });
    return;
  }
  const isPicture = findFirst(visible, 'a:blip') ?? findFirst(visible, 'v:imagedata') ?? findFirst(visible, 'pic:pic');
  if (!isPicture) return;
  const properties = findFirst(visible, 'wp:docPr');
  const altText = (properties?.attrs.descr ?? properties?.attrs.title ?? '').trim();
  pieces.push({ kind: 'picture', altText: altText || undefined, image: imageRelationshipOf(visible) });
}

/** DrawingML's `a:blip` embeds (`r:embed`) or links (`r:link`) its image; VML's `v:imagedata` names it by `r:id`. */
function imageRelationshipOf(graphic: XmlElement): ImageRelationship | undefined {
  const blip = findFirst(graphic, 'a:blip');
  const embedded = blip?.attrs['r:embed'] ?? findFirst(graphic, 'v:imagedata')?.attrs['r:id'];
  if (embedded) return { id: embedded, linked: false };
  const linked = blip?.attrs['r:link'];
  return linked ? { id: linked, linked: true } : undefined;
}

function hyperlinkOf(link: XmlElement, context: ParagraphReadContext): string | undefined {
  const id = link.attrs['r:id'];
  const target = id ? context.relationships.get(id)?.target : undefined;
  const anchor = link.attrs['w:anchor'];
  if (target) return anchor ? `${target}#${anchor}` : target;
  return anchor ? `#${anchor}` : undefined;
}

/** Content-control checkboxes (`w14:checkbox`); undefined for other content controls. */
export function checkboxState(sdt: XmlElement): boolean | undefined {
  const box = findFirst(child(sdt, 'w:sdtPr') ?? sdt, 'w14:checkbox');
  if (!box) return undefined;
  const checked = childValue(box, 'w14:checked', 'w14:val');
  return checked === '1' || checked === 'true';
}

function legacyCheckboxState(box: XmlElement): boolean {
  const checked = child(box, 'w:checked') ?? child(box, 'w:default');
  const value = checked?.attrs['w:val'];
  return checked !== undefined && value !== '0' && value !== 'false';
}

function toFormatting(format: RunFormat): Formatting | undefined {
  const formatting: Formatting = {
    bold: format.bold ?? false,
    italic: format.italic ?? false,
    underline: format.underline ?? false,
    strikethrough: format.strikethrough ?? false,
    script: format.script ?? 'baseline',
  };
  const any = formatting.bold || formatting.italic || formatting.underline || formatting.strikethrough || formatting.script !== 'baseline';
  return any ? formatting : undefined;
}

function sameFormatting(a: Formatting | undefined, b: Formatting | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The paragraph's plain text: checkbox glyphs dropped, formulas as LaTeX. */
export function plainText(pieces: readonly ParagraphPiece[]): string {
  return pieces
    .map((p) => (p.kind === 'text' ? p.text : p.kind === 'formula' ? p.latex : ''))
    .join('')
    .replace(CHECKBOX_GLYPHS, '')
    .trim();
}

export function withoutCheckboxGlyphs(text: string): string {
  return text.replace(CHECKBOX_GLYPHS, '');
}
