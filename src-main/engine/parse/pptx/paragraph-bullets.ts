import { child, findFirst, type XmlElement } from '../ooxml/xml-tree';
import { placeholderOf, type SlideContext } from './slide-context';

/** Whether a paragraph is a list item, and of which kind, as Docling decides it. */
export interface ParagraphBullet {
  isList: boolean;
  numbered: boolean;
  /** 0 to 8, the paragraph's indent level (`a:pPr lvl`) */
  level: number;
}

type MarkerKind = 'buChar' | 'buAutoNum' | 'buBlip' | 'buNone';

/** What a level's paragraph properties say: a marker, no marker, or nothing (look further). */
function markerOf(properties: XmlElement | undefined): MarkerKind | undefined {
  if (!properties) return undefined;
  for (const kind of ['buNone', 'buChar', 'buAutoNum', 'buBlip'] as const) if (child(properties, `a:${kind}`)) return kind;
  return undefined;
}

function levelProperties(listStyle: XmlElement | undefined, level: number): XmlElement | undefined {
  return child(listStyle, `a:lvl${level + 1}pPr`);
}

/** The master text style a placeholder's paragraphs follow: titles `titleStyle`, content `bodyStyle`, the rest `otherStyle`. */
function masterStyle(context: SlideContext, type: string): XmlElement | undefined {
  const styles = context.master && findFirst(context.master, 'p:txStyles');
  if (['body', 'obj'].includes(type)) return child(styles, 'p:bodyStyle');
  if (['title', 'ctrTitle'].includes(type)) return child(styles, 'p:titleStyle');
  return child(styles, 'p:otherStyle');
}

/**
 * A paragraph's bullet, looked up where PowerPoint inherits it from, in order: the paragraph's
 * own properties, its shape's list style, and for a placeholder the master's text style for its
 * kind (a marker there wins) or the layout placeholder's list style. A paragraph none of them
 * marks is a list item only when indented.
 */
export function paragraphBullet(paragraph: XmlElement, shape: XmlElement, context: SlideContext): ParagraphBullet {
  const properties = child(paragraph, 'a:pPr');
  const level = Math.min(Math.max(Number(properties?.attrs.lvl ?? 0) || 0, 0), 8);
  const kind = effectiveMarker(properties, shape, context, level);
  if (kind === 'buNone') return { isList: false, numbered: false, level };
  if (kind) return { isList: true, numbered: kind === 'buAutoNum', level };
  return { isList: level > 0, numbered: false, level };
}

function effectiveMarker(
  properties: XmlElement | undefined,
  shape: XmlElement,
  context: SlideContext,
  level: number,
): MarkerKind | undefined {
  const own = markerOf(properties);
  if (own) return own;
  const fromShape = markerOf(levelProperties(child(child(shape, 'p:txBody'), 'a:lstStyle'), level));
  if (fromShape) return fromShape;
  const placeholder = placeholderOf(shape);
  const layoutShape = placeholder && context.layoutPlaceholder(placeholder);
  if (!placeholder || !layoutShape) return undefined;
  const fromLayout = markerOf(levelProperties(child(child(layoutShape, 'p:txBody'), 'a:lstStyle'), level));
  const fromMaster = markerOf(
    findFirst(masterStyle(context, placeholder.type) ?? { name: '', attrs: {}, children: [] }, `a:lvl${level + 1}pPr`),
  );
  return fromMaster ?? fromLayout;
}
