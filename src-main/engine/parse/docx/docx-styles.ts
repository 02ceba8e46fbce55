import { child, childrenNamed, childValue, isOn, type XmlElement } from '../ooxml/xml-tree';

export interface RunFormat {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  script?: 'baseline' | 'sub' | 'super';
}

export interface NumberingReference {
  numId: string;
  ilvl: number;
}

interface StyleDefinition {
  id: string;
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numbering?: Partial<NumberingReference>;
  /** The Latin font its runs are set in (`w:rFonts/@w:ascii`), when the style names one. */
  font?: string;
  runFormat: RunFormat;
}

/** Run formatting from an `rPr` element (only the properties it sets). */
export function runFormatOf(rPr: XmlElement | undefined): RunFormat {
  const format: RunFormat = {};
  if (!rPr) return format;
  const bold = isOn(child(rPr, 'w:b'));
  if (bold !== undefined) format.bold = bold;
  const italic = isOn(child(rPr, 'w:i'));
  if (italic !== undefined) format.italic = italic;
  const underline = childValue(rPr, 'w:u');
  if (child(rPr, 'w:u')) format.underline = underline !== 'none' && underline !== '0';
  const strike = isOn(child(rPr, 'w:strike')) ?? isOn(child(rPr, 'w:dstrike'));
  if (strike !== undefined) format.strikethrough = strike;
  const vertAlign = childValue(rPr, 'w:vertAlign');
  if (vertAlign) format.script = vertAlign === 'superscript' ? 'super' : vertAlign === 'subscript' ? 'sub' : 'baseline';
  return format;
}

/** The Latin font an `rPr` names (`w:rFonts/@w:ascii`). */
export function fontOf(rPr: XmlElement | undefined): string | undefined {
  return child(rPr, 'w:rFonts')?.attrs['w:ascii'] || undefined;
}

/** A paragraph's numbering as written in its `pPr` (either part may come from the style instead). */
export function numberingOf(pPr: XmlElement | undefined): Partial<NumberingReference> | undefined {
  const numPr = child(pPr, 'w:numPr');
  if (!numPr) return undefined;
  const numId = childValue(numPr, 'w:numId');
  const ilvl = childValue(numPr, 'w:ilvl');
  return { ...(numId !== undefined ? { numId } : {}), ...(ilvl !== undefined ? { ilvl: Number(ilvl) } : {}) };
}

/** Paragraph style names and ids that mark code, as Docling (after pandoc) matches them: whole, never a part of a name. */
const CODE_STYLE_NAMES = new Set([
  'source code',
  'code',
  'code block',
  'code listing',
  'html preformatted',
  'preformatted text',
  'preformatted',
  'verbatim',
]);
const CODE_STYLE_IDS = new Set([
  'sourcecode',
  'source_code',
  'code',
  'codeblock',
  'codelisting',
  'htmlpreformatted',
  'preformattedtext',
  'preformatted',
  'verbatim',
]);

/**
 * The level a heading-style label carries: `Heading 2`, `heading2`, `2 Heading` give 2 (at least 1);
 * a label of words and a number that is not "heading" and a number (`Chapter Heading 1`) is no heading;
 * a label without a trailing number is a level-1 heading when it says `Heading` with that capital.
 */
function levelInHeadingLabel(label: string): number | undefined {
  const match = /^(\D+)(\d+)$/.exec(label) ?? /^(\d+)(\D+)/.exec(label);
  if (!match) return label.includes('Heading') ? 1 : undefined;
  const [word, digits] = /^\d/.test(match[1]!) ? [match[2]!, match[1]!] : [match[1]!, match[2]!];
  return word.trim().toLowerCase() === 'heading' ? Math.max(1, Number(digits)) : undefined;
}

/** `styles.xml`: names, inheritance, outline levels, numbering and run formatting of each style. */
export class DocxStyles {
  private readonly styles = new Map<string, StyleDefinition>();
  private readonly defaultParagraphStyle?: string;

