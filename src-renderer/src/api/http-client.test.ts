import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpTransport } from './http-client';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch with one that records the request and answers `reply`. */
function answering(reply: Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: init.body });
    return reply;
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const envelope = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('httpTransport', () => {
  it('sends JSON calls with the access token', async () => {
    const sent = answering(envelope({ ok: true, value: { presets: [] } }));
    await expect(httpTransport('secret')('listPresets', {})).resolves.toEqual({ ok: true, value: { presets: [] } });
    const headers = { 'X-Stratum-Token': 'secret', 'Content-Type': 'application/json' };
    expect(sent).toEqual([{ url: '/api/listPresets', headers, body: '{}' }]);
  });

  it('uploads a document as its bytes, its name and password percent-encoded in headers', async () => {
    const sent = answering(envelope({ ok: true, value: { jobId: 'j1' } }));
    const bytes = new Uint8Array([37, 80, 68, 70]);
    await httpTransport('secret')('openDocument', { fileName: 'Bericht März.pdf', bytes, password: 'p@ss wörd' });
    expect(sent[0]).toEqual({
      url: '/api/openDocument',
      headers: {
        'X-Stratum-Token': 'secret',
        'Content-Type': 'application/octet-stream',
        'X-Stratum-File-Name': 'Bericht%20M%C3%A4rz.pdf',
        'X-Stratum-Password': 'p%40ss%20w%C3%B6rd',
      },
      body: bytes,
    });
  });

  it('gives the envelope of a 400 (its message says what was wrong) and a clear error for a missing token', async () => {
    answering(envelope({ ok: false, error: { code: 'bad-request', message: 'getJob: the body is not JSON' } }, 400));
    await expect(httpTransport('secret')('getJob', {})).resolves.toMatchObject({ ok: false, error: { code: 'bad-request' } });
    answering(new Response('no token', { status: 401, headers: { 'Content-Type': 'text/plain' } }));
    await expect(httpTransport(null)('getCatalog', {})).rejects.toThrow('open the address the Stratum server printed');
  });
});
