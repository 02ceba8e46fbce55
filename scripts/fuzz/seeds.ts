import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parserForFile } from '../../src-main/engine/parse/registry';
import { isStratumError } from '../../src-shared/errors';
import type { Random } from './random';

export interface Seed {
  path: string;
  fileName: string;
  /** The parser's format, e.g. `pdf`, `docling`. */
  format: string;
  bytes: Uint8Array;
}

/** Per-page cell counts beside PDF groundtruth: JSON, but no document. */
const NOT_A_DOCUMENT = /^LICENSE|\.pages\.meta\.json$/;
const MAX_DEPTH = 4;

/**
 * Every file under the folders that a parser takes (by extension), licences and page metadata left
 * out, in a stable order. Files over `maxBytes` are skipped: a slow seed slows every mutant of it.
 */
export function discoverSeeds(folders: readonly string[], maxBytes: number): Seed[] {
  const seeds: Seed[] = [];
  const visit = (folder: string, depth: number): void => {
    for (const name of readdirSync(folder).sort()) {
      const filePath = path.join(folder, name);
      const stats = statSync(filePath);
      if (stats.isDirectory()) {
        if (depth < MAX_DEPTH) visit(filePath, depth + 1);
        continue;
      }
      if (!stats.isFile() || stats.size === 0 || stats.size > maxBytes || NOT_A_DOCUMENT.test(name)) continue;
      const format = formatOf(name);
      if (format) seeds.push({ path: filePath, fileName: name, format, bytes: new Uint8Array(readFileSync(filePath)) });
    }
  };
  for (const folder of folders) visit(folder, 0);
  return seeds;
}

function formatOf(fileName: string): string | undefined {
  try {
    return parserForFile(fileName).format;
  } catch (error) {
    if (isStratumError(error) && error.code === 'unsupported-format') return undefined;
    throw error;
  }
}

/** Seeds grouped by format, so that a format with few files gets as many mutants as one with many. */
export class SeedPicker {
  private readonly byFormat = new Map<string, Seed[]>();

  constructor(seeds: readonly Seed[]) {
    if (seeds.length === 0) throw new Error('no seed files');
    for (const seed of seeds) this.byFormat.set(seed.format, [...(this.byFormat.get(seed.format) ?? []), seed]);
  }

  formats(): string[] {
    return [...this.byFormat.keys()].sort();
  }

  count(format: string): number {
    return this.byFormat.get(format)?.length ?? 0;
  }

  pick(random: Random): Seed {
    return random.pick(this.byFormat.get(random.pick(this.formats()))!);
  }
}
