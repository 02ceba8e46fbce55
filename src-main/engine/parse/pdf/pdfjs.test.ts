import { describe, expect, it } from 'vitest';
import { restoreReplacedBuiltIns, snapshotBuiltIns } from './built-ins';

describe('built-ins around a polyfill bundle', () => {
  it('puts back the built-ins a bundle replaced and keeps what it added', () => {
    const push = Array.prototype.push;
    const snapshot = snapshotBuiltIns();
    Object.defineProperty(Array.prototype, 'push', { value: function slowPush() {}, configurable: true, writable: true });
    Object.defineProperty(Math, 'stratumAddedForTest', { value: 1, configurable: true });
    try {
      expect(restoreReplacedBuiltIns(snapshot)).toEqual(['Array.prototype.push']);
      expect(Array.prototype.push).toBe(push);
      expect(Object.getOwnPropertyDescriptor(Math, 'stratumAddedForTest')?.value).toBe(1);
    } finally {
      Reflect.deleteProperty(Math, 'stratumAddedForTest');
    }
  });
});

describe('pdf.js in this process', () => {
  it('loads with its additions while Array.prototype.push and JSON stay V8 own', async () => {
    const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse };
    const pdfjs = await import('./pdfjs');
    await pdfjs.loadPdfjsWorker();
    expect(typeof pdfjs.getDocument).toBe('function');
    expect({ push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse }).toEqual(natives);
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
    expect((globalThis as { pdfjsWorker?: { WorkerMessageHandler?: unknown } }).pdfjsWorker?.WorkerMessageHandler).toBeDefined();
  });
});
