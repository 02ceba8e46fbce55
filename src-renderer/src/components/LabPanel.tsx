import { useMemo, useRef, useState } from 'react';
import type { LabEvaluation, LabHit, LabMetricSummary, LabTask } from '../../../src-shared/lab';
import { questionSetJson, RETRIEVAL_TEXTS, RETRIEVER_KINDS, type RetrievalText, type RetrieverKind } from '../../../src-shared/retrieval';
import { messageOf } from '../api/errors';
import { hitLabel } from '../lab-marks';
import { saveTextFile } from '../save-file';
import { selectedItemRanges } from '../selected-item-ranges';
import { useCatalogStore } from '../stores/catalog-store';
import { useChunkStore } from '../stores/chunk-store';
import { useCompareStore } from '../stores/compare-store';
import { useDocumentSetStore } from '../stores/document-set-store';
import { useEnrichmentStore } from '../stores/enrichment-store';
import { rerankUnavailable, retrieverUnavailable, useLabStore, type LabTab } from '../stores/lab-store';
import { chartPngBytes, chartSvgText, LabChart, type LabChartKind } from './LabChart';

const TABS: Array<{ tab: LabTab; title: string }> = [
  { tab: 'preview', title: 'Retrieval preview' },
  { tab: 'evaluate', title: 'Evaluation' },
  { tab: 'sweep', title: 'Sweep' },
];

/**
 * The chunk quality lab above the document: retrieval settings shared by its three tabs, the
 * retrieval preview of A and B, the evaluation of a question set with A against B, and sweeps.
 * What it finds is drawn on the document's text and pages below it.
 */
export function LabPanel() {
  const tab = useLabStore((s) => s.tab);
  const setTab = useLabStore((s) => s.setTab);
  return (
    <div className="lab-panel" data-testid="lab-panel">
      <div className="lab-tabs" role="tablist">
        {TABS.map(({ tab: each, title }) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={tab === each}
            className={tab === each ? 'active' : ''}
            onClick={() => setTab(each)}
            data-testid={`lab-tab-${each}`}
          >
            {title}
          </button>
        ))}
      </div>
      <RetrievalSettings />
      <div className="lab-body">
        {tab === 'preview' && <PreviewTab />}
        {tab === 'evaluate' && <EvaluateTab />}
        {tab === 'sweep' && <SweepTab />}
      </div>
    </div>
  );
}

/** Picks a text file and hands over its name and content. */
function FileButton({
  label,
  accept,
  testId,
  onFile,
}: {
  label: string;
  accept: string;
  testId: string;
  onFile(name: string, text: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void file.text().then((text) => onFile(file.name, text));
        }}
      />
    </>
  );
}

const NO_PROVIDER_NOTE = 'BM25 only: dense, hybrid and rerank need a retrieval config with an embedding: or rerank: block';
/** What the row shows of NO_PROVIDER_NOTE: its whole text is the tooltip. */
const NO_PROVIDER_SHORT = 'BM25 only (no retrieval config)';

