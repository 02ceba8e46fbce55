import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsFolderNameOf } from '../../src-shared/export-options';
import { writeZip } from '../engine/zip/zip-writer';

interface ExportWithArtifacts {
  output: string;
  notes: string[];
}

/**
 * An export with artifacts as one ZIP (browser mode downloads a single file): `export` writes the
 * artifacts into a temporary folder and returns the export naming them; the archive holds the export
 * as `fileName` and the folder's files under `artifactsFolderNameOf(fileName)/`, the layout the
 * desktop writes beside a saved export. The temporary folder is removed whatever happens.
 */
export async function exportArchive(
  fileName: string,
  write: (artifactsFolder: string) => Promise<ExportWithArtifacts>,
): Promise<{ zip: Uint8Array; notes: string[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'stratum-export-'));
  try {
    const { output, notes } = await write(folder);
    const artifactsFolder = artifactsFolderNameOf(fileName);
    const names = (await readdir(folder)).sort();
    const artifacts = await Promise.all(
      names.map(async (name) => ({ name: `${artifactsFolder}/${name}`, data: new Uint8Array(await readFile(join(folder, name))) })),
    );
    return { zip: writeZip([{ name: fileName, data: output }, ...artifacts]), notes };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
