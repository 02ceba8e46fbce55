import type { ContentLayer, GroupItem, PictureItem, SourceRun, TableItem, TextItem } from '../../ir/types';
import type { CodePointOffset } from '../../text/code-points';
import { tableCell, type DocumentBuilder, type TextOptions } from '../document-builder';
import { codeLanguageFromHint } from '../code-language';
import { cellText, isRichCell, layoutTable } from './html-table';
import { htmlSourceRuns } from './html-source-runs';
import {
  attributeValueRange,
  attribute,
  BLOCK_TAGS,
  contentChildren,
  descendants,
  elementChildren,
  findDescendants,
  isElement,
  isText,
  sourceRange,
  textContent,
  type HtmlElement,
  type HtmlNode,
  type HtmlParent,
} from './html-tree';
import {
  childContext,
  cleanUnicode,
  collapseWhitespace,
  extractRuns,
  isFormatTag,
  joinRuns,
  mergeRuns,
  splitParagraphs,
  type InlineContext,
  type InlineRun,
} from './inline-text';

type Parent = GroupItem | TextItem | TableItem | PictureItem;

const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const LIST_TAGS: ReadonlySet<string> = new Set(['ul', 'ol', 'dl']);
const LIST_CHILDREN: ReadonlySet<string> = new Set(['li', 'ul', 'ol', 'dt', 'dd']);

/** Nodes to walk in order: a container's content. */
interface Frame {
  nodes: HtmlNode[];
  index: number;
  context: InlineContext;
}

/** What the walk does next: walk a container's nodes, or run a step (open or close a list, a section, a table cell). */
type Task = Frame | (() => void);

export interface WalkHooks {
  /** Called every few hundred elements; throws to stop (cancellation). */
  onElement(): void;
}

export interface WalkOptions {
  /** Content before the first heading is furniture (a page's navigation), as in a whole HTML page. */
  startsAsFurniture: boolean;
  /**
   * Headings open nested sections that own what follows (a whole HTML page). Off, headings are
   * written flat beside their siblings, as a Markdown document holding an HTML block has them.
   */
  headingsOpenSections: boolean;
}

/**
 * Turns an HTML body into DoclingDocument items the way Docling's HTML backend does: inline
 * content is buffered and emitted at block boundaries, headings open nested sections (h1 is the
 * title), everything before the first heading is furniture. Containers, lists, sections and
 * table cells are walked with one explicit stack of tasks, never by recursion, so that nesting
 * cannot overflow the call stack however deep it is.
 */
export class HtmlWalker {
  private level = 0;
  private parents: Array<Parent | undefined> = [];
  private layer: ContentLayer;
  private buffer: InlineRun[] = [];
  /** The walk's pending tasks, the next on top. */
  private tasks: Task[] = [];
  /** `<label>`s whose text became a checkbox's text: not emitted again. */
  private readonly consumedLabels = new Set<HtmlElement>();
  /**
   * How many rich table cells the walk is inside. Docling moves every item a cell yields into the
   * cell's group, so a heading there stands flat beside what follows it instead of opening a section.
   */
  private richCellDepth = 0;

  constructor(
    private readonly builder: DocumentBuilder,
    /** The HTML the nodes' source locations point into (UTF-16 offsets). */
    private readonly source: string,
    private readonly toCodePoints: CodePointOffset,
    private readonly blockHolders: ReadonlySet<HtmlElement>,
    private readonly labels: ReadonlyMap<string, HtmlElement>,
    private readonly options: WalkOptions,
    private readonly hooks: WalkHooks,
  ) {
    this.layer = options.startsAsFurniture ? 'furniture' : 'body';
  }

  /** Walks `root` with its items appended under `parent` (the body when absent). */
  walkUnder(root: HtmlParent, parent: Parent | undefined): void {
    if (parent) this.withParent(parent, () => this.walk(root));
    else this.walk(root);
  }

  walk(root: HtmlParent, context: InlineContext = { formatTags: [] }): void {
    const outer = this.tasks;
    this.tasks = [];
    this.pushFrame(root, context);
    try {
      while (this.tasks.length > 0) this.step();
    } finally {
      this.tasks = outer;
    }
  }

