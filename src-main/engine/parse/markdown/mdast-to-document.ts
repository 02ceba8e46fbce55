import type { GroupItem, SourceRun } from '../../ir/types';
import type { BlockContent, DefinitionContent, List, ListItem, Nodes, Root, RootContent } from 'mdast';
import { codeLanguageFromHint } from '../code-language';
import { appendHtmlFragment } from '../html/html-fragment';
import type { MarkdownContext, ParentNode } from './context';
import { frontMatterMetadata } from './front-matter';
import { gfmTableData } from './gfm-table';
import { mappedPlainText, plainTextOf, type MarkdownSource } from './inline-runs';
import { SourceRunText } from '../../text/source-runs';
import { PlacedValue, valueSegments } from './value-source';
import { mdastRuns, offsets, type Definitions } from './mdast-inline';
import { valueToSourceOffsets } from './value-offsets';
import { writeRuns } from './write-runs';

type FlowNode = RootContent | BlockContent | DefinitionContent;

/**
 * Writes mdast blocks as Docling's Markdown backend does: a flat body (headings do not own the
 * blocks after them), h1 as `title` and h(n) as a level n-1 `section_header`, lists as `list`
 * groups with nested lists under their parent item, mixed inline formatting as inline groups.
 */
export class MdastWriter {
  private readonly definitions: Definitions;
  private readonly source: MarkdownSource;
  private firstHeading: string | undefined;

  constructor(
    private readonly ctx: MarkdownContext,
    root: Root,
  ) {
    this.definitions = collectDefinitions(root);
    this.source = { text: ctx.source, toCodePoint: ctx.toCodePoint };
  }

  /**
   * Writes one top-level block, and the blocks inside it (a quote's, a list's, a list item's) in
   * document order from a stack of tasks, never by recursion, so that nesting cannot overflow the
   * call stack.
   */
  writeBlock(node: FlowNode, parent?: ParentNode): void {
    const tasks: Task[] = [{ node, parent }];
    while (tasks.length > 0) {
      const task = tasks.pop()!;
      if (typeof task === 'function') task();
      else this.writeOne(task.node, task.parent, tasks);
    }
  }

  /** Writes a block; what it holds is scheduled on `tasks`, to be written next. */
  private writeOne(node: FlowNode, parent: ParentNode | undefined, tasks: Task[]): void {
    const span = offsets(node);
    switch (node.type) {
      case 'heading': {
        const runs = mdastRuns(node.children, this.definitions, { source: this.source });
        if (node.depth === 1 && this.firstHeading === undefined) this.firstHeading = plainTextOf(runs);
        writeRuns(this.ctx, runs, { kind: 'heading', depth: node.depth }, parent, span);
        return;
      }
      case 'paragraph':
        writeRuns(this.ctx, mdastRuns(node.children, this.definitions, { source: this.source }), { kind: 'paragraph' }, parent, span);
        return;
      case 'list':
        this.writeList(node, parent, tasks);
        return;
      case 'code': {
        const text = node.value
          .replace(/\r\n?/g, '\n')
          .replace(/^(?:[ \t]*\n)+/, '')
          .trimEnd();
        if (!text) return;
        const sourceRuns = this.codeBlockRuns(node.value, text, span);
        this.ctx.addCode(text, codeLanguageFromHint(node.lang), 'block', { parent, sourceSpan: this.ctx.span(...span), sourceRuns });
        return;
      }
      case 'table':
        this.ctx.builder.addTable(gfmTableData(node, this.definitions, this.source), { parent, sourceSpan: this.ctx.span(...span) });
        return;
      case 'blockquote':
        // Docling keeps a quote's blocks as ordinary blocks.
        schedule(
          tasks,
          node.children.map((child) => ({ node: child, parent })),
        );
        return;
      case 'footnoteDefinition':
        this.writeFootnote(node.children, parent, span);
        return;
      case 'html': {
        // Docling reads a Markdown file with HTML blocks through its HTML backend.
        const toSource = valueToSourceOffsets(this.ctx.source, span[0], span[1], node.value);
        appendHtmlFragment(this.ctx.builder, node.value, { parent, toSourceOffset: (offset) => this.ctx.toCodePoint(toSource(offset)) });
        return;
      }
      case 'yaml':
        for (const [key, value] of Object.entries(frontMatterMetadata(node.value))) this.ctx.builder.setMetadata(key, value);
        return;
      default:
        // thematic breaks, link definitions: no content of their own
        return;
    }
  }

