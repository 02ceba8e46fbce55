import { useChunkStore } from './stores/chunk-store';
import { useTextSelectionStore } from './stores/text-selection-store';

/** What a hand edit command would act on now, or why it cannot (the panel shows it on the disabled button). */
export type CommandTarget = { ready: true } | { ready: false; reason: string };

const READY: CommandTarget = { ready: true };

export function mergeTarget(): CommandTarget {
  const { run, selectedIndex } = useChunkStore.getState();
  if (!run || selectedIndex === null) return { ready: false, reason: 'select a chunk first' };
  if (selectedIndex + 1 >= run.chunks.length) return { ready: false, reason: 'the last chunk has no next one' };
  return READY;
}

export function splitTarget(): CommandTarget {
  return useTextSelectionStore.getState().selection ? READY : { ready: false, reason: "click in the document's text first" };
}

export function regionTarget(): CommandTarget {
  const selection = useTextSelectionStore.getState().selection;
  if (!selection) return { ready: false, reason: "select text in the document's view first" };
  const { from, to } = selection;
  return from.ref === to.ref && from.offset === to.offset ? { ready: false, reason: 'the selection is empty' } : READY;
}

/** Merges the selected chunk with the next one (M). */
export function mergeWithNext(): void {
  const { selectedIndex } = useChunkStore.getState();
  if (!mergeTarget().ready || selectedIndex === null) return;
  void useChunkStore.getState().addHandEdit({ kind: 'merge', chunks: [selectedIndex, selectedIndex + 1] });
}

/** Splits the chunk at the caret, or at the start of the selection (S). */
export function splitAtSelection(): void {
  const selection = useTextSelectionStore.getState().selection;
  if (!selection) return;
  void useChunkStore.getState().addHandEdit({ kind: 'split', ...selection.from });
}

/** Pins the selected text into one chunk, or excludes it from every chunk. */
export function editSelection(kind: 'pin' | 'exclude'): void {
  const selection = useTextSelectionStore.getState().selection;
  if (!selection || !regionTarget().ready) return;
  void useChunkStore.getState().addHandEdit({ kind, from: selection.from, to: selection.to });
}