  /** Runs the task on top: a step, or the next node of a frame (a frame that has none left ends its paragraph). */
  private step(): void {
    const task = this.tasks[this.tasks.length - 1]!;
    if (typeof task === 'function') {
      this.tasks.pop();
      task();
      return;
    }
    const node = task.nodes[task.index++];
    if (!node) {
      this.tasks.pop();
      this.flush();
      return;
    }
    if (isText(node)) {
      if (/^\s*$/.test(node.value) && /[\n\r]/.test(node.value)) this.flush();
      else this.buffer.push(...extractRuns(node, task.context, { keepNewlines: true }));
      return;
    }
    if (!isElement(node) || this.consumedLabels.has(node)) return;
    this.hooks.onElement();
    const tag = node.tagName;
    const holdsBlocks = this.blockHolders.has(node);
    if (tag === 'img') {
      this.flush();
      this.emitImage(node, task.context);
    } else if (tag === 'input') {
      this.flush();
      this.emitInput(node, task.context);
    } else if (BLOCK_TAGS.has(tag)) {
      this.flush();
      this.handleBlock(node, task.context);
    } else if (holdsBlocks) {
      if (!isFormatTag(tag) && tag !== 'a') this.flush();
      this.pushFrame(node, childContext(node, task.context.formatTags, task.context.hyperlink));
    } else {
      this.buffer.push(...extractRuns(node, task.context, { keepNewlines: true }));
    }
  }

  private pushFrame(container: HtmlParent, context: InlineContext): void {
    this.tasks.push({ nodes: contentChildren(container), index: 0, context });
  }

  /** Schedules `steps` to run in their order, before anything scheduled earlier. */
  private schedule(...steps: Task[]): void {
    for (let i = steps.length - 1; i >= 0; i--) this.tasks.push(steps[i]!);
  }

  private get parent(): Parent | undefined {
    return this.parents[this.level];
  }

  private span(range: [number, number] | undefined): [number, number] | undefined {
    return range ? [this.toCodePoints(range[0]), this.toCodePoints(range[1])] : undefined;
  }

  /** Where an item's text, read from the source `range`, was written (see `htmlSourceRuns`). */
  private runsOf(text: string, range: [number, number] | undefined): SourceRun[] | undefined {
    return range ? htmlSourceRuns(text, this.source, range[0], range[1], this.toCodePoints) : undefined;
  }

  /** Emits the buffered inline runs as paragraphs (an inline group when a paragraph has several runs). */
  private flush(): void {
    if (this.buffer.length === 0) return;
    const runs = mergeRuns(this.buffer);
    this.buffer = [];
    for (const paragraph of splitParagraphs(runs)) this.emitParagraph(paragraph);
  }

  private emitParagraph(runs: InlineRun[], parent: Parent | undefined = this.parent): void {
    const visible = runs.filter((r) => r.text.trim() !== '');
    if (visible.length === 0) return;
    const target = visible.length > 1 ? this.builder.addGroup('inline', 'group', { parent, layer: this.layer }) : parent;
    for (const run of visible) this.emitRun(run, target);
  }

  private emitRun(run: InlineRun, parent: Parent | undefined): TextItem {
    const text = cleanUnicode(run.text.trim());
    const options = {
      parent,
      layer: this.layer,
      orig: run.text.trim(),
      formatting: run.formatting,
      hyperlink: run.hyperlink,
      sourceSpan: this.span(run.range),
      sourceRuns: this.runsOf(text, run.range),
    };
    return run.code ? this.builder.addCode(text, undefined, options) : this.builder.addText('text', text, options);
  }

  private handleBlock(element: HtmlElement, context: InlineContext): void {
    const tag = element.tagName;
    if (HEADINGS.has(tag)) this.handleHeading(element, context);
    else if (LIST_TAGS.has(tag)) this.handleList(element, context);
    else if (tag === 'table') this.handleTable(element, context);
    else if (tag === 'pre') this.handlePre(element, context);
    else if (tag === 'figure') this.handleFigure(element, context);
    else if (tag === 'footer') this.inSection(element, 'footer', 'furniture', context);
    else if (tag === 'details') this.inSection(element, 'details', this.layer, context);
    else this.handleParagraph(element, context);
  }

