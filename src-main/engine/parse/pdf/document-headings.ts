import { isFurniture, isHeading, type ClassifiedBlock, type ClassifiedLines } from './classify-block';
import { isAuthorList } from './author-lines';
import type { BodyStyle } from './document-style';
import { isCentred, sideBySide } from './block-geometry';
import { promoteCentredHeadings } from './centred-headings';
import { contentsEntryHeadings } from './contents-headings';
import { hangingHeadings } from './hanging-headings';
import { headingSizeRatio, textKey } from './headings';
import { promoteHeadingsInHeadingsFamily } from './family-headings';
import { promoteHeadingsOfSmallerText } from './headings-of-smaller-text';
import { promoteIndexLetters } from './index-letters';
import { promoteNumberedSectionStyles } from './numbered-section-styles';
import { promoteNumberedSubsections } from './numbered-sections';
import { runningTextHeadings } from './running-text-headings';
import { templateSubheadings } from './section-templates';
import { reviseHeadingsBySpace } from './spaced-headings';
import type { Line } from './types';

export interface PageBlocks {
  width: number;
  blocks: ClassifiedBlock[];
}

/**
 * Revises the headings of a document from what its pages show together: header rows of tables,
 * numbered captions, labels repeated in a style of their own, the lines of its cover pages, a paper's
 * list of authors; subsections set in the body's style that continue the headings' numbering; bold
 * headings of a passage set smaller than the body; the letter groups of an index; a contents' entries
 * that name later headings. Changes the pages' blocks in place.
 */
export function reviseHeadings(pages: readonly PageBlocks[], body: BodyStyle): void {
  const headingLines = new Set<readonly Line[]>();
  const hanging = hangingHeadings(pages);
  const textEdges = textLineEdges(pages);
  for (const page of pages) {
    relabel([page], rowsOfHeadings(page.blocks), (block) => ({ ...block, label: 'text' }));
    for (const heading of page.blocks.filter(isHeading)) headingLines.add(heading.lines);
    const terms = [...definitionTerms(page.blocks, body, textEdges), ...tagsOverHeadings(page.blocks, body)].filter(
      (term) => !hanging.has(term),
    );
    relabel([page], new Set(terms), (block) => ({ ...block, label: 'text' }));
  }
  relabel(pages, runningTextHeadings(pages), (block) => ({ ...block, label: 'text' }));
  relabel(pages, numberedCaptions(headingsOf(pages), body, pageOpeners(pages)), (block) => ({
    ...block,
    label: 'caption',
    captionTarget: 'any',
  }));
  // A centred heading is a title, which a cover, a title page and the first page may each repeat.
  const uncentred = pages.flatMap((page) => page.blocks.filter(isHeading).filter((h) => !isCentred(h, page.width)));
  // The subheadings of a template repeated section by section ("Syntax", "Example") are said again as labels are, yet head
  // sections, as do headings hung out at an edge of their own ("NAME" on every manual page of a collection): both are kept
  // whatever the label and spacing rules say.
  const kept = new Set([...templateSubheadings(headingsOf(pages)), ...hanging]);
  const labels = (found: Set<ClassifiedLines>): Set<ClassifiedLines> => new Set([...found].filter((heading) => !kept.has(heading)));
  relabel(pages, labels(repeatedLabels(uncentred, body)), (block) => ({ ...block, label: 'text' }));
  relabel(pages, labels(repeatedColonLabels(uncentred)), (block) => ({ ...block, label: 'text' }));
  relabel(pages, labels(labelsRepeatedInSection(headingsOf(pages), new Set(uncentred), body)), (block) => ({ ...block, label: 'text' }));
  reviseHeadingsBySpace(pages, body, kept);
  relabel(pages, termsWithoutTextAbove(pages, headingLines), (block) => ({ ...block, label: 'text' }));
  promoteCentredHeadings(pages, body);
  if (pages.length > 1) {
    for (const [page, lines] of coverPages(pages, body)) relabel([page], lines, (block) => ({ ...block, label: 'text' }));
    const opening = isCover(pages[0]!) ? pages.slice(0, 2) : pages.slice(0, 1);
    for (const page of opening) relabel([page], titleBlockLines(page), (block) => ({ ...block, label: 'text' }));
  }
  relabel(pages, new Set(headingsOf(pages).filter((heading) => isAuthorList(heading.text))), (block) => ({ ...block, label: 'text' }));
  promoteNumberedSectionStyles(pages, body);
  promoteNumberedSubsections(pages, body);
  promoteHeadingsOfSmallerText(pages, body);
  promoteHeadingsInHeadingsFamily(pages, body);
  promoteIndexLetters(pages, body);
  relabel(pages, contentsEntryHeadings(pages), (block) => ({ ...block, label: 'text' }));
}

