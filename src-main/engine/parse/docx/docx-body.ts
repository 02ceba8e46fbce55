import type { ContentLayer, GroupItem, ImageRef, PictureItem, TableItem, TextItem } from '../../ir/types';
import { tableCell, type DocumentBuilder } from '../document-builder';
import type { DocxNumbering } from './docx-numbering';
import {
  checkboxState,
  plainText,
  readParagraphPieces,
  withoutCheckboxGlyphs,
  type ImageRelationship,
  type ParagraphPiece,
  type ParagraphReadContext,
} from './docx-paragraph';
import { isCodeByFont } from './docx-code';
import { numberingOf, type NumberingReference } from './docx-styles';
import { isRichDocxCell, isSingleCellTable, layoutDocxTable } from './docx-table';
import { child, childValue, elementChildren, findFirst, textOf, type XmlElement } from '../ooxml/xml-tree';

type Parent = GroupItem | TextItem | TableItem | PictureItem;

export interface DocxReadContext extends ParagraphReadContext {
  numbering: DocxNumbering;
  /** A picture's image, from the part its relationship (among the part's own) names. */
  imageOf(image: ImageRelationship, pictureRef: string): ImageRef | undefined;
}

interface BlockHooks {
  /** Called once per top-level block; throws to cancel. */
  onBlock(): void;
}

interface OpenList {
  group: GroupItem;
  ilvl: number;
  numId: string;
}

interface ScopeState {
  base: Parent | undefined;
  layer: ContentLayer;
  headings: Array<{ level: number; item: TextItem }>;
  lists: OpenList[];
  lastFloating: TableItem | PictureItem | undefined;
  /** Inside a table cell, where only a code style makes code. */
  inCell: boolean;
  /** The code block consecutive code paragraphs extend, with the blank code lines waiting to be written if more code follows. */
  openCode: { item: TextItem; blankLines: number } | undefined;
}

/** Wrappers whose content is read as if it stood in their place. */
const TRANSPARENT = new Set(['w:sdt', 'w:sdtContent', 'w:customXml', 'w:ins', 'w:smartTag']);

/**
 * Emits the blocks of a Word body (or header, footer, note, table cell) as DoclingDocument items:
 * headings by style name or outline level (Title is the title), numbered paragraphs as list items
 * with Word's markers, tables on their grid with rich cells, pictures, equations and checkboxes.
 * Content nests under the heading it follows, as in Docling's Word backend.
 */
export class DocxBodyReader {
  private scope: ScopeState = {
    base: undefined,
    layer: 'body',
    inCell: false,
    headings: [],
    lists: [],
    lastFloating: undefined,
    openCode: undefined,
  };
  private readonly headingNumbers = new HeadingNumbers();

  constructor(
    private readonly builder: DocumentBuilder,
    private readonly context: DocxReadContext,
    private readonly hooks: BlockHooks,
  ) {}

  readBody(body: XmlElement): void {
    this.readBlocks(elementChildren(body), true);
  }

  /** A header or footer part, as a furniture section group named `page header` / `page footer`. */
  readFurniture(part: XmlElement, name: 'page header' | 'page footer'): void {
    const empty = textOf(part).trim() === '' && !findFirst(part, 'w:drawing') && !findFirst(part, 'w:pict');
    if (empty) return;
    const group = this.builder.addGroup('section', name, { layer: 'furniture' });
    this.within({ base: group, layer: 'furniture' }, () => this.readBlocks(elementChildren(part), false));
  }

  /**
   * Footnotes or endnotes, each as one `footnote` item in the notes layer, as Docling keeps them out
   * of the body (its Word backend does not read them); `includeNotes` brings them into the chunks.
   */
  readNotes(notes: XmlElement[]): void {
    this.closeLists();
    for (const note of notes) {
      const type = note.attrs['w:type'];
      if (type === 'separator' || type === 'continuationSeparator' || type === 'continuationNotice') continue;
      const text = elementChildren(note)
        .filter((b) => b.name === 'w:p')
        .map((p) => plainText(readParagraphPieces(p, this.context)))
        .filter((t) => t !== '')
        .join(' ');
      if (text) this.builder.addText('footnote', text, { layer: 'notes' });
    }
  }

