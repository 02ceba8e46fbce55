import { describe, expect, it } from 'vitest';
import { ligatureTextOf, withLigaturesSpelled } from './ligature-glyphs';

describe('ligature glyph names', () => {
  it('spells a glyph named after the letters it joins, as the Adobe Glyph List allows', () => {
    expect(ligatureTextOf('Q_u')).toBe('Qu');
    expect(ligatureTextOf('t_t')).toBe('tt');
    expect(ligatureTextOf('f_f_i')).toBe('ffi');
    expect(ligatureTextOf('uni0074_uni0074')).toBe('tt');
    expect(ligatureTextOf('T_h.alt')).toBe('Th');
  });

  it('leaves other glyph names alone', () => {
    for (const name of ['quotedblleft', 'Q', 'a_quotedbl', '_', 'uniD800_x_']) expect(ligatureTextOf(name), name).toBeUndefined();
  });

  it('replaces only the control codes that a font names as ligatures', () => {
    const names = { 29: 't_t', 30: 'Q_u', 16: 'quotedblleft' };
    expect(withLigaturesSpelled('komple\u001de \u001eellenangabe \u0010x', names)).toBe('komplette Quellenangabe \u0010x');
    expect(withLigaturesSpelled('Pa\u001dern', undefined)).toBe('Pa\u001dern');
  });
});