const sectionNumbered = /^\p{Nd}+(?:\.\p{Nd}+)*\.?\s/u;
const appendixNumber = /^\p{Lu}(?:\.\p{Nd}+)+\.?$/u;

/**
 * Headings side by side: the header cells of a table that was not found as one, on one baseline or
 * wrapped over lines of their own ("Method/ Attribute" beside a vertically centred "Purpose"). A
 * heading stands alone at its height; a section number apart from its title has no letters, or an
 * appendix's letter only ("A.1"). Numbered headings of two columns may meet at one height, but a
 * section is numbered once: one numbered title twice side by side shows how a heading is set, in
 * two versions of a sample page. A heading in the margin is no cell.
 */
function rowsOfHeadings(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const all = blocks.filter(isHeading);
  const samples = all.filter((heading) =>
    all.some((other) => other !== heading && other.text === heading.text && sideBySide(heading, other)),
  );
  const headings = all.filter((block) => !sectionNumbered.test(block.text));
  const lettered = headings.filter((h) => /\p{L}/u.test(h.text) && !appendixNumber.test(h.text));
  // A heading in the margin heads the text beside it, which may open in bold (an entry's title beside a section's label).
  const cells = headings.filter(
    (heading) => !heading.inMargin && lettered.some((other) => other !== heading && sideBySide(heading, other)),
  );
  return new Set([...cells, ...samples]);
}

/** The definition of a term starts at least this many of the term's sizes further in. */
const definitionIndent = 1.5;

/** A definition beside its term starts further on than a run-in heading's text, an em after it (TeX's \paragraph). */
const minDefinitionGap = 1.5;
/** Line starts this close (points) are one edge. */
const edgeTolerance = 1;

/**
 * Terms of a definition list: a heading set apart by weight alone, directly followed (on the next
 * line, no space between) by text that starts further in. A heading's text starts where the heading
 * does; a code block under a heading may be indented. A heading run into its paragraph's first line
 * is followed on its own baseline, where a term is too: the term's definition starts further on, at the
 * edge that another definition beside its term starts at, the text after a run-in heading an em after it. A term that
 * names an option may stand as far from its definition as from the text before it (a manual page's tagged paragraphs, a
 * blank line between each tag and its definition), the definition set in on all its lines: a heading stands nearer what
 * it heads, and a paragraph set in on its first line comes back to the edge on its second. A definition beside its term
 * that wraps shows it too, hung under the term (see `hangs`).
 */
