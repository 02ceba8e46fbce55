import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What `npm start` tells the user when Electron cannot run here, instead of the download's stack traces. */
export function missingElectronMessage(reason: string): string {
  return [
    "Stratum's desktop window needs Electron's binary, which npm downloads on first launch, and it could not be installed:",
    `  ${reason}`,
    'On a machine that cannot download it, run the same workbench in your browser instead:',
    '  npm run serve              (then open the address it prints)',
    '  npm run serve -- --port N  (to choose the port)',
  ].join('\n');
}

/** The first line of a failed download's output that says something: the error, not its stack. */
export function downloadFailureReason(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  return lines.find((line) => line !== '' && !line.startsWith('at ')) ?? 'the download ended without saying why';
}

/** What the download left: its exit status and output. */
interface DownloadResult {
  status: number | null;
  stdout: string | null;
  stderr: string | null;
}

/** Where the `electron` package keeps the name of its executable, and the executable itself once downloaded. */
function installedExecutable(packageDir: string): string | undefined {
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const executable = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(executable) ? executable : undefined;
}

/**
 * The path of Electron's executable, downloading it first when missing (as the `electron` package
 * does on first launch), or the reason there is none. The download runs with its output captured:
 * offline it fails with stack traces the user should not have to read.
 */
export function resolveElectron(
  packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json')),
  download: (installer: string) => DownloadResult = (installer) =>
    spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: 600_000 }),
): { path: string } | { reason: string } {
  const installed = installedExecutable(packageDir);
  if (installed) return { path: installed };
  console.error("Downloading Electron's binary...");
  const result = download(join(packageDir, 'install.js'));
  const downloaded = installedExecutable(packageDir);
  if (result.status === 0 && downloaded) return { path: downloaded };
  return { reason: downloadFailureReason(`${result.stderr ?? ''}\n${result.stdout ?? ''}`) };
}
