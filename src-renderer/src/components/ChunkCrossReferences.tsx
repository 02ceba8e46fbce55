import { isRecord } from '../../../src-shared/is-record';
import { useDocumentSetStore } from '../stores/document-set-store';

/** One entry of `chunk.enrichments.references.cross_document`, as the cross-doc step writes it. */
export interface CrossDocumentReference {
  docId: string;
  sourceFile: string;
  chunkId: string;
  score: number;
  method: string;
  note: string | null;
}

/** The chunk's related chunks of other documents; an entry missing a field the links need is left out. */
export function crossReferencesOf(enrichments: Record<string, unknown>): CrossDocumentReference[] | null {
  const references = enrichments['references'];
  if (!isRecord(references) || !Array.isArray(references.cross_document)) return null;
  return references.cross_document.filter(isRecord).flatMap((entry) =>
    typeof entry.doc_id === 'string' && typeof entry.chunk_id === 'string' && typeof entry.source_file === 'string'
      ? [
          {
            docId: entry.doc_id,
            sourceFile: entry.source_file,
            chunkId: entry.chunk_id,
            score: typeof entry.score === 'number' ? entry.score : 0,
            method: typeof entry.method === 'string' ? entry.method : '',
            note: typeof entry.note === 'string' ? entry.note : null,
          },
        ]
      : [],
  );
}

/**
 * The chunks of the set's other documents this chunk relates to: each a button that opens that
 * document and selects the chunk; one whose document is no longer in the set is said to be so.
 */
export function ChunkCrossReferences({ references }: { references: readonly CrossDocumentReference[] }) {
  const members = useDocumentSetStore((s) => s.members);
  const openChunk = useDocumentSetStore((s) => s.openChunk);
  return (
    <ul className="reference-list" data-testid="inspector-cross-references">
      {references.map((reference) => {
        const inSet = members.some((member) => member.documentId === reference.docId && member.state === 'open');
        const label = `${reference.sourceFile} · ${reference.method} ${reference.score.toFixed(2)}`;
        return (
          <li key={`${reference.docId}:${reference.chunkId}:${reference.method}`} data-testid="cross-reference">
            {inSet ? (
              <button
                type="button"
                className="chip reference-link"
                data-testid="cross-reference-link"
                data-chunk-id={reference.chunkId}
                aria-label={`Open ${reference.sourceFile} at its related chunk (${reference.method} score ${reference.score.toFixed(2)})`}
                onClick={() => void openChunk(reference.docId, reference.chunkId)}
              >
                → {label}
              </button>
            ) : (
              <span className="muted">{label} (not in the open set)</span>
            )}
            {reference.note && <span className="reference-text"> {reference.note}</span>}
          </li>
        );
      })}
    </ul>
  );
}
