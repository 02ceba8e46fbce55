import { useMemo, useState } from 'react';
import type { ConfigFile } from '../../../src-shared/config';
import { withStrategy } from '../config-edits';
import { optionFieldsOf, type OptionField } from '../json-schema-fields';
import { useCatalogStore } from '../stores/catalog-store';

export interface ConfigEditorProps {
  config: ConfigFile;
  setOption(key: string, value: unknown): void;
  setConfig(config: ConfigFile): void;
}

/**
 * Strategy, tokenizer, sizes and every option of the strategy, generated from its options schema:
 * the fields of a config, whichever one (A in the config panel, B while comparing) they edit.
 */
export function ConfigEditor({ config, setOption, setConfig }: ConfigEditorProps) {
  const catalog = useCatalogStore((s) => s.catalog);
  const strategy = catalog?.strategies.find((s) => s.name === config.strategy);
  const fields = useMemo(() => (strategy ? optionFieldsOf(strategy.optionsSchema) : []), [strategy]);
  const tokenizer = catalog?.tokenizers.find((t) => t.id === config.tokenizer);

  return (
    <>
      <label className="field">
        <span>Strategy</span>
        <select
          value={config.strategy ?? ''}
          data-testid="strategy-select"
          onChange={(e) => setConfig(withStrategy(config, e.target.value))}
        >
          {catalog?.strategies.map((s) => (
            <option key={s.name} value={s.name} title={s.description}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {strategy && <p className="hint">{strategy.description}</p>}
      <label className="field">
        <span>Tokenizer</span>
        <select value={config.tokenizer ?? ''} onChange={(e) => setOption('tokenizer', e.target.value)} data-testid="tokenizer-select">
          {catalog?.tokenizers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id}
            </option>
          ))}
        </select>
      </label>
      <NumberSetting
        label="Max tokens"
        testId="max-tokens"
        value={config.maxTokens}
        placeholder={tokenizer?.defaultMaxTokens}
        integer
        minimum={8}
        maximum={8192}
        onChange={(value) => setOption('maxTokens', value)}
      />
      <OptionInput
        field={INCLUDE_NOTES_FIELD}
        value={config.includeNotes}
        maxTokens={config.maxTokens ?? tokenizer?.defaultMaxTokens ?? 512}
        // unticked is the default: the key goes, so the config keeps its hash and chunk ids
        onChange={(value) => setOption('includeNotes', value === true ? true : undefined)}
      />
      {fields.map((field) => (
        <OptionInput
          key={field.key}
          field={field}
          value={config[field.key]}
          maxTokens={config.maxTokens ?? tokenizer?.defaultMaxTokens ?? 512}
          onChange={(value) => setOption(field.key, value)}
        />
      ))}
    </>
  );
}

const INCLUDE_NOTES_FIELD: OptionField = {
  kind: 'boolean',
  key: 'includeNotes',
  description: 'Chunk speaker notes and comments (PPTX, XLSX) with the body; chunks leave them out by default.',
  defaultValue: false,
};

export interface OptionInputProps {
  field: OptionField;
  value: unknown;
  maxTokens: number;
  onChange(value: unknown): void;
}

export function OptionInput({ field, value, maxTokens, onChange }: OptionInputProps) {
  const label = field.key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="field checkbox" title={field.description}>
          <input
            type="checkbox"
            checked={typeof value === 'boolean' ? value : (field.defaultValue ?? false)}
            onChange={(e) => onChange(e.target.checked)}
            data-testid={`option-${field.key}`}
          />
          <span>{label}</span>
        </label>
      );
    case 'number':
      return (
        <NumberSetting
          label={label}
          testId={`option-${field.key}`}
          description={field.description}
          value={typeof value === 'number' ? value : undefined}
          placeholder={field.defaultValue}
          integer={field.integer}
          minimum={field.minimum ?? 0}
          maximum={field.maximum ?? Math.max(maxTokens * 2, 1)}
          onChange={onChange}
        />
      );
    case 'enum':
      return (
        <label className="field" title={field.description}>
          <span>{label}</span>
          <select
            value={typeof value === 'string' ? value : (field.defaultValue ?? '')}
            onChange={(e) => onChange(e.target.value)}
            data-testid={`option-${field.key}`}
          >
            {field.defaultValue === undefined && <option value="">(default)</option>}
            {field.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      );
    case 'string':
      return (
        <label className="field" title={field.description}>
          <span>{label}</span>
          <input
            type="text"
            value={typeof value === 'string' ? value : ''}
            placeholder={field.defaultValue}
            onChange={(e) => onChange(e.target.value)}
            data-testid={`option-${field.key}`}
          />
        </label>
      );
    case 'object': {
      const current = (value !== null && typeof value === 'object' ? value : {}) as ConfigFile;
      return (
        <fieldset className="field-group" title={field.description}>
          <legend>{label}</legend>
          {field.fields.map((inner) => (
            <OptionInput
              key={inner.key}
              field={inner}
              value={current[inner.key]}
              maxTokens={maxTokens}
              onChange={(innerValue) => {
                const next: Record<string, unknown> = { ...current, [inner.key]: innerValue };
                if (innerValue === undefined || innerValue === '') delete next[inner.key];
                onChange(Object.keys(next).length === 0 ? undefined : next);
              }}
            />
          ))}
        </fieldset>
      );
    }
    case 'json':
      return (
        <JsonSetting
          label={label}
          testId={`option-${field.key}`}
          description={field.description}
          value={value}
          placeholder={field.defaultValue}
          onChange={onChange}
        />
      );
  }
}

