import { describeIssues } from '../../../src-shared/config';
import { StratumError } from '../../../src-shared/errors';
import type { EnrichStepEntry } from '../../../src-shared/pipeline-config';
import { stableHash } from '../chunk/chunk-id';
import { stepByName } from './registry';
import type { EnrichmentStep } from './step';

/** A step of a pipeline config with its options parsed by the step's schema. */
export interface ResolvedEnrichmentStep {
  step: EnrichmentStep<unknown>;
  options: unknown;
  /** `stableHash(options)`: part of every cache key of the step. */
  optionsHash: string;
}

/**
 * Checks each `enrich` entry against its step: an unknown step or option, or a step that needs an
 * LLM in a pipeline without one (`hasLlm`), fails before any document is read.
 */
export function resolveEnrichmentSteps(entries: readonly EnrichStepEntry[], { hasLlm = false } = {}): ResolvedEnrichmentStep[] {
  return entries.map(({ name, options }) => {
    const step = stepByName(name);
    if (step.usesLlm === 'required' && !hasLlm) {
      throw new StratumError('invalid-config', `enrich.${name}: the step asks an LLM: add an llm: block to the pipeline config`);
    }
    const parsed = step.optionsSchema.safeParse(options);
    if (!parsed.success) {
      const message = describeIssues(parsed.error, 'options', `not an option of step "${name}"`);
      throw new StratumError('invalid-config', `enrich.${name}: ${message}`);
    }
    return { step, options: parsed.data, optionsHash: stableHash(parsed.data) };
  });
}
