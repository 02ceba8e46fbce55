import type { DoclingDocument } from '../../ir/types';
import type { DocChunk } from './doc-chunk';
import { hierarchicalChunks } from './hierarchical';
import { ChunkingSerializer } from './serializer/doc-serializer';
import type { SerializerParams } from './serializer/params';

/**
 * What the Docling strategies derive from a document alone, kept as long as the document is: the
 * serializer (its set-up walks every item) and the hierarchical chunks the hybrid chunker starts
 * from. Live tuning re-chunks one document with other sizes and these do not change with the size,
 * so each is derived once. Documents are not changed once parsed; the chunkers only read them.
 */
const serializers = new WeakMap<DoclingDocument, Map<string, ChunkingSerializer>>();
const hierarchicalRuns = new WeakMap<ChunkingSerializer, Map<boolean, readonly DocChunk[]>>();

export function serializerOf(doc: DoclingDocument, params: SerializerParams): ChunkingSerializer {
  let byParams = serializers.get(doc);
  if (!byParams) serializers.set(doc, (byParams = new Map()));
  const key = JSON.stringify(params);
  let serializer = byParams.get(key);
  if (!serializer) byParams.set(key, (serializer = new ChunkingSerializer(doc, params)));
  return serializer;
}

/** `hierarchicalChunks(doc, serializer, alwaysEmitHeadings)`, once per serializer (of `doc`) and heading setting. */
export function hierarchicalChunksOf(
  doc: DoclingDocument,
  serializer: ChunkingSerializer,
  alwaysEmitHeadings: boolean,
): readonly DocChunk[] {
  let bySetting = hierarchicalRuns.get(serializer);
  if (!bySetting) hierarchicalRuns.set(serializer, (bySetting = new Map()));
  let chunks = bySetting.get(alwaysEmitHeadings);
  if (!chunks) bySetting.set(alwaysEmitHeadings, (chunks = [...hierarchicalChunks(doc, serializer, alwaysEmitHeadings)]));
  return chunks;
}
