import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Link, Nodes, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { gfmWithoutLiteralAutolinks } from './gfm-syntax';
import { linkLiteralAutolinks } from './literal-autolinks';

/** remark-gfm: micromark's literal-autolink syntax, the behaviour ours must keep. */
const reference = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);
const withoutAutolinks = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(gfmWithoutLiteralAutolinks);

function ours(markdown: string): Root {
  const root = withoutAutolinks.parse(markdown);
  linkLiteralAutolinks(root, markdown);
  return root;
}

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(folder, name));
}

function links(root: Root): Array<{ url: string; text: string; at: [number, number] }> {
  const found: Array<{ url: string; text: string; at: [number, number] }> = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link') {
      const link = node as Link;
      const text = link.children.map((child) => ('value' in child ? child.value : '')).join('');
      found.push({ url: link.url, text, at: [link.position!.start.offset!, link.position!.end.offset!] });
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(root);
  return found;
}

describe('literal autolinks', () => {
  const files = markdownFiles(path.resolve(import.meta.dirname, '../../../../test-data'));

  it('gives every Markdown file of the test data the tree remark-gfm gives it, positions included', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const markdown = readFileSync(file, 'utf8');
      expect(ours(markdown), file).toEqual(reference.parse(markdown));
    }
  });

  it.each([
    'www.commonmark.org',
    'Visit www.commonmark.org/help for more information.',
    'Visit www.commonmark.org.',
    'Visit www.commonmark.org/a.b.',
    'www.google.com/search?q=Markup+(business)',
    'www.google.com/search?q=Markup+(business)))',
    '(www.google.com/search?q=Markup+(business))',
    '(www.google.com/search?q=Markup+(business)',
    'www.google.com/search?q=(business))+ok',
    'www.google.com/search?q=commonmark&hl=en',
    'www.google.com/search?q=commonmark&hl;',
    'www.commonmark.org/he<lp',
    '(Visit https://encrypted.google.com/search?q=Markup+(business))',
    'foo@bar.baz',
    "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.",
    'a.b-c_d@a.b',
    'a.b-c_d@a.b.',
    'a.b-c_d@a.b-',
    'a.b-c_d@a.b_',
    'x www.x_y.z_w.com y',
    'www.a_b.c.com',
    '*www.x.com* **www.x.com** _www.x.com_ ~www.x.com~',
    'https://x.com/a_b_c',
    'Email: <a@b.com> and a@b.com.',
    'HTTPS://EXAMPLE.COM/X Www.Example.com',
    'http://a http:// a@b user@1.2.3.4 user@example.co.uk!',
    'path https://x.com/a]b ok, https://x.com/a](c) ok',
    'a www.x.com\nwww.y.com',
    '> quote www.x.com\n> www.y.com',
    '- item www.x.com\n  www.y.com',
    '| a | b |\n|---|---|\n| www.x.com | c@d.com |',
    '# Head www.x.com',
    '![img](u) www.x.com [a](b) www.y.com',
    'text `code www.x.com` www.y.com',
    '日本語www.x.com www.x.com日本語 über@example.com a@example.com文字',
  ])('links %j as remark-gfm does', (markdown) => {
    expect(ours(markdown)).toEqual(reference.parse(markdown));
  });

  it('reads the text as mdast gives it where that differs from the source (documented)', () => {
    expect(links(ours('www.x.com/*foo*'))).toEqual([{ url: 'http://www.x.com/', text: 'www.x.com/', at: [0, 10] }]);
    expect(links(ours('https://x.com/foo&amp;'))).toEqual([{ url: 'https://x.com/foo&', text: 'https://x.com/foo&', at: [0, 22] }]);
  });

  it('places the links remark-gfm finds only by its fallback on their source characters', () => {
    expect(links(ours('[see www.x.com and more'))).toEqual([{ url: 'http://www.x.com', text: 'www.x.com', at: [5, 14] }]);
  });
});
