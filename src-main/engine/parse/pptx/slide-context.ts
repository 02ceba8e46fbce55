import { child, findFirst, type XmlElement } from '../ooxml/xml-tree';

/** A shape's place on its slide in EMU; undefined parts are not stated by the shape or what it inherits from. */
export interface ShapeBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A placeholder: its type (`title`, `body`, `obj` when unstated...) and index. */
export interface Placeholder {
  type: string;
  idx: string;
}

/** The placeholder a shape fills, if it is one. */
export function placeholderOf(shape: XmlElement): Placeholder | undefined {
  const nv = child(shape, 'p:nvSpPr') ?? child(shape, 'p:nvPicPr') ?? child(shape, 'p:nvGraphicFramePr');
  const ph = child(child(nv, 'p:nvPr'), 'p:ph');
  return ph ? { type: ph.attrs.type ?? 'obj', idx: ph.attrs.idx ?? '0' } : undefined;
}

/** The master placeholder a layout placeholder of this type takes its place and styles from. */
const MASTER_TYPE: Readonly<Record<string, string>> = {
  ctrTitle: 'title',
  title: 'title',
  dt: 'dt',
  ftr: 'ftr',
  sldNum: 'sldNum',
};

/**
 * A slide's layout and master, as far as its shapes inherit from them: a placeholder that states
 * no position takes its layout placeholder's (by index), which takes its master placeholder's (by
 * type); list styles are looked up the same way.
 */
export class SlideContext {
  constructor(
    private readonly layout: XmlElement | undefined,
    readonly master: XmlElement | undefined,
  ) {}

  /** The layout placeholder of the same index. */
  layoutPlaceholder(placeholder: Placeholder): XmlElement | undefined {
    return placeholderShapes(this.layout).find((shape) => placeholderOf(shape)?.idx === placeholder.idx);
  }

  /** The master placeholder of the layout placeholder's type (`body` for content placeholders). */
  masterPlaceholder(type: string): XmlElement | undefined {
    const wanted = MASTER_TYPE[type] ?? 'body';
    return placeholderShapes(this.master).find((shape) => (MASTER_TYPE[placeholderOf(shape)?.type ?? ''] ?? 'body') === wanted);
  }

  /** A shape's box: its own, else its layout placeholder's, else that one's master placeholder's. */
  boxOf(shape: XmlElement): ShapeBox | undefined {
    const own = stateBox(shape);
    if (own) return own;
    const placeholder = placeholderOf(shape);
    if (!placeholder) return undefined;
    const layoutShape = this.layoutPlaceholder(placeholder);
    const fromLayout = layoutShape && stateBox(layoutShape);
    if (fromLayout) return fromLayout;
    const masterShape = this.masterPlaceholder(layoutShape ? (placeholderOf(layoutShape)?.type ?? placeholder.type) : placeholder.type);
    return masterShape && stateBox(masterShape);
  }
}

function placeholderShapes(part: XmlElement | undefined): XmlElement[] {
  const tree = part && findFirst(part, 'p:spTree');
  if (!tree) return [];
  const shapes: XmlElement[] = [];
  const stack = [...tree.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') continue;
    if (node.name === 'p:grpSp') stack.push(...[...node.children].reverse());
    else if (placeholderOf(node)) shapes.push(node);
  }
  return shapes;
}

/** The box a shape states itself (`a:xfrm` of its shape properties, `p:xfrm` of a graphic frame). */
function stateBox(shape: XmlElement): ShapeBox | undefined {
  const xfrm = child(child(shape, 'p:spPr') ?? child(shape, 'p:grpSpPr'), 'a:xfrm') ?? child(shape, 'p:xfrm');
  const off = child(xfrm, 'a:off');
  const ext = child(xfrm, 'a:ext');
  if (!off || !ext) return undefined;
  const number = (value: string | undefined): number => Number(value ?? 0) || 0;
  return { left: number(off.attrs.x), top: number(off.attrs.y), width: number(ext.attrs.cx), height: number(ext.attrs.cy) };
}
