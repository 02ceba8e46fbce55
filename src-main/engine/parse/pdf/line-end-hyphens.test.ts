import { describe, expect, it } from 'vitest';
import { joinLines } from './hyphenation';
import { lineEndHyphens } from './line-end-hyphens';
import { buildLines } from './lines';
import { textRun } from './test-runs';
import type { Line } from './types';

/** A paragraph of one run per line, 12 points apart; `monospace` sets its lines in a typewriter face. */
const paragraph = (texts: string[], top = 700, monospace = false): Line[] =>
  texts.flatMap((text, i) => buildLines([{ ...textRun(text, 72, top - 12 * i), monospace }]));

const joined = (lines: Line[], document: Line[][]): string =>
  joinLines(
    lines.map((line) => line.text),
    lineEndHyphens(document).keepsHyphen(lines),
  );

/** Paragraphs that break each hyphenated pair at a line's end, each with a paragraph that spells it `spelled` inside a line. */
const brokenAtLineEnds = (pairs: string[], spelled: (pair: string) => string): Line[][] =>
  pairs.flatMap((pair, i) => {
    const [before, after] = pair.split('-');
    return [paragraph([`Use ${before}-`, `${after} now.`], 700 - 40 * i), paragraph([`Say ${spelled(pair)} again.`], 690 - 40 * i)];
  });

describe('hyphens at the ends of lines, told from the document', () => {
  it('keeps a hyphen the document spells inside its lines, and drops one before a word it spells whole', () => {
    const named = paragraph(['Run dpkg-', 'buildpackage to build it.']);
    const broken = paragraph(['It is an exam-', 'ple of a broken word.'], 600);
    const elsewhere = paragraph(['Then dpkg-buildpackage runs.', 'A good example follows.'], 500);
    const document = [named, broken, elsewhere];
    expect(joined(named, document)).toBe('Run dpkg-buildpackage to build it.');
    expect(joined(broken, document)).toBe('It is an example of a broken word.');
  });

  it('reads a word opening a sentence in lower case, but no other capital: "NetworkManager" spells no "network-manager"', () => {
    const named = paragraph(['Install network-', 'manager first.']);
    const document = [named, paragraph(['NetworkManager runs, from network-manager.'], 600)];
    expect(joined(named, document)).toBe('Install network-manager first.');
    const broken = paragraph(['An exam-', 'ple follows.'], 500);
    expect(joined(broken, [broken, paragraph(['Example two.'], 400)])).toBe('An example follows.');
  });

  it('keeps the hyphens it cannot tell where the document hyphenates nothing, drops them where it hyphenates', () => {
    const untold = paragraph(['The foo-', 'bar tool.'], 300);
    const ownHyphens = brokenAtLineEnds(['apt-get', 'git-buildpackage', 'dh-make', 'non-free'], (pair) => pair);
    expect(joined(untold, [...ownHyphens, untold])).toBe('The foo-bar tool.');
    const brokenWords = brokenAtLineEnds(['exam-ple', 'docu-ment', 'para-graph'], (pair) => pair.replace('-', ''));
    expect(joined(untold, [...brokenWords, untold])).toBe('The foobar tool.');
  });

  it('keeps a hyphen that ends a line in a typewriter face where the document tells too few, as TeX and browsers do not hyphenate one', () => {
    const code = paragraph(['network-', 'manager'], 300, true);
    expect(joined(code, [code])).toBe('network-manager');
    const prose = paragraph(['network-', 'manager'], 300);
    expect(joined(prose, [prose])).toBe('networkmanager');
    const brokenWords = brokenAtLineEnds(['exam-ple', 'docu-ment', 'para-graph'], (pair) => pair.replace('-', ''));
    expect(joined(code, [...brokenWords, code])).toBe('networkmanager');
  });
});
