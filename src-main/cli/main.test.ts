import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalDocumentSchema } from '../engine/export/canonical-schema';
import { canonicalBlocksSchema } from '../engine/export/canonical-blocks-schema';
import { readCanonical, readCanonicalJsonl } from '../engine/export/canonical';
import { runStratum } from './run-stratum.test-support';

const corpusFolder = new URL('../../test-data/corpus/md/', import.meta.url);
let workspace: string;
let markdownNames: string[];

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-cli-'));
  markdownNames = (await readdir(corpusFolder)).filter((name) => name.endsWith('.md')).sort();
  await mkdir(join(workspace, 'docs', 'more'), { recursive: true });
  for (const name of markdownNames) await cp(new URL(name, corpusFolder), join(workspace, 'docs', name));
  // One file in a subfolder, to check that output mirrors it.
  await cp(new URL('mixed.md', corpusFolder), join(workspace, 'docs', 'more', 'mixed-copy.md'));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const stratum = (...argv: string[]) => runStratum(workspace, argv);

describe('stratum chunk', () => {
  it('writes one schema-valid canonical JSON per file of a folder, mirroring subfolders', async () => {
    const run = await stratum('chunk', 'docs', '-o', 'out', '--workers', '1', '--max-tokens', '128');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const written = (await readdir(join(workspace, 'out'))).sort();
    expect(written).toEqual([...markdownNames.map((name) => name.replace(/\.md$/, '.json')), 'more'].sort());
    for (const name of written.filter((entry) => entry.endsWith('.json'))) {
      const canonical = readCanonical(await readFile(join(workspace, 'out', name), 'utf8'));
      expect(canonicalDocumentSchema.safeParse(canonical).success).toBe(true);
      expect(canonical.document.source_file).toBe(name.replace(/\.json$/, '.md'));
      expect(canonical.config.maxTokens).toBe(128);
      expect(canonical.chunks.length).toBeGreaterThan(0);
    }
    const mirrored = readCanonical(await readFile(join(workspace, 'out', 'more', 'mixed-copy.json'), 'utf8'));
    const original = readCanonical(await readFile(join(workspace, 'out', 'mixed.json'), 'utf8'));
    expect(mirrored.chunks.map((chunk) => chunk.id)).toEqual(original.chunks.map((chunk) => chunk.id));
  });

  it('reports each broken file in one line, goes on with the others and exits 1', async () => {
    const batch = join(workspace, 'batch');
    await cp(join(workspace, 'docs'), batch, { recursive: true });
    await writeFile(join(batch, 'zero.md'), '');
    await writeFile(
      join(batch, 'binary.md'),
      new Uint8Array(2048).map((_, index) => (index * 131) % 256),
    );
    await writeFile(join(batch, 'broken.json'), '{"schema_name": "DoclingDocument", "texts": [');
    await writeFile(join(batch, 'ignored.xyz'), 'not a supported extension, skipped in a folder');

    const run = await stratum('chunk', 'batch', '-o', 'batch-out', '--workers', '2', '--format', 'jsonl');
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^error: batch\/zero\.md: .*empty/),
        expect.stringMatching(/^error: batch\/binary\.md: .*binary/),
        expect.stringMatching(/^error: batch\/broken\.json: /),
      ]),
    );
    const written = (await readdir(join(workspace, 'batch-out'))).filter((name) => name.endsWith('.jsonl')).sort();
    expect(written).toEqual(markdownNames.map((name) => name.replace(/\.md$/, '.jsonl')));
    const lineObjects = readCanonicalJsonl(await readFile(join(workspace, 'batch-out', 'wiki.jsonl'), 'utf8'));
    expect(lineObjects.length).toBeGreaterThan(1);
    expect(new Set(lineObjects.map((line) => line.document.source_file))).toEqual(new Set(['wiki.md']));
  });

  it('writes a single file to stdout and lets flags override the config file', async () => {
    await writeFile(join(workspace, 'stratum.yaml'), 'strategy: hybrid\nmaxTokens: 200\nmergePeers: false\n');
    const run = await stratum('chunk', 'docs/wiki.md', '--config', 'stratum.yaml', '--max-tokens', '48');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const canonical = readCanonical(run.stdout);
    expect(canonical.config).toMatchObject({ strategy: 'hybrid', maxTokens: 48, mergePeers: false });
  });

  it('writes docling-core chunk JSON byte for byte as docling-core does (--format docling)', async () => {
    const fixtures = new URL('../../test-data/docling-core/', import.meta.url);
    await cp(new URL('2_inp_dl_doc.json', fixtures), join(workspace, 'wiki.docling.json'));
    await cp(new URL('2h_inp_dl_doc.RECONSTRUCTED.json', fixtures), join(workspace, 'headings.docling.json'));
    await writeFile(join(workspace, 'no-merge.yaml'), 'mergePeers: false\n');
    await writeFile(join(workspace, 'emit-headings.json'), '{"strategy": "hierarchical", "alwaysEmitHeadings": true}');
    const expected = (name: string) => readFile(new URL(name, fixtures), 'utf8');

    const hybrid = await stratum('chunk', 'wiki.docling.json', '--format', 'docling', '--max-tokens', '64');
    expect(hybrid).toMatchObject({ code: 0, stderr: '' });
    expect(hybrid.stdout).toBe(await expected('2a_out_chunks.json'));
    const noMerge = await stratum('chunk', 'wiki.docling.json', '--format', 'docling', '--max-tokens', '64', '--config', 'no-merge.yaml');
    expect(noMerge.stdout).toBe(await expected('2b_out_chunks.json'));
    const headings = await stratum('chunk', 'headings.docling.json', '--format', 'docling', '--config', 'emit-headings.json');
    expect(headings.stdout).toBe(await expected('2h_out_chunks_hier_emit_true.json'));
  });

  it('leaves contextualized_text out of canonical and JSONL chunks with --no-contextualized-text', async () => {
    const full = readCanonical((await stratum('chunk', 'docs/wiki.md')).stdout);
    expect(full.chunks.every((chunk) => typeof chunk.contextualized_text === 'string')).toBe(true);
    const run = await stratum('chunk', 'docs/wiki.md', '--no-contextualized-text');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const bare = readCanonical(run.stdout);
    expect(canonicalDocumentSchema.safeParse(bare).success).toBe(true);
    expect(bare.chunks.map((chunk) => chunk.text)).toEqual(full.chunks.map((chunk) => chunk.text));
    expect(bare.chunks.some((chunk) => 'contextualized_text' in chunk)).toBe(false);
    // Through a worker thread, whose message schema must carry the option.
    const lines = readCanonicalJsonl(
      (await stratum('chunk', 'docs/wiki.md', '--format', 'jsonl', '--no-contextualized-text', '--workers', '2')).stdout,
    );
    expect(lines).toHaveLength(full.chunks.length);
    expect(lines.some((line) => 'contextualized_text' in line.chunk)).toBe(false);
    expect(await stratum('chunk', 'docs/wiki.md', '--format', 'docling', '--no-contextualized-text')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--no-contextualized-text goes with --format canonical or jsonl'),
    });
  });

  it('reports an empty folder instead of doing nothing', async () => {
    await mkdir(join(workspace, 'nothing-here'));
    expect(await stratum('chunk', 'nothing-here', '-o', 'nothing-out')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: no supported files found/),
    });
  });

  it('shows progress on stderr when asked', async () => {
    const run = await stratum('chunk', 'docs', '-o', 'progress-out', '--workers', '1', '--progress');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`[${markdownNames.length + 1}/${markdownNames.length + 1}]`);
  });

  it('treats a wrong command line or config as a usage error (exit 2)', async () => {
    expect(await stratum('chunk', 'docs/wiki.md', '--max-tokens', '0')).toMatchObject({
      code: 2,
      stderr: 'error: invalid config: maxTokens: must be a positive integer\n',
    });
    expect((await stratum('chunk', 'docs/wiki.md', '--format', 'xml')).code).toBe(2);
    expect((await stratum('chunk', 'docs/wiki.md', '--strategy', 'nope')).stderr).toMatch(
      /^error: invalid config: strategy: unknown strategy "nope"/,
    );
    expect((await stratum('chunk', 'docs')).stderr).toMatch(/^error: several inputs or a folder need -o <folder>/);
    expect((await stratum('chunk', '--unknown-flag', 'docs')).code).toBe(2);
    expect((await stratum('frobnicate')).code).toBe(2);
    expect((await stratum('chunk', 'missing.md')).stderr).toBe('error: missing.md: no such file or directory\n');
  });

  it('prints help and version', async () => {
    expect((await stratum('--help')).stdout).toContain('Usage: stratum <command>');
    expect((await stratum('chunk', '--help')).stdout).toContain('--max-tokens <n>');
    expect((await stratum('chunk', '--help')).stdout).toContain('--no-contextualized-text');
    expect((await stratum('--version')).stdout).toMatch(/^stratum \d+\.\d+\.\d+\n$/);
  });
});

describe('stratum parse', () => {
  it('prints the DoclingDocument JSON or the canonical blocks of a file', async () => {
    const docling = await stratum('parse', 'docs/mixed.md');
    expect(docling.code).toBe(0);
    expect(JSON.parse(docling.stdout)).toMatchObject({ schema_name: 'DoclingDocument', name: 'mixed' });

    const run = await stratum('parse', 'docs/mixed.md', '--format', 'canonical-blocks', '-o', 'blocks/mixed.json');
    expect(run).toMatchObject({ code: 0, stdout: '' });
    const blocks = canonicalBlocksSchema.parse(JSON.parse(await readFile(join(workspace, 'blocks', 'mixed.json'), 'utf8')));
    const source = await readFile(join(workspace, 'docs', 'mixed.md'), 'utf8');
    const title = blocks.blocks.find((block) => block.label === 'title');
    const [start, end] = title!.source_spans[0]!;
    expect([...source].slice(start, end).join('')).toContain(title!.text);
  });

  it('reports an unreadable file in one line', async () => {
    expect(await stratum('parse', 'docs/none.md')).toMatchObject({ code: 1, stderr: 'error: docs/none.md: no such file or directory\n' });
  });
});
