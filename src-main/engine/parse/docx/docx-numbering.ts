import { child, childrenNamed, childValue, type XmlElement } from '../ooxml/xml-tree';

const NUMBER_FORMATS = new Set(['decimal', 'lowerRoman', 'upperRoman', 'lowerLetter', 'upperLetter', 'decimalZero']);

interface LevelDefinition {
  format: string;
  text: string;
  start: number;
}

interface NumberingInstance {
  abstractId: string;
  startOverrides: Map<number, number>;
}

interface ListMarker {
  enumerated: boolean;
  /** The rendered level text (`1.`, `2.3.1.`); empty for bullets, as Docling writes it. */
  marker: string;
}

/**
 * `numbering.xml` plus the running counters: each numbered paragraph advances its level and
 * resets the deeper ones, and its marker is the level text with the counters filled in.
 */
export class DocxNumbering {
  private readonly abstracts = new Map<string, Map<number, LevelDefinition>>();
  private readonly instances = new Map<string, NumberingInstance>();
  private readonly counters = new Map<string, number[]>();

  constructor(numberingXml: XmlElement | undefined) {
    const root = numberingXml && child(numberingXml, 'w:numbering');
    for (const abstract of childrenNamed(root, 'w:abstractNum')) {
      const levels = new Map<number, LevelDefinition>();
      for (const level of childrenNamed(abstract, 'w:lvl')) {
        levels.set(Number(level.attrs['w:ilvl'] ?? 0), {
          format: childValue(level, 'w:numFmt') ?? 'decimal',
          text: childValue(level, 'w:lvlText') ?? '',
          start: Number(childValue(level, 'w:start') ?? 1),
        });
      }
      const id = abstract.attrs['w:abstractNumId'];
      if (id !== undefined) this.abstracts.set(id, levels);
    }
    for (const num of childrenNamed(root, 'w:num')) {
      const id = num.attrs['w:numId'];
      const abstractId = childValue(num, 'w:abstractNumId');
      if (id === undefined || abstractId === undefined) continue;
      const startOverrides = new Map<number, number>();
      for (const override of childrenNamed(num, 'w:lvlOverride')) {
        const start = childValue(override, 'w:startOverride');
        if (start !== undefined) startOverrides.set(Number(override.attrs['w:ilvl'] ?? 0), Number(start));
      }
      this.instances.set(id, { abstractId, startOverrides });
    }
  }

  /** Whether this numbering reference shows anything (numId 0 means "no numbering"). */
  isNumbered(numId: string, ilvl: number): boolean {
    const level = this.level(numId, ilvl);
    return level !== undefined && level.format !== 'none';
  }

  /** Whether the level shows a number (not a bullet, nothing, or a spelled-out or ordinal word), as Docling tells numbered headings. */
  showsNumber(numId: string, ilvl: number): boolean {
    const format = this.level(numId, ilvl)?.format;
    return format !== undefined && NUMBER_FORMATS.has(format);
  }

  /** Advances the counters for one paragraph and returns its marker. */
  next(numId: string, ilvl: number): ListMarker {
    const level = this.level(numId, ilvl);
    if (!level || level.format === 'bullet' || level.format === 'none') {
      return { enumerated: false, marker: '' };
    }
    const counters = this.countersOf(numId);
    for (let l = 0; l < ilvl; l++) if (counters[l] === undefined) counters[l] = this.startOf(numId, l);
    counters[ilvl] = counters[ilvl] === undefined ? this.startOf(numId, ilvl) : counters[ilvl]! + 1;
    counters.length = ilvl + 1;
    const marker = level.text.replace(/%(\d)/g, (_, digit: string) => {
      const l = Number(digit) - 1;
      const format = this.level(numId, l)?.format ?? 'decimal';
      return formatNumber(counters[l] ?? this.startOf(numId, l), format);
    });
    return { enumerated: true, marker };
  }

  private countersOf(numId: string): number[] {
    let counters = this.counters.get(numId);
    if (!counters) this.counters.set(numId, (counters = []));
    return counters;
  }

  private startOf(numId: string, ilvl: number): number {
    return this.instances.get(numId)?.startOverrides.get(ilvl) ?? this.level(numId, ilvl)?.start ?? 1;
  }

  private level(numId: string, ilvl: number): LevelDefinition | undefined {
    const instance = this.instances.get(numId);
    return instance && this.abstracts.get(instance.abstractId)?.get(ilvl);
  }
}

function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'lowerLetter':
      return letters(value).toLowerCase();
    case 'upperLetter':
      return letters(value);
    case 'lowerRoman':
      return roman(value).toLowerCase();
    case 'upperRoman':
      return roman(value);
    case 'decimalZero':
      return value < 10 ? `0${value}` : String(value);
    default:
      return String(value);
  }
}

function letters(value: number): string {
  if (value <= 0) return String(value);
  const letter = String.fromCharCode(65 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

function roman(value: number): string {
  if (value <= 0 || value >= 4000) return String(value);
  const numerals: Array<[number, string]> = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let text = '';
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      text += numeral;
      rest -= amount;
    }
  }
  return text;
}
