import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';
import { checkLayers } from './layer-rules';

/** A small tree that keeps every rule: the planted violations below are added to it one at a time. */
const cleanTree: Record<string, string> = {
  'src-shared/chunk.ts': `import { z } from 'zod';\nexport const chunkSchema = z.object({});`,
  'src-shared/api.ts': `import type { Chunk } from './chunk';\nexport type Api = { chunk(): Chunk };`,
  'src-shared/api.test.ts': `import { readFileSync } from 'node:fs';\nimport { chunkSchema } from './chunk';`,
  'src-renderer/src/app.tsx': `import { useState } from 'react';\nimport type { Api } from '../../src-shared/api';\nimport './styles.css';`,
  'src-renderer/src/app.test.tsx': `import { readFileSync } from 'node:fs';\nimport './app';`,
  'src-main/engine/parse/parser.ts': `import { readFile } from 'node:fs/promises';\nimport { z } from '../../../src-shared/chunk';`,
  'src-main/engine/parse/parser.test-support.ts': `import { statistics } from '../evaluate/statistics';`,
  'src-main/engine/chunk/strategy.ts': `export const strategy = 1;`,
  'src-main/engine/chunk/strategy.test-support.ts': `import { parse } from '../parse/parser';`,
  'src-main/engine/chunk/strategy.test.ts': `import { parse } from '../parse/parser';\nimport { help } from './strategy.test-support';`,
  'src-main/engine/evaluate/statistics.ts': `import { strategy } from '../chunk/strategy';\nimport { parse } from '../parse/parser';`,
  'src-main/base/atomic-write.ts': `import { rename } from 'node:fs/promises';\nimport { StratumError } from '../../src-shared/chunk';`,
  'src-main/engine/ir/types.ts': `import { write } from '../../base/atomic-write';\nexport type Doc = { body: string };`,
  'src-main/renderer-files/static-files.ts': `import { join } from 'node:path';`,
  'src-main/server/http-server.ts': `import { serve } from '../renderer-files/static-files';\nimport { write } from '../base/atomic-write';`,
  'src-main/cli/main.ts': `import { strategy } from '../engine/chunk/strategy';\nconst version = await import('../../package.json');`,
  'scripts/bench.ts': `import { parse } from '../src-main/engine/parse/parser';`,
  'e2e/app.spec.ts': `import { test } from '@playwright/test';\nimport { parse } from '../src-main/engine/parse/parser';`,
};

function violationsWith(planted: Record<string, string>) {
  return checkLayers(importGraph(new Map(Object.entries({ ...cleanTree, ...planted }))));
}

describe('checkLayers', () => {
  it('finds nothing wrong in a tree that keeps the rules', () => {
    expect(violationsWith({})).toEqual([]);
  });

  it.each([
    [
      'src-renderer/src/store.ts',
      `import { parse } from '../../src-main/engine/parse/parser';`,
      'renderer-imports',
      '../../src-main/engine/parse/parser',
    ],
    ['src-renderer/src/store.ts', `import { readFile } from 'node:fs/promises';`, 'renderer-imports', 'node:fs/promises'],
    [
      'src-shared/config.ts',
      `export { strategy } from '../src-main/engine/chunk/strategy';`,
      'shared-imports',
      '../src-main/engine/chunk/strategy',
    ],
    ['src-shared/config.ts', `import { join } from 'path';`, 'shared-imports', 'path'],
    ['src-main/engine/export/write.ts', `import type { Cli } from '../../cli/main';`, 'engine-imports-host', '../../cli/main'],
    ['src-main/engine/parse/docx.ts', `import { strategy } from '../chunk/strategy';`, 'parse-chunk', '../chunk/strategy'],
    ['src-main/engine/chunk/hybrid.ts', `const parser = await import('../parse/parser');`, 'parse-chunk', '../parse/parser'],
    [
      'src-main/engine/chunk/lint.ts',
      `import { statistics } from '../evaluate/statistics';`,
      'pipeline-imports-evaluate',
      '../evaluate/statistics',
    ],
    ['src-main/base/input-file.ts', `import { parse } from '../engine/parse/parser';`, 'base-imports', '../engine/parse/parser'],
    ['src-main/engine/ir/iterate.ts', `import { strategy } from '../chunk/strategy';`, 'ir-imports', '../chunk/strategy'],
    [
      'src-main/cli/main.ts',
      `import { serve } from '../renderer-files/static-files';`,
      'renderer-files-users',
      '../renderer-files/static-files',
    ],
    ['src-main/workbench/service.ts', `import { bench } from '../../scripts/bench';`, 'sources-import-scripts', '../../scripts/bench'],
    [
      'src-main/engine/chunk/hybrid.ts',
      `import { help } from './strategy.test-support';`,
      'production-imports-test',
      './strategy.test-support',
    ],
    [
      'scripts/eval.ts',
      `import { cases } from '../src-main/engine/chunk/strategy.test';`,
      'production-imports-test',
      '../src-main/engine/chunk/strategy.test',
    ],
  ])('%s breaks %s with `%s`', (file, source, rule, specifier) => {
    expect(violationsWith({ [file]: source })).toEqual([{ rule, file, message: expect.stringContaining(`imports ${specifier}:`) }]);
  });

  it('names every import cycle once, as the path that closes it, type-only imports included', () => {
    const violations = violationsWith({
      'src-main/engine/chunk/a.ts': `import { b } from './b';`,
      'src-main/engine/chunk/b.ts': `import type { C } from './c';`,
      'src-main/engine/chunk/c.ts': `export { a } from './a';`,
      'src-main/engine/chunk/self.ts': `import * as self from './self';`,
    });
    expect(violations).toEqual([
      {
        rule: 'import-cycle',
        file: 'src-main/engine/chunk/a.ts',
        message: `import cycle ${['a', 'b', 'c', 'a'].map((name) => `src-main/engine/chunk/${name}.ts`).join(' -> ')}`,
      },
      {
        rule: 'import-cycle',
        file: 'src-main/engine/chunk/self.ts',
        message: expect.stringContaining('self.ts -> src-main/engine/chunk/self.ts'),
      },
    ]);
  });
});

describe('importGraph', () => {
  it('reads imports, re-exports and literal dynamic imports, never text that only looks like one', () => {
    const source = [
      `// import { nope } from './commented';`,
      `const text = "import { nope } from './in-a-string'";`,
      `const pattern = /from '.\\/in-a-regex'/;`,
      `import type { A } from './a';`,
      `export * from './b.js';`,
      `const c = await import('./c');`,
      `const d = await import(pattern.source);`,
      `import worker from 'pdfjs-dist/build/pdf.worker.min.mjs?url';`,
    ].join('\n');
    const sources = new Map([
      ['src-main/x.ts', source],
      ['src-main/a.ts', ''],
      ['src-main/b.ts', ''],
      ['src-main/c/index.ts', ''],
    ]);
    expect(importGraph(sources)[0]?.imports).toEqual([
      { specifier: './a', kind: 'source', target: 'src-main/a.ts' },
      { specifier: 'pdfjs-dist/build/pdf.worker.min.mjs?url', kind: 'package', target: 'pdfjs-dist/build/pdf.worker.min.mjs' },
      { specifier: './b.js', kind: 'source', target: 'src-main/b.ts' },
      { specifier: './c', kind: 'source', target: 'src-main/c/index.ts' },
    ]);
  });

  it('refuses a file it cannot parse, naming it', () => {
    expect(() => importGraph(new Map([['src-main/broken.ts', 'import { from;']]))).toThrow(/^src-main\/broken\.ts: cannot be parsed/);
  });
});
