import { counterpartsOf, formatShare } from '../chunk-mapping';
import { useCompareStore, type CompareSide } from '../stores/compare-store';

/** The chunks of the other side of the comparison that hold this chunk's source characters; a click selects one there. */
export function ChunkMapping({ side, index }: { side: CompareSide; index: number }) {
  const correspondence = useCompareStore((s) => s.result?.correspondence);
  const selectChunk = useCompareStore((s) => s.selectChunk);
  if (!correspondence) return <span className="muted">…</span>;
  const other: CompareSide = side === 'A' ? 'B' : 'A';
  const counterparts = counterpartsOf(correspondence, side, index);
  if (counterparts.length === 0) return <span className="muted">no chunk of {other} holds its text</span>;
  return (
    <ul className="chunk-mapping" data-testid="chunk-mapping">
      {counterparts.map((counterpart) => (
        <li key={counterpart.index}>
          <button
            type="button"
            className={`chip side-${other.toLowerCase()}`}
            data-testid="mapped-chunk"
            data-side={other}
            data-chunk-index={counterpart.index}
            title={`${other}#${counterpart.index} holds ${formatShare(counterpart.ofSelf)} of this chunk's source text; ${formatShare(
              counterpart.ofOther,
            )} of its own lies in it. Click to select it in ${other}.`}
            onClick={() => selectChunk(other, counterpart.index)}
          >
            {other}#{counterpart.index}
          </button>{' '}
          <span className="muted">{formatShare(counterpart.ofSelf)} of it</span>
        </li>
      ))}
    </ul>
  );
}
