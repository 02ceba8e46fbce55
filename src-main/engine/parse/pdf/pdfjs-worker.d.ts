// pdf.js ships no types for its worker module; Stratum only imports it for its side effect (pdfjs.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
