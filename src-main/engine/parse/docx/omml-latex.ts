import { child, childrenNamed, childValue, elementChildren, type XmlElement } from '../ooxml/xml-tree';

/**
 * Office Math (OMML) to LaTeX, covering the structures Word's equation editor writes: fractions,
 * scripts, radicals, delimiters, n-ary operators, functions, accents, limits, arrays and matrices.
 * Unknown structures fall back to the LaTeX of their children, so no text is lost.
 */
export function ommlToLatex(math: XmlElement): string {
  return convertChildren(math).trim();
}

const SYMBOLS: Record<string, string> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '∞': '\\infty',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '→': '\\rightarrow',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∀': '\\forall',
  '∃': '\\exists',
  '∂': '\\partial',
  '∇': '\\nabla',
  '…': '\\text{ \\textellipsis }',
  '<': '<',
  '>': '>',
  '⋯': '\\cdots',
  '≡': '\\equiv',
  '∝': '\\propto',
  '∅': '\\emptyset',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '°': '^{\\circ}',
  '′': "'",
  '−': '-',
};

const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋁': '\\bigvee',
  '⋀': '\\bigwedge',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '∯': '\\oiint',
  '∰': '\\oiiint',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};

const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat',
  '\u0303': '\\tilde',
  '\u0304': '\\bar',
  '\u0305': '\\bar',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u20d7': '\\vec',
  '\u030c': '\\check',
};

const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'log',
  'ln',
  'lg',
  'exp',
  'lim',
  'max',
  'min',
  'sup',
  'inf',
  'det',
  'arg',
  'deg',
  'dim',
  'gcd',
  'hom',
  'ker',
  'Pr',
]);

function convertChildren(element: XmlElement | undefined): string {
  if (!element) return '';
  return elementChildren(element).map(convert).join('');
}

function convert(element: XmlElement): string {
  switch (element.name) {
    case 'm:r':
      return runText(element);
    case 'm:f':
      return fraction(element);
    case 'm:sSup':
      return `${convertChildren(child(element, 'm:e'))}^{${convertChildren(child(element, 'm:sup'))}}`;
    case 'm:sSub':
      return `${convertChildren(child(element, 'm:e'))}_{${convertChildren(child(element, 'm:sub'))}}`;
    case 'm:sSubSup':
      return `${convertChildren(child(element, 'm:e'))}_{${convertChildren(child(element, 'm:sub'))}}^{${convertChildren(child(element, 'm:sup'))}}`;
    case 'm:sPre':
      return `{}_{${convertChildren(child(element, 'm:sub'))}}^{${convertChildren(child(element, 'm:sup'))}}${convertChildren(child(element, 'm:e'))}`;
    case 'm:rad':
      return radical(element);
    case 'm:d':
      return delimiter(element);
    case 'm:nary':
      return nary(element);
    case 'm:func':
      return `${functionName(child(element, 'm:fName'))}${functionArgument(child(element, 'm:e'))}`;
    case 'm:acc': {
      const accent = childValue(child(element, 'm:accPr'), 'm:chr', 'm:val') ?? '\u0302';
      return `${ACCENTS[accent] ?? '\\hat'}{${convertChildren(child(element, 'm:e'))}}`;
    }
    case 'm:bar': {
      const position = childValue(child(element, 'm:barPr'), 'm:pos', 'm:val');
      return `${position === 'bot' ? '\\underline' : '\\overline'}{${convertChildren(child(element, 'm:e'))}}`;
    }
    case 'm:limLow':
      return `${limitBase(child(element, 'm:e'))}_{${convertChildren(child(element, 'm:lim'))}}`;
    case 'm:limUpp':
      return `${limitBase(child(element, 'm:e'))}^{${convertChildren(child(element, 'm:lim'))}}`;
    case 'm:eqArr': {
      const rows = childrenNamed(element, 'm:e');
      if (rows.length === 1) return convertChildren(rows[0]);
      return `\\begin{array}{c}${rows.map(convertChildren).join(' \\\\ ')}\\end{array}`;
    }
    case 'm:groupChr':
      return groupCharacter(element);
    case 'm:m':
      return `\\begin{matrix}${childrenNamed(element, 'm:mr')
        .map((row) => childrenNamed(row, 'm:e').map(convertChildren).join(' & '))
        .join(' \\\\ ')}\\end{matrix}`;
    case 'm:oMath':
      return convertChildren(element);
    default:
      return element.name.endsWith('Pr') ? '' : convertChildren(element);
  }
}

