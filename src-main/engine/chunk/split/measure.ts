import { countWords } from '../../text/words';
import type { Tokenizer } from '../../tokenize/tokenizer';

/** What a size option counts. */
type SizeUnit = 'tokens' | 'words' | 'characters';

/** The size of a text in some unit. */
export type Measure = (text: string) => number;

export function countCharacters(text: string): number {
  return text.length;
}

export function measureFor(unit: SizeUnit, tokenizer: Tokenizer): Measure {
  switch (unit) {
    case 'tokens':
      return (text) => tokenizer.count(text);
    case 'words':
      return countWords;
    case 'characters':
      return countCharacters;
  }
}
