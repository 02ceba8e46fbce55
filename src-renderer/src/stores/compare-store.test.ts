import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResponse, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';
import { ApiCallError } from '../../../src-shared/api-result';

/** A call of the fake host, answered by the test when it chooses. */
interface PendingCall<M extends 'chunkDocument' | 'compareConfigs'> {
  request: ApiRequest<M>;
  resolve(response: ApiResponse<M>): void;
  reject(error: Error): void;
}

const host = vi.hoisted(() => {
  // ui-store reads the saved theme when it loads; a saved one spares it `window.matchMedia`
  Object.assign(globalThis, { localStorage: { getItem: () => 'light', setItem: () => undefined } });
  return { chunkCalls: [] as Array<PendingCall<'chunkDocument'>>, compareCalls: [] as Array<PendingCall<'compareConfigs'>> };
});

vi.mock('../api/host', () => ({
  desktop: undefined,
  api: {
    chunkDocument: (request: ApiRequest<'chunkDocument'>) =>
      new Promise((resolve, reject) => host.chunkCalls.push({ request, resolve, reject })),
    compareConfigs: (request: ApiRequest<'compareConfigs'>) =>
      new Promise((resolve, reject) => host.compareCalls.push({ request, resolve, reject })),
  },
}));

let useChunkStore: (typeof import('./chunk-store'))['useChunkStore'];
let useCompareStore: (typeof import('./compare-store'))['useCompareStore'];
let useUiStore: (typeof import('./ui-store'))['useUiStore'];

