import { describe, expect, it } from 'vitest';
import { withStrayMarksOnLetters } from './stray-marks';
import { textRun } from './test-runs';
import type { TextRun } from './types';

function run(text: string, left: number, width: number, rtl: boolean): TextRun {
  return { ...textRun(text, left, 700), right: left + width, rtl };
}

describe('withStrayMarksOnLetters', () => {
  it('puts a mark drawn before a right-to-left letter on that letter', () => {
    // Chromium draws "شَيءًا" in visual order: ا ءً ي, then the fatha, then ش
    const runs = [
      run('ا', 100, 3, true),
      run('ءً', 103, 5, true),
      run('ي', 108, 10, true),
      run('\u064e', 120, 0, false),
      run('ش', 118, 10, true),
    ];
    expect(withStrayMarksOnLetters(runs).map((r) => r.text)).toEqual(['ا', 'ءً', 'ي', 'ش\u064e']);
  });

  it('puts a mark on the letter under it inside a longer right-to-left run', () => {
    // a kasra drawn at the left end of a line set by XeTeX belongs to the run's last letter
    const runs = [run('\u0650', 100, 0, false), run('الرحيم', 100, 30, true)];
    expect(withStrayMarksOnLetters(runs).map((r) => r.text)).toEqual(['الرحيم\u0650']);
  });

  it('puts a mark drawn after a left-to-right letter on that letter, and leaves a mark with no letter beside it', () => {
    const runs = [run('Cafe', 100, 20, false), run('\u0301', 118, 0, false), run('\u0301', 300, 0, false)];
    expect(withStrayMarksOnLetters(runs).map((r) => r.text)).toEqual(['Cafe\u0301', '\u0301']);
  });
});
