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
 * Strategy, tokenizer, the strategy's one size setting and every other option of the strategy, generated from its
 * options schema: the fields of a config, whichever one (A in the config panel, B while comparing) they edit. `Max
 * tokens` shows only where the strategy's chunks are judged by it: as its size (hybrid), where it has no size of its
 * own (hierarchical), or as the embedding limit beside a size that counts words or characters.
 */
export function ConfigEditor({ config, setOption, setConfig }: ConfigEditorProps) {
  const catalog = useCatalogStore((s) => s.catalog);
  const strategy = catalog?.strategies.find((s) => s.name === config.strategy);
  const fields = useMemo(() => (strategy ? optionFieldsOf(strategy.optionsSchema) : []), [strategy]);
  const tokenizer = catalog?.tokenizers.find((t) => t.id === config.tokenizer);
  const maxTokens = config.maxTokens ?? tokenizer?.defaultMaxTokens ?? 512;
  const size = strategy?.size ?? null;
  const sizeField = size ? fields.find((field) => field.key === size.option) : undefined;
  const unit = sizeUnitOf(size, config, fields);
  const maxTokensIsTheSize = size === null || size.option === 'maxTokens';
  const showMaxTokens = maxTokensIsTheSize || unit !== 'tokens';

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
      {sizeField && (
        <OptionInput
          field={sizeField}
          value={config[sizeField.key]}
          maxTokens={maxTokens}
          sizing={{ unit, ...(size?.limitOption === sizeField.key ? { placeholder: maxTokens } : {}) }}
          onChange={(value) => setOption(sizeField.key, value)}
        />
      )}
      {showMaxTokens && (
        <NumberSetting
          label={maxTokensIsTheSize ? 'Max tokens' : 'Embedding limit (tokens)'}
          testId="max-tokens"
          description={
            maxTokensIsTheSize
              ? size === null
                ? 'This strategy has no size of its own: chunks are judged against this limit.'
                : 'The chunk size: no chunk exceeds this many tokens, heading path included.'
              : `The size counts ${unit}; chunks are judged against this many tokens of the embedding model.`
          }
          value={config.maxTokens}
          placeholder={tokenizer?.defaultMaxTokens}
          integer
          minimum={8}
          maximum={8192}
          logarithmic
          sensibleMinimum={SENSIBLE_MINIMUM.tokens}
          unit="tokens"
          onChange={(value) => setOption('maxTokens', value)}
        />
      )}
      <OptionInput
        field={INCLUDE_NOTES_FIELD}
        value={config.includeNotes}
        maxTokens={maxTokens}
        // unticked is the default: the key goes, so the config keeps its hash and chunk ids
        onChange={(value) => setOption('includeNotes', value === true ? true : undefined)}
      />
      <OptionInput
        field={INCLUDE_PICTURE_TEXT_FIELD}
        value={config.includePictureText}
        maxTokens={maxTokens}
        // ticked is the default: the key goes, so the config keeps its hash and chunk ids
        onChange={(value) => setOption('includePictureText', value === false ? false : undefined)}
      />
      {fields
        .filter((field) => field !== sizeField)
        .map((field) => (
          <OptionInput
            key={field.key}
            field={field}
            value={config[field.key]}
            maxTokens={maxTokens}
            {...(size?.limitOption === field.key ? { sizing: { unit, placeholder: maxTokens } } : {})}
            onChange={(value) => setOption(field.key, value)}
          />
        ))}
    </>
  );
}

type SizeUnit = 'tokens' | 'words' | 'characters';

/**
 * Below these a size makes chunks too small to mean anything on their own (a heading path alone takes about 30
 * tokens), and a long document thousands of them: the panel asks before applying such a value.
 */
const SENSIBLE_MINIMUM: Record<SizeUnit, number> = { tokens: 32, words: 24, characters: 128 };
/** The slider's far end by unit: a size above these is typed in. */
const SLIDER_MAXIMUM: Record<SizeUnit, number> = { tokens: 8192, words: 6000, characters: 32000 };

/** What the strategy's size counts: its unit option's value, else that option's default, else the size's own unit. */
function sizeUnitOf(
  size: { unitOption: string | null; unit: SizeUnit } | null,
  config: ConfigFile,
  fields: readonly OptionField[],
): SizeUnit {
  if (size === null) return 'tokens';
  if (size.unitOption === null) return size.unit;
  const field = fields.find((f) => f.key === size.unitOption);
  const value = config[size.unitOption] ?? (field?.kind === 'enum' ? field.defaultValue : undefined);
  return value === 'words' || value === 'characters' ? value : 'tokens';
}

const INCLUDE_NOTES_FIELD: OptionField = {
  kind: 'boolean',
  key: 'includeNotes',
  description: 'Chunk speaker notes and comments (PPTX, XLSX) with the body; chunks leave them out by default.',
  defaultValue: false,
};

