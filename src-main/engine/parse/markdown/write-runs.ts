import type { GroupItem, TextItem } from '../../ir/types';
import type { MarkdownContext, ParentNode } from './context';
import type { CodePlacement } from './html-detour';
import { formattingOf, type InlineRun } from './inline-runs';

/** The item a block of inline content becomes, before its text is known. */
type BlockShape =
  { kind: 'paragraph' } | { kind: 'heading'; depth: number } | { kind: 'list-item'; marker: string; enumerated: boolean; list: GroupItem };

/**
 * Writes a block's runs the way Docling's Markdown backend does: one run becomes the block's item
 * itself (carrying the run's formatting and link); several runs become an inline group, directly
 * for a paragraph, or under a heading / list item whose own text stays empty. Returns the block's
 * item (undefined for a plain paragraph group or when there is nothing to write).
 */
export function writeRuns(
  ctx: MarkdownContext,
  runs: readonly InlineRun[],
  shape: BlockShape,
  parent: ParentNode | undefined,
  blockSpan: [number, number],
): TextItem | undefined {
  const single = runs.length === 1 ? runs[0] : undefined;
  if (shape.kind === 'paragraph') {
    if (single) writeRun(ctx, single, parent, blockSpan, 'block');
    else if (runs.length > 1) writeInlineGroup(ctx, runs, parent);
    return undefined;
  }
  if (runs.length === 0 && shape.kind === 'heading') return undefined;
  const text = single?.text ?? '';
  const options = {
    parent: shape.kind === 'list-item' ? shape.list : parent,
    sourceSpan: ctx.span(...blockSpan),
    formatting: single ? formattingOf(single.style) : undefined,
    hyperlink: single?.hyperlink,
  };
  const item =
    shape.kind === 'heading'
      ? shape.depth === 1
        ? ctx.builder.addTitle(text, options)
        : ctx.builder.addHeading(text, shape.depth - 1, options)
      : ctx.builder.addListItem(text, shape.list, shape.marker, shape.enumerated, options);
  if (single?.mapped) item.source_runs = single.mapped.runs;
  if (runs.length > 1) writeInlineGroup(ctx, runs, item);
  return item;
}

function writeInlineGroup(ctx: MarkdownContext, runs: readonly InlineRun[], parent: ParentNode | undefined): void {
  const group = ctx.builder.addGroup('inline', 'group', { parent });
  for (const run of runs) writeRun(ctx, run, group, [run.start, run.end], 'inline');
}

function writeRun(
  ctx: MarkdownContext,
  run: InlineRun,
  parent: ParentNode | undefined,
  span: [number, number],
  placement: CodePlacement,
): void {
  const sourceSpan = ctx.span(...span);
  const formatting = formattingOf(run.style);
  if (run.kind === 'image') {
    const picture = ctx.builder.addPicture({ parent, sourceSpan, imageSource: run.url });
    if (run.text) ctx.builder.addCaption(picture, run.text, { sourceSpan, hyperlink: run.hyperlink, sourceRuns: run.mapped?.runs });
    return;
  }
  const options = { parent, sourceSpan, formatting, hyperlink: run.hyperlink, sourceRuns: run.mapped?.runs };
  if (run.kind === 'code') ctx.addCode(run.text, 'unknown', placement, options);
  else ctx.builder.addText('text', run.text, options);
}
