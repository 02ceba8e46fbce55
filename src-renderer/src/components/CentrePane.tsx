import type { DocumentView } from '../../../src-shared/api';
import { useUiStore } from '../stores/ui-store';
import { ChunkList } from './ChunkList';
import { ComparePane } from './ComparePane';
import { DocumentPane } from './DocumentView';
import { FidelityLine } from './FidelityLine';
import { PdfPageView } from './PdfPageView';

/** The chunk list beside the document as text or (PDF) as pages, or the A/B comparison. */
export function CentrePane({ document }: { document: DocumentView }) {
  const mode = useUiStore((s) => s.mode);
  const setMode = useUiStore((s) => s.setMode);
  const compareOpen = useUiStore((s) => s.compareOpen);
  if (compareOpen) return <ComparePane document={document} />;
  const showPages = document.hasPdf && mode === 'page';
  return (
    <div className="centre-split">
      <ChunkList />
      <div className="centre-main">
        <FidelityLine document={document} />
        {document.hasPdf && (
          <div className="view-switch" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={!showPages}
              className={showPages ? '' : 'active'}
              onClick={() => setMode('text')}
              data-testid="text-view-tab"
            >
              Text
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={showPages}
              className={showPages ? 'active' : ''}
              onClick={() => setMode('page')}
              data-testid="page-view-tab"
            >
              Pages
            </button>
          </div>
        )}
        {showPages ? <PdfPageView document={document} /> : <DocumentPane items={document.items} />}
      </div>
    </div>
  );
}
