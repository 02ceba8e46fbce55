import { LEFT_OUT_LABELS, percentText, type DocumentCoverage, type LintFinding } from '../../../../src-shared/evaluation';

/** Shares of the document's words in no chunk from which the finding is an error, a warning (below: info). */
const ERROR_SHARE = 0.05;
const WARNING_SHARE = 0.005;

/**
 * "Text not in any chunk": every word that reaches no chunk, furniture aside (chunkers leave running
 * headers and footers out by design, and the fidelity line counts them), with its share of the
 * document's words, its reasons and its places. Null when all of it reaches a chunk.
 */
export function textNotInChunksFinding(coverage: DocumentCoverage): LintFinding | null {
  const reasons = coverage.leftOut.filter((entry) => entry.kind !== 'furniture');
  const words = reasons.reduce((sum, entry) => sum + entry.words, 0);
  if (words === 0) return null;
  const share = words / Math.max(1, coverage.words);
  const why = reasons.map((entry) => `${entry.words.toLocaleString('en-US')} ${LEFT_OUT_LABELS[entry.reason]}`).join(', ');
  return {
    rule: 'text-not-in-chunks',
    severity: share >= ERROR_SHARE ? 'error' : share >= WARNING_SHARE ? 'warning' : 'info',
    chunkId: null,
    chunkIndex: null,
    message: `${words.toLocaleString('en-US')} words (${percentText(share)} of the text) are in no chunk: ${why}`,
    places: coverage.places.filter((place) => place.kind !== 'furniture'),
  };
}
