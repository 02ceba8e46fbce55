/**
 * `npm run bench [-- --only docling,recursive]`: every benchmark group, each row a median over
 * repeated runs, with ratios against a peer measured in the same run.
 */
import { formatRows, type BenchRow } from './bench/bench-row';
import { benchDocling } from './bench/docling';
import { benchEnrich } from './bench/enrich';
import { benchMarkdown } from './bench/markdown';
import { benchPdf } from './bench/pdf';
import { benchRecursive } from './bench/recursive';
import { benchRetrieval } from './bench/retrieval';
import { benchTokenizers } from './bench/tokenizers';

const groups: Record<string, () => Promise<BenchRow[]>> = {
  tokenizers: benchTokenizers,
  docling: benchDocling,
  recursive: benchRecursive,
  markdown: benchMarkdown,
  pdf: benchPdf,
  enrich: benchEnrich,
  retrieval: benchRetrieval,
};

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? '').split(',') : Object.keys(groups);
const unknown = only.filter((name) => !(name in groups));
if (unknown.length > 0) {
  console.error(`unknown benchmark group(s): ${unknown.join(', ')} (known: ${Object.keys(groups).join(', ')})`);
  process.exit(2);
}

for (const name of only) {
  console.log(`\n## ${name}`);
  console.log(formatRows(await groups[name]!()));
}
