import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive } from '../../src-main/engine/zip/zip-archive';
import { Random } from './random';
import { mutateZip, readCentralDirectory } from './zip-mutations';

const docx = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../test-data/corpus/docx/lorem_ipsum.docx')));

describe('mutateZip', () => {
  it('reads the central directory of a real DOCX', () => {
    const directory = readCentralDirectory(docx);
    expect(directory?.records.map((r) => r.name)).toEqual(new ZipArchive(docx, 'lorem_ipsum.docx').names());
  });

  it('gives the same mutant for the same seed', () => {
    const first = mutateZip(new Random(42), docx);
    const second = mutateZip(new Random(42), docx);
    expect(first?.step).toBe(second?.step);
    expect(Buffer.from(first!.bytes).equals(Buffer.from(second!.bytes))).toBe(true);
  });

  it('changes the package in every mutant, and mostly leaves a ZIP whose directory is still found', () => {
    let stillZip = 0;
    const kinds = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const mutant = mutateZip(new Random(seed), docx)!;
      expect(Buffer.from(mutant.bytes).equals(Buffer.from(docx)), mutant.step).toBe(false);
      kinds.add(mutant.step.split(' ')[0]!);
      if (readCentralDirectory(mutant.bytes)) stillZip++;
    }
    expect(stillZip).toBeGreaterThan(150);
    // Part data, sizes, methods, offsets, names, duplicates, removals, counts and rewritten parts all occur.
    expect(kinds.size).toBeGreaterThanOrEqual(8);
  });

  it('rewrites one part and keeps the others as they were', () => {
    const original = new ZipArchive(docx, 'lorem_ipsum.docx');
    for (let seed = 0; seed < 200; seed++) {
      const mutant = mutateZip(new Random(seed), docx)!;
      const rewritten = /^in (\S+): /.exec(mutant.step);
      if (!rewritten) continue;
      const archive = new ZipArchive(mutant.bytes, 'mutant.docx');
      expect(archive.names()).toEqual(original.names());
      for (const name of original.names()) {
        if (name !== rewritten[1]) expect(Buffer.from(archive.read(name)!).equals(Buffer.from(original.read(name)!)), name).toBe(true);
      }
      return;
    }
    throw new Error('no rewritten part among 200 mutants');
  });

  it('adds directory records that the reader sees under the duplicated name', () => {
    for (let seed = 0; seed < 400; seed++) {
      const mutant = mutateZip(new Random(seed), docx)!;
      const duplicated = /^add (\d+) directory record\(s\) for \S+ named (\S+)$/.exec(mutant.step);
      if (!duplicated) continue;
      const records = readCentralDirectory(mutant.bytes)!.records;
      expect(records.length).toBe(readCentralDirectory(docx)!.records.length + Number(duplicated[1]));
      expect(records.filter((r) => r.name === duplicated[2]).length).toBeGreaterThan(1);
      return;
    }
    throw new Error('no duplicated entry among 400 mutants');
  });

  it('returns undefined for bytes that are not a ZIP', () => {
    expect(mutateZip(new Random(1), new TextEncoder().encode('not a zip at all, just text'))).toBeUndefined();
  });
});
