import type { DoclingDocument } from '../../ir/types';
import { headingTextF1, tableMatchF1, textCoverage, wordOrderSimilarity } from '../../evaluate/parse-metrics';

/**
 * The PDF quality bar against Docling's groundtruth, in the shared parse metrics: heading F1 on
 * heading text alone (Docling's PDF pipeline gives every header level 1), word coverage both ways,
 * word-order similarity (independent of how text is cut into items) and table recall.
 */
interface GroundtruthComparison {
  headingF1: number;
  /** share of the groundtruth's words we have */
  wordRecall: number;
  /** share of our words the groundtruth has */
  wordPrecision: number;
  readingOrder: number;
  tableRecall: number;
}

export function compareWithGroundtruth(reference: DoclingDocument, candidate: DoclingDocument): GroundtruthComparison {
  return {
    headingF1: headingTextF1(reference, candidate).f1,
    wordRecall: textCoverage(reference, candidate),
    wordPrecision: textCoverage(candidate, reference),
    readingOrder: wordOrderSimilarity(reference, candidate),
    tableRecall: tableMatchF1(reference, candidate).recall,
  };
}
