import type { Line } from './types';

interface PageLines {
  height: number;
  lines: readonly Line[];
}

/** Share of the page height at the top and at the bottom where running headers and footers live. */
const bandShare = 0.13;
/** A text in a band on at least this share of the pages (and on two or more) is repeated furniture. */
const repeatShare = 0.4;

const pageNumber = /^(page\s*)?[-–(]?\s*(\d{1,4}|[ivxlc]{1,7})\s*[-–)]?(\s*(of|\/)\s*\d{1,4})?$/i;
const chapterPageNumber = /^\d{1,3}\s*[-–.]\s*\d{1,4}$/;

/**
 * Finds page headers, footers and page numbers: lines in the top or bottom band of a page whose
 * text (digits ignored) repeats across pages in the same size, lines that are only a page number, and lines on
 * the same baseline as such a page number (a running title beside it).
 */
export function furnitureLines(pages: readonly PageLines[]): Set<Line> {
  const furniture = new Set<Line>();
  const keyPages = new Map<string, number>();
  const banded = pages.map((page) => page.lines.filter((line) => bandOf(line, page.height) !== undefined));
  // The size is part of the key: a document's title on its first page is no running header, though
  // the header repeats its words on every page after.
  const keyOf = (line: Line, height: number): string => `${bandOf(line, height)}:${Math.round(line.fontSize)}:${normalise(line.text)}`;
  banded.forEach((lines, index) => {
    const height = pages[index]!.height;
    for (const key of new Set(lines.map((line) => keyOf(line, height)))) keyPages.set(key, (keyPages.get(key) ?? 0) + 1);
  });
  const minRepeats = Math.max(2, Math.ceil(repeatShare * pages.length));
  banded.forEach((lines, index) => {
    const height = pages[index]!.height;
    const numbers = lines.filter((line) => isPageNumber(line.text));
    const extreme = outermostPageNumber(pages[index]!.lines, height);
    if (extreme) furniture.add(extreme);
    for (const line of lines) {
      const repeated = (keyPages.get(keyOf(line, height)) ?? 0) >= minRepeats;
      const besideNumber = numbers.some((n) => Math.abs(n.baseline - line.baseline) < 2 && line.fontSize <= n.fontSize * 1.2);
      if (repeated || isPageNumber(line.text) || besideNumber) furniture.add(line);
    }
  });
  return furniture;
}

/** Share of the page height within which a lone page number may sit above or below everything else. */
const pageNumberShare = 0.22;

/** A page number printed lower (or higher) than all other text, further in than the usual band. */
function outermostPageNumber(lines: readonly Line[], pageHeight: number): Line | undefined {
  if (lines.length < 2) return undefined;
  let lowest = lines[0]!;
  let highest = lines[0]!;
  for (const line of lines) {
    if (line.top < lowest.top) lowest = line;
    if (line.bottom > highest.bottom) highest = line;
  }
  if (isPageNumber(lowest.text) && lowest.top <= pageHeight * pageNumberShare) return lowest;
  if (isPageNumber(highest.text) && highest.bottom >= pageHeight * (1 - pageNumberShare)) return highest;
  return undefined;
}

/** `header` or `footer` when the line lies in the page's top or bottom band. */
function bandOf(line: Line, pageHeight: number): 'header' | 'footer' | undefined {
  if (line.bottom >= pageHeight * (1 - bandShare)) return 'header';
  if (line.top <= pageHeight * bandShare) return 'footer';
  return undefined;
}

function isPageNumber(text: string): boolean {
  const trimmed = text.trim();
  return pageNumber.test(trimmed) || chapterPageNumber.test(trimmed);
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}
