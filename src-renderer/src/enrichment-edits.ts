import type { EnrichmentErrorMode, EnrichmentSettings } from '../../src-shared/pipeline-config';

/** The edits of a pipeline's step list, each giving new settings: config A's and B's editors share them. */
export const enrichmentEdits = {
  addStep: (settings: EnrichmentSettings, name: string): EnrichmentSettings =>
    settings.enrich.some((step) => step.name === name) ? settings : { ...settings, enrich: [...settings.enrich, { name, options: {} }] },
  removeStep: (settings: EnrichmentSettings, index: number): EnrichmentSettings => ({
    ...settings,
    enrich: settings.enrich.filter((_, i) => i !== index),
  }),
  moveStep(settings: EnrichmentSettings, index: number, by: -1 | 1): EnrichmentSettings {
    const target = index + by;
    if (target < 0 || target >= settings.enrich.length) return settings;
    const steps = [...settings.enrich];
    [steps[index], steps[target]] = [steps[target]!, steps[index]!];
    return { ...settings, enrich: steps };
  },
  setStepOption: (settings: EnrichmentSettings, index: number, key: string, value: unknown): EnrichmentSettings => ({
    ...settings,
    enrich: settings.enrich.map((step, i) => {
      if (i !== index) return step;
      const options = { ...step.options, [key]: value };
      if (value === undefined || value === '') delete options[key];
      return { ...step, options };
    }),
  }),
  setOnError: (settings: EnrichmentSettings, onError: EnrichmentErrorMode): EnrichmentSettings => ({ ...settings, onError }),
};
