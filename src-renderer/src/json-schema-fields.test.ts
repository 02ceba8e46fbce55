import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionFieldsOf } from './json-schema-fields';

describe('optionFieldsOf', () => {
  it('reads the fields of a zod options schema as z.toJSONSchema writes it', () => {
    const options = z.object({
      mergePeers: z.boolean().default(true).describe('merge small neighbours'),
      overlap: z.number().int().min(0).max(512).default(0),
      tables: z.enum(['markdown', 'triplets']).optional(),
      delimiter: z.string().nullable().default(null),
      serializer: z.object({ compactTables: z.boolean().default(false) }).default({ compactTables: false }),
      separators: z.array(z.string()).optional(),
      size: z.number().int().min(1).default(400),
    });
    const fields = optionFieldsOf(z.toJSONSchema(options, { io: 'input' }) as Record<string, unknown>);
    expect(fields).toEqual([
      { kind: 'boolean', key: 'mergePeers', description: 'merge small neighbours', defaultValue: true },
      { kind: 'number', key: 'overlap', description: undefined, integer: true, minimum: 0, maximum: 512, defaultValue: 0 },
      { kind: 'enum', key: 'tables', description: undefined, values: ['markdown', 'triplets'], defaultValue: undefined },
      { kind: 'string', key: 'delimiter', description: undefined, defaultValue: undefined },
      {
        kind: 'object',
        key: 'serializer',
        description: undefined,
        fields: [{ kind: 'boolean', key: 'compactTables', description: undefined, defaultValue: false }],
      },
      { kind: 'json', key: 'separators', description: undefined, defaultValue: undefined },
      { kind: 'number', key: 'size', description: undefined, integer: true, minimum: 1, maximum: undefined, defaultValue: 400 },
    ]);
  });
});
