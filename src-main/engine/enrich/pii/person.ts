import { eitherCaseInitial, forEachWord } from './context-words';
import type { PiiMatch } from './pii-label';

/**
 * Person names where a rule can tell: after a title (`Dr. Jane Roe`, `Frau Müller`, `Sig.ra
 * Bianchi`), a salutation (`Dear John,`, `Sehr geehrter Herr Schmidt,`, `Beste Anna,`), a closing
 * (`Sincerely,\nJohn Doe`, `Mit freundlichen Grüßen\nAnna Weber`), a name field (`Name: Jane
 * Roe`) or a holder's phrase (`intestato a Luca Rossi`). The span is the name alone: titles and
 * salutations stay. A capitalised word that names a group or a role (`Dear Customer`, `Sehr
 * geehrte Damen und Herren`) is no name.
 */

/** A name: `Jane`, `O'Brien`, `McDonald`, `Jean-Pierre`, `Müller`. */
const NAME_WORD = "\\p{Lu}(?:['’]\\p{Lu})?\\p{Ll}{1,20}(?:\\p{Lu}\\p{Ll}{1,20})?(?:-\\p{Lu}\\p{Ll}{1,20})?";
const INITIAL = '\\p{Lu}\\.(?:-\\p{Lu}\\.)?';
const PARTICLE = '(?:van der|van den|van de|van|von der|von|de la|de los|de las|del|della|der|den|de|di|da|du|dos|das|le|ter|ten|y)';
/** Up to four words, initials and particles among them, ending with a name word. */
const NAME = `(?:(?:${NAME_WORD}|${INITIAL}) ){0,3}(?:${PARTICLE} ){0,1}${NAME_WORD}`;

const TITLES = [
  'Mrs.',
  'Mrs',
  'Mr.',
  'Mr',
  'Ms.',
  'Ms',
  'Mx.',
  'Mx',
  'Miss',
  'Dr.',
  'Dr',
  'Prof.',
  'Prof',
  'Sir',
  'M.',
  'Mme.',
  'Mme',
  'Mlle.',
  'Mlle',
  'Pr',
  'Docteur',
  'Professeur',
  'Monsieur',
  'Madame',
  'Mademoiselle',
  'Herrn',
  'Herr',
  'Frau',
  'Hr.',
  'Fr.',
  'Sra.',
  'Srta.',
  'Sr.',
  'Don',
  'Doña',
  'Dña.',
  'D.ª',
  'Dª',
  'Dra.',
  'Señor',
  'Señora',
  'Señorita',
  'Sig.ra',
  'Sig.na',
  'Sig.',
  'Signor',
  'Signora',
  'Dott.ssa',
  'Dott.',
  'Dottor',
  'Dottoressa',
  'Ing.',
  'Dipl.-Ing.',
  // Degrees written between a doctor's title and the name: `Dr. med. Klaus Weber`, `Dr. rer. nat. ...`.
  'med.',
  'phil.',
  'jur.',
  'rer. nat.',
  'Avv.',
  'Prof.ssa',
  'dhr.',
  'Dhr.',
  'mevr.',
  'Mevr.',
  'de heer',
  'De heer',
  'heer',
  'mevrouw',
  'Mevrouw',
  'Senhor',
  'Senhora',
  'Dona',
];
/** Titles of four characters or more are written in lower case inside a sentence too (`le docteur Martin`, `il sig. Rossi`). */
const TITLE = `(?:${TITLES.map((title) => (title.length >= 4 ? eitherCaseInitial(title) : escape(title))).join('|')})`;
/** Titles a name may follow (`Prof. Dr. Weber`); the name never starts with one. */
const TITLES_BEFORE_NAME = `(?:${TITLE} ){0,3}(?!${TITLE} )`;
const TITLED = new RegExp(`(?<![\\p{L}\\p{N}.])${TITLE} ${TITLES_BEFORE_NAME}(?<name>${NAME})(?![\\p{L}\\p{N}])`, 'du');

