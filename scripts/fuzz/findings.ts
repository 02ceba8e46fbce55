import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Outcome } from './outcome';

/** A crash or a hang, kept so that it can be replayed (`--replay <file>`) and read. */
export interface Finding {
  /** The mutant's number in its run; with the run's options it regenerates the input. */
  index: number;
  /** The options that decide which mutants a run makes, e.g. `--seed 1 --only pdf`. */
  run: string;
  seedPath: string;
  seedFileName: string;
  steps: readonly string[];
  bytes: Uint8Array;
  outcome: Outcome;
}

/** Beside each input, what happened to it; no parser takes this extension, so a replay of the folder skips it. */
const NOTE_EXTENSION = '.finding';

/**
 * Writes the input under a name that ends with its seed's file name (the extension picks the parser),
 * and a note with the error, the seed and the mutations. Returns the input's path.
 */
export function writeFinding(outDir: string, finding: Finding): string {
  mkdirSync(outDir, { recursive: true });
  const name = `${String(finding.index).padStart(6, '0')}-${finding.outcome.class}-${finding.seedFileName}`;
  const inputPath = path.join(outDir, name);
  writeFileSync(inputPath, finding.bytes);
  const note = [
    `class: ${finding.outcome.class}`,
    `error: ${finding.outcome.detail}`,
    `seed file: ${finding.seedPath}`,
    `mutant: #${finding.index} of npm run fuzz -- ${finding.run}`,
    'mutations:',
    ...finding.steps.map((step) => `  - ${step}`),
    `time: ${Math.round(finding.outcome.ms)} ms`,
    `replay: npm run fuzz -- --replay ${inputPath}`,
    '',
  ].join('\n');
  writeFileSync(inputPath + NOTE_EXTENSION, note);
  return inputPath;
}

/** The inputs to replay: the file itself, or every input of a findings folder. */
export function replayInputs(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((name) => !name.endsWith(NOTE_EXTENSION))
    .sort()
    .map((name) => path.join(target, name));
}