function definitionTerms(blocks: readonly ClassifiedBlock[], body: BodyStyle, textEdges: readonly number[]): Set<ClassifiedLines> {
  const terms = new Set<ClassifiedLines>();
  const pageLines = blocks.flatMap((block) => (block.kind === 'lines' ? block.lines : []));
  const onOneRow = (a: Line, b: Line): boolean => Math.abs(a.baseline - b.baseline) < 0.2 * Math.max(a.fontSize, b.fontSize);
  const afterATerm = (line: Line): boolean => pageLines.some((term) => term !== line && onOneRow(term, line) && term.right < line.left);
  const startsOthers = (line: Line): boolean =>
    pageLines.some((other) => other !== line && Math.abs(other.left - line.left) <= edgeTolerance && afterATerm(other));
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (!isHeading(block) || next?.kind !== 'lines' || next.label !== 'text') return;
    const term = block.lines[block.lines.length - 1]!;
    const first = next.lines[0]!;
    if (term.fontSize >= body.fontSize * headingSizeRatio) return;
    const indent = block.lines[0]!.left + definitionIndent * term.fontSize;
    const below = first.baseline < term.baseline - 0.5 * term.fontSize;
    const tight = below && term.bottom - first.top < 0.6 * term.fontSize;
    // A tag that names an option needs no other definition beside it to be one: a section's title names none.
    const beside =
      onOneRow(first, term) &&
      first.left - term.right > minDefinitionGap * term.fontSize &&
      (startsOthers(first) || namesAnOption(block.text));
    const apartAsBefore =
      below && namesAnOption(block.text) && indentedThroughout(next.lines, indent) && noFurtherFromBelow(blocks[index - 1], block, next);
    // A heading in the margin stands left of the column its text starts in, where no text starts; a tag starts where
    // text does too, at the edge of the column its definitions are set into, over its definition.
    const atTextEdge = textEdges.some((edge) => Math.abs(edge - block.lines[0]!.left) <= edgeTolerance);
    // A definition beside its term that wraps hangs under it, set in from the term's edge, its first row full (a
    // description list's item); the text after a run-in heading wraps back to the heading's edge, and a lead-in that ends
    // short of the edge opens a display set in under it.
    const wrapped = next.lines.slice(1);
    const hangs =
      onOneRow(first, term) &&
      !term.rtl &&
      wrapped.length > 0 &&
      wrapped.every((line) => line.left >= block.lines[0]!.left + definitionIndent * term.fontSize) &&
      first.right >= Math.max(...wrapped.map((line) => line.right)) - term.fontSize;
    const isTerm = block.inMargin ? atTextEdge && apartAsBefore : tight || beside || apartAsBefore || hangs;
    if (isTerm && first.left >= indent) terms.add(block);
  });
  return terms;
}

/**
 * Tags in the text's size that name an option, a path or a keyword and head nothing: the next block is a heading set
 * further out or larger, the next section's title. These are the entries a manual page's FILES and SEE ALSO sections
 * list in the face of its tags ("/usr/bin/foo2hbpl2", "foo2hbpl2(1), hbpldecode(1)"), set in from the titles or
 * smaller. A title in lower case over its first subsection starts where that subsection's title does, at least as large.
 */
function tagsOverHeadings(blocks: readonly ClassifiedBlock[], body: BodyStyle): Set<ClassifiedLines> {
  const tags = new Set<ClassifiedLines>();
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (!isHeading(block) || !next || !isHeading(next) || !namesAnOption(block.text)) return;
    const tag = block.lines[0]!;
    const title = next.lines[0]!;
    const shallower = title.left < tag.left - tag.fontSize || title.fontSize > tag.fontSize * headingSizeRatio;
    if (tag.fontSize < body.fontSize * headingSizeRatio && shallower) tags.add(block);
  });
  return tags;
}

/** Where the document's lines of text start, each edge once: the edges of its columns and of what is set in from them. */
function textLineEdges(pages: readonly PageBlocks[]): number[] {
  const lefts = pages.flatMap((page) =>
    page.blocks.flatMap((block) =>
      block.kind === 'lines' && block.label === 'text' && !block.inMargin ? block.lines.map((line) => line.left) : [],
    ),
  );
  return [...new Set(lefts.map((left) => Math.round(left)))];
}

/**
 * A tag that names what a command takes: an option ("-h, --help", "ettercap -Tzq //110"), a key and its value
 * ("errors={panic|continue}"), a path ("~/.config/ettercap_gtk") or a keyword in lower case ("dev", "noatime"), as a
 * manual page's tagged paragraphs do. A section's title opens with a capital or its number.
 */
function namesAnOption(text: string): boolean {
  return /^[\p{Ll}~˜/.\-−]|(?:^|\s)[-−]{1,2}\p{L}|=/u.test(text) && !/^\p{Nd}/u.test(text);
}

