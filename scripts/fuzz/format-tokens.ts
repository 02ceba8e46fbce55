import type { Random } from './random';

/**
 * Fragments typical of each format, inserted by the token mutation: syntax that changes the structure
 * a parser sees (nesting, object boundaries, counts and lengths) reaches far deeper than random bytes.
 * Keyed by the parser's format name.
 */
const PDF_TOKENS = [
  'obj', 'endobj', 'stream', 'endstream', '<<', '>>', '[', ']', '(', ')', 'R', ' 0 R', '1 0 R', 'null',
  '/Type /Page', '/Type /Pages', '/Kids [', '/Count 999999999', '/Length 0', '/Length -1', '/Filter /FlateDecode',
  '/Parent 1 0 R', '/Contents', '/Font', '/MediaBox [0 0 0 0]', '/MediaBox [0 0 1e30 1e30]', 'xref', 'trailer',
  'startxref', '%%EOF', 'BT', 'ET', 'Tj', 'TJ', 'Tf', 'cm', 'q', 'Q', 'Do', '/XObject', '/Subtype /Image',
  '/Width 65536', '/Height 65536', '/BitsPerComponent 16', '/Encrypt', '/ObjStm', '/N 100000',
];

const XML_TOKENS = [
  '<w:p>', '</w:p>', '<w:r>', '</w:r>', '<w:t>', '</w:t>', '<w:tbl>', '</w:tbl>', '<w:tr>', '</w:tr>', '<w:tc>', '</w:tc>',
  '<w:gridSpan w:val="99999"/>', '<w:gridSpan w:val="-1"/>', '<w:vMerge/>', '<w:vMerge w:val="restart"/>',
  '<w:numPr><w:ilvl w:val="99"/><w:numId w:val="1"/></w:numPr>', '<w:pStyle w:val="Heading9"/>', '<w:sdt>', '<w:sdtContent>',
  '<m:oMath>', '</m:oMath>', '<w:drawing>', '<a:blip r:embed="rId1"/>', '<w:hyperlink r:id="rId999">', '<w:br/>',
  '<!DOCTYPE x [<!ENTITY e "eeeeeeee">]>', '&e;', '&amp;', '&#0;', '&#x10FFFF;', '<![CDATA[', ']]>', '<?xml version="1.0"?>',
  '<', '>', '/>', '"', '=',
];

const HTML_TOKENS = [
  '<div>', '</div>', '<ul>', '</ul>', '<ol start="-5">', '<li>', '</li>', '<table>', '</table>', '<tr>', '<td>', '<th>',
  '<td colspan="1000000">', '<td rowspan="65535">', '<h1>', '<h6>', '<p>', '<pre>', '<code>', '<blockquote>', '<br>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="../../etc/passwd">', '<figure>', '<figcaption>',
  '<!--', '-->', '<script>', '</script>', '<style>', '<svg>', '<math>', '<template>', '&amp;', '&#0;', '&nbsp;', '<', '>',
];

const MARKDOWN_TOKENS = [
  '>', '> ', '*', '**', '_', '[', ']', '(', ')', '![', '`', '```', '~~~', '#', '###### ', '- ', '* ', '1. ', '999999999. ',
  '|', '| --- |', '\n', '\n\n', '    ', '\t', '<div>', '</div>', '<!--', '---\n', '$$', '\\', '[^1]', '[^1]: ',
  '[x]: http://example.com', '](', '<http://', '- [ ] ', '&amp;', '&#0;',
];

const JSON_TOKENS = [
  '{', '}', '[', ']', '"', ':', ',', 'null', 'true', '0', '-1', '1e999', '-0', '4294967296', '""', '{}', '[]',
  '"#/texts/0"', '"#/body"', '{"$ref": "#/body"}', '{"$ref": "#/texts/999999"}', '"\\u0000"', '"\\ud800"',
];

const TOKENS: Readonly<Record<string, readonly string[]>> = {
  pdf: PDF_TOKENS,
  docx: XML_TOKENS,
  html: HTML_TOKENS,
  markdown: MARKDOWN_TOKENS,
  text: MARKDOWN_TOKENS,
  docling: JSON_TOKENS,
  'ocr-json': JSON_TOKENS,
};

/** A token of the format: mostly syntax, sometimes a number, the values that sizes and counts are made of. */
export function formatToken(random: Random, format: string): string {
  if (random.chance(0.15)) return interestingNumber(random);
  return random.pick(TOKENS[format] ?? MARKDOWN_TOKENS);
}

const EDGE_NUMBERS = ['0', '-0', '-1', '1', '255', '256', '65535', '65536', '2147483647', '2147483648', '4294967295', '4294967296',
  '9007199254740993', '1e308', '1e-308', '-1e308', '0.0000001', 'NaN', 'Infinity', '00000000000000000001'];

export function interestingNumber(random: Random): string {
  return random.chance(0.7) ? random.pick(EDGE_NUMBERS) : String(random.between(-1000, 100_000));
}
