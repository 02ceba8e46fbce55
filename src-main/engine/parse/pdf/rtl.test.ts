import { describe, expect, it } from 'vitest';
import { buildLines } from './lines';
import { fixRtlText, showsReversedLamAlef } from './rtl';
import { textRun } from './test-runs';
import type { TextRun } from './types';

const reversedPage = ['تحسين اإلنتاجية وحل المشكالت من خالل', 'والبرمجة بالعربية'];

describe('lam-alef repair of right-to-left runs', () => {
  it('is judged from the page: spellings only a reversal makes, and no "لا" of its own', () => {
    expect(showsReversedLamAlef(reversedPage)).toBe(true);
    expect(showsReversedLamAlef(['هذا ال يعمل'])).toBe(true);
    expect(showsReversedLamAlef(['لا يعمل في عالم الحاسوب', 'الإنتاجية'])).toBe(false);
    expect(showsReversedLamAlef(['عالم حالة سالم'])).toBe(false);
    // Persian has no article to give the reversal away; two alefs before a lam do ("باال" for "بالا").
    expect(showsReversedLamAlef(['معنی نقشکهای در نوار باال چیست؟'])).toBe(true);
    expect(showsReversedLamAlef(['معنی نقشکهای در نوار بالا چیست؟', 'کالا'])).toBe(false);
  });

  it('repairs reversed ligatures where the page shows them, Arabic, Persian and Urdu letters alike', () => {
    expect(fixRtlText(reversedPage[0]!, true)).toBe('تحسين الإنتاجية وحل المشكلات من خلال');
    expect(fixRtlText('والبرمجة بالعربية', true)).toBe('والبرمجة بالعربية');
    // Persian and Urdu letters before a reversed lam-alef: "پلاک", "گلاب", "چلانا", "کلاس"
    for (const word of ['پلاک', 'گلاب', 'چلانا', 'کلاس', 'ژلاتین', 'سیلاب']) {
      expect(fixRtlText(word.replace('لا', 'ال'), true)).toBe(word);
    }
    expect(fixRtlText('Python', true)).toBe('Python');
  });

  it('repairs a reversed lam-alef after an alef, at the end of a word and inside it', () => {
    expect(fixRtlText('معنی نقشکهای در نوار باال چیست؟', true)).toBe('معنی نقشکهای در نوار بالا چیست؟');
    expect(fixRtlText('کاال', true)).toBe('کالا');
    expect(fixRtlText('ساعت، تقویم و قرارهای مالقات', true)).toBe('ساعت، تقویم و قرارهای ملاقات');
    expect(fixRtlText('االتحاد', true)).toBe('الاتحاد');
  });

  it('leaves words with a real alef-lam alone on a page read correctly', () => {
    for (const text of ['عالم', 'حالة', 'سالم', 'کالا', 'مالک', 'بالا', 'خالی']) expect(fixRtlText(text, false)).toBe(text);
  });

  it('reads presentation forms as the letters they show', () => {
    expect(fixRtlText('ﺣﻖ ﻣﺆﻟﻒ', false)).toBe('حق مؤلف');
    expect(fixRtlText('ﻻ', false)).toBe('لا');
  });

  it('puts a vowel that pdf.js reversed before its letter back after it, unless the letter has one', () => {
    expect(fixRtlText('\u064eس', false)).toBe('س\u064e');
    expect(fixRtlText('\u064cء', false)).toBe('ء\u064c');
    expect(fixRtlText('\u0650لَكُم', false)).toBe('\u0650لَكُم');
  });

  it("puts a word's last combining mark back before the space that pdf.js moved it behind", () => {
    expect(fixRtlText('بِسم ِاللَّه ِالرَّحمٰن ِالرَّحيم', false)).toBe('بِسمِ اللَّهِ الرَّحمٰنِ الرَّحيم');
    expect(fixRtlText('בְּרֵאשִׁית בָּרָא', false)).toBe('בְּרֵאשִׁית בָּרָא');
  });
});

function rtlRun(text: string, left: number, width: number): TextRun {
  return { ...textRun(text, left, 700), right: left + width, rtl: true };
}

describe('right-to-left lines', () => {
  it('keep the left-to-right order of numbers, Latin words and formulas drawn in pieces', () => {
    // Drawn left to right: "%" "5" "0" then Arabic words; the reading order is the words, then "%50".
    const percent = [textRun('%', 100, 700), textRun('5', 106, 700), textRun('0', 111, 700), rtlRun('بنسبة', 125, 30)];
    expect(buildLines(percent).map((line) => line.text)).toEqual(['بنسبة %50']);
    // "f(x) = 2x" drawn as four runs inside an Arabic sentence, ending with a period on the left.
    const formula = [
      textRun('.', 85, 700),
      textRun('f(x)', 90, 700),
      textRun('=', 112, 700),
      textRun('2x', 120, 700),
      rtlRun('نعتبر الدالة العددية', 135, 90),
    ];
    expect(buildLines(formula).map((line) => line.text)).toEqual(['نعتبر الدالة العددية f(x) = 2x.']);
  });

  it('read brackets and periods drawn apart as the text says them: mirrored, tight against their words (Chromium)', () => {
    // "اتّصال بی‌سیم (وای‌فای)." drawn left to right: the period, the closing bracket's mirror "(", the word, the opening's ")", …
    const runs = [
      textRun('.', 100, 700),
      textRun('(', 105, 700),
      rtlRun('وایفای', 110, 30),
      textRun(')', 140, 700),
      rtlRun('اتّصال بیسیم', 149, 50),
    ];
    expect(buildLines(runs).map((line) => line.text)).toEqual(['اتّصال بیسیم (وایفای).']);
  });

  it('read an Arabic word drawn glyph by glyph inside an English line from right to left', () => {
    // LuaTeX sets each letter apart: "samA'uN سَمَآءٌ samāʾun" is drawn as the Latin words and four Arabic runs,
    // which pdf.js reads with the vowel before its letter
    const runs = [
      textRun("samA'uN", 100, 700),
      rtlRun(fixRtlText('\u064cء', false), 139, 3.8),
      rtlRun(fixRtlText('آ', false), 142.8, 3.3),
      rtlRun(fixRtlText('\u064eم', false), 146, 1.7),
      rtlRun(fixRtlText('\u064eس', false), 147.8, 5.2),
      textRun('samāʾun,', 158, 700),
    ];
    expect(buildLines(runs).map((line) => line.text)).toEqual(["samA'uN سَمَآءٌ samāʾun,"]);
  });

  it('read Latin words on both sides of an Arabic word from right to left', () => {
    const runs = [textRun('TeX', 100, 700), rtlRun('عربي جميل', 130, 40), rtlRun('نص طويل', 180, 35), textRun('LaTeX', 225, 700)];
    expect(buildLines(runs).map((line) => line.text)).toEqual(['LaTeX نص طويل عربي جميل TeX']);
  });
});
