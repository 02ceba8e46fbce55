import { countWords } from '../../text/words';

/**
 * The offline classifier: cue expressions of each built-in label, in the seven languages the
 * stop-word lists cover, and layout cues (numbered steps, shell prompts, citations). Cues are the
 * languages' general markers of a kind of text (modal verbs of obligation, "for example", "means"),
 * not words of any one document.
 */
export const DEFAULT_LABELS = ['definition', 'procedure', 'obligation', 'example', 'reference', 'boilerplate'] as const;

/** Cue matches per 100 words a chunk needs before a label is given: one passing "must" in a long text is not an obligation. */
const MIN_DENSITY = 1;

/** A cue: an expression (each match counts) or a counting function. */
type Cue = RegExp | ((text: string) => number);

const phrases = (...list: string[]): RegExp[] =>
  list.map((phrase) => new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.()]/g, '\\$&').replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu'));

/** Marks of a citation in a line: a year in parentheses, an address, a numbered note, "et al.", a back-link caret. */
const CITATION_MARK = /\((?:1[5-9]|20)\d{2}[a-z]?\)|https?:\/\/|\[\d{1,3}\]|et al\.|\^/u;
const NUMBERED_LINE = /^\s*(?:\d{1,2}[.)]|[a-z][.)])\s+\S/u;

/** Numbered lines that are not citations (a numbered list of references is no procedure), when there are two or more. */
function numberedSteps(text: string): number {
  const steps = text.split('\n').filter((line) => NUMBERED_LINE.test(line) && !CITATION_MARK.test(line)).length;
  return steps >= 2 ? steps : 0;
}