function RetrievalSettings() {
  const { retriever, k, searchText, rerank, providers, providersError } = useLabStore();
  const setRetrieval = useLabStore((s) => s.setRetrieval);
  const loadProviders = useLabStore((s) => s.loadProviders);
  const clearProviders = useLabStore((s) => s.clearProviders);
  const pipelineLlm = useEnrichmentStore((s) => s.settings.llm);
  const configB = useCompareStore((s) => s.configB);
  const editsB = useCompareStore((s) => s.editsB);
  const editsA = useChunkStore((s) => s.edits);
  const documentId = useChunkStore((s) => s.documentId);
  const members = useDocumentSetStore((s) => s.members);
  const inSet = members.some((member) => member.documentId === documentId);
  const setSize = members.filter((member) => member.documentId !== null).length;
  const rerankReason = rerankUnavailable(providers?.config, pipelineLlm !== undefined);
  const scope =
    `over ${inSet && setSize > 1 ? `the set's ${setSize} documents` : 'this document'} · A = current config` +
    (configB ? ' · B = Compare’s config' : ' · no B (open Compare to set one)') +
    // the lab runs the configs alone: said, so that its chunks are not taken for the edited ones on screen
    (editsA.length > 0 || (configB && editsB.length > 0) ? ' · without their hand edits' : '');
  return (
    <div className="lab-settings">
      <label title="how chunks are ranked for a query">
        Retriever{' '}
        <select
          value={retriever}
          onChange={(event) => setRetrieval({ retriever: event.target.value as RetrieverKind })}
          data-testid="lab-retriever"
        >
          {RETRIEVER_KINDS.map((kind) => {
            const reason = retrieverUnavailable(kind, providers?.config);
            return (
              <option key={kind} value={kind} disabled={reason !== null} title={reason ?? undefined}>
                {kind}
                {reason ? ' (needs a provider)' : ''}
              </option>
            );
          })}
        </select>
      </label>
      <label>
        top k{' '}
        <input
          type="number"
          min={1}
          max={50}
          value={k}
          onChange={(event) => setRetrieval({ k: Math.max(1, Math.min(50, Number(event.target.value) || 1)) })}
          data-testid="lab-k"
        />
      </label>
      <label title="contextualized: the heading path (and the enrichment context) with the chunk's text">
        search{' '}
        <select value={searchText} onChange={(event) => setRetrieval({ searchText: event.target.value as RetrievalText })}>
          {RETRIEVAL_TEXTS.map((text) => (
            <option key={text} value={text}>
              {text === 'text' ? 'chunk text' : 'contextualized text'}
            </option>
          ))}
        </select>
      </label>
      <label title={rerankReason ?? 'rerank the candidates before the top k is kept'}>
        <input
          type="checkbox"
          checked={rerank && !rerankReason}
          disabled={rerankReason !== null}
          onChange={(event) => setRetrieval({ rerank: event.target.checked })}
        />{' '}
        rerank
      </label>
      <FileButton label="Retrieval config…" accept=".yaml,.yml,.json" testId="lab-providers-input" onFile={loadProviders} />
      {providers && (
        <span className="muted">
          {providers.fileName}
          {providers.config.embedding ? ` · embedding ${providers.config.embedding.model}` : ''}
          {providers.config.rerank ? ` · rerank ${providers.config.rerank.provider}` : ''}{' '}
          <button type="button" className="link" onClick={clearProviders}>
            clear
          </button>
        </span>
      )}
      {!providers && (
        <span className="muted lab-note" title={NO_PROVIDER_NOTE} data-testid="lab-no-provider">
          {NO_PROVIDER_SHORT}
        </span>
      )}
      <span className="muted lab-note" title={scope} data-testid="lab-scope">
        {scope}
      </span>
      {providersError && <p className="error-text">{providersError}</p>}
    </div>
  );
}

function RunProgress({ task }: { task: LabTask }) {
  const run = useLabStore((s) => s.runs[task]);
  const cancel = useLabStore((s) => s.cancel);
  if (!run) return null;
  if (run.error) {
    return (
      <p className="error-text" data-testid={`lab-${task}-error`}>
        {run.error}
      </p>
    );
  }
  const progress = run.progress;
  const config = progress?.config !== undefined && progress.configs ? `config ${progress.config + 1} of ${progress.configs} · ` : '';
  return (
    <div className="lab-progress" data-testid={`lab-${task}-progress`}>
      <span>
        {config}
        {progress ? `${progress.stage} ${progress.done} / ${progress.total}` : 'starting…'}
      </span>
      {progress && progress.total > 0 && <progress value={progress.done} max={progress.total} />}
      <button type="button" onClick={() => void cancel(task)} data-testid={`lab-${task}-cancel`}>
        Cancel
      </button>
    </div>
  );
}

/** Selects a hit's chunk when it is the open document's under the current config, else opens its document; the views scroll to it. */
function jumpToHit(side: 'A' | 'B', hit: LabHit) {
  const { documentId, select } = useChunkStore.getState();
  const lab = useLabStore.getState();
  if (hit.documentId === documentId) {
    if (side === 'A') select(hit.chunkIndex);
    lab.showPlace(hit.place);
    return;
  }
  const sets = useDocumentSetStore.getState();
  void (side === 'A' ? sets.openChunk(hit.documentId, hit.chunkId) : sets.show(hit.documentId)).then(() => lab.showPlace(hit.place));
}