const INCLUDE_PICTURE_TEXT_FIELD: OptionField = {
  kind: 'boolean',
  key: 'includePictureText',
  description:
    "Chunk the text inside pictures (a diagram's or a chart's labels) after each picture; untick to leave it out, as Docling's chunkers do.",
  defaultValue: true,
};

export interface OptionInputProps {
  field: OptionField;
  value: unknown;
  maxTokens: number;
  /** a size of the chunks: a logarithmic slider, a confirmation below a sensible minimum, a default shown when unset */
  sizing?: { unit: SizeUnit; placeholder?: number };
  onChange(value: unknown): void;
}

export function OptionInput({ field, value, maxTokens, sizing, onChange }: OptionInputProps) {
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
      return sizing ? (
        <NumberSetting
          label={`${label} (${sizing.unit})`}
          testId={`option-${field.key}`}
          description={field.description}
          value={typeof value === 'number' ? value : undefined}
          placeholder={field.defaultValue ?? sizing.placeholder}
          integer={field.integer}
          minimum={Math.max(1, field.minimum ?? 1)}
          maximum={field.maximum ?? SLIDER_MAXIMUM[sizing.unit]}
          logarithmic
          sensibleMinimum={SENSIBLE_MINIMUM[sizing.unit]}
          unit={sizing.unit}
          onChange={onChange}
        />
      ) : (
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
  /** the slider moves by ratios (8 → 8192 puts 256 in the middle, not at the left edge) */
  logarithmic?: boolean;
  /** a smaller value is applied only once confirmed */
  sensibleMinimum?: number;
  unit?: string;
  onChange(value: number | undefined): void;
}

/** Slider steps of a logarithmic slider. */
const LOG_STEPS = 1000;

/** Slider and number field for one value. The field keeps its own text so that typing is never interrupted. */
function NumberSetting({
  label,
  testId,
  description,
  value,
  placeholder,
  integer,
  minimum,
  maximum,
  logarithmic = false,
  sensibleMinimum,
  unit,
  onChange,
}: NumberSettingProps) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  // a value under the sensible minimum, waiting for the user's yes
  const [pending, setPending] = useState<number | null>(null);
  // A value set from outside replaces the text unless the text already says it; adjusted while rendering, not in an effect
  // that would render twice.
  const [shownValue, setShownValue] = useState(value);
  if (!Object.is(shownValue, value)) {
    setShownValue(value);
    setPending(null);
    setDraft((current) =>
      Number(current) === value || (current === '' && value === undefined) ? current : value === undefined ? '' : String(value),
    );
  }
  const apply = (parsed: number) => {
    if (sensibleMinimum !== undefined && parsed < sensibleMinimum && parsed !== value) return setPending(parsed);
    setPending(null);
    onChange(parsed);
  };
  const commit = (text: string) => {
    setDraft(text);
    if (text.trim() === '') {
      setPending(null);
      return onChange(undefined);
    }
    const parsed = Number(text);
    if (Number.isFinite(parsed)) apply(integer ? Math.round(parsed) : parsed);
  };
  const shown = value ?? placeholder ?? minimum;
  const top = Math.max(maximum, shown);
  const scale = logarithmic ? logScale(Math.max(1, minimum), top, integer) : null;
  return (
    <div className="field-with-note">
      <label className="field number" title={description}>
        <span>{label}</span>
        <input
          type="range"
          min={scale ? 0 : minimum}
          max={scale ? LOG_STEPS : top}
          step={scale || integer ? 1 : (maximum - minimum) / 100}
          value={scale ? scale.toStep(shown) : shown}
          onChange={(e) => {
            const next = scale ? scale.toValue(Number(e.target.value)) : Number(e.target.value);
            setDraft(String(next));
            apply(next);
          }}
          aria-label={`${label} slider`}
          aria-valuetext={`${shown}${unit ? ` ${unit}` : ''}`}
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
      {pending !== null && (
        <div className="confirm-small" role="alert" data-testid={`${testId}-confirm`}>
          {pending} {unit} is below {sensibleMinimum}: a long document would make thousands of tiny chunks.
          <button
            type="button"
            onClick={() => {
              setPending(null);
              onChange(pending);
            }}
            data-testid={`${testId}-confirm-apply`}
          >
            Use {pending}
          </button>
          <button
            type="button"
            onClick={() => {
              setPending(null);
              setDraft(value === undefined ? '' : String(value));
            }}
          >
            Keep {value ?? placeholder ?? 'default'}
          </button>
        </div>
      )}
    </div>
  );
}

/** Maps a slider step to a value and back, by equal ratios between `low` and `high`. */
function logScale(low: number, high: number, integer: boolean) {
  const span = Math.log(high / low) || 1;
  return {
    toStep: (value: number) => Math.round((Math.log(Math.max(value, low) / low) / span) * LOG_STEPS),
    toValue: (step: number) => {
      const value = low * Math.exp((step / LOG_STEPS) * span);
      return integer ? Math.round(value) : Number(value.toPrecision(3));
    },
  };
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
