/**
 * A prefix tree of vocabulary pieces, walked over UTF-16 code units straight from the source text so
 * that counting allocates nothing. Letters and digits (nearly every step in real text) index a dense
 * table; any other code unit goes through a map.
 */

const DENSE_SLOTS = 36;
const NO_SLOT = -1;
const NO_CHILD = 0;
const ROOT = 0;

/** a-z and A-Z share slots 0-25 so raw ASCII text matches lower-case pieces; 0-9 take 26-35. */
const DENSE_SLOT: Int8Array = buildDenseSlotTable();

function buildDenseSlotTable(): Int8Array {
  const table = new Int8Array(128).fill(NO_SLOT);
  for (let letter = 0; letter < 26; letter++) {
    table[0x61 + letter] = letter;
    table[0x41 + letter] = letter;
  }
  for (let digit = 0; digit < 10; digit++) table[0x30 + digit] = 26 + digit;
  return table;
}

export class PieceTrie {
  private dense = new Uint32Array(DENSE_SLOTS * 1024);
  private terminal = new Uint8Array(1024);
  private readonly sparse = new Map<number, number>();
  private nodeCount = 1;

  /** Pieces must not contain A-Z: the walk folds ASCII capitals onto lower case. */
  constructor(pieces: Iterable<string>) {
    for (const piece of pieces) this.insert(piece);
  }

  /**
   * End index of the longest piece that `text` spells from `start` (not beyond `end`), or -1 when no
   * piece starts there. ASCII capitals match as lower case.
   */
  longestMatchEnd(text: string, start: number, end: number): number {
    const { dense, terminal, sparse } = this;
    let node = ROOT;
    let matchEnd = -1;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      const slot = code < 128 ? (DENSE_SLOT[code] ?? NO_SLOT) : NO_SLOT;
      const child = slot === NO_SLOT ? (sparse.get(node * 0x10000 + code) ?? NO_CHILD) : (dense[node * DENSE_SLOTS + slot] ?? NO_CHILD);
      if (child === NO_CHILD) break;
      node = child;
      if (terminal[node] === 1) matchEnd = i + 1;
    }
    return matchEnd;
  }

  private insert(piece: string): void {
    let node = ROOT;
    for (let i = 0; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      const slot = code < 128 ? (DENSE_SLOT[code] ?? NO_SLOT) : NO_SLOT;
      let child = slot === NO_SLOT ? this.sparse.get(node * 0x10000 + code) : this.dense[node * DENSE_SLOTS + slot];
      if (!child) {
        child = this.addNode();
        if (slot === NO_SLOT) this.sparse.set(node * 0x10000 + code, child);
        else this.dense[node * DENSE_SLOTS + slot] = child;
      }
      node = child;
    }
    this.terminal[node] = 1;
  }

  private addNode(): number {
    if (this.nodeCount === this.terminal.length) {
      const grownDense = new Uint32Array(this.dense.length * 2);
      grownDense.set(this.dense);
      this.dense = grownDense;
      const grownTerminal = new Uint8Array(this.terminal.length * 2);
      grownTerminal.set(this.terminal);
      this.terminal = grownTerminal;
    }
    return this.nodeCount++;
  }
}
