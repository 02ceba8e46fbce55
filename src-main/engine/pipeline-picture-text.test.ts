import { describe, expect, it } from 'vitest';
import { DocumentBuilder } from './parse/document-builder';
import { chunkDocument } from './pipeline';
import { iterateItems } from './ir/iterate';
import { withPictureTextInBody } from './ir/picture-text-in-body';
import type { DoclingDocument } from './ir/types';

/** A paragraph, a picture with two labels and a caption, then another paragraph. */
function figureDocument() {
  const builder = new DocumentBuilder('figure.pdf', 'application/pdf', new Uint8Array([1]));
  builder.addText('text', 'Before the figure.');
  const picture = builder.addPicture();
  const input = builder.addText('text', 'input', { parent: picture });
  const output = builder.addText('text', 'output', { parent: picture });
  builder.addCaption(picture, 'Figure 1: the pipeline');
  builder.addText('text', 'After the figure.');
  return { doc: builder.doc, picture, input, output };
}

const chunkerReads = (doc: DoclingDocument): string[] =>
  [...iterateItems(doc)].map(({ item }) => ('text' in item ? item.text : item.self_ref));

describe('withPictureTextInBody', () => {
  it("puts a picture's labels after it, where the chunkers read, and keeps its caption in it", () => {
    const { doc, picture, input, output } = figureDocument();
    expect(chunkerReads(doc)).toEqual(['Before the figure.', picture.self_ref, 'Figure 1: the pipeline', 'After the figure.']);
    const moved = withPictureTextInBody(doc);
    expect(chunkerReads(moved)).toEqual([
      'Before the figure.',
      picture.self_ref,
      'Figure 1: the pipeline',
      'input',
      'output',
      'After the figure.',
    ]);
    // the items keep their references, so chunks name the parsed document's items; an inline group after the picture holds them
    const group = moved.groups.find((candidate) => candidate.name === 'picture-text')!;
    expect(group).toMatchObject({
      label: 'inline',
      parent: picture.parent,
      children: [{ $ref: input.self_ref }, { $ref: output.self_ref }],
    });
    expect(moved.texts.find((text) => text.self_ref === input.self_ref)!.parent).toEqual({ $ref: group.self_ref });
    const parent = moved.body.children.map((child) => child.$ref);
    expect(parent.indexOf(group.self_ref)).toBe(parent.indexOf(picture.self_ref) + 1);
    expect(moved.pictures[0]!.children.map((child) => child.$ref)).not.toContain(output.self_ref);
  });

  it("gives a one-chunk-per-item strategy a figure's labels as one chunk, in one run of text", () => {
    const { doc } = figureDocument();
    const chunks = [...chunkDocument(doc, 'figure', { strategy: 'hierarchical' })].map((chunk) => chunk.text);
    expect(chunks).toEqual(['Before the figure.', 'Figure 1: the pipeline', 'input output', 'After the figure.']);
  });

  it('leaves the parsed document as it is, and a document without picture text the same object', () => {
    const { doc, picture, input } = figureDocument();
    const before = JSON.stringify(doc);
    withPictureTextInBody(doc);
    expect(JSON.stringify(doc)).toBe(before);
    expect(doc.pictures[0]!.children.map((child) => child.$ref)).toContain(input.self_ref);
    expect(picture.children.length).toBe(3);
    const plain = new DocumentBuilder('plain.pdf', 'application/pdf', new Uint8Array([1]));
    plain.addText('text', 'No figure here.');
    expect(withPictureTextInBody(plain.doc)).toBe(plain.doc);
  });
});
