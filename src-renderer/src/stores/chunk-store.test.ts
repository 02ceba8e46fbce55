import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResponse, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';
import type { HandEdit } from '../../../src-shared/hand-edits';

const host = vi.hoisted(() => ({
  chunkRequests: [] as Array<ApiRequest<'chunkDocument'>>,
  addRequests: [] as Array<ApiRequest<'addHandEdit'>>,
  refuse: null as string | null,
}));

const MERGE: HandEdit = {
  kind: 'merge',
  id: 'e1',
  from: { offset: 10 },
  to: { offset: 90 },
  first: ['good', 'evening'],
  last: ['the', 'union'],
};

/** A run as the host would give it; its content does not matter to the store. */
const RUN = { chunks: [], stats: { count: 0 }, findings: [] } as unknown as ChunkRun;

vi.mock('../api/host', () => ({
  desktop: undefined,
  api: {
    chunkDocument: async (request: ApiRequest<'chunkDocument'>) => {
      host.chunkRequests.push(request);
      return RUN;
    },
    addHandEdit: async (request: ApiRequest<'addHandEdit'>): Promise<ApiResponse<'addHandEdit'>> => {
      host.addRequests.push(request);
      if (host.refuse) throw new Error(host.refuse);
      return { edits: [...request.edits, MERGE], run: RUN };
    },
    // measured after each run; not what these tests look at
    getCoverage: () => Promise.reject(new Error('not measured here')),
    getChunkCards: () => Promise.reject(new Error('not listed here')),
  },
}));

let useChunkStore: (typeof import('./chunk-store'))['useChunkStore'];

const DOCUMENT = 'a1b2c3d4';
const CONFIG: ConfigFile = { strategy: 'hybrid', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', maxTokens: 256 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  host.chunkRequests.length = 0;
  host.addRequests.length = 0;
  host.refuse = null;
  vi.resetModules();
  ({ useChunkStore } = await import('./chunk-store'));
  useChunkStore.setState({ config: CONFIG });
  useChunkStore.getState().documentChanged(DOCUMENT);
  await settle();
});

describe('chunk store hand edits', () => {
  it('makes a rule on the run on screen and sends the new list with every later run', async () => {
    await useChunkStore.getState().addHandEdit({ kind: 'merge', chunks: [1, 2] });
    await settle();
    expect(host.addRequests).toEqual([{ documentId: DOCUMENT, config: CONFIG, edits: [], edit: { kind: 'merge', chunks: [1, 2] } }]);
    expect(useChunkStore.getState().edits).toEqual([MERGE]);
    expect(useChunkStore.getState().runEdits).toEqual([MERGE]);

    useChunkStore.getState().setOption('maxTokens', 128);
    await settle();
    expect(host.chunkRequests.at(-1)).toEqual({ documentId: DOCUMENT, config: { ...CONFIG, maxTokens: 128 }, edits: [MERGE] });
  });

  it("takes a preset's edits with its config in one request, and a preset without any clears them", async () => {
    const before = host.chunkRequests.length;
    useChunkStore.getState().setConfig({ ...CONFIG, maxTokens: 512 }, [MERGE]);
    await settle();
    expect(host.chunkRequests.slice(before)).toEqual([{ documentId: DOCUMENT, config: { ...CONFIG, maxTokens: 512 }, edits: [MERGE] }]);
    useChunkStore.getState().setConfig(CONFIG, []);
    await settle();
    expect(host.chunkRequests.at(-1)?.edits).toEqual([]);
  });

  it('shows why a hand edit was refused and keeps the rules as they were', async () => {
    host.refuse = 'a split inside a table is refused';
    await useChunkStore.getState().addHandEdit({ kind: 'split', ref: '#/tables/0', offset: 3 });
    expect(useChunkStore.getState().handEditError).toContain('a split inside a table is refused');
    expect(useChunkStore.getState().edits).toEqual([]);
  });
});
