import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import { parseSync } from 'vite';

/** One import of a module, resolved: another source file of ours, some other file of ours, a package or a Node built-in. */
export interface ModuleImport {
  specifier: string;
  kind: 'source' | 'file' | 'package' | 'builtin';
  /** the repository-relative path for `source` and `file`, the package or built-in name otherwise */
  target: string;
}

export interface SourceModule {
  /** repository-relative, with forward slashes */
  path: string;
  imports: ModuleImport[];
}

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'] as const;

const builtins = new Set(builtinModules);

/**
 * The import graph of the given sources (repository-relative path → text). Imports are read with the oxc parser that
 * Vite ships, so a string or a comment that looks like an import is never taken for one.
 */
export function importGraph(sources: ReadonlyMap<string, string>): SourceModule[] {
  return [...sources].map(([path, text]) => ({
    path,
    imports: importedSpecifiers(path, text).map((specifier) => resolveImport(path, specifier, sources)),
  }));
}

/** Type-only imports included: a cycle of types is still two modules that cannot be understood apart. */
function importedSpecifiers(path: string, text: string): string[] {
  const parsed = parseSync(path, text);
  if (parsed.errors.length > 0) throw new Error(`${path}: cannot be parsed: ${parsed.errors[0]?.message ?? 'syntax error'}`);
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const imports = staticImports.map((declaration) => declaration.moduleRequest.value);
  for (const declaration of staticExports) {
    for (const entry of declaration.entries) {
      if (entry.moduleRequest) imports.push(entry.moduleRequest.value);
    }
  }
  for (const declaration of dynamicImports) {
    const literal = /^(['"])(.*)\1$/s.exec(text.slice(declaration.moduleRequest.start, declaration.moduleRequest.end));
    if (literal?.[2] !== undefined) imports.push(literal[2]);
  }
  return imports;
}

function resolveImport(from: string, specifier: string, sources: ReadonlyMap<string, string>): ModuleImport {
  if (!specifier.startsWith('.')) {
    const name = specifier.split('?')[0] ?? specifier;
    const kind = name.startsWith('node:') || builtins.has(name) ? 'builtin' : 'package';
    return { specifier, kind, target: name };
  }
  const base = posix.normalize(posix.join(posix.dirname(from), specifier.split('?')[0] ?? specifier));
  const source = sourceCandidates(base).find((candidate) => sources.has(candidate));
  return source === undefined ? { specifier, kind: 'file', target: base } : { specifier, kind: 'source', target: source };
}

function sourceCandidates(base: string): string[] {
  const withoutJs = base.replace(/\.m?js$/, '');
  return [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => withoutJs + extension),
    ...SOURCE_EXTENSIONS.map((extension) => `${base}/index${extension}`),
  ];
}