  private handleHeading(element: HtmlElement, context: InlineContext): void {
    this.layer = 'body';
    const run = joinRuns(extractRuns(element, context));
    const text = cleanUnicode(run.text);
    const options = {
      layer: this.layer,
      orig: run.text,
      formatting: run.formatting,
      hyperlink: run.hyperlink,
      sourceSpan: this.span(sourceRange(element)),
      sourceRuns: this.runsOf(text, sourceRange(element)),
    };
    const rank = Number(element.tagName[1]);
    if (!this.options.headingsOpenSections || this.richCellDepth > 0) {
      if (rank === 1) this.builder.addTitle(text, { ...options, parent: this.parent });
      else this.builder.addHeading(text, rank - 1, { ...options, parent: this.parent });
    } else {
      this.openSection(rank, text, options);
    }
    for (const image of findDescendants(element, new Set(['img']))) this.emitImage(image, context);
  }

  /** h1 restarts the tree as its title; h(n) nests as a level n-1 section below the open ones. */
  private openSection(rank: number, text: string, options: TextOptions): void {
    if (rank === 1) {
      this.parents = [];
      this.level = 0;
      this.parents[1] = this.builder.addTitle(text, options);
    } else {
      const level = rank - 1;
      if (level > this.level) {
        for (let i = this.level; i < level; i++) {
          this.parents[i + 1] = this.builder.addGroup('section', `header-${i + 1}`, { parent: this.parents[i], layer: this.layer });
        }
      } else if (level < this.level) {
        this.parents.length = Math.min(this.parents.length, level + 2);
      }
      this.level = level;
      this.parents[level + 1] = this.builder.addHeading(text, level, { ...options, parent: this.parent });
    }
    this.level++;
  }

  private handleParagraph(element: HtmlElement, context: InlineContext): void {
    const runs = mergeRuns(extractRuns(element, context));
    for (const paragraph of splitParagraphs(runs)) this.emitParagraph(paragraph);
    for (const node of descendants(element)) {
      if (!isElement(node)) continue;
      if (node.tagName === 'img') this.emitImage(node, context);
      else if (node.tagName === 'input') this.emitInput(node, context);
    }
  }

  private handlePre(element: HtmlElement, context: InlineContext): void {
    const codeContext = { ...context, formatTags: [...context.formatTags, 'code'] };
    const runs = mergeRuns(extractRuns(element, codeContext, { preformatted: true }));
    const text = runs.map((r) => r.text).join('');
    const trimmed = text.replace(/^\s*\n/, '').trimEnd();
    if (trimmed.trim() === '') return;
    const run = joinRuns(runs);
    const code = cleanUnicode(dedent(trimmed));
    this.builder.addCode(code, codeLanguage(element), {
      parent: this.parent,
      layer: this.layer,
      orig: trimmed,
      formatting: run.formatting,
      hyperlink: run.hyperlink,
      sourceSpan: this.span(sourceRange(element)),
      sourceRuns: this.runsOf(code, sourceRange(element)),
    });
  }

  /** Opens a section group, schedules the element's content under it, then closes it. */
  private inSection(element: HtmlElement, name: string, layer: ContentLayer, context: InlineContext): void {
    const previousLayer = this.layer;
    const previousLevel = this.level;
    this.layer = layer;
    this.parents[this.level + 1] = this.builder.addGroup('section', name, { parent: this.parent, layer });
    this.level++;
    this.schedule({ nodes: contentChildren(element), index: 0, context }, () => {
      this.parents[this.level] = undefined;
      this.level = previousLevel;
      this.layer = previousLayer;
    });
  }

  /** Opens the list's group, schedules its items and nested lists, then closes it. */
  private handleList(list: HtmlElement, context: InlineContext): void {
    const ordered = list.tagName === 'ol';
    const startAttribute = ordered ? attribute(list, 'start') : undefined;
    const start = startAttribute && /^\d+$/.test(startAttribute) ? Number(startAttribute) : undefined;
    const name =
      list.tagName === 'dl' ? 'description list' : ordered ? `ordered list${start !== undefined ? ` start ${start}` : ''}` : 'list';
    const group = this.builder.addGroup('list', name, { parent: this.parent, layer: this.layer, sourceSpan: undefined });
    const outerLevel = this.level;
    this.parents[this.level + 1] = group;
    this.level++;
    const children = elementChildren(list, LIST_CHILDREN).map((child): Task => {
      if (LIST_TAGS.has(child.tagName)) return () => this.handleList(child, context);
      return () => this.handleListItem(child, group, ordered, start, context);
    });
    this.schedule(...children, () => {
      this.parents.length = Math.min(this.parents.length, this.level + 1);
      this.level = outerLevel;
    });
  }

