import { hash } from 'node:crypto';
import { z } from 'zod';
import { resolveRef } from '../../ir/resolve';
import type { DoclingDocument, PictureItem, TextItem } from '../../ir/types';
import type { EnrichmentStep, PictureImage } from '../step';
import { picturesOf } from '../shown-tables-pictures';

const picturesOptionsSchema = z.strictObject({
  /** The characters of the chunk's text sent with a picture, as its surroundings. */
  surroundingCharacters: z.number().int().nonnegative().max(20_000).default(2000),
  /** The longest description, in tokens. */
  maxTokens: z.number().int().positive().max(1000).default(250),
});
export type PicturesOptions = z.infer<typeof picturesOptionsSchema>;

const SYSTEM =
  'You describe pictures of documents for a search index. Given a picture and the text around it, describe in two to ' +
  'four sentences what the picture shows: its kind (chart, diagram, photo, drawing, screenshot), its subject, and the ' +
  'text, labels or numbers in it that matter. In the language of the surrounding text. Answer with the description only.';

/** What a picture gets: the LLM's description, or why it has none (no image to show). */
type PictureDescription = { ref: string; description: string } | { ref: string; note: string };

/**
 * A description of each picture by a vision LLM, from the picture's image (as the export writes it:
 * a PDF's region rendered, another format's embedded image) and the text of the chunk around it:
 * `chunk.enrichments.pictures: [{ ref, description }]`, or `{ ref, note }` for a picture without an image.
 */
export const picturesStep: EnrichmentStep<PicturesOptions> = {
  name: 'pictures',
  version: '1',
  usesLlm: 'required',
  description: "Picture descriptions: a vision LLM's description of each picture, from its image and the text around it.",
  optionsSchema: picturesOptionsSchema,
  supports: (document) => document.pictures.length > 0,
  async enrich(document, chunks, context) {
    const llm = context.llm!;
    // each chunk's pictures, found once: for the progress total and for the requests
    const shown = chunks.map((chunk) => picturesOf(document, chunk));
    const withPictures = shown.filter((pictures) => pictures.length > 0).length;
    let done = 0;
    const results = await Promise.all(
      chunks.map(async (chunk, index) => {
        const pictures = shown[index]!;
        if (pictures.length === 0) return undefined;
        const images = await Promise.all(pictures.map((picture) => context.pictureImage(picture)));
        const surroundings = context.redact(chunk.text.slice(0, context.options.surroundingCharacters));
        const captions = pictures.map((picture) => context.redact(captionOf(document, picture)));
        const described = await context.memoAsync(
          chunk,
          () => Promise.all(pictures.map((picture, index) => describe(images[index]!, captions[index]!, surroundings, picture.self_ref))),
          hash('sha256', JSON.stringify([images, captions])).slice(0, 24),
        );
        context.progress(++done, withPictures);
        return described;
      }),
    );
    return { chunks: results };

    async function describe(image: PictureImage, caption: string, surroundings: string, ref: string): Promise<PictureDescription> {
      if ('problem' in image) return { ref, note: `not described: ${image.problem}` };
      const text = `${caption ? `Caption: ${caption}\n` : ''}Text around the picture:\n<text>\n${surroundings}\n</text>`;
      const description = await llm.chat(
        {
          system: SYSTEM,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text },
                { type: 'image', dataUrl: image.dataUrl },
              ],
            },
          ],
          maxOutputTokens: context.options.maxTokens,
        },
        context.signal,
      );
      return { ref, description: description.trim() };
    }
  },
};

function captionOf(doc: DoclingDocument, picture: PictureItem): string {
  return (picture.captions ?? [])
    .map((ref) => (resolveRef(doc, ref) as TextItem | undefined)?.text ?? '')
    .filter(Boolean)
    .join(' ');
}
