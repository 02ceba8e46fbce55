import type { DoclingDocument, TableItem } from '../../ir/types';
import { ChunkingSerializer } from '../../chunk/docling/serializer/doc-serializer';
import { CHUNKING_SERIALIZER_DEFAULTS } from '../../chunk/docling/serializer/params';
import type { TableSerializationContext } from '../../chunk/docling/serializer/table-serializer';

/**
 * Each table as a Markdown file: its captions, then the table as docling-core's Markdown table
 * serializer prints it (the same text a chunk with `tables: markdown` holds). A table is written
 * even where chunking leaves it out (page furniture): the file exists because the table does.
 */
export function tableMarkdownFiles(doc: DoclingDocument, tables: readonly TableItem[]): string[] {
  const serializer = new ChunkingSerializer(doc, { ...CHUNKING_SERIALIZER_DEFAULTS, tables: 'markdown' });
  return tables.map((table) => {
    const context: TableSerializationContext = {
      serializeCaptions: (item) => serializer.serializeCaptions(item),
      isExcluded: (selfRef) => selfRef !== table.self_ref && serializer.isExcluded(selfRef),
      serializeNode: (node, visited) => serializer.serializeNode(node, visited),
      resolve: (ref) => serializer.resolve(ref),
    };
    const { text } = serializer.tableSerializer.serialize(table, context, new Set());
    return `${text}\n`;
  });
}
