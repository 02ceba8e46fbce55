import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ChunkRun } from '../../../src-shared/api';
import type { ConfigFile } from '../../../src-shared/config';

/** What the store asked the host, in order. */
const asked: string[] = [];

vi.mock('../api/host', () => ({
  desktop: undefined,
  api: {
    getChunkCards: async ({ config }: ApiRequest<'getChunkCards'>) => {
      asked.push(`cards ${config.maxTokens}`);
      return { cards: [] };
    },
    getChunkExtents: async ({ config }: ApiRequest<'getChunkExtents'>) => {
      asked.push(`extents ${config.maxTokens}`);
      return { extents: [{ ranges: [], tableRows: [], contextItems: [] }] };
    },
  },
}));

let useChunkCardsStore: (typeof import('./chunk-cards-store'))['useChunkCardsStore'];

const DOCUMENT = 'a1b2c3d4';
const configOf = (maxTokens: number): ConfigFile => ({ strategy: 'hybrid', maxTokens });
const runOf = () => ({ chunks: [], stats: { count: 0 }, findings: [] }) as unknown as ChunkRun;

beforeEach(async () => {
  asked.length = 0;
  vi.useFakeTimers();
  vi.resetModules();
  ({ useChunkCardsStore } = await import('./chunk-cards-store'));
});

afterEach(() => vi.useRealTimers());

describe('chunk cards store', () => {
  it('asks for a settled run’s cards, then its extents; never for a run an edit replaced or is replacing', async () => {
    const store = useChunkCardsStore.getState();
    const replaced = store.runShown(DOCUMENT, configOf(64), runOf());
    const shown = runOf();
    const settled = store.runShown(DOCUMENT, configOf(128), shown);
    await vi.runAllTimersAsync();
    await Promise.all([replaced, settled]);
    expect(asked).toEqual(['cards 128', 'extents 128']);
    expect(useChunkCardsStore.getState()).toMatchObject({ run: shown, cards: [], extents: [{ contextItems: [] }] });

    asked.length = 0;
    const editing = store.runShown(DOCUMENT, configOf(256), runOf());
    store.editStarted();
    await vi.runAllTimersAsync();
    await editing;
    expect(asked).toEqual([]);
    expect(useChunkCardsStore.getState().extents).toBeNull();
  });
});
