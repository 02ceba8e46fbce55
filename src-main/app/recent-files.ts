import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../base/atomic-write';

const MAX_RECENT_FILES = 10;
const recentFilesSchema = z.array(z.string().min(1)).max(100);

/** Most recently opened files first, kept in a JSON file in the user data folder. */
export class RecentFiles {
  private paths: string[] = [];

  constructor(private readonly storePath: string) {}

  async load(): Promise<string[]> {
    try {
      const parsed = recentFilesSchema.safeParse(JSON.parse(await readFile(this.storePath, 'utf8')));
      this.paths = parsed.success ? parsed.data.slice(0, MAX_RECENT_FILES) : [];
    } catch {
      this.paths = [];
    }
    return this.list();
  }

  list(): string[] {
    return [...this.paths];
  }

  async add(path: string): Promise<string[]> {
    this.paths = [path, ...this.paths.filter((p) => p !== path)].slice(0, MAX_RECENT_FILES);
    await writeFileAtomic(this.storePath, JSON.stringify(this.paths, null, 2));
    return this.list();
  }
}
