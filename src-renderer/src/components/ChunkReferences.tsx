import { useMemo } from 'react';
import { isRecord } from '../../../src-shared/is-record';
import { useChunkStore } from '../stores/chunk-store';

/** One entry of `chunk.enrichments.references.intra_document`, as the references step writes it. */
export interface IntraDocumentReference {
  text: string;
  kind: string;
  target: string;
  targetChunkIds: string[];
  resolved: boolean;
}

/** The chunk's intra-document references; an entry missing a field the links need is left out. */
export function referencesOf(enrichments: Record<string, unknown>): IntraDocumentReference[] {
  const references = enrichments['references'];
  const entries = isRecord(references) && Array.isArray(references.intra_document) ? references.intra_document : [];
  return entries.filter(isRecord).flatMap((entry) =>
    typeof entry.text === 'string' && typeof entry.kind === 'string' && typeof entry.target === 'string'
      ? [
          {
            text: entry.text,
            kind: entry.kind,
            target: entry.target,
            targetChunkIds: Array.isArray(entry.target_chunk_ids) ? entry.target_chunk_ids.filter((id) => typeof id === 'string') : [],
            resolved: entry.resolved === true,
          },
        ]
      : [],
  );
}

/**
 * The references a chunk makes to other parts of the document: each target chunk a button that
 * selects it (the document views scroll to the selection), an unresolved one said to be so.
 */
export function ChunkReferences({ references }: { references: readonly IntraDocumentReference[] }) {
  const run = useChunkStore((s) => s.run);
  const select = useChunkStore((s) => s.select);
  const indexById = useMemo(() => new Map((run?.chunks ?? []).map((chunk) => [chunk.id, chunk.index])), [run]);
  return (
    <ul className="reference-list" data-testid="inspector-references">
      {references.map((reference, position) => {
        const targets = reference.targetChunkIds.flatMap((id) => {
          const index = indexById.get(id);
          return index === undefined ? [] : [index];
        });
        return (
          <li key={position} className={targets.length === 0 ? 'unresolved' : ''} data-testid="reference">
            <span className="reference-text" title={`${reference.kind} ${reference.target}`}>
              {reference.text}
            </span>
            {targets.length === 0 ? (
              <span className="muted" data-testid="reference-unresolved">
                {reference.resolved ? 'its chunk is not in this run' : 'not found in the document'}
              </span>
            ) : (
              targets.map((index) => (
                <button
                  key={index}
                  type="button"
                  className="chip reference-link"
                  data-testid="reference-link"
                  aria-label={`Go to chunk #${index}, which holds ${reference.kind} ${reference.target}`}
                  onClick={() => select(index)}
                >
                  → #{index}
                </button>
              ))
            )}
          </li>
        );
      })}
    </ul>
  );
}