function HitList({ side, label, hits }: { side: 'A' | 'B'; label: string; hits: readonly LabHit[] }) {
  const inSet = new Set(hits.map((hit) => hit.corpusId)).size > 1;
  return (
    <div className={`lab-hits lab-side-${side}`} data-testid={`lab-hits-${side}`}>
      <h4>
        <span className={`legend-swatch lab-${side}`} /> {side}: {label}
      </h4>
      {hits.length === 0 && <p className="muted">no chunk</p>}
      <ol>
        {hits.map((hit) => (
          <li key={hit.rank}>
            <button
              type="button"
              className="lab-hit"
              onClick={() => jumpToHit(side, hit)}
              title={hitLabel(side, hit)}
              data-testid="lab-hit"
            >
              <span className="lab-hit-head">
                #{hit.rank} · score {hit.score.toFixed(3)} · chunk {hit.chunkIndex}
                {inSet || hit.documentId !== useChunkStore.getState().documentId ? ` · ${hit.corpusId}` : ''} · {hit.tokenCount} tokens
                {hit.expandedTo ? ` · +${hit.expandedTo.length} expanded` : ''}
              </span>
              <span className="lab-hit-text">{hit.excerpt}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function PreviewTab() {
  const query = useLabStore((s) => s.query);
  const setQuery = useLabStore((s) => s.setQuery);
  const runSearch = useLabStore((s) => s.runSearch);
  const search = useLabStore((s) => s.search);
  return (
    <div className="lab-preview">
      <form
        className="lab-query"
        onSubmit={(event) => {
          event.preventDefault();
          void runSearch();
        }}
      >
        <input
          type="search"
          placeholder="Type a query: the top k of A and B show side by side, drawn on the document"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="lab-query"
        />
        <button type="submit" disabled={query.trim() === ''} data-testid="lab-search">
          Search
        </button>
      </form>
      <RunProgress task="search" />
      {search && (
        <div className="lab-columns">
          {search.sides.map(({ side, label, hits }) => (
            <HitList key={side} side={side} label={label} hits={hits} />
          ))}
        </div>
      )}
    </div>
  );
}

const METRICS: Array<{ key: keyof LabMetricSummary; title: string; percent: boolean }> = [
  { key: 'recall', title: 'recall', percent: true },
  { key: 'precision', title: 'precision', percent: true },
  { key: 'iou', title: 'IoU', percent: true },
  { key: 'precisionOmega', title: 'precision-Ω', percent: true },
  { key: 'recallAtK', title: 'Recall@k', percent: true },
  { key: 'mrr', title: 'MRR', percent: true },
  { key: 'ndcgAtK', title: 'nDCG@k', percent: true },
  { key: 'tokensRead', title: 'tokens read', percent: false },
];

function metricText(value: number, percent: boolean): string {
  return percent ? (value * 100).toFixed(1) : value.toFixed(0);
}

function signed(value: number, percent: boolean): string {
  const text = metricText(value, percent);
  return value > 0 ? `+${text}` : text;
}

function QuestionSetBar() {
  const questionSet = useLabStore((s) => s.questionSet);
  const error = useLabStore((s) => s.questionSetError);
  const loadQuestionSet = useLabStore((s) => s.loadQuestionSet);
  const generate = useLabStore((s) => s.generateQuestions);
  const save = async () => {
    if (!questionSet) return;
    try {
      await saveTextFile(questionSet.fileName.replace(/\.csv$/i, '.json'), questionSetJson(questionSet.questions), 'application/json');
    } catch (saveError) {
      useLabStore.setState({ questionSetError: messageOf(saveError) });
    }
  };
  return (
    <div className="lab-row">
      <FileButton
        label="Load question set…"
        accept=".csv,.json"
        testId="lab-questions-input"
        onFile={(name, text) => void loadQuestionSet(name, text)}
      />
      <button
        type="button"
        onClick={() => void generate()}
        title="ask the pipeline's LLM for questions whose references are quoted from the document"
      >
        Generate with the LLM
      </button>
      {questionSet && (
        <>
          <span data-testid="lab-question-count">
            {questionSet.fileName}: {questionSet.questions.length} questions ({questionSet.origin})
          </span>
          <button
            type="button"
            onClick={() => void save()}
            data-testid="lab-save-questions"
            title="the JSON form, to keep beside the document"
          >
            Save set…
          </button>
        </>
      )}
      {questionSet && questionSet.leftOut.length > 0 && (
        <span className="warning-text" data-testid="lab-left-out">
          left out, about documents not open:{' '}
          {questionSet.leftOut.map(({ corpusId, questions }) => `${corpusId} (${questions})`).join(', ')}
        </span>
      )}
      {questionSet?.dropped && (
        <span className="warning-text" data-testid="lab-dropped">
          dropped: {questionSet.dropped.references} references not found verbatim, {questionSet.dropped.questions} questions without any
        </span>
      )}
      <RunProgress task="generate" />
      {error && <p className="error-text">{error}</p>}
    </div>
  );
}

function QuestionWriter() {
  const draft = useLabStore((s) => s.draft);
  const setDraftQuestion = useLabStore((s) => s.setDraftQuestion);
  const addSelectedPassage = useLabStore((s) => s.addSelectedPassage);
  const addDraftQuestion = useLabStore((s) => s.addDraftQuestion);
  const [hint, setHint] = useState<string | null>(null);
  return (
    <div className="lab-row" data-testid="lab-writer">
      <input
        className="lab-draft"
        placeholder="Write a question, then select its passages in the text view below"
        value={draft.question}
        onChange={(event) => setDraftQuestion(event.target.value)}
        data-testid="lab-draft-question"
      />
      <button
        type="button"
        // the selection must survive the click
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          const ranges = selectedItemRanges(window.getSelection());
          setHint(ranges.length === 0 ? 'select a passage in the text view first' : null);
          if (ranges.length > 0) void addSelectedPassage(ranges);
        }}
        data-testid="lab-add-passage"
      >
        Add selected passage
      </button>
      <span className="muted">{draft.references.length} passages</span>
      <button
        type="button"
        disabled={draft.question.trim() === '' || draft.references.length === 0}
        onClick={addDraftQuestion}
        data-testid="lab-add-question"
      >
        Add question
      </button>
      {hint && <span className="warning-text">{hint}</span>}
    </div>
  );
}

function MetricTable({ sides }: { sides: readonly LabEvaluation[] }) {
  const [a, b] = sides;
  return (
    <table className="lab-metrics" data-testid="lab-metrics">
      <thead>
        <tr>
          <th>metric (top {a?.k})</th>
          {sides.map((side) => (
            <th key={side.side} title={side.label}>
              {side.side}
            </th>
          ))}
          {b && <th>B − A</th>}
        </tr>
      </thead>
      <tbody>
        {METRICS.map(({ key, title, percent }) => (
          <tr key={key} data-metric={key}>
            <td>{title}</td>
            {sides.map((side) => (
              <td key={side.side}>{metricText(side.overall[key], percent)}</td>
            ))}
            {a && b && (
              <td className={deltaClass(key, b.overall[key] - a.overall[key])} data-testid="lab-metric-delta">
                {signed(b.overall[key] - a.overall[key], percent)}
              </td>
            )}
          </tr>
        ))}
        {sides.map((side) => (
          <tr key={`config-${side.side}`} className="lab-config-row">
            <td colSpan={sides.length + (b ? 2 : 1)}>
              {side.side}: {side.label}
            </td>
          </tr>
        ))}
        <tr>
          <td>chunks · mean chars</td>
          {sides.map((side) => (
            <td key={side.side}>
              {side.chunks} · {side.meanChunkChars.toFixed(0)}
            </td>
          ))}
          {b && <td />}
        </tr>
      </tbody>
    </table>
  );
}

/** A gain is good for every metric but tokens read, where fewer is better. */
function deltaClass(key: keyof LabMetricSummary, delta: number): string {
  if (Math.abs(delta) < 1e-9) return '';
  return delta > 0 !== (key === 'tokensRead') ? 'gain' : 'loss';
}

/** Questions to list: those whose recall differs most between A and B first (A alone: the worst recall first). */
function questionOrder(sides: readonly LabEvaluation[]): number[] {
  const [a, b] = sides;
  if (!a) return [];
  const differs = (index: number) =>
    b ? Math.abs(b.questions[index]!.recall - a.questions[index]!.recall) : 1 - a.questions[index]!.recall;
  return a.questions.map((_, index) => index).sort((x, y) => differs(y) - differs(x) || x - y);
}

function EvaluateTab() {
  const questionSet = useLabStore((s) => s.questionSet);
  const evaluation = useLabStore((s) => s.evaluation);
  const runEvaluation = useLabStore((s) => s.runEvaluation);
  const selectedQuestion = useLabStore((s) => s.selectedQuestion);
  const selectQuestion = useLabStore((s) => s.selectQuestion);
  const order = useMemo(() => questionOrder(evaluation?.sides ?? []), [evaluation]);
  const sides = evaluation?.sides ?? [];
  return (
    <div className="lab-evaluate">
      <QuestionSetBar />
      <QuestionWriter />
      <div className="lab-row">
        <button type="button" disabled={!questionSet} onClick={() => void runEvaluation()} data-testid="lab-evaluate">
          Evaluate A{useCompareStore.getState().configB ? ' and B' : ''}
        </button>
        <RunProgress task="evaluate" />
      </div>
      {evaluation && questionSet && (
        <div className="lab-results">
          <MetricTable sides={sides} />
          <div className="lab-questions">
            <h4>{sides.length > 1 ? 'Questions whose recall differs most' : 'Questions, lowest recall first'}</h4>
            <table data-testid="lab-questions">
              <thead>
                <tr>
                  <th>question</th>
                  {sides.map((side) => (
                    <th key={side.side}>recall {side.side}</th>
                  ))}
                  {sides.length > 1 && <th>B − A</th>}
                </tr>
              </thead>
              <tbody>
                {order.map((index) => (
                  <tr
                    key={index}
                    className={index === selectedQuestion ? 'selected' : ''}
                    onClick={() => void selectQuestion(index)}
                    data-testid="lab-question"
                    data-question={index}
                  >
                    <td>{questionSet.questions[index]?.question}</td>
                    {sides.map((side) => (
                      <td key={side.side}>{metricText(side.questions[index]!.recall, true)}</td>
                    ))}
                    {sides.length > 1 && <td>{signed(sides[1]!.questions[index]!.recall - sides[0]!.questions[index]!.recall, true)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <QuestionDetail />
        </div>
      )}
    </div>
  );
}

function QuestionDetail() {
  const index = useLabStore((s) => s.selectedQuestion);
  const places = useLabStore((s) => s.questionPlaces);
  const questionSet = useLabStore((s) => s.questionSet);
  const showPlace = useLabStore((s) => s.showPlace);
  const question = index === null ? undefined : questionSet?.questions[index];
  if (!question) return <p className="muted">Click a question to draw its reference passages and the chunks A and B retrieved for it.</p>;
  return (
    <div className="lab-question-detail" data-testid="lab-question-detail">
      <h4>{question.question}</h4>
      <ul className="lab-references">
        {question.references.map((reference, i) => (
          <li key={i}>
            <button
              type="button"
              className="link"
              onClick={() => places?.references[i] && showPlace(places.references[i])}
              data-testid="lab-reference"
            >
              <span className="legend-swatch lab-reference" /> {question.corpusId}
              {reference.page !== undefined ? ` p${reference.page}` : ''} [{reference.start}, {reference.end})
              {reference.content ? `: ${reference.content.slice(0, 160)}` : ''}
            </button>
          </li>
        ))}
      </ul>
      {places && (
        <div className="lab-columns">
          {places.sides.map(({ side, hits }) => (
            <HitList key={side} side={side} label="retrieved" hits={hits} />
          ))}
        </div>
      )}
    </div>
  );
}

function SweepTab() {
  const form = useLabStore((s) => s.sweepForm);
  const setForm = useLabStore((s) => s.setSweepForm);
  const runSweep = useLabStore((s) => s.runSweep);
  const sweep = useLabStore((s) => s.sweep);
  const questionSet = useLabStore((s) => s.questionSet);
  const catalog = useCatalogStore((s) => s.catalog);
  const sized = useMemo(() => (catalog?.strategies ?? []).filter((strategy) => hasOption(strategy.optionsSchema, 'size')), [catalog]);
  const overlapStrategies = useMemo(
    () => new Set(sized.filter((strategy) => hasOption(strategy.optionsSchema, 'overlap')).map((strategy) => strategy.name)),
    [sized],
  );
  return (
    <div className="lab-sweep">
      <div className="lab-row">
        <span>Strategies</span>
        {sized.map(({ name }) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={form.strategies.includes(name)}
              onChange={(event) =>
                setForm({ strategies: event.target.checked ? [...form.strategies, name] : form.strategies.filter((each) => each !== name) })
              }
              data-testid={`lab-sweep-strategy-${name}`}
            />{' '}
            {name}
          </label>
        ))}
      </div>
      <div className="lab-row">
        <label>
          sizes <input value={form.sizes} onChange={(event) => setForm({ sizes: event.target.value })} data-testid="lab-sweep-sizes" />
        </label>
        <label title="for the strategies that have an overlap option">
          overlaps{' '}
          <input value={form.overlaps} onChange={(event) => setForm({ overlaps: event.target.value })} data-testid="lab-sweep-overlaps" />
        </label>
        <span className="muted">or</span>
        <FileButton
          label="Sweep file…"
          accept=".yaml,.yml,.json"
          testId="lab-sweep-file"
          onFile={(fileName, content) => setForm({ file: { fileName, content } })}
        />
        {form.file && (
          <span className="muted">
            {form.file.fileName}{' '}
            <button type="button" className="link" onClick={() => setForm({ file: null })}>
              use the form
            </button>
          </span>
        )}
        <button type="button" disabled={!questionSet} onClick={() => void runSweep(overlapStrategies)} data-testid="lab-sweep-run">
          Run sweep
        </button>
        {!questionSet && <span className="muted">load a question set first (Evaluation)</span>}
      </div>
      <RunProgress task="sweep" />
      {sweep && <SweepResult />}
    </div>
  );
}

function hasOption(schema: Record<string, unknown>, name: string): boolean {
  const properties = schema['properties'];
  return typeof properties === 'object' && properties !== null && name in properties;
}

function SweepResult() {
  const sweep = useLabStore((s) => s.sweep)!;
  const recallChart = useRef<SVGSVGElement>(null);
  const iouChart = useRef<SVGSVGElement>(null);
  const [error, setError] = useState<string | null>(null);
  const exportChart = async (kind: LabChartKind, format: 'svg' | 'png') => {
    const svg = (kind === 'recall' ? recallChart : iouChart).current;
    if (!svg) return;
    const name = kind === 'recall' ? 'recall-vs-tokens' : 'iou-vs-chunks';
    try {
      if (format === 'svg') await saveTextFile(`${name}.svg`, chartSvgText(svg), 'image/svg+xml');
      else await saveTextFile(`${name}.png`, await chartPngBytes(svg), 'image/png');
    } catch (exportError) {
      setError(messageOf(exportError));
    }
  };
  return (
    <div className="lab-sweep-result">
      <div className="lab-charts">
        {(['recall', 'iou'] as const).map((kind) => (
          <figure key={kind}>
            <LabChart ref={kind === 'recall' ? recallChart : iouChart} rows={sweep.rows} kind={kind} k={sweep.k} />
            <figcaption>
              <button type="button" onClick={() => void exportChart(kind, 'svg')} data-testid={`lab-export-${kind}-svg`}>
                SVG
              </button>
              <button type="button" onClick={() => void exportChart(kind, 'png')} data-testid={`lab-export-${kind}-png`}>
                PNG
              </button>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="lab-row">
        <button
          type="button"
          onClick={() =>
            void saveTextFile('sweep.csv', sweep.csv, 'text/csv').catch((saveError: unknown) => setError(messageOf(saveError)))
          }
          data-testid="lab-export-csv"
        >
          Data as CSV
        </button>
        {error && <span className="error-text">{error}</span>}
      </div>
      <table className="lab-metrics lab-sweep-table" data-testid="lab-sweep-table">
        <thead>
          <tr>
            <th>config</th>
            <th>chunks</th>
            <th>mean chars</th>
            <th>tokens read</th>
            <th>recall</th>
            <th className="wide">precision</th>
            <th>IoU</th>
            <th className="wide">precision-Ω</th>
          </tr>
        </thead>
        <tbody>
          {sweep.rows.map((row) => (
            <tr key={row.label}>
              <td>
                {row.label}
                {row.paretoRecall && <span className="mark lab-front">recall front</span>}
                {row.paretoIou && <span className="mark lab-front">IoU front</span>}
              </td>
              <td>{row.chunks}</td>
              <td>{row.meanChunkChars.toFixed(0)}</td>
              <td>{row.tokensRead.toFixed(0)}</td>
              <td>{metricText(row.recall, true)}</td>
              <td>{metricText(row.precision, true)}</td>
              <td>{metricText(row.iou, true)}</td>
              <td>{metricText(row.precisionOmega, true)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
