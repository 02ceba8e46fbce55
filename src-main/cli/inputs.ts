import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { stemOf } from '../../src-shared/file-names';
import { describeFileSystemError } from '../base/file-system-error';
import { realPathOf } from './real-path';

export interface InputFile {
  absolutePath: string;
  /** How messages name it: the argument as given, plus the path inside a given folder. */
  displayPath: string;
  /** The file's folder relative to the folder argument it was found in; '' for a file argument. */
  relativeFolder: string;
}

export interface InputProblem {
  displayPath: string;
  message: string;
}

export interface CollectedInputs {
  files: InputFile[];
  /** Arguments that name nothing readable. */
  problems: InputProblem[];
  /** Whether any argument was a folder (then output goes to a folder, never stdout). */
  hasFolder: boolean;
}

/**
 * Expands file and folder arguments into files, folders recursively and in name order. In a folder
 * only entries with a supported extension are taken; hidden entries are skipped, and so are
 * `excludeFolders` (where this run writes: its outputs are never its inputs). A file named directly
 * is always taken, so that an unsupported one is reported rather than silently ignored.
 */
export async function collectInputs(
  args: readonly string[],
  cwd: string,
  supportedExtensions: readonly string[],
  excludeFolders: readonly string[] = [],
): Promise<CollectedInputs> {
  const collected: CollectedInputs = { files: [], problems: [], hasFolder: false };
  const excluded = new Set(await Promise.all(excludeFolders.map(realPathOf)));
  const isSupported = (name: string) => supportedExtensions.some((ext) => name.toLowerCase().endsWith(ext));
  for (const arg of args) {
    const absolutePath = resolve(cwd, arg);
    const kind = await kindOf(absolutePath);
    if (kind === 'file') {
      collected.files.push({ absolutePath, displayPath: arg, relativeFolder: '' });
    } else if (kind === 'folder') {
      collected.hasFolder = true;
      await walkFolder(absolutePath, absolutePath, arg, isSupported, excluded, collected);
    } else {
      collected.problems.push({ displayPath: arg, message: kind.problem });
    }
  }
  return collected;
}

async function walkFolder(
  root: string,
  folder: string,
  rootArg: string,
  isSupported: (name: string) => boolean,
  excluded: ReadonlySet<string>,
  collected: CollectedInputs,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    collected.problems.push({ displayPath: join(rootArg, relative(root, folder)), message: describeFileSystemError(error) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const absolutePath = join(folder, entry.name);
    const relativePath = relative(root, absolutePath);
    if (entry.isDirectory()) {
      if (excluded.has(await realPathOf(absolutePath))) continue;
      await walkFolder(root, absolutePath, rootArg, isSupported, excluded, collected);
    } else if (isSupported(entry.name)) {
      // Named pipes and devices too: reading refuses them with an error line of their own.
      const folderPart = relative(root, folder);
      collected.files.push({ absolutePath, displayPath: join(rootArg, relativePath), relativeFolder: folderPart });
    }
  }
}

type PathKind = 'file' | 'folder' | { problem: string };

async function kindOf(path: string): Promise<PathKind> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return 'folder';
    return 'file';
  } catch (error) {
    return { problem: describeFileSystemError(error) };
  }
}

/**
 * Output path of each input inside `outputFolder`: `<stem><extension>`, mirroring the subfolders of a
 * folder argument. Inputs that would collide (`a.md` and `a.html`) keep their extension: `a.md.json`.
 */
export function planOutputPaths(files: readonly InputFile[], outputFolder: string, extension: string): Map<InputFile, string> {
  const stemPath = (file: InputFile) => join(outputFolder, file.relativeFolder, stemOf(file.absolutePath) + extension);
  const counts = new Map<string, number>();
  for (const file of files) counts.set(stemPath(file), (counts.get(stemPath(file)) ?? 0) + 1);
  return new Map(
    files.map((file) => {
      const path = stemPath(file);
      const unique = counts.get(path) === 1 ? path : join(outputFolder, file.relativeFolder, basename(file.absolutePath) + extension);
      return [file, unique];
    }),
  );
}

/** Whether a path argument names a folder by its spelling (`out/`). */
export function endsWithSeparator(path: string): boolean {
  return path.endsWith('/') || path.endsWith(sep);
}
