/** Formats recognisable from their first bytes, to tell a user what a misnamed file really is. */
const signatures: ReadonlyArray<{ format: string; extension: string; matches: (head: string) => boolean }> = [
  { format: 'PDF', extension: '.pdf', matches: (head) => head.startsWith('%PDF-') },
  { format: 'ZIP (DOCX)', extension: '.docx', matches: (head) => head.startsWith('PK\u0003\u0004') },
  { format: 'HTML', extension: '.html', matches: (head) => /^\s*(<!doctype html|<html|<head|<body)/i.test(head) },
  { format: 'JSON', extension: '.json', matches: (head) => /^\s*[{[]/.test(head) },
];

interface SniffedFormat {
  format: string;
  extension: string;
}

/** The format the content announces, or undefined when its first bytes say nothing certain. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 64)).replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  const found = signatures.find((signature) => signature.matches(head));
  return found && { format: found.format, extension: found.extension };
}
