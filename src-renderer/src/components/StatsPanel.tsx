import type { ChunkRun } from '../../../src-shared/api';
import type { LintFinding } from '../../../src-shared/evaluation';
import { useCoverageStore } from '../stores/coverage-store';
import { useDocumentStore } from '../stores/document-store';
import { useChunkStore } from '../stores/chunk-store';
import { useUiStore } from '../stores/ui-store';
import { VirtualList } from './VirtualList';

/**
 * Chunk count, token distribution and the lint list (virtualized: a run can have thousands) of the current run; a finding
 * jumps to its chunk, "text not in any chunk" (measured after the run, listed first) to the first place of that text.
 */
export function StatsPanel() {
  const run = useChunkStore((s) => s.run);
  const select = useChunkStore((s) => s.select);
  const comparing = useUiStore((s) => s.compareOpen);
  const showPlace = useUiStore((s) => s.showPlace);
  const hasPages = useDocumentStore((s) => s.document?.hasPdf ?? false);
  const coverageFinding = useCoverageStore((s) => (s.run === run ? (s.coverage?.finding ?? null) : null));
  if (!run) return null;
  const { stats } = run;
  const findings = coverageFinding ? [coverageFinding, ...run.findings] : run.findings;
  const jump = (finding: LintFinding) => {
    const place = finding.places?.[0];
    if (place) showPlace(place, hasPages);
    else if (finding.chunkIndex !== null) select(finding.chunkIndex);
  };
  return (
    <section className="stats-panel" aria-label={comparing ? 'Statistics of configuration A' : 'Statistics'}>
      {/* below B's panel while comparing, so it says whose run it describes (B's is in the compare pane) */}
      {comparing && (
        <div className="config-title">
          <h3 data-testid="stats-title">Statistics of A</h3>
        </div>
      )}
      <StatsTable run={run} />
      <Histogram run={run} />
      <h3>Lint ({findings.length})</h3>
      <VirtualList
        className="findings"
        testId="findings"
        count={findings.length}
        estimatedRowHeight={20}
        rowKey={(index) => `${index}`}
        renderRow={(index) => {
          const finding = findings[index]!;
          return (
            <button
              type="button"
              className={`finding ${finding.severity}`}
              onClick={() => jump(finding)}
              data-testid="finding"
              data-rule={finding.rule}
            >
              <span className="rule">{finding.rule}</span> {finding.chunkIndex === null ? '' : `#${finding.chunkIndex}: `}
              {finding.message}
            </button>
          );
        }}
      />
      {stats.count === 0 && <p className="muted">No chunks.</p>}
    </section>
  );
}

function StatsTable({ run }: { run: ChunkRun }) {
  const { stats } = run;
  return (
    <dl className="stats" data-testid="stats">
      <dt>Chunks</dt>
      <dd data-testid="chunk-count">{stats.count}</dd>
      <dt>Tokens min / median / max</dt>
      <dd>
        {stats.minTokens} / {stats.medianTokens} / {stats.maxTokens}
      </dd>
      <dt>Over {run.config.maxTokens}</dt>
      <dd>{stats.overLimit}</dd>
      <dt>Time</dt>
      <dd>{run.elapsedMs.toFixed(0)} ms</dd>
    </dl>
  );
}

function Histogram({ run }: { run: ChunkRun }) {
  const peak = Math.max(1, ...run.stats.histogram.map((bin) => bin.count));
  return (
    <div className="histogram" aria-label="Token histogram">
      {run.stats.histogram.map((bin) => (
        <div
          key={bin.from}
          className={`bar${bin.from >= run.config.maxTokens ? ' over-limit' : ''}`}
          style={{ height: `${(bin.count / peak) * 100}%` }}
          title={`${bin.from}–${bin.to} tokens: ${bin.count} chunks`}
        />
      ))}
    </div>
  );
}
