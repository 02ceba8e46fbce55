import type { DocumentView } from '../../../src-shared/api';
import { useLabStore } from '../stores/lab-store';
import { useUiStore } from '../stores/ui-store';
import { ChunkList } from './ChunkList';
import { ComparePane } from './ComparePane';
import { DocumentPane } from './DocumentView';
import { FidelityLine } from './FidelityLine';
import { LabPanel } from './LabPanel';
import { PdfPageView } from './PdfPageView';
import { TextPagesTabs } from './TextPagesTabs';

/** Opens and closes the chunk quality lab above the document. */
function LabToggle() {
  const labOpen = useLabStore((s) => s.open);
  const toggleLab = useLabStore((s) => s.toggleOpen);
  return (
    <button
      type="button"
      className={`lab-toggle${labOpen ? ' active' : ''}`}
      aria-pressed={labOpen}
      onClick={toggleLab}
      title="the chunk quality lab: retrieval preview, evaluation with a question set, sweeps"
      data-testid="lab-toggle"
    >
      Lab
    </button>
  );
}

/**
 * The chunk list beside the document as text or (PDF) as pages, or the A/B comparison; the quality
 * lab above the document when open.
 */
export function CentrePane({ document }: { document: DocumentView }) {
  const mode = useUiStore((s) => s.mode);
  const compareOpen = useUiStore((s) => s.compareOpen);
  const labOpen = useLabStore((s) => s.open);
  // the lab uses Compare's config as its B, and shows the document under A while it is open
  if (compareOpen && !labOpen) {
    return (
      <>
        <div className="view-switch">
          <LabToggle />
        </div>
        <ComparePane document={document} />
      </>
    );
  }
  const showPages = document.hasPdf && mode === 'page';
  return (
    <div className="centre-split">
      <ChunkList />
      <div className="centre-main">
        <FidelityLine document={document} />
        {labOpen && <LabPanel />}
        <div className="view-switch" role="tablist">
          {document.hasPdf && <TextPagesTabs showPages={showPages} textTestId="text-view-tab" pagesTestId="page-view-tab" />}
          <LabToggle />
        </div>
        {showPages ? <PdfPageView document={document} /> : <DocumentPane items={document.items} />}
      </div>
    </div>
  );
}