/**
 * Whether every line of a block starts at `indent` or further in: a definition is set in throughout, where a paragraph
 * set in on its first line only comes back to the edge on its second (a word processor's first-line indent).
 */
function indentedThroughout(lines: readonly Line[], indent: number): boolean {
  return lines.every((line) => line.left >= indent - edgeTolerance);
}

/**
 * Whether a heading-like line stands no further from the text under it than from the text before it, baseline to
 * baseline: a tagged paragraph's tag ("dev" over "interpretiert zeichenorientierte …", on a manual page) is spaced from
 * its definition as from the definition before it.
 */
function noFurtherFromBelow(before: ClassifiedBlock | undefined, term: ClassifiedLines, next: ClassifiedLines): boolean {
  if (before?.kind !== 'lines') return false;
  const last = term.lines[term.lines.length - 1]!;
  const above = before.lines[before.lines.length - 1]!.baseline - term.lines[0]!.baseline;
  const below = last.baseline - next.lines[0]!.baseline;
  return above > 0 && below <= above + 0.1 * last.fontSize;
}

/**
 * Terms of a definition list with no text above them to tell them from headings by their spacing (see
 * `definitionTerms`), in the style of the document's terms (headings read as text once the text under them showed them
 * to be terms, `wereHeadings`) and starting where one does: a page's last block when the next page opens with text set
 * in as far as one of their definitions is (a manual page's options: "-h, --help" at the foot, its definition over the
 * page); a block that opens its page, or follows a heading, when the text under it is set in so throughout ("exec" over
 * "erlaubt die Ausführung …" at the top of a page of mount(8), gitfaq's first question under "Configuration").
 */
function termsWithoutTextAbove(pages: readonly PageBlocks[], wereHeadings: ReadonlySet<readonly Line[]>): Set<ClassifiedLines> {
  const terms: Line[] = [];
  const definitionLefts: number[] = [];
  for (const page of pages) {
    page.blocks.forEach((block, index) => {
      const next = page.blocks[index + 1];
      if (block.kind !== 'lines' || block.label !== 'text' || !wereHeadings.has(block.lines) || next?.kind !== 'lines') return;
      terms.push(block.lines[0]!);
      definitionLefts.push(next.lines[0]!.left);
    });
  }
  /** Over the page, only the definition's first line is in sight of its term. */
  const isTerm = (
    block: ClassifiedBlock | undefined,
    definition: ClassifiedBlock | undefined,
    overThePage: boolean,
  ): block is ClassifiedLines => {
    if (!block || !isHeading(block) || definition?.kind !== 'lines' || (definition.label !== 'text' && definition.label !== 'list_item'))
      return false;
    const head = block.lines[0]!;
    const likeATerm = terms.some((term) => styleKey(term) === styleKey(head) && Math.abs(term.left - head.left) <= edgeTolerance);
    // A definition starts further in than its term, where text under a heading starts where the heading does; a
    // paragraph set in on its first line (as Chinese is) comes back to the edge on its second.
    const indent = head.left + definitionIndent * head.fontSize;
    const definitionLeft = definition.lines[0]!.left;
    const inAsDefinitions =
      (overThePage ? definitionLeft >= indent : indentedThroughout(definition.lines, indent)) &&
      definitionLefts.some((left) => Math.abs(definitionLeft - left) <= edgeTolerance);
    return likeATerm && inAsDefinitions;
  };
  const found = new Set<ClassifiedLines>();
  pages.forEach((page, index) => {
    const blocks = page.blocks.filter((block) => !isFurniture(block));
    const last = blocks[blocks.length - 1];
    const opening = pages[index + 1]?.blocks.find((block) => !isFurniture(block));
    if (isTerm(last, opening, true)) found.add(last);
    blocks.forEach((block, at) => {
      const before = blocks[at - 1];
      if ((before === undefined || isHeading(before)) && isTerm(block, blocks[at + 1], false)) found.add(block);
    });
  });
  return found;
}

