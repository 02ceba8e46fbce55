import { XMLParser } from 'fast-xml-parser';
import { inputLimits } from '../limits';

/** A namespaced XML element with its attributes and children (text as strings), in document order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
type XmlNode = XmlElement | string;

/**
 * Elements a Word part may nest, per level of `maxNestingDepth`: one level of Word content (a
 * table in a cell, a content control) takes several elements (`w:tbl`, `w:tr`, `w:tc`, `w:p`, …).
 */
const XML_ELEMENTS_PER_LEVEL = 10;

/** How deeply a part's elements may nest: beyond this the file is hostile. */
export function maxXmlDepth(): number {
  return inputLimits().maxNestingDepth * XML_ELEMENTS_PER_LEVEL;
}

let parser: XMLParser | undefined;

const newParser = (): XMLParser =>
  new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
    maxNestedTags: maxXmlDepth(),
  });

type OrderedNode = Record<string, unknown>;

/** Parses XML into `XmlElement`s; converts without recursion so that nesting depth cannot overflow the stack. */
export function parseXml(text: string): XmlElement {
  parser ??= newParser();
  const ordered = parser.parse(text) as OrderedNode[];
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: Array<{ source: OrderedNode[]; target: XmlElement }> = [{ source: ordered, target: root }];
  while (stack.length > 0) {
    const { source, target } = stack.pop()!;
    for (const node of source) {
      if ('#text' in node) {
        target.children.push(String(node['#text']));
        continue;
      }
      const name = Object.keys(node).find((k) => k !== ':@');
      if (!name) continue;
      const element: XmlElement = { name, attrs: (node[':@'] as Record<string, string> | undefined) ?? {}, children: [] };
      target.children.push(element);
      stack.push({ source: (node[name] as OrderedNode[] | undefined) ?? [], target: element });
    }
  }
  return root;
}

function isXmlElement(node: XmlNode | undefined): node is XmlElement {
  return typeof node === 'object';
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c): c is XmlElement => isXmlElement(c) && c.name === name);
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c): c is XmlElement => isXmlElement(c) && c.name === name) : [];
}

export function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter(isXmlElement);
}

/** The first descendant with this name, depth-first, without recursion. */
export function findFirst(element: XmlElement, name: string): XmlElement | undefined {
  return findAll(element, name, 1)[0];
}

export function findAll(element: XmlElement, name: string, limit = Infinity): XmlElement[] {
  const found: XmlElement[] = [];
  const stack: XmlElement[] = [...elementChildren(element)].reverse();
  while (stack.length > 0 && found.length < limit) {
    const node = stack.pop()!;
    if (node.name === name) found.push(node);
    const children = elementChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/** The `w:val` (or another) attribute of a child element, e.g. `<w:pStyle w:val="Heading1"/>`. */
export function childValue(element: XmlElement | undefined, name: string, attribute = 'w:val'): string | undefined {
  return child(element, name)?.attrs[attribute];
}

/** Concatenated text of all descendants. */
export function textOf(element: XmlElement): string {
  const parts: string[] = [];
  const stack: XmlNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') parts.push(node);
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return parts.join('');
}

/** OOXML on/off properties: `<w:b/>` is on, `<w:b w:val="0"/>` or `false` is off. */
export function isOn(element: XmlElement | undefined): boolean | undefined {
  if (!element) return undefined;
  const value = element.attrs['w:val'];
  return value === undefined || !['0', 'false', 'off', 'none'].includes(value);
}

/** Descendants whose local name (after any prefix) is `localName`: for parts whose writer chose its own prefixes (`ns0:cm`). */
export function findAllLocal(element: XmlElement, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack: XmlElement[] = [...elementChildren(element)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.name === localName || node.name.endsWith(`:${localName}`)) found.push(node);
    const children = elementChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/** An attribute with the character references the XML parser leaves in attribute values (`&#xA;`) decoded. */
export function attributeText(element: XmlElement | undefined, name: string): string | undefined {
  const value = element?.attrs[name];
  return value?.replace(/&#(x[0-9a-f]+|\d+);/gi, (reference, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference;
  });
}
