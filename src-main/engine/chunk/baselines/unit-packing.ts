import type { TextRange } from '../../text/text-range';
import { fitRange } from '../split/fit';
import { measureFor, type Measure } from '../split/measure';
import { packPieces, type Piece } from '../split/pack';
import type { ChunkingStrategy } from '../strategy';
import { chunkPlainText } from './document-chunks';
import type { PackedUnitsOptions } from './size-options';

/**
 * Packs consecutive units (sentences, paragraphs) into chunks of at most `size`, repeating whole
 * trailing units up to `overlap`; a unit larger than `size` is first broken up, finer and finer.
 */
function packUnits(text: string, units: readonly TextRange[], size: number, overlap: number, measure: Measure): TextRange[] {
  const pieces: Piece[] = units.flatMap((unit) => fitRange(text, unit, size, measure));
  return packPieces(text, pieces, { target: size, max: size, overlap }, measure).map((window) => ({
    start: pieces[window.first]!.start,
    end: pieces[window.end - 1]!.end,
  }));
}

/** A packing baseline's `chunk`: the units `split` finds in the document's plain text, packed. */
export function chunkPackedUnits(split: (text: string) => TextRange[]): ChunkingStrategy<PackedUnitsOptions>['chunk'] {
  return chunkPlainText((text, options: PackedUnitsOptions, context) =>
    packUnits(text, split(text), options.size, options.overlap, measureFor(options.unit, context.tokenizer)),
  );
}