  private handleListItem(item: HtmlElement, group: GroupItem, ordered: boolean, start: number | undefined, context: InlineContext): void {
    const runs = mergeRuns(extractRuns(item, context, { skipLists: true })).filter((r) => r.text !== '\n');
    const text = collapseWhitespace(runs.map((r) => r.text).join(' '));
    const owned = ownedDescendants(item);
    const inputs = owned.filter((e) => e.tagName === 'input');
    const marker = ordered && start !== undefined ? `${start + group.children.length}.` : '';
    const sourceSpan = this.span(sourceRange(item));
    let listItem: TextItem | undefined;
    if (text !== '' || inputs.length > 0) {
      const single = runs.length === 1 ? runs[0] : undefined;
      const itemText = single ? cleanUnicode(collapseWhitespace(single.text)) : '';
      listItem = this.builder.addListItem(itemText, group, marker, ordered, {
        layer: this.layer,
        orig: single ? collapseWhitespace(single.text) : '',
        formatting: single?.formatting,
        hyperlink: single?.hyperlink,
        sourceSpan,
        sourceRuns: itemText ? this.runsOf(itemText, sourceRange(item)) : undefined,
      });
      if (runs.length > 1)
        this.emitParagraph(
          runs.map((r) => ({ ...r, text: collapseWhitespace(r.text) })),
          listItem,
        );
    }
    const outerLevel = this.level;
    if (listItem) {
      this.parents[this.level + 1] = listItem;
      this.level++;
    }
    for (const input of inputs) this.emitInput(input, context);
    for (const image of owned.filter((e) => e.tagName === 'img')) this.emitImage(image, context);
    const sublists = owned
      .filter((e) => LIST_TAGS.has(e.tagName))
      .map(
        (sublist): Task =>
          () =>
            this.handleList(sublist, context),
      );
    this.schedule(...sublists, () => {
      this.parents.length = Math.min(this.parents.length, outerLevel + 1);
      this.level = outerLevel;
    });
  }

  private handleTable(element: HtmlElement, context: InlineContext): void {
    const layout = layoutTable(element, this.builder.fileName);
    const table = this.builder.addTable(
      { table_cells: [], num_rows: layout.numRows, num_cols: layout.numCols },
      { parent: this.parent, layer: this.layer, sourceSpan: this.span(sourceRange(element)) },
    );
    const tableNumber = this.builder.doc.tables.length;
    // Cell by cell, in order: a rich cell's content is walked under a group of its own before the next cell.
    const cells = layout.cells.map((placement): Task => () => {
      const cell = tableCell(cellText(placement.element), placement);
      const runs = this.runsOf(cell.text, sourceRange(placement.element));
      if (runs) cell.source_runs = runs;
      table.data.table_cells.push(cell);
      if (!isRichCell(placement.element, context)) return;
      const name = `rich_cell_group_${tableNumber}_${placement.col}_${placement.row}`;
      const group = this.builder.addGroup('unspecified', name, { parent: table, layer: this.layer });
      const restore = this.enterParent(group);
      this.richCellDepth++;
      const cellContext = childContext(placement.element, context.formatTags, context.hyperlink);
      this.schedule({ nodes: contentChildren(placement.element), index: 0, context: cellContext }, () => {
        restore();
        this.richCellDepth--;
        if (group.children.length > 0) cell.ref = { $ref: group.self_ref };
      });
    });
    this.schedule(...cells);
  }

  private withParent(parent: Parent, work: () => void): void {
    const restore = this.enterParent(parent);
    try {
      work();
    } finally {
      restore();
    }
  }

  /** Makes `parent` the root items are appended under, with an empty inline buffer; returns what restores the walk as it was. */
  private enterParent(parent: Parent): () => void {
    const savedParents = this.parents;
    const savedLevel = this.level;
    const savedBuffer = this.buffer;
    this.parents = [parent];
    this.level = 0;
    this.buffer = [];
    return () => {
      this.parents = savedParents;
      this.level = savedLevel;
      this.buffer = savedBuffer;
    };
  }

