import { useMemo, useState } from 'react';
import type { ChunkRun } from '../../../src-shared/api';
import { lintRules, type LintFinding, type LintRule } from '../../../src-shared/evaluation';
import { useCoverageStore } from '../stores/coverage-store';
import { useDocumentStore } from '../stores/document-store';
import { useChunkStore } from '../stores/chunk-store';
import { useUiStore } from '../stores/ui-store';
import { TokenHistogram } from './TokenHistogram';
import { VirtualList } from './VirtualList';

/** What each rule checks, and against what: shown on its group so that a finding's threshold is never a guess. */
const RULE_EXPLAINED: Record<LintRule, string> = {
  'over-limit': "more tokens than the strategy's limit (parents are not judged: they are not embedded as such)",
  'heading-only': 'a chunk of headings alone, with no content under them',
  'tiny-orphan': 'fewer tokens than 10 % of the limit (at least 8): too little to be retrieved on its own',
  'table-split-from-header': "a table continued from an earlier chunk without its header row's words",
  'caption-split': 'a table or picture whose caption lies in another chunk',
  'list-cut-mid-item': 'a list item cut between two chunks',
  'sentence-cut': 'a paragraph cut where the chunk text has no closing punctuation',
  'heading-path-over-budget': 'a heading path that alone leaves less than the tiny-chunk size for text',
  'text-not-in-chunks': 'body text that no chunk holds',
};

type Row = { kind: 'group'; rule: LintRule; count: number; severity: LintFinding['severity'] } | { kind: 'finding'; finding: LintFinding };

/**
 * Chunk count, token distribution and the lint list (virtualized: a run can have thousands) of the current run,
 * grouped by rule and filterable; a finding jumps to its chunk and to the item where it lies (the cut, the table),
 * "text not in any chunk" (measured after the run, listed first) to the first place of that text.
 */
export function StatsPanel() {
  const run = useChunkStore((s) => s.run);
  const select = useChunkStore((s) => s.select);
  const comparing = useUiStore((s) => s.compareOpen);
  const showPlace = useUiStore((s) => s.showPlace);
  const scrollToItem = useUiStore((s) => s.scrollToItem);
  const hasPages = useDocumentStore((s) => s.document?.hasPdf ?? false);
  const coverageFinding = useCoverageStore((s) => (s.run === run ? (s.coverage?.finding ?? null) : null));
  const [collapsed, setCollapsed] = useState<ReadonlySet<LintRule>>(new Set());
  const [query, setQuery] = useState('');
  const [ruleFilter, setRuleFilter] = useState<LintRule | ''>('');
  const findings = useMemo(
    () => (run ? (coverageFinding ? [coverageFinding, ...run.findings] : run.findings) : []),
    [run, coverageFinding],
  );
  const rows = useMemo(() => groupedRows(findings, collapsed, query, ruleFilter), [findings, collapsed, query, ruleFilter]);
  if (!run) return null;
  const jump = (finding: LintFinding) => {
    const place = finding.places?.[0];
    if (place) return showPlace(place, hasPages);
    if (finding.chunkIndex !== null) select(finding.chunkIndex);
    if (finding.ref) scrollToItem(finding.ref);
  };
  const toggle = (rule: LintRule) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(rule)) next.add(rule);
      return next;
    });
  const rulesFound = lintRules.filter((rule) => findings.some((finding) => finding.rule === rule));
  return (
    <section className="stats-panel" aria-label={comparing ? 'Statistics of configuration A' : 'Statistics'}>
      {/* below B's panel while comparing, so it says whose run it describes (B's is in the compare pane) */}
      {comparing && (
        <div className="config-title">
          <h3 data-testid="stats-title">Statistics of A</h3>
        </div>
      )}
      <StatsTable run={run} />
      <TokenHistogram stats={run.stats} />
      <h3>Lint ({findings.length})</h3>
      <div className="findings-filter">
        <input
          type="search"
          placeholder="Filter findings"
          aria-label="Filter findings"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="findings-filter"
        />
        <select
          aria-label="Rule"
          value={ruleFilter}
          onChange={(e) => setRuleFilter(e.target.value as LintRule | '')}
          data-testid="findings-rule"
        >
          <option value="">every rule</option>
          {rulesFound.map((rule) => (
            <option key={rule} value={rule}>
              {rule}
            </option>
          ))}
        </select>
      </div>
      <VirtualList
        className="findings"
        testId="findings"
        count={rows.length}
        estimatedRowHeight={22}
        rowKey={(index) => {
          const row = rows[index]!;
          return row.kind === 'group' ? `group-${row.rule}` : `${row.finding.rule}-${row.finding.chunkIndex}-${index}`;
        }}
        renderRow={(index) => {
          const row = rows[index]!;
          if (row.kind === 'group') {
            return (
              <button
                type="button"
                className={`finding-group ${row.severity}`}
                aria-expanded={!collapsed.has(row.rule)}
                title={RULE_EXPLAINED[row.rule]}
                onClick={() => toggle(row.rule)}
                data-testid="finding-group"
                data-rule={row.rule}
              >
                <span className="twisty">{collapsed.has(row.rule) ? '▸' : '▾'}</span>
                <span className="rule">{row.rule}</span> ({row.count})<span className="finding-explained">{RULE_EXPLAINED[row.rule]}</span>
              </button>
            );
          }
          const { finding } = row;
          return (
            <button
              type="button"
              className={`finding ${finding.severity}`}
              onClick={() => jump(finding)}
              data-testid="finding"
              data-rule={finding.rule}
            >
              {finding.chunkIndex === null ? '' : `#${finding.chunkIndex}: `}
              {finding.message}
            </button>
          );
        }}
      />
      {run.stats.count === 0 && <p className="muted">No chunks.</p>}
    </section>
  );
}

/** Findings grouped by rule in the rules' order, a header per group, the rows of collapsed groups left out. */
function groupedRows(findings: readonly LintFinding[], collapsed: ReadonlySet<LintRule>, query: string, rule: LintRule | ''): Row[] {
  const needle = query.trim().toLowerCase();
  const shown = findings.filter(
    (finding) =>
      (rule === '' || finding.rule === rule) && (needle === '' || `${finding.rule} ${finding.message}`.toLowerCase().includes(needle)),
  );
  const rows: Row[] = [];
  for (const groupRule of lintRules) {
    const group = shown.filter((finding) => finding.rule === groupRule);
    if (group.length === 0) continue;
    rows.push({ kind: 'group', rule: groupRule, count: group.length, severity: group[0]!.severity });
    if (!collapsed.has(groupRule)) for (const finding of group) rows.push({ kind: 'finding', finding });
  }
  return rows;
}

function StatsTable({ run }: { run: ChunkRun }) {
  const { stats } = run;
  return (
    <dl className="stats" data-testid="stats">
      <dt>Chunks</dt>
      <dd data-testid="chunk-count">{stats.count}</dd>
      {stats.parents > 0 && (
        <>
          <dt>Parents</dt>
          <dd title="chunks other chunks name as their parent: not embedded as such, so left out of the sizes below">
            {stats.parents} (not embedded: left out below)
          </dd>
        </>
      )}
      <dt>Tokens min / median / max</dt>
      <dd>
        {stats.minTokens} / {stats.medianTokens} / {stats.maxTokens}
      </dd>
      <dt title="the limit the strategy keeps its chunks to">Over {stats.tokenLimit}</dt>
      <dd data-testid="over-limit-count">{stats.overLimit}</dd>
      <dt>Time</dt>
      <dd>{run.elapsedMs.toFixed(0)} ms</dd>
    </dl>
  );
}
