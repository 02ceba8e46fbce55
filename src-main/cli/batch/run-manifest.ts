import { open, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** One finished input of a `stratum chunk` run: a line of the manifest (JSONL). */
export const manifestEntrySchema = z.object({
  /** the input as the run names it (the argument plus the path inside a given folder) */
  input: z.string(),
  /** `sha256:<hex>` of the input's bytes; null when it could not be read */
  hash: z.string().nullable(),
  /** `sha256:<hex>` of the settings that decide the output (config, format, flags) */
  config: z.string(),
  status: z.enum(['ok', 'failed']),
  /** the output's path relative to the output folder; null when nothing was written */
  output: z.string().nullable(),
  chunks: z.number().int().nonnegative().nullable(),
  seconds: z.number().nonnegative(),
  error: z.string().nullable(),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

/** The manifest's name in the output folder; a shard's has its own, so that concurrent shards never share a file. */
export function manifestName(shard?: { index: number; count: number }): string {
  return shard ? `stratum-manifest.${shard.index}-of-${shard.count}.jsonl` : 'stratum-manifest.jsonl';
}

const MANIFEST_FILE = /^stratum-manifest(\.\d+-of-\d+)?\.jsonl$/;

/**
 * Appends entries as inputs finish. Each entry is one line written by one append call, so a run
 * killed midway leaves whole lines (at worst a last line cut short, which reading skips), never a
 * manifest whose earlier lines are lost.
 */
export class ManifestWriter {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  append(entry: ManifestEntry): Promise<void> {
    const line = `${JSON.stringify(manifestEntrySchema.parse(entry))}\n`;
    this.queue = this.queue.then(async () => {
      const file = await open(this.path, 'a');
      try {
        await file.write(line);
        await file.sync();
      } finally {
        await file.close();
      }
    });
    return this.queue;
  }
}

/**
 * The entries of every manifest in the output folder (all shards' and the unsharded run's), later
 * lines winning for the same input. Lines that do not parse (a line cut short by a kill) are skipped.
 */
export async function readManifests(folder: string): Promise<Map<string, ManifestEntry>> {
  const entries = new Map<string, ManifestEntry>();
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => MANIFEST_FILE.test(name)).sort();
  } catch {
    return entries;
  }
  for (const name of names) {
    for (const line of (await readFile(join(folder, name), 'utf8')).split('\n')) {
      const entry = parseLine(line);
      if (entry) entries.set(entry.input, entry);
    }
  }
  return entries;
}

function parseLine(line: string): ManifestEntry | undefined {
  if (line.trim() === '') return undefined;
  try {
    const parsed = manifestEntrySchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
