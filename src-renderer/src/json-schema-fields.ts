/**
 * Reads the JSON Schema of a strategy's options (as `z.toJSONSchema` writes it) into the fields the
 * config panel draws. Only the shapes option schemas use: booleans, numbers, enums, strings,
 * nested objects, nullable/union variants (first non-null wins), and anything else as JSON text.
 */
export type OptionField =
  | { kind: 'boolean'; key: string; description: string | undefined; defaultValue: boolean | undefined }
  | {
      kind: 'number';
      key: string;
      description: string | undefined;
      integer: boolean;
      minimum: number | undefined;
      maximum: number | undefined;
      defaultValue: number | undefined;
    }
  | { kind: 'enum'; key: string; description: string | undefined; values: string[]; defaultValue: string | undefined }
  | { kind: 'string'; key: string; description: string | undefined; defaultValue: string | undefined }
  | { kind: 'object'; key: string; description: string | undefined; fields: OptionField[] }
  | { kind: 'json'; key: string; description: string | undefined; defaultValue: unknown };

type Schema = Record<string, unknown>;

export function optionFieldsOf(schema: Schema): OptionField[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).map(([key, property]) => fieldOf(key, property));
}

function fieldOf(key: string, raw: Schema): OptionField {
  const schema = concreteVariant(raw);
  const description =
    typeof raw.description === 'string' ? raw.description : typeof schema.description === 'string' ? schema.description : undefined;
  const defaultValue = raw.default ?? schema.default;
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
    return {
      kind: 'enum',
      key,
      description,
      values: schema.enum as string[],
      defaultValue: typeof defaultValue === 'string' ? defaultValue : undefined,
    };
  }
  if (typeof schema.const === 'string') return { kind: 'enum', key, description, values: [schema.const], defaultValue: schema.const };
  switch (schema.type) {
    case 'boolean':
      return { kind: 'boolean', key, description, defaultValue: typeof defaultValue === 'boolean' ? defaultValue : undefined };
    case 'integer':
    case 'number':
      return {
        kind: 'number',
        key,
        description,
        integer: schema.type === 'integer',
        minimum: numberOrUndefined(schema.minimum ?? schema.exclusiveMinimum),
        maximum: numberOrUndefined(schema.maximum ?? schema.exclusiveMaximum),
        defaultValue: numberOrUndefined(defaultValue),
      };
    case 'string':
      return { kind: 'string', key, description, defaultValue: typeof defaultValue === 'string' ? defaultValue : undefined };
    case 'object':
      if (schema.properties) return { kind: 'object', key, description, fields: optionFieldsOf(schema) };
      return { kind: 'json', key, description, defaultValue };
    default:
      return { kind: 'json', key, description, defaultValue };
  }
}

/** `type: [X, 'null']`, `anyOf: [X, {type: null}]` and friends: the first variant that is not null. */
function concreteVariant(schema: Schema): Schema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') };
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!Array.isArray(variants)) return schema;
  const enums = variants.filter((v) => typeof v.const === 'string').map((v) => v.const as string);
  if (enums.length === variants.filter((v) => v.type !== 'null').length && enums.length > 0) return { type: 'string', enum: enums };
  return variants.find((variant) => variant.type !== 'null') ?? schema;
}

/** zod writes unbounded integers as ±MAX_SAFE_INTEGER: no use as a slider end, so treated as no bound. */
const LARGEST_USEFUL_BOUND = 1_000_000_000;

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Math.abs(value) < LARGEST_USEFUL_BOUND ? value : undefined;
}
