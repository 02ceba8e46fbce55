import { create } from 'zustand';
import type { ApiRequest } from '../../../src-shared/api';
import { DEFAULT_IMAGE_DPI, type OutputFormat } from '../../../src-shared/export-options';
import { messageOf } from '../api/errors';
import { exportChunks } from '../export-file';
import { useChunkStore } from './chunk-store';
import { useDocumentStore } from './document-store';
import { activeEnrichment, useEnrichmentStore } from './enrichment-store';

/** What the export dialog asks; kept for the session, so the next export starts from the last one's choices. */
export interface ExportChoices {
  format: OutputFormat;
  contextualizedText: boolean;
  artifacts: boolean;
  imageDpi: number;
}

interface ExportState {
  choices: ExportChoices;
  dialogOpen: boolean;
  running: boolean;
  /** what the last export could not include (pictures without image data) */
  notes: string[];
  openDialog(): void;
  closeDialog(): void;
  choose(patch: Partial<ExportChoices>): void;
  /** Exports the current chunks with the choices; errors go to the error banner. */
  run(): Promise<void>;
}

export const useExportStore = create<ExportState>()((set, get) => ({
  choices: { format: 'canonical', contextualizedText: true, artifacts: false, imageDpi: DEFAULT_IMAGE_DPI },
  dialogOpen: false,
  running: false,
  notes: [],
  openDialog() {
    if (useChunkStore.getState().run) set({ dialogOpen: true });
  },
  closeDialog: () => set({ dialogOpen: false }),
  choose: (patch) => set({ choices: { ...get().choices, ...patch } }),
  async run() {
    const { documentId, config, edits } = useChunkStore.getState();
    const source = useDocumentStore.getState().document;
    if (!documentId || !source || get().running) return;
    const { format, contextualizedText, artifacts, imageDpi } = get().choices;
    // the pipeline's steps apply to the export as they do in the CLI (docling chunk JSON has no place for them)
    const enrichment = format === 'docling' ? undefined : activeEnrichment(useEnrichmentStore.getState().settings);
    const request: ApiRequest<'exportChunks'> = {
      documentId,
      config,
      edits,
      format,
      contextualizedText,
      ...(artifacts ? { artifacts: { imageDpi } } : {}),
      // the LLM steps send only once the user confirmed the estimate of the run on screen
      ...(enrichment ? { enrichment, sendToLlm: useEnrichmentStore.getState().sendToLlm } : {}),
    };
    set({ running: true, notes: [] });
    try {
      const { notes } = await exportChunks(request, source.fileName);
      set({ notes });
    } catch (error) {
      useDocumentStore.getState().reportError(`export: ${messageOf(error)}`);
    } finally {
      // closed either way: the banner under the dialog shows an error
      set({ running: false, dialogOpen: false });
    }
  },
}));
