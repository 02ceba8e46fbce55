import type { Chunk } from '../../../src-shared/chunk';
import type { DoclingDocument } from '../ir/types';
import { resolveDocItems } from '../chunk/build-chunk';
import { docChunkDump } from '../chunk/docling/docling-dump';

/**
 * The `--format docling` writer: exactly what docling-core's tests write,
 * `json.dump({"root": [chunk.export_json_dict() ...]}, indent=4)` plus a newline — Python's
 * `ensure_ascii`, float bounding boxes printed as floats (`632.0`), `binary_hash` a bare integer.
 */
export function writeDoclingChunks(doc: DoclingDocument, chunks: Iterable<Chunk>): string {
  const root: unknown[] = [];
  for (const chunk of chunks) {
    const docItems = chunk.docItems.flatMap((ref) => resolveDocItems(doc, [ref]));
    root.push(
      docChunkDump(
        { text: chunk.text, docItems, headings: chunk.headingPath.length > 0 ? chunk.headingPath : null, headingOnly: chunk.headingOnly },
        doc,
      ),
    );
  }
  return `${pythonJson({ root }, 0, '')}\n`;
}

const FLOAT_KEYS = new Set(['l', 't', 'r', 'b']);

function pythonJson(value: unknown, depth: number, key: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return FLOAT_KEYS.has(key) ? pythonFloat(value) : pythonNumber(value);
  if (typeof value === 'string') return key === 'binary_hash' && /^\d+$/.test(value) ? value : asciiString(value);
  const indent = '    '.repeat(depth + 1);
  const closing = '    '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => indent + pythonJson(v, depth + 1, '')).join(',\n')}\n${closing}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${indent}${asciiString(k)}: ${pythonJson(v, depth + 1, k)}`).join(',\n')}\n${closing}}`;
}

/** Python's float repr: `632.0`, `1e-05`, `1e+16`. */
function pythonFloat(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

function pythonNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : pythonFloat(value);
}

/** JSON string with every non-ASCII character as `\uXXXX` (surrogate pairs for astral ones). */
function asciiString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
