import { useState } from 'react';
import type { DocumentView } from '../../../src-shared/api';
import { LEFT_OUT_LABELS, percentText, type DocumentCoverage } from '../../../src-shared/evaluation';
import { useCoverageStore } from '../stores/coverage-store';
import { useUiStore } from '../stores/ui-store';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How faithful the open document's parse and chunks are, in one line: the headings found against
 * the PDF's outline (its author's own heading list) when it has one, the share of its words that
 * reach a chunk, with what is left out and a button that walks through the places, and the parse's
 * notes on what it could not read as it should.
 */
export function FidelityLine({ document }: { document: DocumentView }) {
  const coverage = useCoverageStore((s) => s.coverage?.coverage ?? null);
  const headings = document.outlineHeadings;
  return (
    <div className="fidelity-line" role="status" aria-label="Fidelity of the parse and chunks" data-testid="fidelity-line">
      {headings && (
        <span data-testid="fidelity-headings" title="Headings of the parse matched with the PDF's outline (bookmarks)">
          Headings: {count(headings.matched)} of {count(headings.entries)} outline entries found (precision{' '}
          {percentText(headings.precision)})
        </span>
      )}
      {coverage ? <CoverageSummary coverage={coverage} hasPages={document.hasPdf} /> : <span className="muted">Measuring coverage…</span>}
      {document.warnings.length > 0 && <ParseNotes warnings={document.warnings} />}
    </div>
  );
}

/** What the parser could not read as it should: a count on the line, the notes themselves on demand. */
function ParseNotes({ warnings }: { warnings: readonly string[] }) {
  return (
    <details className="parse-notes" data-testid="parse-notes">
      <summary>
        {count(warnings.length)} parse {warnings.length === 1 ? 'note' : 'notes'}
      </summary>
      <ul>
        {warnings.map((warning, index) => (
          <li key={index}>{warning}</li>
        ))}
      </ul>
    </details>
  );
}

function CoverageSummary({ coverage, hasPages }: { coverage: DocumentCoverage; hasPages: boolean }) {
  const showPlace = useUiStore((s) => s.showPlace);
  // a new run's coverage starts again from its first place
  const [walk, setWalk] = useState({ coverage, next: 0 });
  const next = walk.coverage === coverage ? walk.next : 0;
  const leftOut = coverage.leftOut.map((entry) => `${count(entry.words)} ${LEFT_OUT_LABELS[entry.reason]}`);
  const { places } = coverage;
  return (
    <>
      <span data-testid="fidelity-coverage">
        Text in chunks: <strong>{percentText(coverage.share)}</strong> of {count(coverage.words)} words
        {leftOut.length > 0 && <> · words in no chunk: {leftOut.join(', ')}</>}
      </span>
      {places.length > 0 && (
        <>
          <span className="legend">
            <span className="left-out-swatch" aria-hidden="true" /> text in no chunk
          </span>
          <button
            type="button"
            data-testid="next-left-out"
            title="Show the next place of text that is in no chunk"
            onClick={() => {
              const place = places[next % places.length]!;
              showPlace(place, hasPages);
              setWalk({ coverage, next: (next % places.length) + 1 });
            }}
          >
            Show text in no chunk ({(next % places.length) + 1} of {count(places.length)})
          </button>
        </>
      )}
    </>
  );
}
