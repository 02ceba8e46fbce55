import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EnrichmentCache } from '../../src-main/engine/enrich/enrichment-cache';
import { resolveEnrichmentSteps } from '../../src-main/engine/enrich/resolve-steps';
import { runEnrichment } from '../../src-main/engine/enrich/run-enrichment';
import type { DoclingDocument } from '../../src-main/engine/ir/types';
import { pdfParser } from '../../src-main/engine/parse/pdf';
import { chunkDocument } from '../../src-main/engine/pipeline';
import type { BenchRow } from './bench-row';

const corpusFolder = path.resolve(import.meta.dirname, '../../test-data/corpus/pdf');
const pageTarget = 300;
const config = { strategy: 'hybrid', maxTokens: 256 };
const offlineSteps = ['keywords', 'references', 'summary', 'topics', 'pii'].map((name) => ({ name, options: {} }));

/**
 * The offline enrichment steps on a 300+ page PDF (the corpus joined with qpdf, as the pdf group
 * does) after chunking, with an empty cache; then again after one text item was edited, where only
 * the chunks that changed are computed again (the cache's hits and misses are printed). Each copy's
 * text items get their page number appended, so that the repeated corpus does not repeat chunk texts.
 */
export async function benchEnrich(): Promise<BenchRow[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'stratum-enrich-bench-'));
  try {
    const big = path.join(folder, 'big.pdf');
    if (!joinCorpus(big)) return [{ name: 'enrich: 300+ pages', median: 0, unit: 'skipped', note: 'qpdf not installed' }];
    const doc = await pdfParser.parse({ fileName: 'big.pdf', bytes: new Uint8Array(readFileSync(big)) }, { ocr: 'off' });
    for (const item of doc.texts) item.text = `${item.text} (${item.prov[0]?.page_no ?? 0})`;
    const pages = Object.keys(doc.pages).length;
    const steps = resolveEnrichmentSteps(offlineSteps);
    const cache = new EnrichmentCache();
    const enrich = async (document: DoclingDocument) => {
      const chunks = [...chunkDocument(document, 'bench', config)];
      const start = performance.now();
      const run = await runEnrichment({ doc: document, docId: 'bench', chunks, steps, cache });
      return { ms: performance.now() - start, run, chunks: chunks.length };
    };
    const cold = await enrich(doc);
    const edited = structuredClone(doc);
    const target = edited.texts.find((item) => item.label === 'text' && item.text.length > 200)!;
    target.text = `${target.text} One more sentence, edited in.`;
    const warm = await enrich(edited);
    const hits = warm.run.report.reduce((sum, step) => sum + step.cacheHits, 0);
    const misses = warm.run.report.reduce((sum, step) => sum + step.cacheMisses, 0);
    const perStep = cold.run.report.map((step) => `${step.name} ${step.milliseconds.toFixed(0)} ms`).join(', ');
    return [
      {
        name: 'enrich: 300+ pages, offline steps after chunking',
        median: cold.ms,
        unit: 'ms',
        note: `${pages} pages, ${cold.chunks} chunks, ${perStep}; bar: < 2000`,
      },
      {
        name: 'enrich: after a one-item edit',
        median: warm.ms,
        unit: 'ms',
        note: `cache hits ${hits}, misses ${misses} (${steps.length} steps)`,
      },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function joinCorpus(target: string): boolean {
  const files = readdirSync(corpusFolder)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => path.join(corpusFolder, name));
  const rounds = Math.ceil(pageTarget / 14) + 1;
  const inputs = Array.from({ length: rounds }, () => files.flatMap((file) => [file, '1-z'])).flat();
  try {
    execFileSync('qpdf', ['--empty', '--pages', ...inputs, '--', target], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
