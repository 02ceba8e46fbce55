import type { GroupItem } from '../../ir/types';
import type { BlockContent, DefinitionContent, List, ListItem, Nodes, Root, RootContent } from 'mdast';
import { codeLanguageFromHint } from '../code-language';
import { appendHtmlFragment } from '../html/html-fragment';
import type { MarkdownContext, ParentNode } from './context';
import { frontMatterMetadata } from './front-matter';
import { gfmTableData } from './gfm-table';
import { plainTextOf } from './inline-runs';
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
  private firstHeading: string | undefined;

  constructor(
    private readonly ctx: MarkdownContext,
    root: Root,
  ) {
    this.definitions = collectDefinitions(root);
  }

  /** Writes one top-level block. */
  writeBlock(node: FlowNode, parent?: ParentNode): void {
    const span = offsets(node);
    switch (node.type) {
      case 'heading': {
        const runs = mdastRuns(node.children, this.definitions);
        if (node.depth === 1 && this.firstHeading === undefined) this.firstHeading = plainTextOf(runs);
        writeRuns(this.ctx, runs, { kind: 'heading', depth: node.depth }, parent, span);
        return;
      }
      case 'paragraph':
        writeRuns(this.ctx, mdastRuns(node.children, this.definitions), { kind: 'paragraph' }, parent, span);
        return;
      case 'list':
        this.writeList(node, parent);
        return;
      case 'code': {
        const text = node.value.replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
        if (text) this.ctx.addCode(text, codeLanguageFromHint(node.lang), 'block', { parent, sourceSpan: this.ctx.span(...span) });
        return;
      }
      case 'table':
        this.ctx.builder.addTable(gfmTableData(node, this.definitions), { parent, sourceSpan: this.ctx.span(...span) });
        return;
      case 'blockquote':
        // Docling keeps a quote's blocks as ordinary blocks.
        for (const child of node.children) this.writeBlock(child, parent);
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

  /** The document title: front matter `title`, else the first h1. */
  finish(): void {
    const metadata = this.ctx.builder.doc.metadata;
    const title = metadata?.['title'];
    if (typeof title !== 'string' && this.firstHeading) this.ctx.builder.setMetadata('title', this.firstHeading);
  }

  private writeList(list: List, parent: ParentNode | undefined): void {
    if (!list.children.some((item) => item.children.length > 0)) return;
    const group = this.ctx.builder.addGroup('list', 'list', { parent });
    const enumerated = list.ordered === true;
    const start = list.start ?? 1;
    let index = 0;
    for (const item of list.children) {
      const marker = enumerated ? `${start + index}.` : '';
      if (this.writeListItem(item, group, marker, enumerated)) index++;
    }
  }

  /** Returns whether the item produced a list item (Docling numbers only those). */
  private writeListItem(item: ListItem, group: GroupItem, marker: string, enumerated: boolean): boolean {
    const [first, ...rest] = item.children;
    if (!first) return false;
    if (first.type !== 'paragraph') {
      // Docling makes no list item without leading text; the blocks land in the list itself.
      for (const child of item.children) this.writeBlock(child, group);
      return false;
    }
    const checkbox = item.checked === true ? '[x]' : item.checked === false ? '[ ]' : undefined;
    const runs = mdastRuns(first.children, this.definitions, checkbox);
    const span: [number, number] = [offsets(item)[0], offsets(first)[1]];
    const shape = { kind: 'list-item', marker, enumerated, list: group } as const;
    const listItem = writeRuns(this.ctx, runs, shape, undefined, span) ?? group;
    for (const child of rest) this.writeBlock(child, listItem);
    return true;
  }

  private writeFootnote(children: readonly (BlockContent | DefinitionContent)[], parent: ParentNode | undefined, span: [number, number]): void {
    const texts = children.flatMap((child) =>
      child.type === 'paragraph' ? [plainTextOf(mdastRuns(child.children, this.definitions))] : [],
    );
    const text = texts.filter(Boolean).join(' ');
    if (text) this.ctx.builder.addText('footnote', text, { parent, sourceSpan: this.ctx.span(...span) });
  }
}

function collectDefinitions(root: Root): Definitions {
  const definitions = new Map<string, { url: string; title?: string | null }>();
  const visit = (node: Nodes): void => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) {
      definitions.set(node.identifier, { url: node.url, title: node.title });
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(root);
  return definitions;
}
