import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPackageFromStreams, extractAll, type AsarStreamType } from '@electron/asar';
import { Minimatch } from 'minimatch';
import { productionPackages } from './dependency-closure';

/**
 * The packaged app's layout, made offline: the files electron-builder would put into app.asar, chosen
 * by the builder config's own patterns, packed with @electron/asar into `<folder>/app.asar` and
 * `app.asar.unpacked`. electron-builder matches with minimatch (`dot: true`), applies the `files`
 * patterns to the project and only their `!` patterns to the production dependencies it adds, and
 * unpacks what an `asarUnpack` pattern matches: so does this. (The builder also drops some files of its
 * own accord, such as READMEs of packages: what is packed here is, if anything, a little more.)
 */

export interface PackedApp {
  archive: string;
  unpackedFolder: string;
  /** Paths relative to the app folder, with `/`. */
  files: string[];
  unpacked: string[];
}

const matchOptions = { dot: true };

/** electron-builder's rule: patterns apply in order, the last that decides wins; a folder passes an include pattern it may lead to. */
function patternFilter(patterns: readonly string[]): (relative: string, isFolder: boolean) => boolean {
  const parsed = patterns.map((pattern) => new Minimatch(pattern, matchOptions));
  return (relative, isFolder) => {
    let selected = false;
    for (const pattern of parsed) {
      if (selected !== pattern.negate) continue;
      selected = pattern.match(relative, isFolder && !pattern.negate);
    }
    return selected;
  };
}

function filesUnder(root: string, folder: string, keep: (relative: string, isFolder: boolean) => boolean, skip: Set<string>): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && statSync(path.join(root, relative)).isDirectory());
    if (skip.has(relative) || !keep(relative, isFolder)) continue;
    if (isFolder) found.push(...filesUnder(root, relative, keep, skip));
    else found.push(relative);
  }
  return found;
}

/** The files the builder puts into the app: the project's by `files`, then each production package's by the `!` patterns of `files`. */
export function appFiles(root: string, files: readonly string[]): string[] {
  const ownFiles = filesUnder(root, '', patternFilter([...files, '!**/node_modules/**']), new Set());
  const packageFilter = patternFilter(['**/*', ...files.filter((pattern) => pattern.startsWith('!'))]);
  const packages = productionPackages(root);
  // A package's own node_modules folder holds other packages, listed (or not needed) on their own.
  const nested = new Set(packages.map((folder) => `${folder}/node_modules`));
  const packageFiles = packages.flatMap((folder) => filesUnder(root, folder, packageFilter, nested));
  return [...ownFiles, ...packageFiles].sort();
}

export async function packApp(
  root: string,
  folder: string,
  files: readonly string[],
  unpackPatterns: readonly string[],
): Promise<PackedApp> {
  const selected = appFiles(root, files);
  const unpackers = unpackPatterns.map((pattern) => new Minimatch(pattern, matchOptions));
  const isUnpacked = (relative: string) => unpackers.some((pattern) => pattern.match(relative));
  const archive = path.join(folder, 'app.asar');
  const streams = selected.map((relative): AsarStreamType => ({
    type: 'file',
    path: relative,
    unpacked: isUnpacked(relative),
    stat: statSync(path.join(root, relative)),
    streamGenerator: () => createReadStream(path.join(root, relative)),
  }));
  const written = await createPackageFromStreams(archive, streams);
  await new Promise<void>((resolve, reject) => written.on('close', () => resolve()).on('error', reject));
  return { archive, unpackedFolder: `${archive}.unpacked`, files: selected, unpacked: selected.filter(isUnpacked) };
}

/**
 * The packed app as the packaged app's code sees it, in `<folder>/resources`: `app.asar` a folder with
 * every file of the archive (Electron's `fs` shows unpacked files there too), `app.asar.unpacked` beside
 * it with only the unpacked ones. Resolving from `app.asar/out/main` then goes where it goes at run time.
 */
export function viewOfPackedApp(packed: PackedApp, folder: string): { resources: string; appFolder: string; unpackedFolder: string } {
  const resources = path.join(folder, 'resources');
  mkdirSync(resources, { recursive: true });
  const appFolder = path.join(resources, 'app.asar');
  extractAll(packed.archive, appFolder);
  const unpackedFolder = path.join(resources, 'app.asar.unpacked');
  renameSync(packed.unpackedFolder, unpackedFolder);
  return { resources, appFolder, unpackedFolder };
}

/**
 * Builds the app (electron-vite) when out/ lacks an entry of the config: `npm install` (its `prepare`)
 * and `npm run build` leave out/ built, so this runs only in a checkout built neither way.
 */
export function ensureBuilt(root: string, expected: readonly string[], timeoutMs: number): void {
  if (expected.every((file) => existsSync(path.join(root, file)))) return;
  const electronVite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')),
    'bin/electron-vite.js',
  );
  execFileSync(process.execPath, [electronVite, 'build'], { cwd: root, timeout: timeoutMs, stdio: 'pipe' });
  const missing = expected.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) throw new Error(`electron-vite build did not write ${missing.join(', ')}`);
}
