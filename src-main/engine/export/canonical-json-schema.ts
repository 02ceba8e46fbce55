import { z } from 'zod';
import { canonicalDocumentSchema } from './canonical-schema';

/** Where `npm run schema` publishes the JSON Schema of canonical JSON, relative to the repository root. */
export const CANONICAL_JSON_SCHEMA_PATH = 'resources/canonical.schema.json';

/** The JSON Schema (draft 2020-12) of canonical JSON, generated from the zod schema the writer validates with. */
export function canonicalJsonSchemaText(): string {
  const schema = z.toJSONSchema(canonicalDocumentSchema, { target: 'draft-2020-12' });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