/** "Tabelle 5.2. Liste …", "表2.1 …", "Exemple 1 : …": a word and a number, then the caption's text. */
const numberedStart = /^(\p{L}+)(\s*)\p{Nd}+(?:[.-]\p{Nd}+)*\s*[.:]?\s+\S/u;
/** "Exemple 11": a word and a number alone. */
const numberedLabel = /^(\p{L}+)(\s*)\p{Nd}+(?:[.-]\p{Nd}+)*\s*[.:]?$/u;
/** One letter of a cased script run into digits is a name ("X11", "B2"), not a word that numbers things. */
const letterAndDigits = /^[\p{Lu}\p{Ll}]$/u;

/** The word a heading opens with to number it, lower-cased. */
function numberingWord(pattern: RegExp, text: string): string | undefined {
  const match = pattern.exec(text);
  if (!match || (match[2] === '' && letterAndDigits.test(match[1]!))) return undefined;
  return match[1]!.toLowerCase();
}

/**
 * Captions numbered in the document's own language: headings set apart by weight alone that open
 * with one word and a number, where that word numbers two or more of them; where it does, the word
 * and a number alone label a caption too. Chapter headings numbered by a word ("Kapitel 5. …") are
 * set larger, or the word and a number alone are ("Kapitel 5"), or each opens its page once (a thesis's "CHAPTER 2 ONE"
 * in the text's bold; a chapter's title said again over each of its sections is a page's header); a larger heading that
 * merely opens with the word ("Exemple de déclaration …") numbers nothing.
 */
function numberedCaptions(
  headings: readonly ClassifiedLines[],
  body: BodyStyle,
  openers: ReadonlySet<ClassifiedLines>,
): Set<ClassifiedLines> {
  const wordOf = (heading: ClassifiedLines): string | undefined => numberingWord(numberedStart, heading.text);
  const labelWordOf = (heading: ClassifiedLines): string | undefined => numberingWord(numberedLabel, heading.text);
  const byWord = new Map<string, ClassifiedLines[]>();
  for (const heading of headings) {
    const word = wordOf(heading);
    if (word !== undefined) byWord.set(word, [...(byWord.get(word) ?? []), heading]);
  }
  const captions = new Set<ClassifiedLines>();
  for (const [word, numbered] of byWord) {
    const larger = headings.some(
      (h) => h.lines[0]!.fontSize >= body.fontSize * headingSizeRatio && (wordOf(h) === word || labelWordOf(h) === word),
    );
    const chapters = numbered.every((heading) => openers.has(heading)) && new Set(numbered.map((h) => h.text)).size === numbered.length;
    if (numbered.length < 2 || larger || chapters) continue;
    for (const caption of numbered) captions.add(caption);
    for (const label of headings) if (labelWordOf(label) === word) captions.add(label);
  }
  return captions;
}

/** A style is a labels' style when its headings repeat: at most this share of them are distinct texts. */
const labelDistinctShare = 0.5;
/**
 * ...and when they are few: admonitions have a handful of kinds (note, tip, warning, caution,
 * important). A document that repeats its section titles (one report per region, a manual copied
 * into a collection) has many distinct ones, and they stay headings.
 */
const labelKindsMax = 5;
/** Labels are set near the size of the text; a title said again ("Examples") may be set much larger. */
const labelSizeRatio = 1.3;

/**
 * Labels such as "Note", "Tip", "Warning": headings near the text's size whose style is used for a
 * few texts said again and again. A section title is said once; a style of section titles holds
 * many distinct ones, so a title that comes back in it ("Examples" in every chapter) stays a heading.
 */
function repeatedLabels(headings: readonly ClassifiedLines[], body: BodyStyle): Set<ClassifiedLines> {
  const byStyle = new Map<string, ClassifiedLines[]>();
  for (const heading of headings) {
    const line = heading.lines[0]!;
    if (line.fontSize >= body.fontSize * labelSizeRatio) continue;
    const key = styleKey(line);
    byStyle.set(key, [...(byStyle.get(key) ?? []), heading]);
  }
  const labels = new Set<ClassifiedLines>();
  for (const group of byStyle.values()) {
    const counts = new Map<string, number>();
    for (const heading of group) counts.set(textKey(heading.text), (counts.get(textKey(heading.text)) ?? 0) + 1);
    if (group.length < 3 || counts.size > labelKindsMax || counts.size > labelDistinctShare * group.length) continue;
    for (const heading of group) if (counts.get(textKey(heading.text))! > 1) labels.add(heading);
  }
  return labels;
}

