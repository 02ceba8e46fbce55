import type { CsvDialect } from './csv-records';

/** The delimiters told apart, in the order a tie goes (the order Python's csv sniffer prefers them). */
const DELIMITERS = [',', '\t', ';', '|'] as const;

/** Records looked at: enough to see which delimiter every line shares, few enough to stay instant. */
const SAMPLE_RECORDS = 100;

/**
 * The delimiter the file's own lines agree on: for each candidate, how many times each record of the
 * sample holds it outside quotes; the candidate whose most common count (above zero) the most records
 * share wins, then the one giving more fields, then the usual order. A file where no candidate ever
 * occurs is one column, read with commas. `sample` is the file's first kilobytes; its last line may be cut.
 */
export function detectDialect(sample: string): CsvDialect {
  const records = sampleRecords(sample);
  let best: { delimiter: string; agreement: number; count: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const counts = records.map((record) => occurrencesOutsideQuotes(record, delimiter));
    const { value: count, share } = mostCommonPositive(counts);
    if (count === 0) continue;
    if (!best || share > best.agreement || (share === best.agreement && count > best.count)) {
      best = { delimiter, agreement: share, count };
    }
  }
  const delimiter = best?.delimiter ?? ',';
  const firstLine = records[0] ?? '';
  const delimiters = occurrencesOutsideQuotes(firstLine, delimiter);
  // As Python's sniffer decides it: "a, b, c" pads its fields, "a,b , c" does not.
  const skipInitialSpace = delimiters > 0 && delimiters === occurrencesOutsideQuotes(firstLine, `${delimiter} `);
  return { delimiter, skipInitialSpace };
}

/** The sample's records (a quoted line break does not end one), without the last when the sample cuts it. */
function sampleRecords(sample: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < sample.length && records.length < SAMPLE_RECORDS; i++) {
    const c = sample[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (i > start) records.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  if (records.length === 0 && sample.length > start) records.push(sample.slice(start));
  return records;
}

function occurrencesOutsideQuotes(record: string, needle: string): number {
  let count = 0;
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    if (record[i] === '"') quoted = !quoted;
    else if (!quoted && record.startsWith(needle, i)) count++;
  }
  return count;
}

/** The most common count above zero and the share of all records that have it (0 when the delimiter never occurs). */
function mostCommonPositive(counts: readonly number[]): { value: number; share: number } {
  const frequency = new Map<number, number>();
  for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  let value = 0;
  let times = 0;
  for (const [count, n] of frequency) {
    if (n > times || (n === times && count > value)) {
      value = count;
      times = n;
    }
  }
  return { value, share: counts.length === 0 ? 0 : times / counts.length };
}
