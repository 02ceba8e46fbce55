import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnnotationMode } from '../../src-main/engine/parse/pdf/pdfjs';
import { openPdf } from '../../src-main/engine/parse/pdf/load-pdf';
import { pdfParser } from '../../src-main/engine/parse/pdf';
import { median, timeRuns, type BenchRow } from './bench-row';

const corpusFolder = path.resolve(import.meta.dirname, '../../test-data/corpus/pdf');
const probe = path.resolve(import.meta.dirname, 'pdf-rss-probe.ts');
const runs = 7;
const bigRuns = 3;
const bigPageTarget = 300;
const scannedSample = 'ocr_test.pdf';
const ocrRuns = 3;

/**
 * PDF parsing speed in pages per second against the floor pdf.js itself sets: opening the file
 * and reading every page's operator list and text content, which the parser needs anyway. Runs on
 * the corpus PDFs and on a 300+ page PDF joined from them with qpdf (skipped without qpdf); the
 * big file's peak RSS is measured in a fresh process. Scanned pages are parsed without OCR here, as
 * the floor reads only the text layer; OCR has a row of its own.
 */
export async function benchPdf(): Promise<BenchRow[]> {
  const files = readdirSync(corpusFolder)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => path.join(corpusFolder, name));
  const corpus = files.map((file) => new Uint8Array(readFileSync(file)));
  await readWithPdfjs(corpus[0]!);
  await parse(corpus[0]!);
  const corpusPages = await totalPages(corpus);
  const { floor, ours, ratio } = await interleaved(
    runs,
    async () => {
      for (const bytes of corpus) await readWithPdfjs(bytes);
    },
    async () => {
      for (const bytes of corpus) await parse(bytes);
    },
  );
  const rows: BenchRow[] = [
    {
      name: 'pdf: corpus, pdf.js floor (text + operator lists)',
      median: (corpusPages * 1000) / floor,
      unit: 'pages/s',
      note: `${files.length} files, ${corpusPages} pages`,
    },
    { name: 'pdf: corpus, full parse', median: (corpusPages * 1000) / ours, unit: 'pages/s' },
    { name: 'pdf: corpus, parse / floor', median: ratio, unit: 'x', note: 'bar: <= 1.5' },
  ];
  rows.push(...(await benchBigPdf(files)), ...(await benchOcr()));
  return rows;
}

async function benchBigPdf(files: readonly string[]): Promise<BenchRow[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'stratum-pdf-bench-'));
  try {
    const big = path.join(folder, 'big.pdf');
    if (!joinPdfs(files, big))
      return [{ name: 'pdf: 300+ pages', median: 0, unit: 'skipped', note: 'qpdf not installed (apt-get install -y qpdf)' }];
    const bytes = new Uint8Array(readFileSync(big));
    const pages = await totalPages([bytes]);
    const { floor, ours, ratio } = await interleaved(
      bigRuns,
      () => readWithPdfjs(bytes),
      () => parse(bytes),
    );
    const rss = peakRssOfParse(big);
    return [
      { name: 'pdf: 300+ pages, pdf.js floor', median: (pages * 1000) / floor, unit: 'pages/s', note: `${pages} pages` },
      { name: 'pdf: 300+ pages, full parse', median: (pages * 1000) / ours, unit: 'pages/s', note: 'bar: >= 25' },
      { name: 'pdf: 300+ pages, parse / floor', median: ratio, unit: 'x', note: 'bar: <= 1.5' },
      { name: 'pdf: 300+ pages, peak RSS of a fresh process', median: rss, unit: 'MiB', note: 'bar: < 1024' },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Median times of the floor and of our parse, run in pairs, and the median of the pairs' ratios: the two runs of a pair
 * see the same machine, where medians taken apart mix a slow moment of one side with a fast one of the other (a shared
 * machine's speed swings by half within a minute). The order within a pair alternates, so that neither side always
 * runs first (JIT, heap growth, caches).
 */
async function interleaved(
  count: number,
  floorTask: () => Promise<unknown>,
  parseTask: () => Promise<unknown>,
): Promise<{ floor: number; ours: number; ratio: number }> {
  const floorTimes: number[] = [];
  const parseTimes: number[] = [];
  for (let i = 0; i < count; i++) {
    const floorFirst = i % 2 === 0;
    if (floorFirst) floorTimes.push(...(await timeRuns(1, floorTask)));
    parseTimes.push(...(await timeRuns(1, parseTask)));
    if (!floorFirst) floorTimes.push(...(await timeRuns(1, floorTask)));
  }
  const ratios = parseTimes.map((time, i) => time / floorTimes[i]!);
  return { floor: median(floorTimes), ours: median(parseTimes), ratio: median(ratios) };
}

/** The corpus files, repeated in turn until the result has 300+ pages. */
function joinPdfs(files: readonly string[], target: string): boolean {
  const pagesPerRound = 14;
  const rounds = Math.ceil(bigPageTarget / pagesPerRound) + 1;
  const inputs = Array.from({ length: rounds }, () => files.flatMap((file) => [file, '1-z'])).flat();
  try {
    execFileSync('qpdf', ['--empty', '--pages', ...inputs, '--', target], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function peakRssOfParse(file: string): number {
  const result = spawnSync(process.execPath, ['--import', 'tsx', probe, file], { encoding: 'utf8' });
  const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { peakRssMiB?: number };
  return report.peakRssMiB ?? Number.NaN;
}

async function readWithPdfjs(bytes: Uint8Array): Promise<void> {
  const pdf = await openPdf(bytes, 'bench.pdf');
  try {
    for (let pageNo = 1; pageNo <= pdf.numPages; pageNo++) {
      const page = await pdf.getPage(pageNo);
      await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
      await page.getTextContent();
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
}

/** Layout analysis of the text layer: OCR of scanned pages is measured on its own (`benchOcr`). */
function parse(bytes: Uint8Array): Promise<unknown> {
  return pdfParser.parse({ fileName: 'bench.pdf', bytes }, { ocr: 'off' });
}

/** The built-in OCR of the corpus's scanned page, warm (tesseract loaded), in seconds per page. */
async function benchOcr(): Promise<BenchRow[]> {
  const bytes = new Uint8Array(readFileSync(path.join(corpusFolder, scannedSample)));
  const ocr = () => pdfParser.parse({ fileName: scannedSample, bytes }, { ocr: 'auto' });
  await ocr();
  return [
    {
      name: 'pdf: OCR of a scanned page (tesseract, 300 DPI)',
      median: median(await timeRuns(ocrRuns, ocr)) / 1000,
      unit: 's/page',
      note: scannedSample,
    },
  ];
}

async function totalPages(documents: readonly Uint8Array[]): Promise<number> {
  let pages = 0;
  for (const bytes of documents) {
    const pdf = await openPdf(bytes, 'bench.pdf');
    pages += pdf.numPages;
    await pdf.destroy();
  }
  return pages;
}
