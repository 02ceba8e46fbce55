import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { apiSchemas, chunkSchema } from './api';
import { apiMethodNames } from './api-methods';
import type { Chunk } from './chunk';

describe('API contract', () => {
  it('describes exactly the Chunk every strategy yields (a type error when they drift apart)', () => {
    expectTypeOf<z.output<typeof chunkSchema>>().toEqualTypeOf<Chunk>();
  });

  it('has a request and a response schema for every method name the preload forwards', () => {
    expect(Object.keys(apiSchemas).sort()).toEqual([...apiMethodNames].sort());
  });

  it('accepts a well-formed request and names the field of a malformed one', () => {
    expect(apiSchemas.openDocument.request.safeParse({ fileName: 'a.pdf', bytes: new Uint8Array([1]) }).success).toBe(true);
    const bad = apiSchemas.openDocument.request.safeParse({ fileName: 'a.pdf', bytes: 'not bytes' });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['bytes']);
    expect(apiSchemas.chunkDocument.request.safeParse({ documentId: '../etc', config: {} }).success).toBe(false);
    expect(apiSchemas.savePreset.request.safeParse({ name: '../escape', config: {} }).success).toBe(false);
  });

  it('validates the export options and fills in their defaults', () => {
    const request = apiSchemas.exportChunks.request;
    const base = { documentId: 'abc12345', config: {}, format: 'canonical' };
    expect(request.parse(base)).toEqual({ ...base, contextualizedText: true });
    expect(request.parse({ ...base, contextualizedText: false, artifacts: {} })).toEqual({
      ...base,
      contextualizedText: false,
      artifacts: { imageDpi: 144 },
    });
    expect(request.parse({ ...base, artifacts: { imageDpi: 300 } }).artifacts).toEqual({ imageDpi: 300 });
    const fieldsOf = (value: unknown) => request.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(fieldsOf({ ...base, contextualizedText: 'no' })).toEqual(['contextualizedText']);
    expect(fieldsOf({ ...base, artifacts: { imageDpi: 0 } })).toEqual(['artifacts.imageDpi']);
    expect(fieldsOf({ ...base, artifacts: { imageDpi: 72.5 } })).toEqual(['artifacts.imageDpi']);
    expect(fieldsOf({ ...base, artifacts: { imageDpi: 10_000 } })).toEqual(['artifacts.imageDpi']);
    expect(fieldsOf({ ...base, format: 'json' })).toEqual(['format']);
    const response = apiSchemas.exportChunks.response;
    expect(
      response.safeParse({ fileName: 'a.chunks.zip', mimeType: 'application/zip', content: new Uint8Array([80, 75]), notes: [] }).success,
    ).toBe(true);
    expect(response.safeParse({ fileName: 'a.chunks.json', mimeType: 'application/json', content: 42, notes: [] }).success).toBe(false);
  });
});