  private readBlocks(blocks: XmlElement[], reportProgress: boolean): void {
    const pending = [...blocks].reverse();
    while (pending.length > 0) {
      const block = pending.pop()!;
      if (TRANSPARENT.has(block.name) && !(block.name === 'w:sdt' && checkboxState(block) !== undefined)) {
        pending.push(...elementChildren(block).reverse());
        continue;
      }
      if (reportProgress) this.hooks.onBlock();
      if (block.name === 'w:p') this.readParagraph(block);
      else if (block.name === 'w:tbl') this.readTable(block);
      else if (block.name === 'w:sdt') this.readBlocks(elementChildren(child(block, 'w:sdtContent') ?? block), false);
    }
  }

  private get contentParent(): Parent | undefined {
    return this.scope.headings.at(-1)?.item ?? this.scope.base;
  }

  private readParagraph(paragraph: XmlElement): void {
    const pieces = readParagraphPieces(paragraph, this.context);
    const pPr = child(paragraph, 'w:pPr');
    const styleId = this.context.styles.paragraphStyle(childValue(pPr, 'w:pStyle'));
    const text = plainText(pieces);
    const checkbox = pieces.find((p) => p.kind === 'checkbox');
    const heading = this.context.styles.headingLevel(styleId);
    const numbering = this.numberingOf(pPr, styleId);
    const hasContent = text !== '' || pieces.some((p) => p.kind === 'formula');
    const layer = this.scope.layer;
    const code = heading === undefined && !checkbox && this.isCode(paragraph, pieces, styleId, numbering !== undefined);
    if (!code) this.scope.openCode = undefined;
    // Docling reads a paragraph's text boxes first, then its pictures, then its text.
    for (const piece of pieces) if (piece.kind === 'textbox') this.readBlocks(piece.blocks, false);
    const pictures = pieces.flatMap((piece) => (piece.kind === 'picture' ? [this.addPicture(piece)] : []));

    if (code) {
      this.closeLists();
      this.addCodeLine(rawText(pieces).trimEnd());
      this.scope.lastFloating = undefined;
    } else if (checkbox?.kind === 'checkbox') {
      this.closeLists();
      this.builder.addText(checkbox.checked ? 'checkbox_selected' : 'checkbox_unselected', text, { parent: this.contentParent, layer });
      this.scope.lastFloating = undefined;
    } else if (heading !== undefined && text !== '') {
      this.closeLists();
      const numbered = heading > 0 && numbering !== undefined && this.context.numbering.showsNumber(numbering.numId, numbering.ilvl);
      this.addHeading(numbered ? `${this.headingNumbers.next(heading)} ${text}` : text, heading);
    } else if (numbering && hasContent) {
      this.addListItem(pieces, numbering);
    } else if (this.isCaption(styleId) && text !== '' && this.scope.lastFloating) {
      this.builder.addCaption(this.scope.lastFloating, text, { layer });
      this.scope.lastFloating = undefined;
    } else if (hasContent) {
      this.closeLists();
      this.emitInline(pieces, this.contentParent);
      this.scope.lastFloating = undefined;
    } else if (!pieces.some((p) => p.kind === 'picture' || p.kind === 'textbox')) {
      this.closeLists();
    }

    // A caption paragraph that follows still names the paragraph's last picture.
    if (pictures.length > 0) this.scope.lastFloating = pictures.at(-1);
  }

  private addPicture(piece: Extract<ParagraphPiece, { kind: 'picture' }>): PictureItem {
    const picture = this.builder.addPicture({ parent: this.contentParent, layer: this.scope.layer });
    if (piece.altText) picture.meta = { description: { text: piece.altText, created_by: 'alt-text' } };
    const image = piece.image && this.context.imageOf(piece.image, picture.self_ref);
    if (image) picture.image = image;
    this.scope.lastFloating = picture;
    return picture;
  }

