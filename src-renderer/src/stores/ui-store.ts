import { create } from 'zustand';
import type { CoveragePlace } from '../../../src-shared/evaluation';

export type Theme = 'light' | 'dark';
export type DocumentMode = 'text' | 'page';
/** The tabs of the right column */
export type RightTab = 'chunk' | 'config' | 'stats' | 'enrichments';

interface UiState {
  theme: Theme;
  mode: DocumentMode;
  compareOpen: boolean;
  rightTab: RightTab;
  outlineFilter: string;
  /** item the outline asked the document view to scroll to */
  scrollTarget: { ref: string; nonce: number } | null;
  /** text in no chunk that the fidelity line or a lint finding asked the views to show */
  placeTarget: { place: CoveragePlace; nonce: number } | null;
  /** the page view's overlay of item types and reading order */
  pageItemsShown: boolean;
  toggleTheme(): void;
  togglePageItems(): void;
  setMode(mode: DocumentMode): void;
  toggleCompare(): void;
  setRightTab(tab: RightTab): void;
  setOutlineFilter(filter: string): void;
  scrollToItem(ref: string): void;
  /** Shows a place of text in no chunk: in the page view when only it shows such text (furniture) and the document has pages. */
  showPlace(place: CoveragePlace, hasPages: boolean): void;
}

const THEME_KEY = 'stratum.theme';

function initialTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** View state only: nothing here is sent to the host. */
export const useUiStore = create<UiState>()((set, get) => ({
  theme: initialTheme(),
  mode: 'text',
  compareOpen: false,
  rightTab: 'config',
  outlineFilter: '',
  scrollTarget: null,
  placeTarget: null,
  pageItemsShown: false,
  togglePageItems: () => set({ pageItemsShown: !get().pageItemsShown }),
  toggleTheme() {
    const theme = get().theme === 'light' ? 'dark' : 'light';
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  setMode: (mode) => set({ mode }),
  toggleCompare: () => set({ compareOpen: !get().compareOpen }),
  setRightTab: (rightTab) => set({ rightTab }),
  setOutlineFilter: (outlineFilter) => set({ outlineFilter }),
  scrollToItem: (ref) => set({ scrollTarget: { ref, nonce: (get().scrollTarget?.nonce ?? 0) + 1 } }),
  showPlace(place, hasPages) {
    // the text view lists the body, pictures and tables; furniture lies on the pages only
    const mode = place.kind === 'furniture' && hasPages ? 'page' : get().mode;
    set({ mode, placeTarget: { place, nonce: (get().placeTarget?.nonce ?? 0) + 1 } });
  },
}));
