/**
 * RFC 4180 CSV: fields separated by commas, quoted with `"` when they hold a comma, quote or line
 * break, a quote inside a quoted field doubled. Records end at CRLF or LF.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (quoted) {
      if (character !== '"') field += character;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (character === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
    } else if (character === '\n' || (character === '\r' && text[i + 1] === '\n')) {
      if (character === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
    } else {
      field += character;
      fieldStarted = true;
    }
  }
  if (quoted) throw new Error('a quoted field is not closed');
  if (fieldStarted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** One CSV field: quoted when it must be. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number>): string {
  return `${values.map(csvField).join(',')}\n`;
}
