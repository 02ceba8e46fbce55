import { useUiStore } from '../stores/ui-store';

interface TextPagesTabsProps {
  showPages: boolean;
  textTestId?: string;
  pagesTestId: string;
  pagesTitle?: string;
}

/** The Text / Pages tabs of a PDF's view (the document's and Compare's): the one switch of the view mode. */
export function TextPagesTabs({ showPages, textTestId, pagesTestId, pagesTitle }: TextPagesTabsProps) {
  const setMode = useUiStore((s) => s.setMode);
  return (
    <>
      <button
        type="button"
        role="tab"
        aria-selected={!showPages}
        className={showPages ? '' : 'active'}
        onClick={() => setMode('text')}
        data-testid={textTestId}
      >
        Text
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={showPages}
        className={showPages ? 'active' : ''}
        onClick={() => setMode('page')}
        data-testid={pagesTestId}
        title={pagesTitle}
      >
        Pages
      </button>
    </>
  );
}
