import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { unmangleGroffOutlineTitle } from './groff-outline-title';
import { openPdf } from './load-pdf';

export interface OutlineEntry {
  title: string;
  /** 1 for a top-level bookmark */
  depth: number;
  /** 1-based; null when the destination does not resolve to a page */
  page: number | null;
}

/** What a PDF says about itself: its outline, flattened in reading order, and who wrote it. */
export interface PdfOutlineFacts {
  outline: OutlineEntry[];
  /** the deepest nesting of the outline (1 for a flat one, 0 for none) */
  outlineDepth: number;
  pages: number;
  producer: string | null;
  creator: string | null;
}

type OutlineNode = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number];

/** Outlines are authored by hand or by tools gone wrong; a bound keeps a looping or huge one finite. */
const MAX_OUTLINE_ENTRIES = 20_000;

export async function readPdfOutline(bytes: Uint8Array, fileName: string, password?: string): Promise<PdfOutlineFacts> {
  const pdf = await openPdf(bytes, fileName, password);
  try {
    const { producer, creator } = await producerAndCreator(pdf);
    const outline = await outlineEntriesOf(pdf, titleReader(producer));
    return { outline, outlineDepth: Math.max(0, ...outline.map((entry) => entry.depth)), pages: pdf.numPages, producer, creator };
  } finally {
    await pdf.destroy();
  }
}

/** The outline of an open PDF, flattened in reading order. */
async function outlineEntriesOf(pdf: PDFDocumentProxy, readTitle: (title: string) => string): Promise<OutlineEntry[]> {
  const outline: OutlineEntry[] = [];
  const visit = async (nodes: readonly OutlineNode[], depth: number): Promise<void> => {
    for (const node of nodes) {
      if (outline.length >= MAX_OUTLINE_ENTRIES) return;
      outline.push({ title: readTitle(node.title), depth, page: await destinationPage(pdf, node.dest) });
      await visit(node.items as OutlineNode[], depth + 1);
    }
  };
  await visit((await pdf.getOutline()) ?? [], 1);
  return outline;
}

/** How the producer's titles read: groff's PDF driver mangles its non-ASCII ones. */
function titleReader(producer: string | null): (title: string) => string {
  return producer && /\bgropdf\b/i.test(producer) ? unmangleGroffOutlineTitle : (title) => title;
}

/** The 1-based page an outline entry jumps to; null for a link, a named destination that is missing, or a broken reference. */
async function destinationPage(pdf: PDFDocumentProxy, dest: OutlineNode['dest']): Promise<number | null> {
  try {
    const explicit: unknown = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const target: unknown = explicit[0];
    // Most destinations name the page object; some files give a 0-based page index instead.
    if (typeof target === 'number' && Number.isInteger(target)) return target + 1;
    if (typeof target === 'object' && target !== null && 'num' in target && 'gen' in target) {
      return (await pdf.getPageIndex(target as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
    }
    return null;
  } catch {
    return null;
  }
}

async function producerAndCreator(pdf: PDFDocumentProxy): Promise<{ producer: string | null; creator: string | null }> {
  const { info, metadata } = await pdf.getMetadata();
  const field = (infoKey: string, xmpKey: string): string | null => {
    const fromInfo = (info as Record<string, unknown>)[infoKey];
    if (typeof fromInfo === 'string' && fromInfo.trim() !== '') return fromInfo.trim();
    const fromXmp = metadata?.get(xmpKey);
    return typeof fromXmp === 'string' && fromXmp.trim() !== '' ? fromXmp.trim() : null;
  };
  return { producer: field('Producer', 'pdf:producer'), creator: field('Creator', 'xmp:creatortool') };
}
