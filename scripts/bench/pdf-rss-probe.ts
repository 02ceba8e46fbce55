/** Child process of `benchPdf`: parses one PDF and prints its peak resident memory as JSON. */
import { readFileSync } from 'node:fs';
import { pdfParser } from '../../src-main/engine/parse/pdf';

const file = process.argv[2];
if (!file) throw new Error('usage: pdf-rss-probe <file.pdf>');
await pdfParser.parse({ fileName: 'probe.pdf', bytes: new Uint8Array(readFileSync(file)) }, { ocr: 'off' });
console.log(JSON.stringify({ peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
