import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { importGraph, SOURCE_EXTENSIONS } from './layers/import-graph';
import { checkLayers } from './layers/layer-rules';

/** Fails (exit 1) when an import breaks a layer rule of `layers/layer-rules.ts` or closes an import cycle. */

const root = resolve(import.meta.dirname, '..');
const checkedFolders = ['src-main', 'src-shared', 'src-renderer', 'scripts', 'e2e', 'e2e-bench', 'bin'];

function sourcesUnder(folder: string): [string, string][] {
  const entries = readdirSync(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension)))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8')];
    });
}

const sources = new Map(checkedFolders.flatMap(sourcesUnder));
const violations = checkLayers(importGraph(sources));
for (const violation of violations) console.error(`${violation.file}: [${violation.rule}] ${violation.message}`);
console.log(`layers: ${sources.size} modules, ${violations.length} violation${violations.length === 1 ? '' : 's'}`);
process.exitCode = violations.length > 0 ? 1 : 0;
