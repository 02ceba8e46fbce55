import { StratumError } from '../../../../src-shared/errors';
import { checkpoint } from '../../cancellation';

/**
 * Reads a long run of sibling elements (a worksheet's `<row>`s inside `<sheetData>`, the shared
 * strings' `<si>`s inside `<sst>`) from an XML part that arrives in pieces, handing them on in
 * batches of whole elements, so that a part of any length is parsed in bounded memory: only the
 * current batch is ever held as text or as a tree. What follows the container (a worksheet's
 * merged cells, drawings, table parts) is returned whole.
 */
export interface ElementStreamOptions {
  /** local name of the element holding the run, e.g. `sheetData` */
  container: string;
  /** local name of the repeated element, e.g. `row` */
  element: string;
  /** characters of whole elements handed on at a time (more when one element is longer) */
  batchCharacters?: number;
  /** most characters the part may hold after the container; past it the part is refused */
  maxTailCharacters: number;
  /** the part as errors name it */
  where: string;
  fileName: string;
  signal?: AbortSignal;
}

const DEFAULT_BATCH_CHARACTERS = 1 << 20;

/** Calls `onBatch` with XML text of whole `element`s, in order; resolves with the XML after the container. */
export async function streamElements(
  chunks: AsyncIterable<Uint8Array>,
  options: ElementStreamOptions,
  onBatch: (xml: string) => void,
): Promise<string> {
  const batchCharacters = options.batchCharacters ?? DEFAULT_BATCH_CHARACTERS;
  const decoder = new TextDecoder('utf-8');
  let state = 'before' as 'before' | 'inside' | 'after';
  let buffer = '';
  let openTag = `<${options.element}`;
  let closeContainer = `</${options.container}>`;

  const consume = (final: boolean): void => {
    if (state === 'before') {
      const start = new RegExp(`<((?:[\\w.-]+:)?)${options.container}(?=[\\s>/])`).exec(buffer);
      if (!start) {
        // Only what precedes the container is dropped: keep enough to find a tag cut in two.
        if (buffer.length > 256) buffer = buffer.slice(-256);
        return;
      }
      const prefix = start[1] ?? '';
      openTag = `<${prefix}${options.element}`;
      closeContainer = `</${prefix}${options.container}>`;
      const tagEnd = buffer.indexOf('>', start.index);
      if (tagEnd < 0) return;
      const selfClosing = buffer[tagEnd - 1] === '/';
      buffer = buffer.slice(tagEnd + 1);
      state = selfClosing ? 'after' : 'inside';
    }
    if (state === 'inside') {
      const end = buffer.indexOf(closeContainer);
      if (end >= 0) {
        if (end > 0) onBatch(buffer.slice(0, end));
        buffer = buffer.slice(end + closeContainer.length);
        state = 'after';
      } else if (buffer.length >= batchCharacters || final) {
        const cut = lastElementStart(buffer, openTag);
        if (cut > 0) {
          onBatch(buffer.slice(0, cut));
          buffer = buffer.slice(cut);
        }
      }
    }
    if (state === 'after' && buffer.length > options.maxTailCharacters) {
      throw new StratumError(
        'too-large',
        `${options.fileName}: ${options.where} holds more than ${options.maxTailCharacters} characters after its data`,
      );
    }
  };

  let pieces = 0;
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    consume(false);
    if (++pieces % 16 === 0) await checkpoint(options.signal);
  }
  buffer += decoder.decode();
  consume(true);
  if (state === 'inside')
    throw new StratumError('corrupt-file', `${options.fileName}: cannot be read, ${options.where} ends inside its data`);
  return state === 'after' ? buffer : '';
}

/** Where the last `openTag` element begins (a tag of that name, not of a longer one); -1 when none. */
function lastElementStart(buffer: string, openTag: string): number {
  let at = buffer.lastIndexOf(openTag);
  while (at > 0) {
    const next = buffer[at + openTag.length];
    if (next === undefined || next === ' ' || next === '>' || next === '/' || next === '\t' || next === '\n' || next === '\r') return at;
    at = buffer.lastIndexOf(openTag, at - 1);
  }
  return at;
}
