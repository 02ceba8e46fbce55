import { create } from 'zustand';
import type { Catalog, Preset } from '../../../src-shared/api';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { useChunkStore } from './chunk-store';

interface CatalogState {
  catalog: Catalog | null;
  presets: Preset[];
  error: string | null;
  load(): Promise<void>;
  refreshPresets(): Promise<void>;
}

/** What the host offers: strategies with their option schemas, tokenizers, formats, presets. */
export const useCatalogStore = create<CatalogState>()((set) => ({
  catalog: null,
  presets: [],
  error: null,
  async load() {
    try {
      const [catalog, { presets }] = await Promise.all([api.getCatalog({}), api.listPresets({})]);
      set({ catalog, presets, error: null });
      // A host without the default strategy still chunks: fall back to the first one it has.
      const chunking = useChunkStore.getState();
      const first = catalog.strategies[0];
      if (first && !catalog.strategies.some((s) => s.name === chunking.config.strategy))
        chunking.setConfig({ ...chunking.config, strategy: first.name });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async refreshPresets() {
    const { presets } = await api.listPresets({});
    set({ presets });
  },
}));
