import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { DoclingDocument } from '../../src-main/engine/ir/types';
import { loadDoclingJson } from '../../src-main/engine/parse/docling-json';
import { markdownParser } from '../../src-main/engine/parse/markdown/markdown-parser';
import type { Reference } from './corpus';

/**
 * The groundtruth as an IR. Docling's JSON and YAML load as they are; a Markdown export (all some
 * Markdown inputs have) is parsed with our own Markdown parser, so for those documents the scores
 * measure agreement with Docling's rendering of the document, read the way we read Markdown.
 */
export async function loadReference(reference: Reference): Promise<DoclingDocument> {
  const fileName = path.basename(reference.path);
  switch (reference.kind) {
    case 'docling-json':
      return loadDoclingJson(await readFile(reference.path, 'utf8'), fileName);
    case 'docling-yaml':
      return loadDoclingJson(JSON.stringify(parseYaml(await readFile(reference.path, 'utf8'))), fileName);
    case 'markdown-export':
      return markdownParser.parse({ fileName, bytes: await readFile(reference.path) });
  }
}
