import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EnrichmentCache } from '../src-main/engine/enrich/enrichment-cache';
import type { IntraDocumentReference } from '../src-main/engine/enrich/references/references-step';
import { resolveEnrichmentSteps } from '../src-main/engine/enrich/resolve-steps';
import { runEnrichment } from '../src-main/engine/enrich/run-enrichment';
import { chunkDocument, parseDocument } from '../src-main/engine/pipeline';

/**
 * The `references` step over the PDF and DOCX files of folders (recursively; default `test-data/`
 * and `../shared/corpus` when it exists): per document the references found, the share resolved to
 * a target chunk and the count by kind, then the totals. `--list` prints every reference with its
 * target, `--unresolved` the unresolved ones only. Files that cannot be read are listed, not counted.
 *
 *   npm run eval:refs [-- <folder|file>... [--list|--unresolved] [--json]]
 */

const EXTENSIONS = new Set(['.pdf', '.docx']);
const config = { strategy: 'hybrid', maxTokens: 256 };
const repository = path.resolve(import.meta.dirname, '..');

interface DocumentResult {
  file: string;
  chunks: number;
  references: IntraDocumentReference[];
}

function filesUnder(target: string): string[] {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(target, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return entry.isFile() && EXTENSIONS.has(path.extname(entry.name).toLowerCase()) ? [full] : [];
    });
}

async function evaluate(file: string, cache: EnrichmentCache): Promise<DocumentResult> {
  const parsed = await parseDocument(path.basename(file), new Uint8Array(readFileSync(file)), { ocr: 'off' });
  const chunks = [...chunkDocument(parsed.doc, parsed.docId, config)];
  const steps = resolveEnrichmentSteps([{ name: 'references', options: {} }]);
  const run = await runEnrichment({ doc: parsed.doc, docId: parsed.docId, chunks, steps, cache });
  const references = run.chunks.flatMap(
    (chunk) => (chunk.enrichments['references'] as { intra_document: IntraDocumentReference[] }).intra_document,
  );
  return { file, chunks: chunks.length, references };
}

function share(resolved: number, found: number): string {
  return found === 0 ? '-' : (resolved / found).toFixed(3);
}

function byKind(references: readonly IntraDocumentReference[]): string {
  const counts = new Map<string, [number, number]>();
  for (const reference of references) {
    const [found, resolved] = counts.get(reference.kind) ?? [0, 0];
    counts.set(reference.kind, [found + 1, resolved + (reference.resolved ? 1 : 0)]);
  }
  return [...counts].map(([kind, [found, resolved]]) => `${kind} ${resolved}/${found}`).join(', ');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const list = args.includes('--list');
  const unresolvedOnly = args.includes('--unresolved');
  const asJson = args.includes('--json');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const sharedCorpus = path.resolve(repository, '../shared/corpus');
  const targets =
    named.length > 0
      ? named
      : [path.join(repository, 'test-data'), sharedCorpus].filter((folder) => statSync(folder, { throwIfNoEntry: false }));
  const files = targets.flatMap((target) => filesUnder(path.resolve(target)));
  const cache = new EnrichmentCache();
  const results: DocumentResult[] = [];
  const failures: string[] = [];
  for (const file of files) {
    try {
      results.push(await evaluate(file, cache));
    } catch (error) {
      failures.push(`${path.relative(process.cwd(), file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (asJson) {
    console.log(
      JSON.stringify(
        results.map(({ file, chunks, references }) => ({ file, chunks, references })),
        null,
        1,
      ),
    );
    return 0;
  }
  const nameWidth = Math.max(8, ...results.map((result) => path.relative(process.cwd(), result.file).length));
  console.log(`${'document'.padEnd(nameWidth)}  chunks  found  resolved  share  by kind (resolved/found)`);
  for (const { file, chunks, references } of results) {
    const resolved = references.filter((reference) => reference.resolved).length;
    console.log(
      `${path.relative(process.cwd(), file).padEnd(nameWidth)}  ${String(chunks).padStart(6)}  ${String(references.length).padStart(5)}  ` +
        `${String(resolved).padStart(8)}  ${share(resolved, references.length).padStart(5)}  ${byKind(references)}`,
    );
    if (list || unresolvedOnly) {
      for (const reference of references) {
        if (unresolvedOnly && reference.resolved) continue;
        const where = reference.resolved ? `→ ${reference.target_chunk_ids.length} chunk(s)` : 'unresolved';
        console.log(`    ${reference.kind} ${JSON.stringify(reference.target)} ${JSON.stringify(reference.text)} ${where}`);
      }
    }
  }
  const all = results.flatMap((result) => result.references);
  const resolved = all.filter((reference) => reference.resolved).length;
  console.log(
    `\n${results.length} documents, ${all.length} references, ${resolved} resolved (${share(resolved, all.length)}); ` +
      (byKind(all) || 'none'),
  );
  for (const failure of failures) console.log(`not read: ${failure}`);
  return 0;
}

process.exitCode = await main();
