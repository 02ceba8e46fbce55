import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `docker build` cannot run here, so the Dockerfile is read instruction by instruction and held to
 * what the CLI image must be: Node of a version package.json supports, installed from the lockfile at
 * build time (no download at run time), built in a stage of its own, run as a user who is not root.
 */

interface Instruction {
  keyword: string;
  args: string;
}

function instructionsOf(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return logical
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      return { keyword: keyword.toUpperCase(), args };
    });
}

const root = new URL('../../../', import.meta.url);
const instructions = instructionsOf(readFileSync(new URL('Dockerfile', root), 'utf8'));
const engines = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node;

describe('the CLI Dockerfile', () => {
  it('has only instructions Docker knows', () => {
    const known = new Set(['FROM', 'RUN', 'COPY', 'ENV', 'WORKDIR', 'USER', 'ENTRYPOINT', 'CMD', 'ARG', 'LABEL']);
    expect(instructions.filter(({ keyword }) => !known.has(keyword))).toEqual([]);
    expect(instructions[0]?.keyword).toBe('FROM');
  });

  it('builds on a pinned Node image of a major version package.json supports', () => {
    const images = instructions.filter(({ keyword }) => keyword === 'FROM').map(({ args }) => args.split(/\s+/)[0]!);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      const [, major] = /^node:(\d+)-[\w.-]+$/.exec(image) ?? [];
      expect(major, image).toBeDefined();
      expect(engines).toMatch(new RegExp(`(\\^|>=)${major}\\.`));
    }
  });

  it('installs from the lockfile at build time and fetches nothing else', () => {
    const runs = instructions.filter(({ keyword }) => keyword === 'RUN').map(({ args }) => args);
    expect(runs.some((run) => /\bnpm ci\b.*--omit=dev/.test(run))).toBe(true);
    for (const run of runs) {
      expect(run).not.toMatch(/\bnpm (install|i)\b|\bcurl\b|\bwget\b|playwright install/);
    }
    expect(instructions.some(({ keyword, args }) => keyword === 'ADD' || /https?:\/\//.test(args))).toBe(false);
  });

  it('copies from stages it defines, and runs the CLI as a user who is not root', () => {
    const stages = instructions.filter(({ keyword }) => keyword === 'FROM').flatMap(({ args }) => /\bAS\s+(\S+)/i.exec(args)?.[1] ?? []);
    for (const { args } of instructions.filter(({ keyword }) => keyword === 'COPY')) {
      const from = /--from=(\S+)/.exec(args)?.[1];
      if (from) expect(stages).toContain(from);
    }
    const lastStage = instructions.slice(instructions.map(({ keyword }) => keyword).lastIndexOf('FROM'));
    const user = lastStage.findLast(({ keyword }) => keyword === 'USER');
    expect(user && !/^(root|0)(:|$)/.test(user.args)).toBe(true);
    const entrypoint = lastStage.find(({ keyword }) => keyword === 'ENTRYPOINT');
    expect(JSON.parse(entrypoint?.args ?? 'null')).toEqual(['node', '/app/bin/stratum.js']);
    expect(lastStage.indexOf(user!)).toBeLessThan(lastStage.indexOf(entrypoint!));
  });

  it('leaves node_modules and build output out of the build context', () => {
    const ignored = readFileSync(new URL('.dockerignore', root), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'out', '.git']));
  });
});
