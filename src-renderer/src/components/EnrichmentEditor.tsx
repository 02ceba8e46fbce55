import { useId, useMemo, useState } from 'react';
import { ENRICHMENT_ERROR_MODES, type EnrichmentErrorMode, type EnrichmentSettings } from '../../../src-shared/pipeline-config';
import { enrichmentEdits } from '../enrichment-edits';
import { optionFieldsOf } from '../json-schema-fields';
import { useCatalogStore } from '../stores/catalog-store';
import { OptionInput } from './ConfigEditor';
import { LlmEditor } from './LlmEditor';

/** Number options of steps (top K, sentences, topic counts) are small: their sliders end near here. */
const STEP_SLIDER_SCALE = 25;

/**
 * The pipeline's enrichment steps: added from the host's list, removed, moved up and down, each
 * step's options drawn from its schema, and what a failing step does. Every control is a button,
 * select or field, so the whole list works from the keyboard.
 */
export function EnrichmentEditor({ settings, onChange }: { settings: EnrichmentSettings; onChange(settings: EnrichmentSettings): void }) {
  const steps = useCatalogStore((s) => s.catalog?.enrichmentSteps);
  const available = (steps ?? []).filter((step) => !settings.enrich.some((listed) => listed.name === step.name));
  const [chosen, setChosen] = useState('');
  const toAdd = available.some((step) => step.name === chosen) ? chosen : (available[0]?.name ?? '');
  const ids = useId();

  return (
    <fieldset className="enrichment-editor" data-testid="enrichment-editor">
      <legend>Enrichment steps</legend>
      {settings.enrich.length === 0 && <p className="hint">None: chunks are exported as they are.</p>}
      <ol className="enrich-steps">
        {settings.enrich.map((step, index) => (
          <StepEntry key={step.name} index={index} settings={settings} onChange={onChange} />
        ))}
      </ol>
      {available.length > 0 && (
        <div className="enrich-add">
          <label htmlFor={`${ids}-add`} className="visually-hidden">
            Step to add
          </label>
          <select id={`${ids}-add`} value={toAdd} onChange={(e) => setChosen(e.target.value)} data-testid="enrich-add-select">
            {available.map((step) => (
              <option key={step.name} value={step.name} title={step.description}>
                {step.name}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => toAdd && onChange(enrichmentEdits.addStep(settings, toAdd))} data-testid="enrich-add">
            Add step
          </button>
        </div>
      )}
      {settings.enrich.length > 0 && (
        <label className="field">
          <span>On a step error</span>
          <select
            value={settings.onError}
            onChange={(e) => onChange(enrichmentEdits.setOnError(settings, e.target.value as EnrichmentErrorMode))}
            data-testid="enrich-on-error"
          >
            {ENRICHMENT_ERROR_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode === 'fail-fast' ? 'stop (fail-fast)' : 'report and continue'}
              </option>
            ))}
          </select>
        </label>
      )}
      <LlmEditor settings={settings} onChange={onChange} />
    </fieldset>
  );
}

interface StepEntryProps {
  index: number;
  settings: EnrichmentSettings;
  onChange(settings: EnrichmentSettings): void;
}

function StepEntry({ index, settings, onChange }: StepEntryProps) {
  const { name, options } = settings.enrich[index]!;
  const count = settings.enrich.length;
  const step = useCatalogStore((s) => s.catalog?.enrichmentSteps.find((candidate) => candidate.name === name));
  const moveStep = (by: -1 | 1) => onChange(enrichmentEdits.moveStep(settings, index, by));
  const fields = useMemo(() => (step ? optionFieldsOf(step.optionsSchema) : []), [step]);
  return (
    <li className="enrich-step" data-testid={`enrich-step-${name}`}>
      <div className="enrich-step-title">
        <strong title={step?.description}>{name}</strong>
        <span className="spacer" />
        <button type="button" disabled={index === 0} onClick={() => moveStep(-1)} aria-label={`Move ${name} up`} title="Move up">
          ↑
        </button>
        <button type="button" disabled={index === count - 1} onClick={() => moveStep(1)} aria-label={`Move ${name} down`} title="Move down">
          ↓
        </button>
        <button
          type="button"
          onClick={() => onChange(enrichmentEdits.removeStep(settings, index))}
          aria-label={`Remove ${name}`}
          title="Remove"
          data-testid="enrich-remove"
        >
          ✕
        </button>
      </div>
      {!step && <p className="error">The host has no step named {name}.</p>}
      {fields.map((field) => (
        <OptionInput
          key={field.key}
          field={field}
          value={options[field.key]}
          maxTokens={STEP_SLIDER_SCALE}
          onChange={(value) => onChange(enrichmentEdits.setStepOption(settings, index, field.key, value))}
        />
      ))}
    </li>
  );
}
