import type { DocItem } from '../../ir/types';
import type { TextOrigin } from './serializer/serialization-result';

/** docling-core's `DocChunk` (text + `DocMeta`), as the Docling chunkers pass it along. */
export interface DocChunk {
  text: string;
  /** `meta.doc_items`; may repeat an item after merging. */
  docItems: DocItem[];
  /** `meta.headings`; null when absent (never an empty list). */
  headings: string[] | null;
  /** The heading items of `headings`, in its order; null with it. */
  headingRefs: string[] | null;
  /** Where the stretches of `text` came from (see `TextOrigin`). */
  origins: readonly TextOrigin[];
  /** Heading-only chunks (`always_emit_headings`) carry no `origin`. */
  headingOnly: boolean;
  /** `count(contextualize(chunk))`, when the chunker already knows it exactly. */
  tokenCount?: number;
}
