import { XMLParser } from 'fast-xml-parser';
import { maxXmlDepth } from '../ooxml/xml-tree';

/**
 * Spreadsheet XML read as plain records: elements as objects of their attributes (namespace
 * prefixes dropped), children under their local names, text under `#text`. The worksheet and
 * shared-string batches are read this way, faster and lighter than an ordered tree.
 */
export type XmlRecord = { [key: string]: XmlValue };
type XmlValue = string | XmlRecord | XmlRecord[];

/** Elements that may repeat, always read as arrays. */
const REPEATED = new Set(['row', 'c', 'si', 'r', 'mergeCell', 'tablePart', 'rPh']);

let parser: XMLParser | undefined;

export function parseRecords(xml: string): XmlRecord {
  parser ??= new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    alwaysCreateTextNode: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
    maxNestedTags: maxXmlDepth(),
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
  });
  return parser.parse(xml) as XmlRecord;
}

export function recordsOf(value: XmlValue | undefined): XmlRecord[] {
  if (value === undefined || typeof value === 'string') return [];
  return Array.isArray(value) ? value : [value];
}

export function recordOf(value: XmlValue | undefined): XmlRecord | undefined {
  return recordsOf(value)[0];
}

export function attributeOf(record: XmlRecord | undefined, name: string): string | undefined {
  const value = record?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The text of an element read with `alwaysCreateTextNode` (`{'#text': ...}`) or as a bare string. */
export function textValue(value: XmlValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textValue).join('');
  const text = value['#text'];
  return typeof text === 'string' ? text : '';
}

/**
 * The text of a rich-text string (`<si>`, `<is>`, a comment's `<text>`): its own `<t>` followed by
 * the `<t>` of its runs (openpyxl joins both), without phonetic guides (`<rPh>`).
 */
export function richText(record: XmlRecord | undefined): string {
  if (!record) return '';
  const runs = recordsOf(record.r).map((run) => textValue(run.t));
  return [textValue(record.t), ...runs].join('');
}
