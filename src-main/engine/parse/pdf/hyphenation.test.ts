import { describe, expect, it } from 'vitest';
import { joinLines } from './hyphenation';

describe('joining the lines of a paragraph or table cell', () => {
  it('joins Chinese and Japanese lines without a space, Korean and mixed lines with one', () => {
    expect(joinLines(['ブートローダ', 'ー'])).toBe('ブートローダー');
    expect(joinLines(['マニュアルページとリ', 'ンク'])).toBe('マニュアルページとリンク');
    expect(joinLines(['以避免 shell 環', '境的干擾。'])).toBe('以避免 shell 環境的干擾。');
    expect(joinLines(['（旧', '式）'])).toBe('（旧式）');
    expect(joinLines(['이 장을 읽고', '나면'])).toBe('이 장을 읽고 나면');
    expect(joinLines(['GRUB 2 の', 'image'])).toBe('GRUB 2 の image');
    expect(joinLines(['見る', '(CD と'])).toBe('見る (CD と');
  });

  it('keeps a number range or an ISBN broken after its hyphen in one piece', () => {
    expect(joinLines(['ISBN 0-201-', '13448-9.'])).toBe('ISBN 0-201-13448-9.');
    expect(joinLines(['pages 1990-', '2000'])).toBe('pages 1990-2000');
    expect(joinLines(['in 2021 -', '2022'])).toBe('in 2021 - 2022');
  });
});