/** A word or two closed by a colon: a label's text ("Note:", "Warning:", "Don't:"). */
const colonLabel = /^\p{L}[\p{L}\p{M}'’-]*(?: [\p{L}\p{M}'’-]+)?:$/u;
/** A label said this many times in a document is one whatever its size. */
const colonLabelRepeats = 3;

/**
 * Labels closed by a colon, said again and again: "Note:" and "Warning:" opening an admonition, which a stylesheet may
 * set larger than the text, as large as a subsection's title (DocBook's and Erlang's FOP stylesheets do). A section title
 * closes with no colon, and one that does is said once in its document.
 */
function repeatedColonLabels(headings: readonly ClassifiedLines[]): Set<ClassifiedLines> {
  const said = new Map<string, ClassifiedLines[]>();
  for (const heading of headings) {
    if (heading.lines.length !== 1 || !colonLabel.test(heading.text)) continue;
    const key = textKey(heading.text);
    said.set(key, [...(said.get(key) ?? []), heading]);
  }
  return new Set([...said.values()].filter((group) => group.length >= colonLabelRepeats).flat());
}

/** In a style that sets labels, a text said this many times is one of its labels too. */
const labelRepeatsInLabelStyle = 3;

/**
 * Labels said again within one section ("Note", "Tip", "Theorem" twice under one heading): a section
 * holds no two subsections of one name, so a text that comes back in its style before a larger
 * heading has opened another section is a label, there and wherever else its style repeats it. A
 * section title said in every chapter ("Examples") has a chapter heading between its repeats. Once a
 * style is shown to set labels, its other texts said again and again are labels too ("Warning"
 * once per section). This finds labels whose style also sets other short texts (the header cells of
 * a table), where `repeatedLabels` sees too many kinds.
 */
function labelsRepeatedInSection(
  headings: readonly ClassifiedLines[],
  candidates: ReadonlySet<ClassifiedLines>,
  body: BodyStyle,
): Set<ClassifiedLines> {
  // Keyed by style and text; a key stays open until a larger heading starts another section.
  const open = new Map<string, number>();
  const labelKeys = new Set<string>();
  const seen = new Map<string, { style: string; count: number }>();
  const keyOf = (heading: ClassifiedLines): string => `${styleKey(heading.lines[0]!)}\u0000${textKey(heading.text)}`;
  for (const heading of headings) {
    const size = heading.lines[0]!.fontSize;
    for (const [key, openSize] of open) if (size > openSize + 0.5) open.delete(key);
    if (!candidates.has(heading) || size >= body.fontSize * labelSizeRatio) continue;
    const key = keyOf(heading);
    const entry = seen.get(key) ?? { style: styleKey(heading.lines[0]!), count: 0 };
    entry.count++;
    seen.set(key, entry);
    if (open.has(key)) labelKeys.add(key);
    open.set(key, size);
  }
  const labelStyles = new Set([...labelKeys].map((key) => seen.get(key)!.style));
  for (const [key, { style, count }] of seen) if (count >= labelRepeatsInLabelStyle && labelStyles.has(style)) labelKeys.add(key);
  return new Set(headings.filter((heading) => candidates.has(heading) && labelKeys.has(keyOf(heading))));
}

/**
 * The cover pages that open a document and the lines of each to read as text (see `coverLines`): the first page, and
 * after it every page up to the first that is no cover, blank pages passed over. A thesis has an inner cover in each of
 * its languages after its cover, a book a title page after its cover.
 */
