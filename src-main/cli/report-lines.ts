import { basename } from 'node:path';
import { printableLine } from './printable';

/**
 * `error: <file>: <message>\n`. Engine messages sometimes start with the file's base name already
 * (`a.xyz: unsupported file type`); the path is said once.
 */
export function errorLine(displayPath: string, message: string): string {
  const namePrefix = `${basename(displayPath)}: `;
  const reason = message.startsWith(namePrefix) ? message.slice(namePrefix.length) : message;
  return `error: ${printableLine(displayPath)}: ${printableLine(reason)}\n`;
}

/** `note: <file>: <note>\n`: what an output leaves out (pictures without image data). */
export function noteLine(displayPath: string, note: string): string {
  return `note: ${printableLine(displayPath)}: ${printableLine(note)}\n`;
}