const DOCUMENT = 'a1b2c3d4';
const OTHER_DOCUMENT = 'e5f6a7b8';
const CONFIG_A: ConfigFile = { strategy: 'hybrid', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', maxTokens: 256 };

function runOf(config: ConfigFile, chunkCount: number): ChunkRun {
  const resolved = { strategy: config.strategy ?? 'hybrid', tokenizer: config.tokenizer ?? 'tok', maxTokens: config.maxTokens ?? 256 };
  const chunks = Array.from({ length: chunkCount }, (_, index) => ({
    id: `c${index}`,
    index,
    tokenCount: 10,
    docItems: [],
    pageStart: null,
    pageEnd: null,
    bboxes: [],
    headingOnly: false,
    startNeedle: '',
  }));
  const stats = {
    count: chunkCount,
    minTokens: 10,
    medianTokens: 10,
    maxTokens: 10,
    meanTokens: 10,
    totalTokens: 10 * chunkCount,
    overLimit: 0,
    headingOnly: 0,
    histogram: [],
    tokenLimit: 256,
    parents: 0,
  };
  return { config: resolved, chunks, stats, findings: [], elapsedMs: 1 } as ChunkRun;
}

function comparisonOf(request: ApiRequest<'compareConfigs'>): ApiResponse<'compareConfigs'> {
  return {
    a: runOf(request.configA, 3),
    b: runOf(request.configB, 5),
    diff: { unchanged: 2, moved: [], appeared: [], vanished: [] },
    correspondence: [],
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function answerCompare(index: number): Promise<void> {
  const call = host.compareCalls[index]!;
  call.resolve(comparisonOf(call.request));
  await settle();
}

async function answerChunk(index: number): Promise<void> {
  const call = host.chunkCalls[index]!;
  call.resolve(runOf(call.request.config, 3));
  await settle();
}

/** A document open with config A chunked, and the comparison open. */
async function openComparison(): Promise<void> {
  useChunkStore.getState().documentChanged(DOCUMENT);
  await answerChunk(host.chunkCalls.length - 1);
  useUiStore.setState({ compareOpen: true });
  useCompareStore.getState().start();
}

// Fresh stores for each test: a request one test left in flight must not hold back the next.
beforeEach(async () => {
  host.chunkCalls.length = 0;
  host.compareCalls.length = 0;
  vi.resetModules();
  ({ useChunkStore } = await import('./chunk-store'));
  ({ useCompareStore } = await import('./compare-store'));
  ({ useUiStore } = await import('./ui-store'));
  useChunkStore.setState({ config: CONFIG_A });
});

describe('compare store', () => {
  it('starts B as A with half the token budget and compares the two at once', async () => {
    await openComparison();
    expect(useCompareStore.getState().configB).toEqual({ ...CONFIG_A, maxTokens: 128 });
    expect(host.compareCalls.map((call) => call.request)).toEqual([
      { documentId: DOCUMENT, configA: CONFIG_A, configB: { ...CONFIG_A, maxTokens: 128 } },
    ]);
    expect(useCompareStore.getState().running).toBe(true);
    await answerCompare(0);
    expect(useCompareStore.getState()).toMatchObject({ running: false, error: null });
    expect(useCompareStore.getState().result?.b.config.maxTokens).toBe(128);
  });

  it("selects a chunk of either side for the inspector, and keeps B's selection while B still has that chunk", async () => {
    await openComparison();
    await answerCompare(0);
    const store = useCompareStore.getState();
    store.selectChunk('B', 4);
    expect(useCompareStore.getState()).toMatchObject({ selectedB: 4, inspected: 'B', resultConfigB: { ...CONFIG_A, maxTokens: 128 } });
    expect(useUiStore.getState().rightTab).toBe('chunk');
    // a chunk of A selected anywhere (here as J does) is the one inspected, B's stays selected in its column
    useChunkStore.getState().selectNext(1);
    expect(useCompareStore.getState()).toMatchObject({ selectedB: 4, inspected: 'A' });
    store.selectChunk('B', 2);
    store.setOptionB('mergePeers', false);
    await answerCompare(1);
    expect(useCompareStore.getState().selectedB).toBe(2);
    // another document starts with nothing selected in B
    useChunkStore.getState().documentChanged(OTHER_DOCUMENT);
    expect(useCompareStore.getState()).toMatchObject({ selectedB: null, inspected: 'A', result: null });
  });

  it('keeps one comparison in flight: edits to B made meanwhile go out together when it returns', async () => {
    await openComparison();
    const store = useCompareStore.getState();
    store.setOptionB('mergePeers', false);
    store.setOptionB('maxTokens', 64);
    store.setOptionB('maxTokens', 96);
    expect(host.compareCalls).toHaveLength(1);
    await answerCompare(0);
    // the first run is shown, and B is still busy with the latest edits
    expect(useCompareStore.getState().result?.b.config.maxTokens).toBe(128);
    expect(useCompareStore.getState().running).toBe(true);
    expect(host.compareCalls).toHaveLength(2);
    expect(host.compareCalls[1]!.request.configB).toEqual({ ...CONFIG_A, maxTokens: 96, mergePeers: false });
    await answerCompare(1);
    expect(useCompareStore.getState().running).toBe(false);
    expect(host.compareCalls).toHaveLength(2);
  });

  it('shows an error only for the latest B', async () => {
    await openComparison();
    useCompareStore.getState().setOptionB('maxTokens', 0);
    host.compareCalls[0]!.reject(new ApiCallError('invalid-config', 'maxTokens: must be a positive integer'));
    await settle();
    expect(useCompareStore.getState().error).toBeNull();
    host.compareCalls[1]!.reject(new ApiCallError('invalid-config', 'maxTokens: must be a positive integer'));
    await settle();
    expect(useCompareStore.getState()).toMatchObject({ running: false, error: 'maxTokens: must be a positive integer' });
  });

  it('copies A to B, so that both sides are asked for the same config', async () => {
    await openComparison();
    await answerCompare(0);
    useCompareStore.getState().copyAToB();
    expect(useCompareStore.getState().configB).toEqual(CONFIG_A);
    expect(host.compareCalls[1]!.request.configB).toEqual(host.compareCalls[1]!.request.configA);
    await answerCompare(1);
  });

  it("swaps A and B and compares again once A's new run is in", async () => {
    await openComparison();
    await answerCompare(0);
    useCompareStore.getState().setConfigB({ strategy: 'sentences', maxTokens: 100 });
    await answerCompare(1);
    useCompareStore.getState().swap();
    expect(useChunkStore.getState().config).toEqual({ strategy: 'sentences', maxTokens: 100 });
    expect(useCompareStore.getState().configB).toEqual(CONFIG_A);
    expect(host.compareCalls).toHaveLength(2);
    expect(host.chunkCalls.at(-1)!.request.config).toEqual({ strategy: 'sentences', maxTokens: 100 });
    await answerChunk(host.chunkCalls.length - 1);
    expect(host.compareCalls[2]!.request).toMatchObject({ configA: { strategy: 'sentences', maxTokens: 100 }, configB: CONFIG_A });
    await answerCompare(2);
  });

  it("holds B's own hand edits: A's when it starts, a preset's, A's again on a copy, and A's and B's exchanged by a swap", async () => {
    const merge: HandEdit = { kind: 'merge', id: 'm1', from: { offset: 10 }, to: { offset: 90 }, first: ['good'], last: ['evening'] };
    const split: HandEdit = { kind: 'split', id: 's1', at: { offset: 40 }, before: ['members'], after: ['of', 'congress'] };
    useChunkStore.setState({ edits: [merge] });
    await openComparison();
    expect(host.compareCalls[0]!.request).toMatchObject({ editsA: [merge], editsB: [merge] });
    await answerCompare(0);
    expect(useCompareStore.getState().resultEditsB).toEqual([merge]);
    // a preset loaded as B brings its own rules; a config change of B keeps them
    useCompareStore.getState().setConfigB({ strategy: 'sentences', maxTokens: 100 }, [split]);
    await answerCompare(1);
    useCompareStore.getState().setOptionB('maxTokens', 80);
    expect(host.compareCalls[2]!.request).toMatchObject({ editsA: [merge], editsB: [split] });
    await answerCompare(2);
    useCompareStore.getState().swap();
    expect(useChunkStore.getState().edits).toEqual([split]);
    expect(useCompareStore.getState().editsB).toEqual([merge]);
    await answerChunk(host.chunkCalls.length - 1);
    expect(host.compareCalls[3]!.request).toMatchObject({ editsA: [split], editsB: [merge] });
    await answerCompare(3);
    useCompareStore.getState().copyAToB();
    expect(host.compareCalls[4]!.request).toMatchObject({ editsA: [split], editsB: [split] });
    await answerCompare(4);
  });

  it('sends no edits for a side without any', async () => {
    await openComparison();
    expect(host.compareCalls[0]!.request).not.toHaveProperty('editsB');
    await answerCompare(0);
  });

  it("drops the last document's comparison when another document opens", async () => {
    await openComparison();
    await answerCompare(0);
    useChunkStore.getState().documentChanged(OTHER_DOCUMENT);
    expect(useCompareStore.getState().result).toBeNull();
    expect(host.compareCalls).toHaveLength(1);
    await answerChunk(host.chunkCalls.length - 1);
    expect(host.compareCalls[1]!.request.documentId).toBe(OTHER_DOCUMENT);
    await answerCompare(1);
  });

  it('does not compare while the comparison is closed', async () => {
    await openComparison();
    await answerCompare(0);
    useUiStore.setState({ compareOpen: false });
    useChunkStore.getState().setOption('maxTokens', 300);
    await answerChunk(host.chunkCalls.length - 1);
    expect(host.compareCalls).toHaveLength(1);
  });
});
