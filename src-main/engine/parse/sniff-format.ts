/** Formats recognisable from their first bytes, to tell a user what a misnamed file really is. */
const signatures: ReadonlyArray<{ format: string; extension: string; matches: (head: string, bytes: Uint8Array) => boolean }> = [
  { format: 'PDF', extension: '.pdf', matches: (head) => head.startsWith('%PDF-') },
  { format: 'ZIP (DOCX)', extension: '.docx', matches: (head, bytes) => isZip(head) && officeFolder(bytes) === 'word/' },
  { format: 'ZIP (PPTX)', extension: '.pptx', matches: (head, bytes) => isZip(head) && officeFolder(bytes) === 'ppt/' },
  { format: 'ZIP (XLSX)', extension: '.xlsx', matches: (head, bytes) => isZip(head) && officeFolder(bytes) === 'xl/' },
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
  const found = signatures.find((signature) => signature.matches(head, bytes));
  return found && { format: found.format, extension: found.extension };
}

function isZip(head: string): boolean {
  return head.startsWith('PK\u0003\u0004');
}

/** The folder of an Office package's main part, as the part names stored in clear in its first local headers say. */
function officeFolder(bytes: Uint8Array): string | undefined {
  const names = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1 << 16)).toString('latin1');
  const found = ['word/', 'ppt/', 'xl/'].map((folder) => ({ folder, at: names.indexOf(folder) })).filter((f) => f.at >= 0);
  return found.sort((a, b) => a.at - b.at)[0]?.folder;
}
