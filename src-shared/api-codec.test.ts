import { describe, expect, it } from 'vitest';
import { decodeApiJson, encodeApiJson } from './api-codec';

describe('API JSON codec', () => {
  it('round-trips byte arrays of any size inside nested values', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const decoded = decodeApiJson(encodeApiJson({ fileName: 'a.pdf', bytes, list: [1, 'x'] })) as { bytes: Uint8Array; list: unknown[] };
    expect(decoded.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(decoded.bytes)).toEqual(Array.from(bytes));
    expect(decoded.list).toEqual([1, 'x']);
  });

  it('decodes text without byte arrays as plain JSON, keeping a "$bytes" inside a string as text', () => {
    expect(decodeApiJson('{"chunks":[{"text":"a $bytes b"}],"n":1}')).toEqual({ chunks: [{ text: 'a $bytes b' }], n: 1 });
  });

  it('leaves objects that merely contain a $bytes key among others alone', () => {
    expect(decodeApiJson('{"a":{"$bytes":"AA==","b":1}}')).toEqual({ a: { $bytes: 'AA==', b: 1 } });
  });
});
