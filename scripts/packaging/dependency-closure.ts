import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface PackageManifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function manifestOf(folder: string): PackageManifest {
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as PackageManifest;
}

/** The folder `name` resolves to from `fromFolder`, as Node looks it up: the nearest `node_modules` holding it, going up. */
function installedFolder(name: string, fromFolder: string, rootFolder: string): string | undefined {
  for (let folder = fromFolder; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (folder === rootFolder || path.dirname(folder) === folder) return undefined;
  }
}

/**
 * The installed folders of the packages `names` and of everything they depend on (dependencies and the
 * optional ones installed here, such as this platform's native build), relative to `rootFolder` with `/`:
 * what a package needs beside it at run time. Optional dependencies that are not installed are skipped.
 */
export function dependencyClosure(rootFolder: string, names: readonly string[]): string[] {
  const found = new Set<string>();
  const pending = names.map((name) => ({ name, from: rootFolder, optional: false }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const folder = installedFolder(next.name, next.from, rootFolder);
    if (!folder) {
      if (next.optional) continue;
      throw new Error(`${next.name} is not installed (needed from ${path.relative(rootFolder, next.from) || 'the project'})`);
    }
    const relative = path.relative(rootFolder, folder).split(path.sep).join('/');
    if (found.has(relative)) continue;
    found.add(relative);
    const manifest = manifestOf(folder);
    for (const name of Object.keys(manifest.dependencies ?? {})) pending.push({ name, from: folder, optional: false });
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) pending.push({ name, from: folder, optional: true });
  }
  return [...found].sort();
}

/** The installed folders of the project's own `dependencies` and theirs: the packages the built app loads. */
export function productionPackages(rootFolder: string): string[] {
  return dependencyClosure(rootFolder, Object.keys(manifestOf(rootFolder).dependencies ?? {}));
}
