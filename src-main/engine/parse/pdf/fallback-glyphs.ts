import { characterAdvance, codesOf } from './glyph-widths';
import type { PdfjsFont } from './pdfjs-font';
import type { TextRun } from './types';

/** Baselines and sizes within this share of the font size are one line of one size. */
const lineTolerance = 0.1;
/** A fallback glyph lies this far (in font sizes) at most from where the gap left for it is estimated to start. */
const reach = 0.6;
/** Where the host's glyph widths are known, a fallback glyph starts this close (in font sizes) to its gap. */
const measuredReach = 0.3;
/** A fallback glyph is at least this share of the font size wide: it fills a gap with its advance. */
const minFillerWidth = 0.15;
/** A space glyph's share of the font size where the font does not give its width. */
const defaultSpace = 0.25;
const whitespace = /\s/u;
/** Points per band of baselines in which hosts are looked for (a filler's band or the next one). */
const baselineBand = 2;

/** A run with the name of the font that drew it and, where the font gives it, each character's advance (points). */
export interface FontedRun {
  run: TextRun;
  fontName: string;
  advance?: (character: string) => number | undefined;
}

/**
 * The advance (points) of a character the font maps one glyph to, at the given size; undefined for others, and for a
 * Type 3 font, whose glyphs are drawings rather than a face's letters.
 */
export function characterAdvances(font: PdfjsFont | undefined, fontSize: number): ((character: string) => number | undefined) | undefined {
  if (!codesOf(font) || !font?.widths || font.isType3Font === true) return undefined;
  return (character) => {
    const advance = characterAdvance(font, character);
    return advance === undefined ? undefined : advance * fontSize;
  };
}

/**
 * Runs with each glyph of a fallback font put into the gap left for it in the run around it. A font
 * that lacks a letter ("ế", "ậ" in a Latin face) makes LibreOffice draw the line's text in its own
 * font with a move forward where the letter goes, and the letter apart in a font that has it; pdf.js
 * reads that move as a space ("Ti" "ng" or, inside one item, "A-r p"), and the letter as a run of
 * its own on top. The letter goes into the space of its run that lies where it is drawn, as one word
 * ("Tiếng", "A-rập"). Only a glyph of another font, on the run's baseline at its size, drawn inside
 * it, fills a gap: a copy in the same font is an overprint, read once elsewhere.
 */
export function withFallbackGlyphsInGaps(fonted: readonly FontedRun[]): TextRun[] {
  // hosts by baseline band, so that a page of many runs is not compared pair by pair
  const hostsAt = new Map<number, FontedRun[]>();
  for (const entry of fonted) {
    if (entry.run.rtl || !whitespace.test(entry.run.text.trim())) continue;
    const band = Math.round(entry.run.baseline / baselineBand);
    hostsAt.set(band, [...(hostsAt.get(band) ?? []), entry]);
  }
  const fillersOf = new Map<FontedRun, FontedRun[]>();
  const claimed = new Set<FontedRun>();
  for (const filler of fonted) {
    if (!isFiller(filler.run)) continue;
    const band = Math.round(filler.run.baseline / baselineBand);
    const near = [band - 1, band, band + 1].flatMap((at) => hostsAt.get(at) ?? []);
    const host = near.find((other) => other !== filler && !claimed.has(other) && holds(other, filler));
    if (!host) continue;
    fillersOf.set(host, [...(fillersOf.get(host) ?? []), filler]);
    claimed.add(filler);
  }
  const filledHosts = new Map<FontedRun, TextRun>();
  const filledIn = new Set<FontedRun>();
  for (const [host, fillers] of fillersOf) {
    const sorted = [...fillers].sort((a, b) => a.run.left - b.run.left);
    const runs = sorted.map((filler) => filler.run);
    // glyph widths, where the host's font gives them all, decide alone: an estimate is no better than a measure
    const text =
      host.advance && measurable(host.run, host.advance) ? measuredFill(host.run, runs, host.advance) : estimatedFill(host.run, runs);
    if (text === undefined) continue;
    filledHosts.set(host, { ...host.run, text });
    for (const filler of sorted) filledIn.add(filler);
  }
  // fillers no gap was found for stay runs of their own, where the page draws them
  return fonted.flatMap((entry) => (filledIn.has(entry) ? [] : [filledHosts.get(entry) ?? entry.run]));
}

/** A filler holds a letter of its own: a run of combining marks alone is set on its letter elsewhere (see `stray-marks.ts`). */
function isFiller(run: TextRun): boolean {
  return !run.rtl && /[^\p{M}]/u.test(run.text) && !whitespace.test(run.text);
}

/** Whether `host` is a run of another font with a space inside, on the filler's line, that the filler lies within. */
function holds(host: FontedRun, filler: FontedRun): boolean {
  const [h, f] = [host.run, filler.run];
  if (host.fontName === filler.fontName || h.rtl || !whitespace.test(h.text.trim())) return false;
  const size = h.fontSize;
  if (Math.abs(h.fontSize - f.fontSize) > lineTolerance * size || Math.abs(h.baseline - f.baseline) > lineTolerance * size) return false;
  // a glyph fills its gap with its advance, and the gap lies between two glyphs of the host
  const slack = lineTolerance * size;
  return f.right - f.left >= minFillerWidth * size && f.left > h.left + slack && f.right < h.right - slack;
}

