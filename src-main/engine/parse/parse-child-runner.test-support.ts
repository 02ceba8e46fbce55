import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from '../pipeline';
import { pdfParser } from './pdf';
import type { ChildParseOutcome } from './parse-in-child.test-support';
import { textPdf } from './pdf/pdf-writer.test-support';

// Run by parseInChild: parses the files named on the command line in turn and prints their ChildParseOutcomes as JSON.

const files = process.argv.slice(2);
// pdf.js loads on first use, which takes a while; a tiny document loads it before any clock starts.
if (files.some((file) => file.endsWith('.pdf')))
  await pdfParser.parse({ fileName: 'warm-up.pdf', bytes: textPdf('warm up') }, { ocr: 'off' });
const outcomes: ChildParseOutcome[] = [];
for (const file of files) {
  const fileName = path.basename(file);
  const bytes = new Uint8Array(readFileSync(file));
  const started = performance.now();
  let outcome: Pick<ChildParseOutcome, 'code' | 'message' | 'items'>;
  try {
    const { texts, tables, pictures, groups } = (await parseDocument(fileName, bytes, { ocr: 'off' })).doc;
    outcome = { items: texts.length + tables.length + pictures.length + groups.length };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    outcome = { code: typeof code === 'string' ? code : 'crash', message: String(message ?? error) };
  }
  const parseMs = performance.now() - started;
  outcomes.push({ fileName, ...outcome, parseMs, maxRssMb: peakResidentMb() });
}
process.stdout.write(JSON.stringify(outcomes));
process.exit(0);

/**
 * This process's peak resident memory. Linux keeps in `getrusage`'s peak the peak of the process it was forked from
 * (the test runner, over a gigabyte in a full run), so there it is read from `/proc/self/status` (VmHWM), which starts
 * anew with the program; elsewhere `process.resourceUsage()` has it.
 */
function peakResidentMb(): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kilobytes !== undefined) return Number(kilobytes) / 1024;
  } catch {
    // no /proc: not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}
