import { resolve } from 'node:path';
import { writeFileAtomic } from '../src-main/base/atomic-write';
import { CANONICAL_JSON_SCHEMA_PATH, canonicalJsonSchemaText } from '../src-main/engine/export/canonical-json-schema';

const target = resolve(import.meta.dirname, '..', CANONICAL_JSON_SCHEMA_PATH);
await writeFileAtomic(target, canonicalJsonSchemaText());
console.log(`wrote ${CANONICAL_JSON_SCHEMA_PATH}`);
