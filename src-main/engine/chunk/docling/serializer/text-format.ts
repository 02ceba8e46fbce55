import type { Formatting } from '../../../ir/types';
import type { SerializerParams } from './params';

export interface PostProcessOptions {
  /** The item kind allows HTML escaping (code and formulas do not). */
  escapeHtml?: boolean;
  /** The item kind allows underscore escaping (code and formulas do not). */
  escapeUnderscores?: boolean;
  formatting?: Formatting | null;
  hyperlink?: string | null;
}

/**
 * docling-core's Markdown `post_process`: escaping (when both the item kind and the params allow
 * it), then bold `**`, italic `*`, strikethrough `~~` (underline and scripts print as is), then the
 * hyperlink `[text](url)` outermost.
 */
export function formatText(text: string, params: SerializerParams, options: PostProcessOptions): string {
  return formatTextParts(text, params, options).text;
}

/** A formatted text: the (escaped) input is `text.slice(coreStart, coreStart + coreLength)`; `escaped` when escaping changed it. */
export interface FormattedParts {
  text: string;
  coreStart: number;
  coreLength: number;
  escaped: boolean;
}

/** `formatText`, saying where the input sits in the result. */
export function formatTextParts(text: string, params: SerializerParams, options: PostProcessOptions): FormattedParts {
  let result = text;
  if ((options.escapeUnderscores ?? true) && params.escapeUnderscores) result = escapeUnderscores(result);
  if ((options.escapeHtml ?? true) && params.escapeHtml) result = result.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escaped = result !== text;
  const coreLength = result.length;
  // Each mark wraps what is there already, so the later marks are outermost.
  let opening = '';
  let closing = '';
  const formatting = options.formatting;
  if (formatting?.bold) [opening, closing] = ['**' + opening, closing + '**'];
  if (formatting?.italic) [opening, closing] = ['*' + opening, closing + '*'];
  if (formatting?.strikethrough) [opening, closing] = ['~~' + opening, closing + '~~'];
  if (options.hyperlink) [opening, closing] = ['[' + opening, `${closing}](${hyperlinkText(options.hyperlink)})`];
  result = opening + result + closing;
  const coreStart = opening.length;
  return { text: result, coreStart, coreLength, escaped };
}

/** `_` -> `\_` unless already escaped, leaving image links `![...](...)` untouched. */
function escapeUnderscores(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(/!\[.*?\]\((.*?)\)/g)) {
    result += escapeEachUnderscore(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + escapeEachUnderscore(text.slice(last));
}

function escapeEachUnderscore(part: string): string {
  return part.replace(/(?<!\\)_/g, '\\_');
}

/** `str(hyperlink)` of pydantic's `Union[AnyUrl, Path]`: absolute URLs normalised (WHATWG), else a path. */
function hyperlinkText(hyperlink: string): string {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(hyperlink)) {
    try {
      return new URL(hyperlink).href;
    } catch {
      // not a URL: falls through to path semantics
    }
  }
  // pathlib: repeated and trailing slashes and `.` components disappear; exactly two leading slashes stay.
  const prefix = hyperlink.startsWith('//') && !hyperlink.startsWith('///') ? '//' : hyperlink.startsWith('/') ? '/' : '';
  const body = hyperlink
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
  return prefix + body || '.';
}
