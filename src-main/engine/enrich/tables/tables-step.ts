import { hash } from 'node:crypto';
import { z } from 'zod';
import { tableMarkdownFiles } from '../../export/artifacts/table-markdown';
import { tokenizerById } from '../../tokenize/registry';
import type { EnrichmentStep } from '../step';
import { tablesOf } from '../shown-tables-pictures';

const tablesOptionsSchema = z.strictObject({
  /** The most tokens of a table sent; the rows past them are left out and the LLM is told how many. */
  maxTableTokens: z.number().int().positive().default(4000),
  /** The longest summary, in tokens. */
  maxTokens: z.number().int().positive().max(1000).default(200),
});
export type TablesOptions = z.infer<typeof tablesOptionsSchema>;

const SYSTEM =
  'You describe tables of documents for a search index. Given a table in Markdown and the section it sits in, write ' +
  'one to three sentences: what the table lists or compares, by which rows and columns, and the values that stand out. ' +
  'In the language of the document. Answer with the summary only.';

/**
 * A summary of each table by the LLM, on every chunk that holds the table (a table split into
 * several chunks is summarised once, whole): `chunk.enrichments.tables: [{ ref, summary }]`.
 */
export const tablesStep: EnrichmentStep<TablesOptions> = {
  name: 'tables',
  version: '1',
  usesLlm: 'required',
  description: "Table summaries: an LLM's short description of each table, on the chunks that hold it.",
  optionsSchema: tablesOptionsSchema,
  supports: (document) => document.tables.length > 0,
  async enrich(document, chunks, context) {
    const llm = context.llm!;
    // each chunk's tables, found once: for the progress total and for the requests
    const shown = chunks.map((chunk) => tablesOf(document, chunk));
    const withTables = shown.filter((tables) => tables.length > 0).length;
    let done = 0;
    const results = await Promise.all(
      chunks.map(async (chunk, index) => {
        const tables = shown[index]!;
        if (tables.length === 0) return undefined;
        const markdown = tableMarkdownFiles(document, tables).map((text) => context.redact(bounded(text, context.options.maxTableTokens)));
        const section = chunk.headingPath.map(context.redact).join(' > ');
        const summaries = await context.memoAsync(
          chunk,
          () =>
            Promise.all(
              markdown.map((table) =>
                llm.chat(
                  {
                    system: SYSTEM,
                    messages: [
                      { role: 'user', content: [{ type: 'text', text: `Section: ${section || '(none)'}\n<table>\n${table}</table>` }] },
                    ],
                    maxOutputTokens: context.options.maxTokens,
                  },
                  context.signal,
                ),
              ),
            ),
          hash('sha256', JSON.stringify([section, markdown])).slice(0, 24),
        );
        context.progress(++done, withTables);
        return tables.map((table, index) => ({ ref: table.self_ref, summary: summaries[index]!.trim() }));
      }),
    );
    return { chunks: results };
  },
};

/** The table's first lines within `maxTokens`, and a line saying how many rows were left out. */
function bounded(markdown: string, maxTokens: number): string {
  const tokenizer = tokenizerById('tiktoken:o200k_base');
  const lines = markdown.split('\n');
  let used = 0;
  for (let index = 0; index < lines.length; index++) {
    used += tokenizer.count(lines[index]!) + 1;
    if (used > maxTokens) return `${lines.slice(0, index).join('\n')}\n(${lines.length - index} more rows not shown)\n`;
  }
  return markdown;
}
