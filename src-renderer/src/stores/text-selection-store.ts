import { create } from 'zustand';
import { itemTextSelectionOf, type ItemTextSelection } from '../item-text-point';
import { useDocumentStore } from './document-store';

interface TextSelectionState {
  /** the last caret or selection the user made in the document's text; kept while the focus moves to a button */
  selection: ItemTextSelection | null;
}

/** Where the user last put the caret or selected text in the document view, as item text places (what hand edits name). */
export const useTextSelectionStore = create<TextSelectionState>()(() => ({ selection: null }));

const textOfItem = (ref: string) => useDocumentStore.getState().document?.items.find((item) => item.ref === ref)?.text;

/**
 * Follows the page's selection into the store; returns the function that stops it. A selection outside the document's
 * rows leaves the last one, so that a command button clicked after selecting still acts on it.
 */
export function trackTextSelection(): () => void {
  const onChange = () => {
    const selection = itemTextSelectionOf(window.getSelection(), textOfItem);
    if (selection) useTextSelectionStore.setState({ selection });
  };
  document.addEventListener('selectionchange', onChange);
  return () => document.removeEventListener('selectionchange', onChange);
}

// another document's places name other items
useDocumentStore.subscribe((now, before) => {
  if (now.document?.documentId !== before.document?.documentId) useTextSelectionStore.setState({ selection: null });
});