const SALUTATIONS = [
  'Dear',
  'Dearest',
  'Hi',
  'Hello',
  'Hey',
  'Cher',
  'Chère',
  'Bonjour',
  'Salut',
  'Sehr geehrte',
  'Sehr geehrter',
  'Liebe',
  'Lieber',
  'Hallo',
  'Guten Tag',
  'Estimado',
  'Estimada',
  'Querido',
  'Querida',
  'Hola',
  'Gentile',
  'Gentilissimo',
  'Gentilissima',
  'Egregio',
  'Caro',
  'Cara',
  'Ciao',
  'Buongiorno',
  'Beste',
  'Geachte',
  'Hoi',
  'Lieve',
  'Prezado',
  'Prezada',
  'Olá',
  'Bom dia',
];
const SALUTED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${SALUTATIONS.map(eitherCaseInitial).join('|')}) ${TITLES_BEFORE_NAME}(?<name>${NAME})(?=[ ]?[,:!\\n]|$)`,
  'du',
);

const CLOSINGS = [
  'Sincerely',
  'Yours sincerely',
  'Sincerely yours',
  'Yours faithfully',
  'Yours truly',
  'Best regards',
  'Kind regards',
  'Warm regards',
  'Warmest regards',
  'Regards',
  'Best wishes',
  'Best',
  'Cheers',
  'Many thanks',
  'Respectfully',
  'Cordialement',
  'Bien cordialement',
  'Bien à vous',
  'Sincères salutations',
  'Salutations distinguées',
  'Amicalement',
  'Mit freundlichen Grüßen',
  'Mit freundlichem Gruß',
  'Freundliche Grüße',
  'Viele Grüße',
  'Beste Grüße',
  'Liebe Grüße',
  'Herzliche Grüße',
  'Atentamente',
  'Saludos cordiales',
  'Un saludo',
  'Saludos',
  'Cordialmente',
  'Un abrazo',
  'Cordiali saluti',
  'Distinti saluti',
  'Un caro saluto',
  'Un saluto',
  'Saluti',
  'Met vriendelijke groet',
  'Met vriendelijke groeten',
  'Vriendelijke groeten',
  'Hartelijke groet',
  'Groeten',
  'Groetjes',
  'Atenciosamente',
  'Com os melhores cumprimentos',
  'Melhores cumprimentos',
  'Cumprimentos',
  'Um abraço',
  'Saudações',
];
const CLOSING = `(?:${CLOSINGS.map(eitherCaseInitial).join('|')})`;
/**
 * A closing ends its line (or, in text whose lines were joined, is followed by the name); the name ends its own,
 * after one blank line at most (the room left for the signature), and is not a second closing (`... distinguées.\n\nCordialement,`).
 */
const SIGNED = new RegExp(
  `(?<![\\p{L}\\p{N}])${CLOSING}(?:[,.!]?[ ]?\\n(?:[ \\t]{0,4}\\n)?[ \\t]{0,4}|, )` +
    `${TITLES_BEFORE_NAME}(?!${CLOSING}(?![\\p{L}]))(?<name>${NAME})(?=[ \\t]{0,4}(?:[,\\n]|$))`,
  'du',
);

const NAME_FIELDS = [
  'Name',
  'Full name',
  'Contact person',
  'Contact',
  'Signed',
  'Patient',
  'Employee',
  'Applicant',
  'Cardholder',
  'Account holder',
  'Beneficiary',
  'Nom',
  'Nom complet',
  'Prénom et nom',
  'Nom et prénom',
  'Signé',
  'Interlocuteur',
  'Titulaire',
  'Bénéficiaire',
  'Vor- und Nachname',
  'Ansprechpartner',
  'Ansprechpartnerin',
  'Unterschrift',
  'Antragsteller',
  'Kontoinhaber',
  'Kontoinhaberin',
  'Karteninhaber',
  'Empfänger',
  'Nombre',
  'Nombre completo',
  'Nombre y apellidos',
  'Firmado',
  'Solicitante',
  'Contacto',
  'Persona de contacto',
  'Titular',
  'Beneficiario',
  'Nome',
  'Nome e cognome',
  'Nome completo',
  'Firmato',
  'Richiedente',
  'Referente',
  'Intestatario',
  'Intestataria',
  'Naam',
  'Volledige naam',
  'Contactpersoon',
  'Getekend',
  'Aanvrager',
  'Rekeninghouder',
  'Begunstigde',
  'Assinado',
  'Requerente',
  'Contato',
  'Titular da conta',
  'Beneficiário',
  // A name's parts asked for apart, as forms do: `Vorname: Anna`, `Name, Vorname: Schmidt, Anna` reads its last field.
  'First name',
  'Given name',
  'Last name',
  'Surname',
  'Family name',
  'Prénom',
  'Vorname',
  'Nachname',
  'Apellidos',
  'Apellido',
  'Cognome',
  'Voornaam',
  'Achternaam',
  'Apelido',
  'Sobrenome',
];
/** Heads of German and Dutch compound field names: `Zahlungsempfänger`, `Kontoinhaberin`, `Rekeninghouder`. */
const COMPOUND_FIELD_HEADS = ['inhaber', 'inhaberin', 'empfänger', 'empfängerin', 'partner', 'partnerin', 'houder', 'persoon'];
/** A field's label, at the start of a line or mid-sentence (`titulaire : Jean Dupont`), in capitals on forms (`NOM :`). */
const FIELD_LABELS = NAME_FIELDS.flatMap((field) => [eitherCaseInitial(field), escape(field.toUpperCase())]);
const FIELD = `(?:${FIELD_LABELS.join('|')}|\\p{L}{0,20}(?:${COMPOUND_FIELD_HEADS.join('|')}))`;
const FIELDED = new RegExp(`(?<![\\p{L}\\p{N}])${FIELD}[ ]?:[ \\t]{0,4}${TITLES_BEFORE_NAME}(?<name>${NAME})(?![\\p{L}\\p{N}])`, 'du');

/** Whose name an account, a payment or a document is in: `intestato a Luca Rossi`, `t.n.v. Jan Bakker`. */
const HOLDER_PHRASES = [
  'in the name of',
  'on behalf of',
  'payable to',
  'au nom de',
  'à l’ordre de',
  "à l'ordre de",
  'zugunsten von',
  'zu Gunsten von',
  'a nombre de',
  'a favor de',
  'intestato a',
  'intestata a',
  'a nome di',
  't.n.v.',
  'ten name van',
  'ten gunste van',
  'em nome de',
  'a favor de',
];
const HELD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${HOLDER_PHRASES.map(escape).join('|')}) ${TITLES_BEFORE_NAME}(?<name>${NAME})(?![\\p{L}\\p{N}])`,
  'du',
);