const BUILT_IN_CUES: Readonly<Record<(typeof DEFAULT_LABELS)[number], readonly Cue[]>> = {
  definition: [
    ...phrases(
      'means',
      'is defined as',
      'are defined as',
      'refers to',
      'shall mean',
      'hereinafter',
      'denotes',
      'definition',
      'definitions',
    ),
    ...phrases('désigne', 'désignent', 'on entend par', 'se définit', 'est défini comme', 'définition', "s'entend"),
    ...phrases('bezeichnet', 'versteht man', 'ist definiert als', 'im Sinne', 'Definition', 'Begriff'),
    ...phrases('se entiende por', 'se define como', 'definición', 'se denomina'),
    ...phrases('si intende', 'è definito come', 'definizione', 'si definisce'),
    ...phrases('entende-se por', 'é definido como', 'definição'),
    ...phrases('betekent', 'wordt verstaan', 'is gedefinieerd als', 'definitie'),
  ],
  procedure: [
    ...phrases('step', 'steps', 'procedure', 'instructions', 'follow these'),
    ...phrases('étape', 'étapes', 'procédure', 'suivez'),
    ...phrases('Schritt', 'Schritte', 'Anleitung', 'Vorgehensweise'),
    ...phrases('paso', 'pasos', 'procedimiento', 'siga'),
    ...phrases('passaggio', 'passaggi', 'procedura'),
    ...phrases('passo', 'passos', 'etapa', 'procedimento'),
    ...phrases('stap', 'stappen'),
    // numbered steps and shell commands, one per line
    numberedSteps,
    /^\s*[$#%>]\s+\S/gmu,
  ],
  obligation: [
    ...phrases('must', 'must not', 'shall', 'shall not', 'is required to', 'are required to', 'mandatory', 'is prohibited', 'obliged'),
    ...phrases('doit', 'doivent', 'devra', 'devront', 'il est interdit', 'obligatoire', 'est tenu', 'sont tenus', 'il faut'),
    ...phrases('muss', 'müssen', 'ist verpflichtet', 'sind verpflichtet', 'darf nicht', 'dürfen nicht', 'verboten', 'zwingend'),
    ...phrases('debe', 'deben', 'deberá', 'deberán', 'obligatorio', 'está obligado', 'queda prohibido'),
    ...phrases('deve', 'devono', 'dovrà', 'dovranno', 'è obbligatorio', 'è tenuto', 'è vietato'),
    ...phrases('devem', 'deverá', 'deverão', 'é obrigatório', 'é proibido'),
    ...phrases('moet', 'moeten', 'is verplicht', 'zijn verplicht', 'mag niet', 'verboden'),
  ],
  example: [
    ...phrases('for example', 'e.g.', 'for instance', 'example', 'examples'),
    ...phrases('par exemple', 'exemple', 'exemples', 'p. ex.'),
    ...phrases('zum Beispiel', 'z. B.', 'z.B.', 'Beispiel', 'Beispiele', 'beispielsweise'),
    ...phrases('por ejemplo', 'ejemplo', 'ejemplos', 'p. ej.'),
    ...phrases('ad esempio', 'per esempio', 'esempio', 'esempi'),
    ...phrases('por exemplo', 'exemplo', 'exemplos'),
    ...phrases('bijvoorbeeld', 'voorbeeld', 'bijv.'),
  ],
  reference: [
    ...phrases('references', 'bibliography', 'see also', 'et al.', 'doi', 'ISBN', 'retrieved'),
    ...phrases('références', 'bibliographie', 'voir aussi'),
    ...phrases('Literatur', 'Literaturverzeichnis', 'Quellen', 'siehe auch'),
    ...phrases('referencias', 'bibliografía', 'véase también'),
    ...phrases('riferimenti', 'bibliografia', 'vedi anche'),
    ...phrases('referências', 'ver também'),
    ...phrases('referenties', 'zie ook'),
    // numbered citations, pages cited, years of publication, addresses
    /\[\d{1,3}\]/gu,
    /(?<!\p{L})pp?\.\s?\d+/gu,
    /\((?:1[5-9]|20)\d{2}[a-z]?\)/gu,
    /\bhttps?:\/\/\S+/gu,
  ],
  boilerplate: [
    ...phrases('copyright', 'all rights reserved', 'licensed under', 'license', 'licence', 'trademark', 'disclaimer', 'warranty'),
    ...phrases('tous droits réservés', 'marque déposée', 'garantie'),
    ...phrases('alle Rechte vorbehalten', 'Lizenz', 'Haftungsausschluss', 'Gewährleistung'),
    ...phrases('todos los derechos reservados', 'licencia', 'garantía'),
    ...phrases('tutti i diritti riservati', 'licenza'),
    ...phrases('todos os direitos reservados', 'licença'),
    ...phrases('alle rechten voorbehouden', 'licentie'),
    /©|\(c\)\s*(?:1[5-9]|20)\d{2}/giu,
  ],
};

export interface RuleClassification {
  label: string | null;
  /** Cue matches per 100 words, by label (labels without a match left out). */
  scores: Record<string, number>;
}

/**
 * The label whose cues are densest in the text, when dense enough; null when no label's are.
 * `keywords` add cues to a label (the only cues of a label that is not built in); `repeated` says
 * the same text is another chunk's too (page furniture, notices), which counts as boilerplate.
 */
export function classifyByRules(
  text: string,
  labels: readonly string[],
  keywords: Readonly<Record<string, readonly string[]>>,
  repeated: boolean,
): RuleClassification {
  const words = Math.max(1, countWords(text));
  const scores: Record<string, number> = {};
  let best: string | null = null;
  for (const label of labels) {
    const cues = [...((BUILT_IN_CUES as Record<string, readonly Cue[]>)[label] ?? []), ...phrases(...(keywords[label] ?? []))];
    let matches = cues.reduce((sum, cue) => sum + (typeof cue === 'function' ? cue(text) : (text.match(cue)?.length ?? 0)), 0);
    if (label === 'boilerplate' && repeated) matches += Math.max(1, words / 100);
    if (matches === 0) continue;
    const density = Math.round(((100 * matches) / Math.max(words, 100)) * 100) / 100;
    scores[label] = density;
    if (density >= MIN_DENSITY && (best === null || density > scores[best]!)) best = label;
  }
  return { label: best, scores };
}
