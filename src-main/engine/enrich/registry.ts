import { StratumError } from '../../../src-shared/errors';
import type { EnrichmentStep } from './step';
import { classificationStep } from './classification/classification-step';
import { contextStep } from './context/context-step';
import { keywordsStep } from './keywords/keywords-step';
import { piiStep } from './pii/pii-step';
import { picturesStep } from './pictures/pictures-step';
import { referencesStep } from './references/references-step';
import { summaryStep } from './summary/summary-step';
import { tablesStep } from './tables/tables-step';
import { topicsStep } from './topics/topics-step';

/** Every enrichment step, selected by `name`. Add a step here and nowhere else. */
const steps: ReadonlyArray<EnrichmentStep<unknown>> = [
  keywordsStep,
  referencesStep,
  summaryStep,
  topicsStep,
  classificationStep,
  contextStep,
  tablesStep,
  picturesStep,
  piiStep,
];

export function allSteps(): ReadonlyArray<EnrichmentStep<unknown>> {
  return steps;
}

export function stepByName(name: string): EnrichmentStep<unknown> {
  const step = steps.find((candidate) => candidate.name === name);
  if (!step) {
    const known = steps.map((candidate) => candidate.name).join(', ');
    throw new StratumError('invalid-config', `enrich: unknown step "${name}" (known: ${known})`);
  }
  return step;
}