function runText(run: XmlElement): string {
  const text = childrenNamed(run, 'm:t')
    .map((t) => t.children.filter((c): c is string => typeof c === 'string').join(''))
    .join('');
  return [...text].map((ch) => (SYMBOLS[ch] ? ` ${SYMBOLS[ch]} ` : ch)).join('');
}

function fraction(element: XmlElement): string {
  const type = childValue(child(element, 'm:fPr'), 'm:type', 'm:val');
  const numerator = convertChildren(child(element, 'm:num'));
  const denominator = convertChildren(child(element, 'm:den'));
  if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${numerator}}{${denominator}}`;
  if (type === 'lin') return `${numerator}/${denominator}`;
  return `\\frac{${numerator}}{${denominator}}`;
}

function radical(element: XmlElement): string {
  const degree = convertChildren(child(element, 'm:deg'));
  const body = convertChildren(child(element, 'm:e'));
  return degree.trim() ? `\\sqrt[${degree}]{${body}}` : `\\sqrt{${body}}`;
}

function delimiter(element: XmlElement): string {
  const properties = child(element, 'm:dPr');
  const open = childValue(properties, 'm:begChr', 'm:val') ?? '(';
  const close = childValue(properties, 'm:endChr', 'm:val') ?? ')';
  const separator = childValue(properties, 'm:sepChr', 'm:val') ?? '|';
  const body = childrenNamed(element, 'm:e').map(convertChildren).join(separator);
  return `\\left${latexDelimiter(open)}${body}\\right${latexDelimiter(close)}`;
}

function latexDelimiter(char: string): string {
  if (char === '') return '.';
  if (char === '{') return '\\{';
  if (char === '}') return '\\}';
  if (char === '‖') return '\\|';
  if (char === '⟨' || char === '〈') return '\\langle';
  if (char === '⟩' || char === '〉') return '\\rangle';
  if (char === '⌈') return '\\lceil';
  if (char === '⌉') return '\\rceil';
  if (char === '⌊') return '\\lfloor';
  if (char === '⌋') return '\\rfloor';
  return char;
}

function nary(element: XmlElement): string {
  const operator = childValue(child(element, 'm:naryPr'), 'm:chr', 'm:val') ?? '∫';
  const command = NARY[operator] ?? operator;
  return `${command}_{${convertChildren(child(element, 'm:sub'))}}^{${convertChildren(child(element, 'm:sup'))}}${convertChildren(child(element, 'm:e'))}`;
}

/** Word shows a function's argument in parentheses unless it already has delimiters. */
function functionArgument(element: XmlElement | undefined): string {
  const argument = convertChildren(element);
  return /^\s*(\\left|\()/.test(argument) ? argument : `(${argument})`;
}

function groupCharacter(element: XmlElement): string {
  const properties = child(element, 'm:groupChrPr');
  const char = childValue(properties, 'm:chr', 'm:val') ?? '\u23df';
  const body = convertChildren(child(element, 'm:e'));
  if (char === '\u23de') return `\\overbrace{${body}}`;
  if (char === '\u23df') return `\\underbrace{${body}}`;
  return body;
}

function functionName(element: XmlElement | undefined): string {
  const raw = convertChildren(element);
  const name = raw.trim();
  if (FUNCTIONS.has(name)) return `\\${name}`;
  if (/^[A-Za-z]+$/.test(name)) return `\\operatorname{${name}}`;
  return raw;
}

/** `lim`, `max`, `argmax` under a limit become operators, as Word renders them upright. */
function limitBase(element: XmlElement | undefined): string {
  const func = element && child(element, 'm:func');
  if (func && elementChildren(element).length === 1) return functionName(child(func, 'm:fName')) + convertChildren(child(func, 'm:e'));
  const raw = convertChildren(element);
  const name = raw.trim();
  if (FUNCTIONS.has(name)) return `\\${name}`;
  if (/^[A-Za-z]{2,}$/.test(name)) return `\\operatorname{${name}}`;
  return raw;
}
