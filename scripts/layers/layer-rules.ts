import { importCycles } from './import-cycles';
import type { ModuleImport, SourceModule } from './import-graph';

/**
 * The layers of Stratum and what each may import, after VS Code's code-layering rule. Test code is `*.test.ts(x)`,
 * `*.test-support.ts` (helpers only tests import) and the end-to-end suites; production code is everything else.
 */
const LAYER_RULES = {
  'renderer-imports':
    'src-renderer imports only src-renderer, src-shared and packages (no Node built-ins: the renderer is a sandboxed page)',
  'shared-imports': 'src-shared imports only src-shared and packages (no Node built-ins; tsconfig.shared.json keeps out DOM-only APIs)',
  'engine-imports-host': 'src-main/engine never imports a host (src-main/app, cli, server, workbench)',
  'base-imports': 'src-main/base (general Node helpers) imports only src-main/base, src-shared, Node built-ins and packages',
  'ir-imports': 'src-main/engine/ir (the document model) imports only itself, src-main/base, src-shared and packages',
  'renderer-files-users':
    'src-main/renderer-files (serving the built renderer) is imported only by the hosts that serve it: app and server',
  'parse-chunk': 'src-main/engine/parse and src-main/engine/chunk never import each other',
  'pipeline-imports-evaluate': 'src-main/engine/parse and src-main/engine/chunk never import src-main/engine/evaluate, which measures them',
  'sources-import-scripts': 'src-main, src-shared and src-renderer never import scripts/',
  'production-imports-test': 'production code never imports test code (*.test.ts, *.test-support.ts, e2e/)',
  'import-cycle': 'no import cycle among our modules, type-only imports included',
} as const;

type LayerRule = keyof typeof LAYER_RULES;

interface LayerViolation {
  rule: LayerRule;
  file: string;
  message: string;
}

const HOSTS = ['src-main/app/', 'src-main/cli/', 'src-main/server/', 'src-main/workbench/'];

function isTestCode(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /\.test-support\.tsx?$/.test(path) || path.startsWith('e2e/') || path.startsWith('e2e-bench/');
}

export function checkLayers(modules: readonly SourceModule[]): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const module of modules) {
    for (const entry of module.imports) {
      const rule = brokenRule(module.path, entry);
      if (rule) violations.push({ rule, file: module.path, message: `imports ${entry.specifier}: ${LAYER_RULES[rule]}` });
    }
  }
  for (const cycle of importCycles(modules)) {
    violations.push({ rule: 'import-cycle', file: cycle[0] ?? '', message: `import cycle ${cycle.join(' -> ')}` });
  }
  return violations;
}

function brokenRule(from: string, entry: ModuleImport): LayerRule | undefined {
  const ours = entry.kind === 'source' || entry.kind === 'file';
  const to = entry.target;
  if (from.startsWith('src-renderer/')) {
    if (entry.kind === 'builtin' && !isTestCode(from)) return 'renderer-imports';
    if (ours && !to.startsWith('src-renderer/') && !to.startsWith('src-shared/')) return 'renderer-imports';
  }
  if (from.startsWith('src-shared/')) {
    if (entry.kind === 'builtin' && !isTestCode(from)) return 'shared-imports';
    if (ours && !to.startsWith('src-shared/')) return 'shared-imports';
  }
  if (from.startsWith('src-main/engine/') && HOSTS.some((host) => to.startsWith(host))) return 'engine-imports-host';
  if (from.startsWith(BASE) && ours && !to.startsWith(BASE) && !to.startsWith('src-shared/')) return 'base-imports';
  if (from.startsWith(IR) && ours && ![IR, BASE, 'src-shared/'].some((room) => to.startsWith(room))) return 'ir-imports';
  if (!isTestCode(from) && to.startsWith(RENDERER_FILES) && !RENDERER_SERVERS.some((host) => from.startsWith(host))) {
    return 'renderer-files-users';
  }
  if (!isTestCode(from) && ours && crossesParseAndChunk(from, to)) return 'parse-chunk';
  if (!isTestCode(from) && isParseOrChunk(from) && to.startsWith('src-main/engine/evaluate/')) return 'pipeline-imports-evaluate';
  if (/^src-[a-z]+\//.test(from) && ours && to.startsWith('scripts/')) return 'sources-import-scripts';
  if (!isTestCode(from) && ours && isTestCode(to)) return 'production-imports-test';
  return undefined;
}

const BASE = 'src-main/base/';
const IR = 'src-main/engine/ir/';
const RENDERER_FILES = 'src-main/renderer-files/';
const RENDERER_SERVERS = ['src-main/app/', 'src-main/server/', RENDERER_FILES];
const PARSE = 'src-main/engine/parse/';
const CHUNK = 'src-main/engine/chunk/';

function crossesParseAndChunk(from: string, to: string): boolean {
  return (from.startsWith(PARSE) && to.startsWith(CHUNK)) || (from.startsWith(CHUNK) && to.startsWith(PARSE));
}

function isParseOrChunk(path: string): boolean {
  return path.startsWith(PARSE) || path.startsWith(CHUNK);
}
