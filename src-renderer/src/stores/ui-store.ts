import { create } from 'zustand';

export type Theme = 'light' | 'dark';
export type DocumentMode = 'text' | 'page';

interface UiState {
  theme: Theme;
  mode: DocumentMode;
  compareOpen: boolean;
  outlineFilter: string;
  /** item the outline asked the document view to scroll to */
  scrollTarget: { ref: string; nonce: number } | null;
  toggleTheme(): void;
  setMode(mode: DocumentMode): void;
  toggleCompare(): void;
  setOutlineFilter(filter: string): void;
  scrollToItem(ref: string): void;
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
  outlineFilter: '',
  scrollTarget: null,
  toggleTheme() {
    const theme = get().theme === 'light' ? 'dark' : 'light';
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  setMode: (mode) => set({ mode }),
  toggleCompare: () => set({ compareOpen: !get().compareOpen }),
  setOutlineFilter: (outlineFilter) => set({ outlineFilter }),
  scrollToItem: (ref) => set({ scrollTarget: { ref, nonce: (get().scrollTarget?.nonce ?? 0) + 1 } }),
}));
