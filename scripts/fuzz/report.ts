import { isFailure, OUTCOME_CLASSES, type Outcome, type OutcomeClass } from './outcome';

/** One mutant's run, as the report shows it. */
export interface MutantRecord {
  index: number;
  format: string;
  seedFileName: string;
  steps: readonly string[];
  outcome: Outcome;
  /** Where a crash or hang input was written. */
  findingPath?: string;
}

/** Counts per format and class, clean errors by code, failures grouped by cause, and the slowest inputs. */
export function formatReport(records: readonly MutantRecord[], slowestCount: number): string {
  return [countTable(records), '', errorCodes(records), '', failureCauses(records), '', slowest(records, slowestCount)].join('\n');
}

function countTable(records: readonly MutantRecord[]): string {
  const formats = [...new Set(records.map((r) => r.format))].sort();
  const header = ['format', 'mutants', ...OUTCOME_CLASSES];
  const rows = [
    ...formats.map((format) =>
      countRow(
        format,
        records.filter((r) => r.format === format),
      ),
    ),
    countRow('total', records),
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

function countRow(label: string, records: readonly MutantRecord[]): string[] {
  const count = (kind: OutcomeClass): number => records.filter((r) => r.outcome.class === kind).length;
  return [label, String(records.length), ...OUTCOME_CLASSES.map((kind) => String(count(kind)))];
}

function errorCodes(records: readonly MutantRecord[]): string {
  const codes = new Map<string, number>();
  for (const { outcome } of records) {
    if (outcome.class !== 'clean-error') continue;
    const code = outcome.detail.slice(0, outcome.detail.indexOf(':'));
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  const listed = [...codes].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ${n}`);
  return `clean errors by code: ${listed.length ? listed.join(', ') : 'none'}`;
}

/** Crashes and hangs with the same message and first stack frame are one cause. */
function failureCauses(records: readonly MutantRecord[]): string {
  const failures = records.filter((r) => isFailure(r.outcome));
  if (failures.length === 0) return 'crashes and hangs: none';
  const causes = new Map<string, MutantRecord[]>();
  for (const record of failures) {
    const key = `${record.outcome.class}: ${causeOf(record.outcome.detail)}`;
    causes.set(key, [...(causes.get(key) ?? []), record]);
  }
  const lines = [`crashes and hangs: ${failures.length}, ${causes.size} cause(s)`];
  for (const [cause, group] of [...causes].sort((a, b) => b[1].length - a[1].length)) {
    const formats = [...new Set(group.map((r) => r.format))].join(', ');
    lines.push(`  ${group.length} x [${formats}] ${cause}`);
    lines.push(`      e.g. #${group[0]!.index} ${group[0]!.findingPath ?? group[0]!.seedFileName}`);
  }
  return lines.join('\n');
}

function causeOf(detail: string): string {
  const [message = '', firstFrame] = detail.split('\n');
  // Offsets and sizes in messages differ between mutants of one cause.
  const general = message.replace(/\d+/g, 'N').slice(0, 160);
  return firstFrame ? `${general} ${firstFrame.trim()}` : general;
}

function slowest(records: readonly MutantRecord[], count: number): string {
  const sorted = [...records].sort((a, b) => b.outcome.ms - a.outcome.ms).slice(0, count);
  const lines = [`slowest ${sorted.length}:`];
  for (const r of sorted) {
    const seconds = (r.outcome.ms / 1000).toFixed(2).padStart(7);
    lines.push(`  ${seconds} s  #${r.index} ${r.format} ${r.seedFileName} ${r.outcome.class}: ${r.steps.join('; ').slice(0, 100)}`);
  }
  return lines.join('\n');
}
