import { basename } from 'node:path';

/**
 * `error: <file>: <message>\n`. Engine messages sometimes start with the file's base name already
 * (`a.xyz: unsupported file type`); the path is said once.
 */
export function errorLine(displayPath: string, message: string): string {
  const namePrefix = `${basename(displayPath)}: `;
  const reason = message.startsWith(namePrefix) ? message.slice(namePrefix.length) : message;
  return `error: ${displayPath}: ${reason}\n`;
}