  private isCaption(styleId: string | undefined): boolean {
    return this.context.styles.lineage(styleId).some((n) => n.toLowerCase() === 'caption');
  }

  /** The paragraph's numbering (its own `numPr` over its style's), when it shows a number or bullet. */
  private numberingOf(pPr: XmlElement | undefined, styleId: string | undefined): NumberingReference | undefined {
    const own = numberingOf(pPr) ?? {};
    const fromStyle = this.context.styles.numbering(styleId);
    const numId = own.numId ?? fromStyle.numId;
    const ilvl = own.ilvl ?? fromStyle.ilvl ?? 0;
    if (numId === undefined || numId === '0' || !this.context.numbering.isNumbered(numId, ilvl)) return undefined;
    return { numId, ilvl };
  }

  /** A code style, or (outside list items, table cells, headers and footers) code set in a monospaced font. */
  private isCode(paragraph: XmlElement, pieces: ParagraphPiece[], styleId: string | undefined, listed: boolean): boolean {
    const styles = this.context.styles;
    if (styles.isCodeStyle(styleId)) return true;
    if (listed || this.scope.inCell || this.scope.layer === 'furniture') return false;
    return isCodeByFont({ paragraph, text: rawText(pieces), styleId, styles, continuesCode: this.scope.openCode !== undefined });
  }

  /**
   * A code paragraph, as Docling's Word backend reads a run of them: one code item, its lines joined
   * by newlines with their indentation kept; blank lines inside the run kept, none at its ends.
   */
  private addCodeLine(line: string): void {
    const open = this.scope.openCode;
    if (open && line.trim() === '') {
      open.blankLines++;
    } else if (open) {
      open.item.text = open.item.orig = `${open.item.text}${'\n'.repeat(open.blankLines + 1)}${line}`;
      open.blankLines = 0;
    } else if (line.trim() !== '') {
      const item = this.builder.addCode(line, undefined, { parent: this.contentParent, layer: this.scope.layer });
      this.scope.openCode = { item, blankLines: 0 };
    }
  }

  private addHeading(text: string, level: number): void {
    const headings = this.scope.headings;
    while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
    const options = { parent: headings.at(-1)?.item ?? this.scope.base, layer: this.scope.layer };
    const item = level === 0 ? this.builder.addTitle(text, options) : this.builder.addHeading(text, level, options);
    headings.push({ level, item });
    this.scope.lastFloating = undefined;
  }

  private addListItem(pieces: ParagraphPiece[], numbering: NumberingReference): void {
    const { numId, ilvl } = numbering;
    const lists = this.scope.lists;
    while (lists.length > 0 && lists.at(-1)!.ilvl > ilvl) lists.pop();
    let top = lists.at(-1);
    if (top && top.ilvl === ilvl && top.numId !== numId) {
      lists.pop();
      top = lists.at(-1);
    }
    if (!top || top.ilvl < ilvl) {
      const group = this.builder.addGroup('list', 'list', { parent: top?.group ?? this.contentParent, layer: this.scope.layer });
      top = { group, ilvl, numId };
      lists.push(top);
    }
    const { marker, enumerated } = this.context.numbering.next(numId, ilvl);
    const parts = inlineParts(pieces);
    const single = parts.length === 1 && parts[0]!.kind === 'text' ? parts[0] : undefined;
    const item = this.builder.addListItem(single?.kind === 'text' ? single.text : '', top.group, marker, enumerated, {
      layer: this.scope.layer,
      formatting: single?.kind === 'text' ? single.formatting : undefined,
      hyperlink: single?.kind === 'text' ? single.hyperlink : undefined,
    });
    if (!single) this.emitInline(pieces, item);
    this.scope.lastFloating = undefined;
  }

  /** One text (or formula) item, or an inline group of them when formatting, links or equations vary. */
  private emitInline(pieces: ParagraphPiece[], parent: Parent | undefined): void {
    const parts = inlineParts(pieces);
    if (parts.length === 0) return;
    const layer = this.scope.layer;
    const target = parts.length > 1 ? this.builder.addGroup('inline', 'group', { parent, layer }) : parent;
    for (const part of parts) {
      if (part.kind === 'formula') this.builder.addText('formula', part.latex, { parent: target, layer });
      else this.builder.addText('text', part.text, { parent: target, layer, formatting: part.formatting, hyperlink: part.hyperlink });
    }
  }