/** Capitalised words that address a group, an office or nobody in particular, or that name a company. */
const NOT_NAMES = new Set(
  (
    'Sir Madam Madame Sirs Customer Customers Client Clients Colleague Colleagues Team Friends Friend Members Member All ' +
    'Everyone Everybody World There Reader Readers Parents Students Users User Partner Partners Manager Hiring Applicant ' +
    'Candidate Guest Guests Subscriber Subscribers Folks Guys Sirs Messieurs Mesdames Monsieur Tous Toutes Client Cliente ' +
    'Clientes Damen Herren Kunde Kundin Kunden Kollegen Kolleginnen Team Leute Zusammen Allerseits Welt Señores Señoras ' +
    'Todos Todas Amigos Signori Signore Tutti Colleghi Amici Collega Clienti Allemaal Iedereen Klant Klanten Collega Heren ' +
    'Dames Senhores Senhoras Amigos Caros Prezados Equipe Equipo Squadra Mundo Mondo Monde Lieve Beste ' +
    // offices, addressed by their holder's title ("Mr. Speaker", "Madame la Présidente")
    'Speaker President Vice Prime Minister Chairman Chairwoman Chair Mayor Secretary Chancellor Ambassador Justice Judge ' +
    'Governor Director Commissioner Chief Président Présidente Ministre Maire Directeur Directrice Präsident Präsidentin ' +
    'Bürgermeister Minister Presidente Ministro Alcalde Sindaco Direttore Directeur Voorzitter Burgemeester Presidente ' +
    // legal forms: a company, not a person, holds the account
    'Ltd Limited Inc Corp Corporation Company Group Holding Holdings Bank Plc Llc Sarl Srl Spa Bv Nv Ag Sa Lda'
  ).split(' '),
);

/** Each pattern with the phrases that begin it. */
const PATTERNS: ReadonlyArray<{ pattern: RegExp; cues: readonly string[] }> = [
  { pattern: TITLED, cues: TITLES },
  { pattern: SALUTED, cues: SALUTATIONS },
  { pattern: SIGNED, cues: CLOSINGS },
  { pattern: FIELDED, cues: [...NAME_FIELDS, ...COMPOUND_FIELD_HEADS] },
  { pattern: HELD, cues: HOLDER_PHRASES },
];

/** The patterns that may start at a word, by the word in lower case (the first letters of a phrase). */
const PATTERNS_BY_CUE = new Map<string, number[]>();
for (const [index, { cues }] of PATTERNS.entries()) {
  for (const cue of cues) {
    const word = /^\p{L}+/u.exec(cue)![0].toLowerCase();
    const indexes = PATTERNS_BY_CUE.get(word) ?? [];
    if (!indexes.includes(index)) indexes.push(index);
    PATTERNS_BY_CUE.set(word, indexes);
  }
}
const STICKY = PATTERNS.map(({ pattern }) => new RegExp(pattern.source, 'dyu'));
const FIELDED_INDEX = PATTERNS.findIndex(({ pattern }) => pattern === FIELDED);
const COMPOUND_FIELD = new RegExp(`(?:${COMPOUND_FIELD_HEADS.join('|')})$`, 'iu');

/**
 * Each pattern is tried only where a word that may begin it stands (a compound field name only
 * before its colon): one pass over the words costs far less than five passes of patterns that open
 * with long alternations.
 */
export function findPersons(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  const ends = STICKY.map(() => -1);
  forEachWord(text, (wordStart, wordEnd) => {
    const word = text.slice(wordStart, wordEnd);
    const patterns =
      PATTERNS_BY_CUE.get(word.toLowerCase()) ??
      (/^ ?:/.test(text.slice(wordEnd, wordEnd + 2)) && COMPOUND_FIELD.test(word) ? [FIELDED_INDEX] : []);
    for (const index of patterns) {
      if (wordStart < ends[index]!) continue;
      const pattern = STICKY[index]!;
      pattern.lastIndex = wordStart;
      const match = pattern.exec(text);
      if (!match) continue;
      ends[index] = match.index + match[0].length;
      const [start, end] = match.indices!.groups!['name']!;
      if (
        text
          .slice(start, end)
          .split(' ')
          .some((part) => NOT_NAMES.has(part))
      )
        continue;
      found.push({ label: 'person', start, end });
    }
  });
  return found;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
