/** docling-core's `CodeLanguageLabel` values. */
const labels = [
  'Ada',
  'Awk',
  'Bash',
  'bc',
  'C',
  'C#',
  'C++',
  'CMake',
  'COBOL',
  'CSS',
  'Ceylon',
  'Clojure',
  'Crystal',
  'Cuda',
  'Cython',
  'D',
  'Dart',
  'dc',
  'Dockerfile',
  'Elixir',
  'Erlang',
  'FORTRAN',
  'Forth',
  'Go',
  'HTML',
  'Haskell',
  'Haxe',
  'Java',
  'JavaScript',
  'Julia',
  'Kotlin',
  'Lisp',
  'Lua',
  'Matlab',
  'MoonScript',
  'Nim',
  'OCaml',
  'ObjectiveC',
  'Octave',
  'PHP',
  'Pascal',
  'Perl',
  'Prolog',
  'Python',
  'Racket',
  'Ruby',
  'Rust',
  'SML',
  'SQL',
  'Scala',
  'Scheme',
  'Swift',
  'TypeScript',
  'VisualBasic',
  'XML',
  'YAML',
] as const;

const labelByLowerCase = new Map<string, string>(labels.map((label) => [label.toLowerCase(), label]));

/** Common fence / class spellings that are not a label's own name. */
const aliases: Record<string, string> = {
  py: 'Python',
  python3: 'Python',
  golang: 'Go',
  js: 'JavaScript',
  jsx: 'JavaScript',
  mjs: 'JavaScript',
  node: 'JavaScript',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  cpp: 'C++',
  cxx: 'C++',
  cc: 'C++',
  cs: 'C#',
  csharp: 'C#',
  yml: 'YAML',
  sh: 'Bash',
  shell: 'Bash',
  zsh: 'Bash',
  console: 'Bash',
  rb: 'Ruby',
  rs: 'Rust',
  kt: 'Kotlin',
  objc: 'ObjectiveC',
  vb: 'VisualBasic',
  htm: 'HTML',
  xhtml: 'HTML',
  mysql: 'SQL',
  postgresql: 'SQL',
  sqlite: 'SQL',
  docker: 'Dockerfile',
};

/**
 * The Docling `code_language` for a fence info string or a `language-*` class, `unknown` when the
 * hint names no language Docling knows (Docling trusts the author's hint over content guessing).
 */
export function codeLanguageFromHint(hint: string | null | undefined): string {
  if (!hint) return 'unknown';
  const token = hint
    .trim()
    .toLowerCase()
    .replace(/^(language-|lang-)/, '');
  return labelByLowerCase.get(token) ?? aliases[token] ?? 'unknown';
}