function coverPages(pages: readonly PageBlocks[], body: BodyStyle): Map<PageBlocks, Set<ClassifiedLines>> {
  const covers = new Map<PageBlocks, Set<ClassifiedLines>>();
  const pageOfText = pageOfTextLines(pages, body);
  for (const page of pages) {
    if (page.blocks.length === 0) continue;
    const lines = bodyTextLineCount(page, body) >= pageOfText ? new Set<ClassifiedLines>() : coverLines(page.blocks);
    if (lines.size === 0) break;
    covers.set(page, lines);
  }
  return covers;
}

/**
 * The lines of a cover page (a page without running text) other than its title, the largest
 * heading: author, date, version and publisher lines are set large and alone, but name no section.
 * A cover's centred list of names is no running text; a numbered section heading is no cover's.
 */
function coverLines(blocks: readonly ClassifiedBlock[]): Set<ClassifiedLines> {
  const runningText = blocks.some((b) => b.kind === 'lines' && (b.label === 'text' || b.label === 'list_item') && isParagraph(b.lines));
  const headings = blocks.filter(isHeading);
  // A numbered section starting on the first page says the text starts there.
  if (runningText || headings.length < 2 || headings.some((h) => sectionNumbered.test(h.text))) return new Set();
  const largest = Math.max(...headings.map((h) => h.lines[0]!.fontSize));
  return new Set(headings.filter((h) => h.lines[0]!.fontSize < largest - 0.5));
}

/**
 * The title block opening a first page that goes on with text (a contents list, an abstract): under the title, the
 * page's largest heading, the centred headings that follow it before any running text (a subtitle, the authors, a date,
 * set large) name no section. The block ends at running text, at a heading not centred (a contents list's) or numbered,
 * and at a heading of running text (an abstract's, centred), unless it holds a date or a version. A title block set
 * flush left, its lines no different from the sections' headings, ends in its date or version under an author. A first
 * page that holds no paragraph is a cover, and the page after it opens with the title block then.
 */
function titleBlockLines(first: PageBlocks): Set<ClassifiedLines> {
  const blocks = first.blocks.filter((block): block is ClassifiedLines => block.kind === 'lines' && block.label !== 'page_header');
  const runningText = (block: ClassifiedLines | undefined): boolean =>
    block !== undefined && (block.label === 'text' || block.label === 'list_item') && isParagraph(block.lines);
  const headings = blocks.filter(isHeading);
  const found = new Set<ClassifiedLines>();
  if (headings.length === 0) return found;
  const largest = Math.max(...headings.map((heading) => heading.lines[0]!.fontSize));
  const title = blocks.indexOf(headings.find((heading) => heading.lines[0]!.fontSize === largest)!);
  // The headings under the title before any running text; a numbered one starts the sections.
  const underTitle: { block: ClassifiedLines; next: ClassifiedLines | undefined }[] = [];
  for (let index = title + 1; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (runningText(block) || (isHeading(block) && numberedTitle.test(block.text))) break;
    if (isHeading(block)) underTitle.push({ block, next: blocks[index + 1] });
  }
  for (const [at, { block, next }] of underTitle.entries()) {
    if (!onTitleAxis(block, blocks[title]!, first.width)) break;
    // A heading of the running text under it names it in words; a date or a version over it holds a year or a number.
    if (runningText(next) && !dateOrVersion.test(block.text)) break;
    found.add(block);
    if (at === underTitle.length - 1) return found;
  }
  // A title block set flush left ends in its date or version as well, under an author's line at least: the lines from
  // the title down to it are the block. A dated heading right under a title heads an entry (a page of release notes).
  const last = underTitle.findLastIndex(({ block }) => dateOrVersion.test(block.text));
  if (last >= 1) for (const { block } of underTitle.slice(0, last + 1)) found.add(block);
  return found;
}

/** A title numbered as a section is, with a point, a closing bracket or nothing after its number ("1.1) What is it?"). */
const numberedTitle = /^\p{Nd}+(?:\.\p{Nd}+)*[.)]?\s/u;
/** A year, or a version's number ("June 21, 2015", "v1.9", "Version 0.7"), after a letter or a space. */
const dateOrVersion = /(?<!\p{Nd})\p{Nd}{4}(?!\p{Nd})|(?<=[\p{L}\s])\p{Nd}+\.\p{Nd}+/u;

