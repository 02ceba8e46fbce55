import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoclingDocument } from '../../src-main/engine/ir/types';
import { loadDoclingJson } from '../../src-main/engine/parse/docling-json';
import { formatReport, formatSkipped, summarizeFormats, type DocumentOutcome } from './report';
import { scoreDocument } from './score-document';

function groundtruth(name: string): DoclingDocument {
  const file = path.resolve(import.meta.dirname, '../../test-data/corpus/groundtruth', `${name}.json`);
  return loadDoclingJson(readFileSync(file, 'utf8'), name);
}

/** word_sample.docx with its headings turned into plain text: heading F1 0, everything else intact. */
function withoutHeadings(doc: DoclingDocument): DoclingDocument {
  const copy = structuredClone(doc);
  for (const text of copy.texts) if (text.label === 'section_header' || text.label === 'title') text.label = 'text';
  return copy;
}

const wordSample = groundtruth('word_sample.docx');
const lorem = groundtruth('lorem_ipsum.docx');
const outcomes: DocumentOutcome[] = [
  {
    status: 'scored',
    format: 'docx',
    fileName: 'word_sample.docx',
    referenceKind: 'docling-json',
    scores: scoreDocument(wordSample, withoutHeadings(wordSample)),
    parseMs: 12.4,
  },
  {
    status: 'scored',
    format: 'docx',
    fileName: 'lorem_ipsum.docx',
    referenceKind: 'docling-json',
    scores: scoreDocument(lorem, lorem),
    parseMs: 3,
  },
  {
    status: 'failed',
    format: 'docx',
    fileName: 'broken.docx',
    referenceKind: 'docling-json',
    error: 'corrupt-file: broken.docx: not a ZIP archive',
  },
  {
    status: 'scored',
    format: 'md',
    fileName: 'wiki.md',
    referenceKind: 'markdown-export',
    scores: scoreDocument(lorem, lorem),
    parseMs: 1,
  },
  { status: 'skipped', format: 'pptx', fileName: 'powerpoint_sample.pptx', reason: 'no parser for .pptx' },
];

describe('eval:parse report', () => {
  const summaries = summarizeFormats(outcomes);
  const docx = summaries.find((s) => s.format === 'docx')!;

  it('summarises only formats with evaluated documents', () => {
    expect(summaries.map((s) => s.format)).toEqual(['docx', 'md']);
    expect(docx).toMatchObject({ scored: 2, failed: 1 });
  });

  it('averages a metric over the documents it applies to', () => {
    // lorem_ipsum has no headings on either side: only word_sample's 0 counts
    expect(docx.means.headings).toBe(0);
    expect(docx.means.coverageOfReference).toBe(1);
    expect(docx.means.listItems).toBe(1);
  });

  it("checks the means against the issue's thresholds", () => {
    const verdicts = Object.fromEntries(docx.checks.map((c) => [c.metric, c.pass]));
    expect(verdicts).toEqual({ headings: false, listItems: true, coverageOfReference: true, coverageOfCandidate: true });
    expect(summaries.find((s) => s.format === 'md')!.checks.find((c) => c.metric === 'listItems')!.pass).toBeNull();
  });

  it('prints aligned rows, the failure, the thresholds and the verdicts', () => {
    const report = formatReport(outcomes, summaries);
    const docxLines = report.split('\n## md')[0]!.split('\n');
    const header = docxLines[1]!;
    expect(header).toMatch(
      /^document\s+hd\s+hd-txt\s+list\s+t-rec\s+cells\s+spans\s+p-rec\s+cov-gt\s+cov-us\s+order\s+chunks\s+tables\s+pics\s+chk n\s+ms\s+note$/,
    );
    const coverageEnd = header.indexOf('cov-gt') + 'cov-gt'.length;
    const row = (name: string): string => docxLines.find((line) => line.startsWith(name))!;
    for (const name of ['word_sample.docx', 'lorem_ipsum.docx', 'docx mean (2)']) {
      expect(row(name).slice(coverageEnd - 5, coverageEnd)).toBe('1.000');
    }
    expect(row('word_sample.docx')).toMatch(/^word_sample\.docx\s+0\.000/);
    expect(row('lorem_ipsum.docx')).toMatch(/^lorem_ipsum\.docx\s+-\s+-\s+-/);
    expect(row('broken.docx')).toMatch(/FAILED corrupt-file: broken\.docx: not a ZIP archive$/);
    expect(row('docx mean (2)')).toMatch(/1 failed, not averaged$/);
    expect(row('target')).toMatch(/^target\s+>=0\.95\s+>=0\.90\s+>=0\.98\s+>=0\.98$/);
    expect(row('verdict')).toMatch(/^verdict\s+FAIL\s+pass\s+pass\s+pass\s+1 of 4 thresholds not met; 1 document\(s\) failed$/);
    expect(row('verdict').indexOf('FAIL') + 4).toBe(header.indexOf('hd') + 2);
    expect(report).toMatch(/wiki\.md .* ref=md-export/);
  });

  it('lists skipped inputs and excluded folders', () => {
    expect(formatSkipped(outcomes, ['pdf_damaged'])).toBe(
      [
        'Skipped:',
        '  pptx/powerpoint_sample.pptx: no parser for .pptx',
        '  pdf_damaged/: excluded (robustness inputs; their groundtruth does not match them)',
      ].join('\n'),
    );
  });
});