interface NumberSettingProps {
  label: string;
  testId: string;
  description?: string | undefined;
  value: number | undefined;
  placeholder: number | undefined;
  integer: boolean;
  minimum: number;
  maximum: number;
  onChange(value: number | undefined): void;
}

/** Slider and number field for one value. The field keeps its own text so that typing is never interrupted. */
function NumberSetting({ label, testId, description, value, placeholder, integer, minimum, maximum, onChange }: NumberSettingProps) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  // A value set from outside replaces the text unless the text already says it; adjusted while rendering, not in an effect
  // that would render twice.
  const [shownValue, setShownValue] = useState(value);
  if (!Object.is(shownValue, value)) {
    setShownValue(value);
    setDraft((current) =>
      Number(current) === value || (current === '' && value === undefined) ? current : value === undefined ? '' : String(value),
    );
  }
  const commit = (text: string) => {
    setDraft(text);
    if (text.trim() === '') return onChange(undefined);
    const parsed = Number(text);
    if (Number.isFinite(parsed)) onChange(integer ? Math.round(parsed) : parsed);
  };
  const shown = value ?? placeholder ?? minimum;
  return (
    <label className="field number" title={description}>
      <span>{label}</span>
      <input
        type="range"
        min={minimum}
        max={Math.max(maximum, shown)}
        step={integer ? 1 : (maximum - minimum) / 100}
        value={shown}
        onChange={(e) => commit(e.target.value)}
        aria-label={`${label} slider`}
        data-testid={`${testId}-slider`}
      />
      <input
        type="number"
        value={draft}
        placeholder={placeholder === undefined ? '' : String(placeholder)}
        onChange={(e) => commit(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/** Options the schema gives no simple shape for (lists, maps) are edited as JSON. */
interface JsonSettingProps {
  label: string;
  testId: string;
  description: string | undefined;
  value: unknown;
  placeholder: unknown;
  onChange(value: unknown): void;
}

function JsonSetting({ label, testId, description, value, placeholder, onChange }: JsonSettingProps) {
  const [draft, setDraft] = useState(value === undefined ? '' : JSON.stringify(value));
  // a value set from outside (a preset, copy or swap of A and B) replaces the text; the user's own edits do not
  const [shownValue, setShownValue] = useState(value);
  if (!Object.is(shownValue, value)) {
    setShownValue(value);
    setDraft((current) => (jsonTextOf(current) === JSON.stringify(value) ? current : value === undefined ? '' : JSON.stringify(value)));
  }
  const invalid = draft.trim() !== '' && jsonTextOf(draft) === undefined;
  return (
    <label className="field" title={description}>
      <span>{label}</span>
      <input
        type="text"
        className={invalid ? 'invalid' : ''}
        value={draft}
        placeholder={placeholder === undefined ? '' : JSON.stringify(placeholder)}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim() === '') return onChange(undefined);
          const json = jsonTextOf(e.target.value);
          if (json !== undefined) onChange(JSON.parse(json));
        }}
        data-testid={testId}
      />
    </label>
  );
}

/** The text's JSON written compactly, to compare it with a value; undefined when it is empty or not JSON. */
function jsonTextOf(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return undefined;
  }
}