/** A page of no paragraph and no heading but its title: a cover's picture, subtitle and version are short lines of text. */
function isCover(page: PageBlocks): boolean {
  const lines = page.blocks.filter((block): block is ClassifiedLines => block.kind === 'lines');
  return lines.filter(isHeading).length <= 1 && !lines.some((block) => block.label !== 'heading' && isParagraph(block.lines));
}

/**
 * Centred on the page, or on the title's own axis: a text block set off the page's centre (LaTeX's margins of one side)
 * centres the title block in the column, not on the page. Lines that start where the title does are set flush left, not
 * centred, whatever their middles.
 */
function onTitleAxis(block: ClassifiedLines, title: ClassifiedLines, pageWidth: number): boolean {
  const line = block.lines[0]!;
  const titleLine = title.lines[0]!;
  const centred = Math.abs((line.left + line.right) / 2 - (titleLine.left + titleLine.right) / 2) < 0.03 * pageWidth;
  return isCentred(block, pageWidth) || (centred && Math.abs(line.left - titleLine.left) > line.fontSize);
}

/** A page with at least this share of the body-text lines a page of the document commonly holds is no cover. */
const coverTextShare = 0.5;
/** ...and at least as many as a paragraph has (see `isParagraph`): a copyright line under a title is a cover's. */
const minPageOfText = 3;

/**
 * How many lines of text and list items in the body's size make a page of text: about as many as the document's pages
 * commonly hold (the median over its pages). A cover holds a title and a few short lines, set larger (a list of
 * contributors, a version), while a first page that opens with short descriptions beside pictures and a list of links
 * holds no paragraph of three lines, yet is no cover.
 */
function pageOfTextLines(pages: readonly PageBlocks[], body: BodyStyle): number {
  const counts = pages.map((page) => bodyTextLineCount(page, body)).sort((a, b) => a - b);
  const median = counts[Math.floor(counts.length / 2)]!;
  return Math.max(minPageOfText, coverTextShare * median);
}

function bodyTextLineCount(page: PageBlocks, body: BodyStyle): number {
  return page.blocks.reduce((sum, block) => {
    if (block.kind !== 'lines' || (block.label !== 'text' && block.label !== 'list_item')) return sum;
    return sum + block.lines.filter((line) => Math.abs(line.fontSize - body.fontSize) <= 0.5).length;
  }, 0);
}

/** Three or more lines, three of them starting (or, right to left, ending) at one edge: a cover's names may be set flush right. */
function isParagraph(lines: readonly Line[]): boolean {
  const reference = lines[1];
  if (lines.length < 3 || !reference) return false;
  const atLeft = lines.filter((line) => Math.abs(line.left - reference.left) < 2).length;
  const atRight = lines.filter((line) => line.rtl && Math.abs(line.right - reference.right) < 2).length;
  return Math.max(atLeft, atRight) >= 3;
}

export function relabel(
  pages: readonly PageBlocks[],
  chosen: ReadonlySet<ClassifiedLines>,
  change: (block: ClassifiedLines) => ClassifiedLines,
): void {
  if (chosen.size === 0) return;
  for (const page of pages) page.blocks = page.blocks.map((block) => (isHeading(block) && chosen.has(block) ? change(block) : block));
}

/** The first block of text on each page, above all but its running lines. */
function pageOpeners(pages: readonly PageBlocks[]): Set<ClassifiedLines> {
  const openers = new Set<ClassifiedLines>();
  for (const page of pages) {
    const first = page.blocks.find((block): block is ClassifiedLines => block.kind === 'lines' && !isFurniture(block));
    if (first) openers.add(first);
  }
  return openers;
}

function headingsOf(pages: readonly PageBlocks[]): ClassifiedLines[] {
  return pages.flatMap((page) => page.blocks.filter(isHeading));
}

function styleKey(line: Line): string {
  return `${Math.round(line.fontSize * 2) / 2}|${line.bold}|${line.italic}`;
}