  private handleFigure(figure: HtmlElement, context: InlineContext): void {
    const image = findDescendants(figure, new Set(['img']))[0];
    if (!image) {
      this.pushFrame(figure, context);
      return;
    }
    const figcaption = elementChildren(figure, new Set(['figcaption']))[0];
    const caption = figcaption ? joinRuns(extractRuns(figcaption, context)) : undefined;
    this.emitImage(image, context, caption?.text ? caption : undefined);
  }

  private emitImage(image: HtmlElement, context: InlineContext, figureCaption?: InlineRun): void {
    const alt = attribute(image, 'alt')?.trim() ?? '';
    const caption = figureCaption ?? (alt || context.hyperlink ? { text: alt, hyperlink: context.hyperlink, code: false } : undefined);
    const picture = this.builder.addPicture({
      parent: this.parent,
      layer: this.layer,
      sourceSpan: this.span(sourceRange(image)),
      imageSource: attribute(image, 'src'),
    });
    if (caption && caption.text.trim() !== '') {
      const text = cleanUnicode(caption.text.trim());
      // An alt text is read from the attribute's value.
      const range = caption.range ?? (figureCaption ? undefined : attributeValueRange(image, 'alt', this.source));
      this.builder.addCaption(picture, text, {
        layer: this.layer,
        orig: caption.text,
        formatting: caption.formatting,
        hyperlink: caption.hyperlink,
        sourceSpan: this.span(range),
        sourceRuns: this.runsOf(text, range),
      });
    }
  }

  /** The `<label for=…>` of an input and its text; the label is then not emitted a second time. */
  private labelOf(input: HtmlElement): { label: HtmlElement; text: string } | undefined {
    const id = attribute(input, 'id');
    const label = id ? this.labels.get(id) : undefined;
    if (!label) return undefined;
    this.consumedLabels.add(label);
    return { label, text: collapseWhitespace(textContent(label, 'present')) };
  }

  private emitInput(input: HtmlElement, context: InlineContext): void {
    const type = (attribute(input, 'type') ?? 'text').toLowerCase();
    if (type === 'hidden') return;
    const label = type === 'checkbox' ? (attribute(input, 'checked') !== undefined ? 'checkbox_selected' : 'checkbox_unselected') : 'text';
    const labelled = type === 'checkbox' ? this.labelOf(input) : undefined;
    const text = cleanUnicode(labelled?.text || inputText(input));
    // A label's text is read from its element; an input's own value from an attribute, which the item names whole.
    const readFrom = sourceRange(labelled?.text ? labelled.label : input);
    this.builder.addText(label, text, {
      parent: this.parent,
      layer: this.layer,
      hyperlink: context.hyperlink,
      sourceSpan: this.span(readFrom),
      sourceRuns: labelled?.text ? this.runsOf(text, readFrom) : undefined,
    });
  }
}

function inputText(input: HtmlElement): string {
  return ['value', 'placeholder', 'name', 'aria-label'].map((a) => attribute(input, a)?.trim() ?? '').find((v) => v !== '') ?? '';
}

/**
 * Inputs, images and nested lists that belong to this list item: below it, but not inside one of
 * its nested lists (those belong to the nested items).
 */
function ownedDescendants(item: HtmlElement): HtmlElement[] {
  const owned: HtmlElement[] = [];
  const stack: HtmlNode[] = [...contentChildren(item)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (LIST_TAGS.has(node.tagName) || node.tagName === 'img' || node.tagName === 'input') {
      owned.push(node);
      continue;
    }
    const children = contentChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return owned;
}

/** The language a `language-*` / `lang-*` class on the `<pre>` or its `<code>` names. */
function codeLanguage(pre: HtmlElement): string {
  const candidates = [pre, ...findDescendants(pre, new Set(['code']))];
  for (const element of candidates) {
    const match = /(?:^|\s)((?:language|lang)-[\w+#.-]+)/.exec(attribute(element, 'class') ?? '');
    if (match) return codeLanguageFromHint(match[1]);
  }
  return 'unknown';
}

/** Removes the indentation every line of a code block shares (HTML sources indent `<pre>` content). */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = indents.reduce((min, n) => Math.min(min, n), indents[0] ?? 0);
  return common === 0 ? text : lines.map((l) => l.slice(common)).join('\n');
}
