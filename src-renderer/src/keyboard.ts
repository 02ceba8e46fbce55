import { useEffect } from 'react';
import { mergeWithNext, splitAtSelection } from './hand-edit-commands';
import { useChunkStore } from './stores/chunk-store';
import { useExportStore } from './stores/export-store';
import { useUiStore } from './stores/ui-store';

interface ShortcutActions {
  open(): void;
}

/**
 * Ctrl+O open, Ctrl+S the export dialog, J/K next/previous chunk, / the chunk list's search, Ctrl+D compare, M merge the
 * selected chunk with the next, S split at the caret in the document; letters are ignored while typing in a field.
 */
export function useKeyboardShortcuts(actions: ShortcutActions): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (key === 'o') actions.open();
        else if (key === 's') useExportStore.getState().openDialog();
        else if (key === 'd') useUiStore.getState().toggleCompare();
        else return;
        event.preventDefault();
        return;
      }
      // letters in a dialog belong to it, not to the chunk list behind it
      if (event.altKey || isTyping(event.target) || (event.target instanceof Element && event.target.closest('dialog'))) return;
      if (key === 'j') useChunkStore.getState().selectNext(1);
      else if (key === 'k') useChunkStore.getState().selectNext(-1);
      else if (key === 'm') mergeWithNext();
      else if (key === 's') splitAtSelection();
      else if (key === '/') {
        const search = window.document.querySelector<HTMLInputElement>('[data-testid="chunk-search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [actions]);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
