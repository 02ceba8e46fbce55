import { child, childrenNamed, type XmlElement } from '../ooxml/xml-tree';
import { dateKindOfFormat, type DateKind } from './docling-cell-text';
import { builtInFormat, formatGeneral, formatNumber } from './number-format';

const MS_PER_DAY = 86_400_000;

/**
 * The number format of each cell style (`xl/styles.xml`, `cellXfs`), by the style index a cell's
 * `s` names, and the text a number shows in it.
 */
export class CellStyles {
  private readonly formatOfStyle: string[] = [];
  private readonly dateKindOfStyle: DateKind[] = [];

  constructor(
    styles: XmlElement | undefined,
    readonly date1904: boolean,
  ) {
    const sheet = child(styles, 'styleSheet');
    const custom = new Map<number, string>();
    for (const format of childrenNamed(child(sheet, 'numFmts'), 'numFmt')) {
      custom.set(Number(format.attrs.numFmtId), format.attrs.formatCode ?? 'General');
    }
    for (const xf of childrenNamed(child(sheet, 'cellXfs'), 'xf')) {
      const id = Number(xf.attrs.numFmtId ?? 0);
      const code = custom.get(id) ?? builtInFormat(id) ?? 'General';
      this.formatOfStyle.push(code);
      this.dateKindOfStyle.push(dateKindOfFormat(code));
    }
  }

  /** Whether openpyxl (so Docling) reads a number in this style as a date, a duration or a number. */
  dateKind(style: number): DateKind {
    return this.dateKindOfStyle[style] ?? 'number';
  }

  /** The format code of a style; `General` for a style the sheet does not define. */
  formatCode(style: number): string {
    return this.formatOfStyle[style] ?? 'General';
  }

  formatNumber(value: number, style: number): string {
    const code = this.formatCode(style);
    return code === 'General' ? formatGeneral(value) : formatNumber(value, code, this.date1904);
  }

  /** A cell of type `d` (an ISO 8601 date) in its style's format; as written when it is no date. */
  formatIsoDate(value: string, style: number): string {
    const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
    if (Number.isNaN(time)) return value;
    const epoch = this.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
    return this.formatNumber((time - epoch) / MS_PER_DAY, style);
  }
}
