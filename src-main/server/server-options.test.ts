import { describe, expect, it } from 'vitest';
import { serverOptionsFrom } from './server-options';

describe('serverOptionsFrom', () => {
  it('takes the port from --port, else STRATUM_PORT, else 0 (any free port)', () => {
    expect(serverOptionsFrom(['--port', '4317'], { STRATUM_PORT: '9' }).port).toBe(4317);
    expect(serverOptionsFrom([], { STRATUM_PORT: '9' }).port).toBe(9);
    expect(serverOptionsFrom([], {}).port).toBe(0);
  });

  it('refuses a port that is not one', () => {
    expect(() => serverOptionsFrom(['--port', 'eighty'], {})).toThrow('not a port number');
    expect(() => serverOptionsFrom(['--port', '70000'], {})).toThrow('not a port number');
  });
});
