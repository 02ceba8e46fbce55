import type { NodeItem, PictureItem, TableItem, TextItem } from '../../../ir/types';
import type { SerializationResult } from './serialization-result';

/** What a table serializer needs from the document serializer. */
export interface TableSerializationContext {
  serializeCaptions(item: TableItem | PictureItem | TextItem): SerializationResult;
  isExcluded(selfRef: string): boolean;
  /** Serializes a rich cell's node (marks what it consumes in `visited`). */
  serializeNode(node: NodeItem, visited: Set<string>): SerializationResult;
  resolve(ref: string): NodeItem | undefined;
}

export interface HeaderAndBodyLines {
  header: string[];
  body: string[];
}

/** One way of printing tables; the HybridChunker's table path also asks it to split its own output. */
export interface TableSerializer {
  serialize(table: TableItem, context: TableSerializationContext, visited: Set<string>): SerializationResult;
  /** docling-core `get_header_and_body_lines`. */
  headerAndBodyLines(tableText: string): HeaderAndBodyLines;
}
