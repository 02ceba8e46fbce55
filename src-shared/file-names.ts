/** A file's name without its folder and its last extension: `report` for `docs/report.pdf`; a dot file keeps its name. */
export function stemOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
