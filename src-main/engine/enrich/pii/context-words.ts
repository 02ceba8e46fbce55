/**
 * The words around a value that tell what it is, in English, French, German, Spanish, Italian,
 * Dutch and Portuguese. Every pattern is tested against a short window of text before the value
 * (`wordsBefore`), so its cost does not grow with the text.
 */

/** Characters of text before a value that its context words are looked for in. */
const CONTEXT_WINDOW = 48;

/** The text just before `start` (at most `window` characters, never past a line break). */
export function wordsBefore(text: string, start: number, window = CONTEXT_WINDOW): string {
  const before = text.slice(Math.max(0, start - window), start);
  const lineBreak = before.lastIndexOf('\n');
  return lineBreak < 0 ? before : before.slice(lineBreak + 1);
}

/**
 * The part of `before` (see `wordsBefore`) after its last figure or semicolon: the words that speak
 * of the next value, not of one before it ("card 4111 ..., invoice 4539 ...").
 */
export function wordsSinceLastValue(before: string): string {
  return before.slice(before.search(/[\d;][^\d;]*$/u) + 1);
}

/**
 * A number named as an identifier of a document or a thing just before it: an order, an invoice, a
 * reference, a book (ISBN), an article. Such numbers are not phones or cards even when their digits
 * would pass for one.
 */
const IDENTIFIER_NOUNS =
  'order|invoice|inv|ref|reference|ticket|case|tracking|parcel|shipment|serial|sku|part|item|article|isbn(?:-1[03])?|issn|doi|' +
  'ean|upc|batch|lot|receipt|transaction|booking|confirmation|contract|policy|claim|customer|client|account|acct|commande|' +
  'facture|référence|réf|dossier|colis|contrat|bestellung|rechnung|auftrag|vorgang|aktenzeichen|artikel|sendung|pedido|' +
  'factura|referencia|expediente|albarán|ordine|fattura|riferimento|pratica|bestelling|factuur|referentie|kenmerk|zending|' +
  'zaak|encomenda|fatura|referência|processo|nota fiscal|lieferschein|pakbon|' +
  // What a product, a device or a company is registered by: serial numbers, model and product codes, tax and register numbers.
  'série|serie|series|product|produit|produkt|producto|prodotto|produto|model|modèle|modell|modelo|modello|vat|tva|siret|siren|' +
  'nif|cif|nipc|btw|kvk|iva|ust-idnr|registration|' +
  // German and Dutch compounds and their abbreviations: Bestellnummer, Kundennr, Factuurnummer, KvK-nummer, Art.-Nr.
  '\\p{L}{2,24}\\.?-?(?:nummer|nr)';
const NUMBER_WORDS = 'n\\.?[°º]|n|no|nr|num|number|nummer|numéro|número|numero|id|code';
/** An abbreviated noun and the word or two that say whose it is: `Ref. cliente`, `Cod. fiscale`, `N.º de cliente`. */
const ABBREVIATION = `(?:(?:${IDENTIFIER_NOUNS}|${NUMBER_WORDS}|cod)\\.|n\\.?[°º])`;
const ABBREVIATED_IDENTIFIER = `${ABBREVIATION}[ ]{0,2}(?:\\p{L}{1,12}[ ]{1,2})?\\p{L}{2,16}\\.?[\\s:#\\-]{1,4}`;
export const IDENTIFIER_CONTEXT = new RegExp(
  `(?:(?<![\\p{L}])(?:${IDENTIFIER_NOUNS})(?![\\p{L}])\\.?[\\s:#.\\-]{0,4}(?:(?:${NUMBER_WORDS})(?![\\p{L}])\\.?[\\s:#.\\-]{0,4})?|` +
    `(?<![\\p{L}])${ABBREVIATED_IDENTIFIER}|#[ ]?)$`,
  'iu',
);

/**
 * Words that announce a phone number ("Tel.", "mobile:", "Handynummer", "llámame"): the stems of
 * telephone and of the verbs of calling take every ending (`chiamate`, `llamarnos`, `appelez`).
 */
const PHONE_WORD = new RegExp(
  '(?<![\\p{L}])(?:tel|tél|telf|tfno|tlf|tlm|tfn|ph|gsm|natel|cel|móv|t[eé]l[eé]?f[oó]\\p{L}{0,12}|t[eé]l[eé]ph\\p{L}{0,8}|' +
    'phone|phones|mobile|mobil|mob|cell|cellphone|portable|' +
    'handy|móvil|movil|cellulare|mobiel|telemóvel|celular|fax|whatsapp|call|calls|calling|ring|appel\\p{L}{0,6}|joindre|' +
    'anruf\\p{L}{0,6}|ruf\\p{L}{0,6}|erreichbar|ll[aá]m\\p{L}{0,8}|chiam\\p{L}{0,8}|bel|bellen|belt|lig[au]\\p{L}{0,6}|contact|' +
    'contacter|kontakt|contacto|contatto|contato|hotline|helpline|reachable|joignable)(?:s|\\.?-?(?:nummer|nr|nummers))?(?![\\p{L}])',
  'giu',
);

/** Words that announce a payment card ("card no.", "Kreditkarte", "tarjeta", "Visa"). */
export const CARD_CONTEXT = new RegExp(
  '\\b(?:card|cards|carte|cartes|karte|kreditkarte|kreditkartennummer|kartennummer|tarjeta|carta|kaart|creditcard|cartão|' +
    'cartao|visa|mastercard|amex|american express|maestro|discover|jcb|diners|unionpay|cb|credit|crédit|crédito|credito|debit|' +
    'débit|débito|debito|pan|paid with|payé avec|bezahlt mit|pagado con|pagato con|betaald met|pago com)' +
    '(?:nummer|nr|number|no|n[°º])?(?![\\p{L}])',
  'iu',
);

/** A word or phrase as a pattern matching it with its first letter in either case (`[Bb]orn`), the rest as written. */
export function eitherCaseInitial(phrase: string): string {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const first = escaped[0]!;
  return first.toLowerCase() === first.toUpperCase() ? escaped : `[${first.toLowerCase()}${first.toUpperCase()}]${escaped.slice(1)}`;
}

/** Where in `before` the last word naming an identifier (an order, a reference...) ends; -1 when none does. */
export function lastIdentifierNounEnd(before: string): number {
  return lastMatchEnd(before, IDENTIFIER_NOUN);
}
const IDENTIFIER_NOUN = new RegExp(`(?<![\\p{L}])(?:${IDENTIFIER_NOUNS})(?![\\p{L}])`, 'giu');

/** Where in `before` the last word announcing a phone ends; -1 when none does. */
export function lastPhoneWordEnd(before: string): number {
  return lastMatchEnd(before, PHONE_WORD);
}

function lastMatchEnd(text: string, globalPattern: RegExp): number {
  let end = -1;
  for (const match of text.matchAll(globalPattern)) end = match.index + match[0].length;
  return end;
}

/**
 * Calls `visit` with the bounds of every word (a run of letters not preceded by a letter or digit):
 * a loop over character codes, far cheaper than a pattern's matches, so that the patterns that need a
 * word to begin with are tried only where one stands.
 */
export function forEachWord(text: string, visit: (start: number, end: number) => void): void {
  let index = 0;
  while (index < text.length) {
    if (!isLetter(text, index) || (index > 0 && isLetterOrDigit(text, index - 1))) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < text.length && isLetter(text, end)) end++;
    visit(index, end);
    index = end;
  }
}

function isLetter(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 128) return (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122);
  return /\p{L}/u.test(text[index]!);
}

function isLetterOrDigit(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  return (unit >= 48 && unit <= 57) || isLetter(text, index);
}