  private readTable(element: XmlElement): void {
    this.closeLists();
    this.scope.openCode = undefined;
    const layout = layoutDocxTable(element);
    if (isSingleCellTable(layout)) {
      this.readBlocks(elementChildren(layout.cells[0]!.cell), false);
      this.closeLists();
      return;
    }
    const table = this.builder.addTable(
      { table_cells: [], num_rows: layout.numRows, num_cols: layout.numCols },
      { parent: this.contentParent, layer: this.scope.layer },
    );
    const tableNumber = this.builder.doc.tables.length;
    for (const placement of layout.cells) {
      const blocks = elementChildren(placement.cell).filter((b) => b.name !== 'w:tcPr');
      // As python-docx reads a cell for Docling: its own paragraphs, one a line, empty ones too.
      const text = blocks
        .filter((b) => b.name === 'w:p')
        .map((p) => plainText(readParagraphPieces(p, this.context)))
        .join('\n');
      const cell = tableCell(text, { ...placement, columnHeader: placement.header });
      if (isRichDocxCell(placement.cell, this.context.styles)) {
        const name = `rich_cell_group_${tableNumber}_${placement.col}_${placement.row}`;
        const group = this.builder.addGroup('unspecified', name, { parent: table, layer: this.scope.layer });
        this.within({ base: group, layer: this.scope.layer, inCell: true }, () => this.readBlocks(blocks, false));
        if (group.children.length > 0) cell.ref = { $ref: group.self_ref };
      }
      table.data.table_cells.push(cell);
    }
    this.scope.lastFloating = table;
  }

  private within(scope: Pick<ScopeState, 'base' | 'layer'> & { inCell?: boolean }, read: () => void): void {
    const saved = this.scope;
    this.scope = { inCell: saved.inCell, ...scope, headings: [], lists: [], lastFloating: undefined, openCode: undefined };
    try {
      read();
    } finally {
      this.scope = saved;
    }
  }

  private closeLists(): void {
    this.scope.lists = [];
  }
}

/**
 * The numbers Docling's Word backend gives numbered headings, whatever Word's level text says
 * (`I.`, `Chapter %1`): a counter per heading level, deeper counters reset, joined with the counters
 * of the levels above that have been used (`2.1.1`; a skipped level counts as 1).
 */
class HeadingNumbers {
  private readonly counts = new Map<number, number>();

  next(level: number): string {
    this.counts.set(level, (this.counts.get(level) ?? 0) + 1);
    for (let deeper = level + 1; this.counts.has(deeper); deeper++) this.counts.set(deeper, 0);
    const parts = [this.counts.get(level)!];
    for (let upper = level - 1; this.counts.has(upper); upper--) {
      if (this.counts.get(upper) === 0) this.counts.set(upper, 1);
      parts.unshift(this.counts.get(upper)!);
    }
    return parts.join('.');
  }
}

type InlinePart = Extract<ParagraphPiece, { kind: 'text' }> | Extract<ParagraphPiece, { kind: 'formula' }>;

/** A paragraph's text as written, leading indentation kept (code keeps it). */
function rawText(pieces: readonly ParagraphPiece[]): string {
  return withoutCheckboxGlyphs(pieces.map((p) => (p.kind === 'text' ? p.text : p.kind === 'formula' ? p.latex : '')).join(''));
}

/** Text and formula pieces, trimmed, with whitespace-only text folded away. */
function inlineParts(pieces: readonly ParagraphPiece[]): InlinePart[] {
  const parts: InlinePart[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'formula') parts.push(piece);
    else if (piece.kind === 'text') {
      const text = withoutCheckboxGlyphs(piece.text).trim();
      if (text !== '') parts.push({ ...piece, text });
    }
  }
  return parts;
}