  /**
   * Where a code block's text (its value without leading blank lines and trailing blanks) was
   * written: a fenced block's lines start after its opening fence. Undefined when the text is not
   * the value read so (line ends rewritten).
   */
  private codeBlockRuns(value: string, text: string, [start, end]: [number, number]): SourceRun[] | undefined {
    const fenced = /^[ \t]*(?:`{3,}|~{3,})/.test(this.ctx.source.slice(start, start + 32));
    const contentStart = fenced ? this.ctx.source.indexOf('\n', start) + 1 : start;
    if (fenced && contentStart === 0) return undefined;
    const from = value.length - value.replace(/^(?:[ \t]*\n)+/, '').length;
    const placed = new PlacedValue(value, valueSegments(value, this.ctx.source, contentStart, end, true));
    const mapped = new SourceRunText(this.ctx.toCodePoint);
    placed.appendTo(mapped, from, from + text.length);
    return mapped.text === text ? mapped.runs : undefined;
  }

  /** The document title: front matter `title`, else the first h1. */
  finish(): void {
    const metadata = this.ctx.builder.doc.metadata;
    const title = metadata?.['title'];
    if (typeof title !== 'string' && this.firstHeading) this.ctx.builder.setMetadata('title', this.firstHeading);
  }

  private writeList(list: List, parent: ParentNode | undefined, tasks: Task[]): void {
    if (!list.children.some((item) => item.children.length > 0)) return;
    const group = this.ctx.builder.addGroup('list', 'list', { parent });
    const enumerated = list.ordered === true;
    const start = list.start ?? 1;
    // Docling numbers only the items that become list items, so each item's number waits for the items before it.
    let index = 0;
    const items = list.children.map((item): Task => () => {
      const marker = enumerated ? `${start + index}.` : '';
      if (this.writeListItem(item, group, marker, enumerated, tasks)) index++;
    });
    schedule(tasks, items);
  }

  /** Returns whether the item produced a list item (Docling numbers only those); its other blocks are scheduled. */
  private writeListItem(item: ListItem, group: GroupItem, marker: string, enumerated: boolean, tasks: Task[]): boolean {
    const [first, ...rest] = item.children;
    if (!first) return false;
    if (first.type !== 'paragraph') {
      // Docling makes no list item without leading text; the blocks land in the list itself.
      schedule(
        tasks,
        item.children.map((child) => ({ node: child, parent: group })),
      );
      return false;
    }
    const checkbox = item.checked === true ? '[x]' : item.checked === false ? '[ ]' : undefined;
    const runs = mdastRuns(first.children, this.definitions, { prefix: checkbox, source: this.source });
    const span: [number, number] = [offsets(item)[0], offsets(first)[1]];
    const shape = { kind: 'list-item', marker, enumerated, list: group } as const;
    const listItem = writeRuns(this.ctx, runs, shape, undefined, span) ?? group;
    schedule(
      tasks,
      rest.map((child) => ({ node: child, parent: listItem })),
    );
    return true;
  }

  private writeFootnote(
    children: readonly (BlockContent | DefinitionContent)[],
    parent: ParentNode | undefined,
    span: [number, number],
  ): void {
    const paragraphs = children.flatMap((child) =>
      child.type === 'paragraph'
        ? [mappedPlainText(mdastRuns(child.children, this.definitions, { source: this.source }), this.ctx.toCodePoint)]
        : [],
    );
    const mapped = new SourceRunText(this.ctx.toCodePoint);
    for (const paragraph of paragraphs) {
      if (paragraph.text === '') continue;
      if (mapped.length > 0) mapped.addText(' ');
      mapped.addMapped(paragraph);
    }
    if (mapped.length > 0)
      this.ctx.builder.addText('footnote', mapped.text, { parent, sourceSpan: this.ctx.span(...span), sourceRuns: mapped.runs });
  }
}

/** The link definitions, the first of each identifier winning, found in document order without recursion. */
function collectDefinitions(root: Root): Definitions {
  const definitions = new Map<string, { url: string; title?: string | null }>();
  const pending: Nodes[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, { url: node.url, title: node.title });
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
  }
  return definitions;
}

/** A block to write under a parent, or a step to take once the blocks scheduled before it are written. */
type Task = { node: FlowNode; parent: ParentNode | undefined } | (() => void);

/** Puts `next` on the stack so that they run in their order, before what was scheduled earlier. */
function schedule(tasks: Task[], next: readonly Task[]): void {
  for (let i = next.length - 1; i >= 0; i--) tasks.push(next[i]!);
}
