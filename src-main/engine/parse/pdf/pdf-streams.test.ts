import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dictionaryEntries, namesOf } from './pdf-dictionary';
import { readPdfObjects } from './pdf-streams';
import { pdfOf, textPdf } from './pdf-writer.test-support';

const text = (bytes: Uint8Array, start: number, end: number): string => Buffer.from(bytes.subarray(start, end)).toString('latin1');

describe('PDF objects read from the raw bytes', () => {
  it('finds a stream with its dictionary and exactly its data', () => {
    const pdf = textPdf('Hello');
    const [stream, ...others] = readPdfObjects(pdf).streams;
    expect(others).toEqual([]);
    expect(text(pdf, stream!.dataStart, stream!.dataEnd)).toBe('BT /F1 12 Tf 72 720 Td (Hello) Tj ET');
    expect(stream!.entries.get('Length')).toBe('36');
  });

  it('follows a length given by reference, and finds the end by `endstream` when the length is wrong', () => {
    const data = deflateSync('q 1 0 0 1 0 0 cm Q');
    const pdf = pdfOf([
      '<< /Type /Catalog >>',
      { dictionary: '<< /Filter /FlateDecode /Length 3 0 R >>', data },
      String(data.length),
      '<< /Length 999999 >>\nstream\nshort\nendstream',
    ]);
    const [byReference, wrongLength] = readPdfObjects(pdf).streams;
    expect(Buffer.from(pdf.subarray(byReference!.dataStart, byReference!.dataEnd))).toEqual(data);
    expect(text(pdf, wrongLength!.dataStart, wrongLength!.dataEnd).trim()).toBe('short');
  });

  it('does not take words inside strings or stream data for objects or streams', () => {
    const pdf = pdfOf([
      '<< /Title (a fake 9 0 obj << >> stream) /Other <414243> >>',
      { dictionary: '<< /Note (>> stream) >>', data: new TextEncoder().encode('7 0 obj << /Filter /FlateDecode >> stream\nxx\nendstream') },
    ]);
    const { streams } = readPdfObjects(pdf);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.entries.get('Note')).toBe('(>> stream)');
  });

  it('resolves a reference to the value of the object it names', () => {
    const objects = readPdfObjects(pdfOf(['<< /Filter 2 0 R >>', '[/ASCIIHexDecode /FlateDecode]', '<< /Width 5 >>']));
    expect(namesOf(objects.resolve('2 0 R'))).toEqual(['ASCIIHexDecode', 'FlateDecode']);
    expect(objects.resolve('3 0 R')).toBe('<< /Width 5 >>');
    expect(objects.resolve('/FlateDecode')).toBe('/FlateDecode');
    expect(objects.resolve('40 0 R')).toBeUndefined();
  });
});

describe('a PDF dictionary', () => {
  it('has only its own top-level entries, not those of dictionaries inside it', () => {
    const entries = dictionaryEntries(
      '<< /Filter [/AHx /Fl] /DecodeParms << /Subtype /Image /Predictor 12 >> /Length 9 0 R /Name (a /b) /Flag true >>',
    );
    expect([...entries.keys()]).toEqual(['Filter', 'DecodeParms', 'Length', 'Name', 'Flag']);
    expect(entries.get('Filter')).toBe('[/AHx /Fl]');
    expect(entries.get('DecodeParms')).toBe('<< /Subtype /Image /Predictor 12 >>');
    expect(entries.get('Length')).toBe('9 0 R');
    expect(entries.get('Subtype')).toBeUndefined();
  });

  it('reads names written without spaces', () => {
    expect(dictionaryEntries('<</Type/XObject/Subtype/Image/Width 10>>').get('Subtype')).toBe('/Image');
  });
});
