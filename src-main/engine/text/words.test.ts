import { describe, expect, it } from 'vitest';
import { letterCount } from './words';

describe('letterCount', () => {
  it('counts letters as characters, of any script, and nothing else', () => {
    expect(letterCount('The 3 foxes, jumped!')).toBe(14);
    expect(letterCount('𝐀𝐁c')).toBe(3);
    expect(letterCount('مرحبا ١٢ עברית')).toBe(10);
    expect(letterCount('中心校区 3.1.1')).toBe(4);
    expect(letterCount(' \u0301 12 — ')).toBe(0);
  });

  it('agrees with matching each letter on its own', () => {
    const samples = ['Ünïcödé — with 3 dashes', 'e\u0301 combined', 'ｆｕｌｌ width', '\ud835 lone half', 'ﬁnance'];
    for (const text of samples) expect(letterCount(text)).toBe(text.match(/\p{L}/gu)?.length ?? 0);
  });
});
