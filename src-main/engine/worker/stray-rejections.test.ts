import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** A process of its own: in vitest's, a rejection nobody handles fails the test run itself. */
async function runScript(script: string): Promise<{ stdout: string; stderr: string }> {
  const moduleUrl = JSON.stringify(new URL('./stray-rejections.ts', import.meta.url).href);
  const source = `const { failOnStrayRejection } = await import(${moduleUrl});\n${script}`;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { timeout: 30_000 });
}

describe('failOnStrayRejection', () => {
  it('fails the work in flight with a rejection nobody handled, and the process carries on', { timeout: 60_000 }, async () => {
    const { stdout } = await runScript(`
      const stuck = failOnStrayRejection(() => {
        void Promise.reject(new Error('FormatError: Invalid number'));
        return new Promise(() => undefined);
      });
      console.log(await stuck.catch((error) => 'failed: ' + error.message));
      console.log(await failOnStrayRejection(async () => 'next file done'));
    `);
    expect(stdout.trim().split('\n')).toEqual([
      'failed: unexpected failure (a promise rejection nobody handled): FormatError: Invalid number',
      'next file done',
    ]);
  });

  it('passes the work’s own result and error through', { timeout: 60_000 }, async () => {
    const { stdout } = await runScript(`
      console.log(await failOnStrayRejection(() => 42));
      console.log(await failOnStrayRejection(() => { throw new Error('its own error'); }).catch((error) => error.message));
    `);
    expect(stdout.trim().split('\n')).toEqual(['42', 'its own error']);
  });
});