function measurable(host: TextRun, advance: (character: string) => number | undefined): boolean {
  return (
    host.text === host.text.trim() && [...host.text].every((character) => whitespace.test(character) || advance(character) !== undefined)
  );
}

interface Scan {
  /** the space nearest the filler looked for, and how far from it */
  slot?: number;
  distance: number;
  /** whether the filler starts a word space into its gap */
  spaceBefore?: boolean;
  /** where the scan ended, when no filler was looked for */
  end: number;
}

/**
 * The host's text with each filler in the space drawn where it starts, the host's glyphs measured by
 * their widths (all known, see `measurable`); undefined when a filler lies at no space. The move
 * pdf.js read as a space may hold a word space too: before the filler when the filler starts a space
 * into the gap, after it when the text after it, so placed, reaches the next filler (or the run's
 * end) better (the fallback run "ữ ẫ" around "l" is "ữ lẫ", "ngữ lẫn").
 */
function measuredFill(host: TextRun, fillers: readonly TextRun[], advance: (character: string) => number | undefined): string | undefined {
  const characters = [...host.text];
  const space = advance(' ') ?? defaultSpace * host.fontSize;
  const scan = (start: number, x: number, filler: TextRun | undefined): Scan => {
    let best: Scan = { distance: Infinity, end: x };
    for (let at = start; at < characters.length; at++) {
      const character = characters[at]!;
      const opensGap = whitespace.test(character) && !whitespace.test(characters[at - 1] ?? '');
      if (filler && opensGap) {
        for (const spaceBefore of [false, true]) {
          const distance = Math.abs(filler.left - x - (spaceBefore ? space : 0));
          if (distance < best.distance) best = { slot: at, distance, spaceBefore, end: x };
        }
      }
      x += whitespace.test(character) ? space : advance(character)!;
    }
    return filler ? best : { distance: Math.abs(host.right - x), end: x };
  };
  const filled = [...characters];
  let start = 0;
  let x = host.left;
  for (const [index, filler] of fillers.entries()) {
    const found = scan(start, x, filler);
    if (found.slot === undefined || found.distance > measuredReach * host.fontSize) return undefined;
    // the text from here reaches the next anchor (a filler's start, or the run's end) best from where the filler ends, or a space later
    const next = fillers[index + 1];
    const keepsSpace = scan(found.slot + 1, filler.right + space, next).distance < scan(found.slot + 1, filler.right, next).distance;
    filled[found.slot] = `${found.spaceBefore ? ' ' : ''}${filler.text}${keepsSpace ? ' ' : ''}`;
    start = found.slot + 1;
    x = filler.right + (keepsSpace ? space : 0);
  }
  return filled.join('');
}

/**
 * The host's text with each filler in one of its interior spaces, left to right, or undefined when
 * a filler lies near none of them. The host's glyph widths are unknown: its characters (a gap's space
 * counting as one) share the width the fillers leave, so a space's place is estimated from the
 * characters before it and the fillers already placed.
 */
function estimatedFill(host: TextRun, fillers: readonly TextRun[]): string | undefined {
  const characters = [...host.text.trim()];
  const startsAt = host.left;
  const slots = characters.flatMap((character, at) => (whitespace.test(character) && !whitespace.test(characters[at - 1]!) ? [at] : []));
  if (slots.length < fillers.length) return undefined;
  const fillerWidth = fillers.reduce((sum, filler) => sum + (filler.right - filler.left), 0);
  const perCharacter = Math.max(host.right - host.left - fillerWidth, 0) / Math.max(characters.length - fillers.length, 1);
  const chosen: number[] = [];
  let placedWidth = 0;
  let from = 0;
  for (const filler of fillers) {
    let best = -1;
    let bestDistance = Infinity;
    const fillersAfter = fillers.length - chosen.length - 1;
    const widthAfter = fillerWidth - placedWidth - (filler.right - filler.left);
    for (let slot = from; slot < slots.length - fillersAfter; slot++) {
      // measured from both ends of the run: the estimate from the nearer end is the better one
      const fromLeft = startsAt + (slots[slot]! - chosen.length) * perCharacter + placedWidth;
      const fromRight = host.right - (characters.length - slots[slot]! - 1 - fillersAfter) * perCharacter - widthAfter;
      const distance = Math.min(Math.abs(filler.left - fromLeft), Math.abs(filler.right - fromRight));
      if (distance < bestDistance) [best, bestDistance] = [slot, distance];
    }
    if (best < 0 || bestDistance > reach * host.fontSize) return undefined;
    chosen.push(best);
    placedWidth += filler.right - filler.left;
    from = best + 1;
  }
  const filled = [...characters];
  chosen.forEach((slot, index) => {
    filled[slots[slot]!] = fillers[index]!.text;
  });
  return filled.join('');
}
