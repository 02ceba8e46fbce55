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
});
