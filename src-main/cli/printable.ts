/**
 * Escape sequences: CSI (`ESC [ … final`), OSC and the other string commands (`ESC ] … BEL` or
 * `… ESC \`, unterminated ones to the end of the line), and two-character ones (`ESC c`).
 */
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|[ -~]?)/g;
/** C0 controls but tab and newline, DEL, C1 controls, and the bidirectional embeddings, overrides and isolates. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (file names, ZIP part names, messages that quote a document) as the terminal
 * may show it: a name cannot clear the screen, move the cursor, retitle the window, or reorder
 * what the line says.
 */
export function printable(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}

/** `printable`, on one line: a report line per file stays one line whatever the file is called. */
export function printableLine(text: string): string {
  return printable(text.replace(/\r?\n/g, ' '));
}
