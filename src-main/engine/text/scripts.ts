/**
 * Scripts written without spaces between words, as the bodies of regular-expression character classes (`u` flag): a
 * reader of words there finds no boundary in the text and counts smaller units instead.
 */

/** Chinese and Japanese: Han and kana. */
export const HAN_AND_KANA = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';

/** The scripts of line-breaking class SA (UAX #14): Thai, Lao, Khmer, Myanmar and the Tai scripts. */
export const SOUTH_EAST_ASIAN =
  '\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\p{Script=Tai_Le}\\p{Script=New_Tai_Lue}' +
  '\\p{Script=Tai_Tham}\\p{Script=Tai_Viet}\\p{Script=Ahom}';

/** The scripts written right to left: Hebrew, Arabic, Syriac, Thaana and N'Ko. */
export const RIGHT_TO_LEFT = '\\p{Script=Hebrew}\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}';
