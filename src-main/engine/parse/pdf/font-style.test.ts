import { describe, expect, it } from 'vitest';
import { fontStyleOf } from './font-style';

describe('fontStyleOf', () => {
  it('reads weights from medium up as bold, whatever the foundry calls them', () => {
    for (const name of [
      'ABCDEF+NimbusRomNo9L-Medi',
      'NimbusRomNo9L-MediItal',
      'Roboto-Medium',
      'KozMinPr6N-Medium',
      'MyriadPro-Semibold',
      'URWBookmanL-DemiBold',
      'Lato-Heavy',
      'SourceSansPro-Black',
      'HiraKakuPro-W6',
      'ecbx1200',
      'CMSSBX10',
      'CMMIB10',
      'JJPBPP+LinBiolinumTB',
      'LinLibertineTBI',
      'LinLibertineTZ',
      'LBJXJK+LinLibertineOB',
      'LinLibertineOBI',
      'LinBiolinumOB',
      'LinLibertineBI',
      'LinLibertineZ',
    ]) {
      expect(fontStyleOf(name).bold, name).toBe(true);
    }
  });

  it('keeps regular, light and book weights regular', () => {
    for (const name of [
      'NimbusRomNo9L-Regu',
      'Roboto-Light',
      'URWBookmanL-Ligh',
      'HiraKakuPro-W3',
      'ecrm1000',
      'LMRoman10-Regular',
      'CMSS10',
      'CMMI10',
      'JJPBPP+LinBiolinumT',
      'LinLibertineTI',
      'LinLibertineMT',
      'LinLibertineO',
      'LinLibertineOI',
      'LinBiolinumOKb',
    ]) {
      expect(fontStyleOf(name).bold, name).toBe(false);
    }
  });

  it('reads typewriter faces as monospace, URW Courier and TeX typewriter fonts included', () => {
    for (const name of ['UJFKAT+NimbusMonL-Regu', 'NimbusMonoPS-Regular', 'ectt1000', 'tctt1000', 'txtt', 'pcrr8r', 'DejaVuSansMono']) {
      expect(fontStyleOf(name).monospace, name).toBe(true);
    }
    expect(fontStyleOf('NimbusRomNo9L-Regu').monospace).toBe(false);
  });

  it('reads no typewriter face where the font is proportional, whatever its name holds', () => {
    expect(fontStyleOf('WIGKTI+Junicode').monospace).toBe(true);
    expect(fontStyleOf('WIGKTI+Junicode', true).monospace).toBe(false);
    expect(fontStyleOf('ectt1000', true).monospace).toBe(false);
  });

  it("reads the style letters after the face's name in the fonts of Elsevier's journals, a re-encoded copy's number aside", () => {
    expect(fontStyleOf('LMNICB+AdvOTb83ee1dd.B')).toMatchObject({ bold: true, italic: false, family: 'advotb83ee1dd' });
    expect(fontStyleOf('LNAIAD+AdvOT8244d044.BI+03')).toMatchObject({
      bold: true,
      italic: true,
      family: fontStyleOf('AdvOT8244d044').family,
    });
    expect(fontStyleOf('LMOHFK+AdvOTb92eb7df.I+20')).toMatchObject({ bold: false, italic: true, family: 'advotb92eb7df' });
    for (const name of ['LMNIAL+AdvOT863180fb', 'LMNIAN+AdvOT863180fb+01', 'LMNIBA+AdvOT863180fb+fb']) {
      expect(fontStyleOf(name), name).toMatchObject({ bold: false, italic: false, family: 'advot863180fb' });
    }
  });
});
