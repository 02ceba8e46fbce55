import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCanonical } from '../engine/export/canonical';
import { startLlmTestServer, type LlmTestServer, type ScriptedReply } from '../engine/llm/llm-test-server.test-support';
import { runStratum } from './run-stratum.test-support';

const KEY = 'sk-cli-a1b2c3d4e5f6-SECRET';
const KEY_VARIABLE = 'STRATUM_TEST_LLM_KEY';

let workspace: string;
let server: LlmTestServer | undefined;
const savedEnvironment = { key: process.env[KEY_VARIABLE], cache: process.env['STRATUM_LLM_CACHE_DIR'] };

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'stratum-llm-cli-'));
  await mkdir(join(workspace, 'docs'));
  for (const name of ['maint-guide.es.txt', 'maint-guide-dother.de.txt']) {
    await cp(new URL(`../../test-data/enrich/${name}`, import.meta.url), join(workspace, 'docs', name));
  }
  process.env[KEY_VARIABLE] = KEY;
  process.env['STRATUM_LLM_CACHE_DIR'] = join(workspace, 'llm-cache');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(async () => {
  for (const [name, value] of [
    [KEY_VARIABLE, savedEnvironment.key],
    ['STRATUM_LLM_CACHE_DIR', savedEnvironment.cache],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(workspace, { recursive: true, force: true });
});

async function pipeline(name: string, steps: string, llm: string) {
  await writeFile(join(workspace, name), `chunker: { strategy: hybrid, maxTokens: 128 }\nenrich:\n${steps}\nllm: ${llm}\n`);
}

async function serve(script: ScriptedReply[] = []) {
  server = await startLlmTestServer(script);
  return server;
}

const stratum = (...argv: string[]) => runStratum(workspace, argv);
const count = (value: number) => value.toLocaleString('en-US');

describe('stratum chunk --pipeline-config with an llm: block', () => {
  it('estimates, then asks, prints both per file, asks nothing again on a second run, and never shows the key', async () => {
    const { url, requests } = await serve();
    const prices = '{ test-model: { input: 0.5, output: 1.5 } }';
    const llm = `{ provider: openai-compatible, baseUrl: "${url}/v1", model: test-model, apiKeyEnv: ${KEY_VARIABLE}, prices: ${prices} }`;
    await pipeline('llm.yaml', '  - context: { prepend: true }\n  - keywords', llm);
    const run = await stratum('chunk', 'docs/maint-guide.es.txt', '--pipeline-config', 'llm.yaml', '-o', 'es.json');
    expect(run.code).toBe(0);
    const canonical = readCanonical(await readFile(join(workspace, 'es.json'), 'utf8'));
    const chunks = canonical.chunks.length;
    expect(requests).toHaveLength(chunks);
    for (const chunk of canonical.chunks) {
      const { text } = chunk.enrichments['context'] as { text: string };
      expect(text).toMatch(/^answer \d+: <document>/);
      expect(chunk.contextualized_text!.startsWith(`${text}\n\n`)).toBe(true);
    }
    expect(canonical.document.enrichments.map((entry) => [entry.name, entry['model']])).toEqual([
      ['context', 'openai-compatible/test-model'],
      ['keywords', undefined],
    ]);
    expect(run.stderr).toMatch(
      new RegExp(
        `^llm: docs/maint-guide.es.txt: estimate: ${chunks} requests to test-model \\(0 more answered from the disk cache\\), ` +
          `about [\\d,]+ input tokens, at most ${count(120 * chunks)} output tokens, cost at most \\$[\\d.]+\\n` +
          `llm: docs/maint-guide.es.txt: used: ${chunks} requests to test-model \\(0 more answered from the disk cache\\), ` +
          `${count(100 * chunks)} input tokens \\(${count(40 * chunks)} from the provider's prompt cache\\), ` +
          `${10 * chunks} output tokens, cost \\$[\\d.]+\\n$`,
      ),
    );

    const again = await stratum('chunk', 'docs/maint-guide.es.txt', '--pipeline-config', 'llm.yaml', '-o', 'es-again.json');
    expect(again.code).toBe(0);
    expect(requests).toHaveLength(chunks);
    // in this process the thread's memo answers; a new process reads the disk cache (the engine's tests show both)
    expect(again.stderr).toContain('used: 0 requests to test-model');
    const second = readCanonical(await readFile(join(workspace, 'es-again.json'), 'utf8'));
    expect(second.chunks.map((chunk) => chunk.enrichments['context'])).toEqual(
      canonical.chunks.map((chunk) => chunk.enrichments['context']),
    );

    for (const text of [run.stdout, run.stderr, again.stderr, await readFile(join(workspace, 'es.json'), 'utf8')])
      expect(text).not.toContain(KEY);
    for (const file of await filesUnder(join(workspace, 'llm-cache'))) expect(await readFile(file, 'utf8')).not.toContain(KEY);
    expect(requests.every((request) => request.headers['authorization'] === `Bearer ${KEY}`)).toBe(true);
  });

  it('--estimate sends nothing and writes nothing; a batch prints a total', async () => {
    const { url, requests } = await serve();
    await pipeline('estimate.yaml', '  - classification', `{ provider: anthropic, baseUrl: "${url}", model: claude-test }`);
    const run = await stratum('chunk', 'docs', '--pipeline-config', 'estimate.yaml', '-o', 'never', '--estimate', '--workers', '2');
    expect(run.code).toBe(0);
    expect(requests).toHaveLength(0);
    await expect(readdir(join(workspace, 'never'))).rejects.toThrow();
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^llm: total: estimate: \d+ requests to claude-test .* cost at most unknown \(no price for claude-test in llm\.prices\)$/,
    );
  });

  it('reports a failing provider as the step error under onError: continue, without the key; exits 2 on an unset variable', async () => {
    const { url } = await serve(Array.from({ length: 200 }, () => ({ status: 401, body: `{"error":{"message":"bad key ${KEY}"}}` })));
    await writeFile(
      join(workspace, 'failing.yaml'),
      `chunker: { strategy: hybrid, maxTokens: 128 }\nenrich: [context, keywords]\nonError: continue\n` +
        `llm: { provider: openai-compatible, baseUrl: "${url}", model: m, apiKeyEnv: ${KEY_VARIABLE} }\n`,
    );
    const run = await stratum('chunk', 'docs/maint-guide.es.txt', '--pipeline-config', 'failing.yaml', '-o', 'failing.json');
    expect(run.code).toBe(0);
    const output = await readFile(join(workspace, 'failing.json'), 'utf8');
    const [context, keywords] = readCanonical(output).document.enrichments;
    expect(context).toMatchObject({ name: 'context', error: expect.stringMatching(/HTTP 401: bad key \[redacted key\]$/) });
    expect(keywords).toMatchObject({ name: 'keywords' });
    expect(output + run.stderr).not.toContain(KEY);

    await writeFile(
      join(workspace, 'unset.yaml'),
      `enrich: [context]\nllm: { provider: openai-compatible, model: m, apiKeyEnv: STRATUM_UNSET_KEY_VARIABLE }\n`,
    );
    const unset = await stratum('chunk', 'docs', '--pipeline-config', 'unset.yaml', '-o', 'never');
    expect(unset).toMatchObject({
      code: 2,
      stderr: 'error: invalid config: llm.apiKeyEnv: the environment variable STRATUM_UNSET_KEY_VARIABLE is not set\n',
    });
    await writeFile(join(workspace, 'no-llm.yaml'), `enrich: [tables]\n`);
    const missing = await stratum('chunk', 'docs', '--pipeline-config', 'no-llm.yaml', '-o', 'never');
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('enrich.tables: the step asks an LLM: add an llm: block') });
  });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
