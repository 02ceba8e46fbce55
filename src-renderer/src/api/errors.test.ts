import { describe, expect, it } from 'vitest';
import { aboutFile } from './errors';

describe('aboutFile', () => {
  it('names the file once', () => {
    expect(aboutFile('truncated.pdf', 'truncated.pdf: the file ends before its cross-reference table')).toBe(
      'truncated.pdf: the file ends before its cross-reference table',
    );
    expect(aboutFile('a.docx', 'not a ZIP archive')).toBe('a.docx: not a ZIP archive');
  });
});