  constructor(stylesXml: XmlElement | undefined) {
    const root = stylesXml && child(stylesXml, 'w:styles');
    let defaultParagraph: string | undefined;
    for (const style of childrenNamed(root, 'w:style')) {
      const id = style.attrs['w:styleId'];
      if (!id) continue;
      const pPr = child(style, 'w:pPr');
      const outline = childValue(pPr, 'w:outlineLvl');
      this.styles.set(id, {
        id,
        name: childValue(style, 'w:name') ?? id,
        basedOn: childValue(style, 'w:basedOn'),
        outlineLevel: outline !== undefined ? Number(outline) : undefined,
        numbering: numberingOf(pPr),
        runFormat: runFormatOf(child(style, 'w:rPr')),
        font: fontOf(child(style, 'w:rPr')),
      });
      if (style.attrs['w:type'] === 'paragraph' && style.attrs['w:default'] === '1') defaultParagraph = id;
    }
    this.defaultParagraphStyle = defaultParagraph;
  }

  /** The paragraph style id in effect (the document default when none is given). */
  paragraphStyle(styleId: string | undefined): string | undefined {
    return styleId ?? this.defaultParagraphStyle;
  }

  /** The style's display name, e.g. `heading 1`, `Title`, `List Paragraph`. */
  name(styleId: string | undefined): string {
    return (styleId && this.styles.get(styleId)?.name) || styleId || '';
  }

  /** Names of the style and the styles it is based on, nearest first. */
  lineage(styleId: string | undefined): string[] {
    return this.chain(styleId).map((s) => s.name);
  }

  /**
   * The title (level 0), a heading level, or undefined, from the paragraph style as Docling's Word
   * backend reads it: a style whose id or name, or its direct base's, says "heading" is a heading at
   * the style's own outline level, else at the number in that label; any other style with an outline
   * level is a heading there (localized styles such as `Nadpis1`); the title is the style id `Title`.
   * Outline levels set on a paragraph itself, or inherited from further up, make no heading.
   */
  headingLevel(styleId: string | undefined): number | undefined {
    const style = styleId !== undefined ? this.styles.get(styleId) : undefined;
    if (!style) return undefined;
    const base = style.basedOn !== undefined ? this.styles.get(style.basedOn) : undefined;
    const labels = [style.id, style.name, base?.id, base?.name].filter((l): l is string => Boolean(l));
    // outlineLvl 9 is Word's "body text" sentinel.
    const outline =
      style.outlineLevel !== undefined && style.outlineLevel >= 0 && style.outlineLevel <= 8 ? style.outlineLevel + 1 : undefined;
    const headingLabel = labels.find((l) => /heading/i.test(l));
    if (headingLabel !== undefined) return outline ?? levelInHeadingLabel(headingLabel);
    if (outline !== undefined && !labels.some((l) => /title/i.test(l))) return outline;
    return style.id === 'Title' ? 0 : undefined;
  }

  numbering(styleId: string | undefined): Partial<NumberingReference> {
    const merged: Partial<NumberingReference> = {};
    for (const style of this.chain(styleId)) {
      if (merged.numId === undefined && style.numbering?.numId !== undefined) merged.numId = style.numbering.numId;
      if (merged.ilvl === undefined && style.numbering?.ilvl !== undefined) merged.ilvl = style.numbering.ilvl;
    }
    return merged;
  }

  /** Whether the style, or one it is based on, is a code style by its name or id (`Source Code`, `HTML Preformatted`, `Verbatim`). */
  isCodeStyle(styleId: string | undefined): boolean {
    return this.chain(styleId).some(
      (s) => CODE_STYLE_NAMES.has(s.name.trim().toLowerCase()) || CODE_STYLE_IDS.has(s.id.trim().toLowerCase()),
    );
  }

  /**
   * The font a paragraph style sets its runs in, from the style or the nearest it is based on that
   * names one; none from the document's default paragraph style, whose font says nothing of intent.
   */
  font(styleId: string | undefined): string | undefined {
    for (const style of this.chain(styleId)) {
      if (style.id === this.defaultParagraphStyle) return undefined;
      if (style.font) return style.font;
    }
    return undefined;
  }

  /** Run formatting a style gives, inherited properties first so nearer styles win. */
  runFormat(styleId: string | undefined): RunFormat {
    return Object.assign(
      {},
      ...this.chain(styleId)
        .reverse()
        .map((s) => s.runFormat),
    ) as RunFormat;
  }

  private chain(styleId: string | undefined): StyleDefinition[] {
    const chain: StyleDefinition[] = [];
    const seen = new Set<string>();
    let current = styleId;
    while (current && !seen.has(current)) {
      seen.add(current);
      const style = this.styles.get(current);
      if (!style) break;
      chain.push(style);
      current = style.basedOn;
    }
    return chain;
  }
}
