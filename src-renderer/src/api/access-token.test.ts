import { describe, expect, it } from 'vitest';
import { takeAccessToken } from './access-token';

function page(hash: string) {
  const stored = new Map<string, string>();
  const addresses: string[] = [];
  return {
    location: { hash, pathname: '/', search: '?view=compare' },
    history: { replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void addresses.push(String(url)) },
    storage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) },
    addresses,
  };
}

describe('takeAccessToken', () => {
  it('reads the token from the fragment, keeps it for the tab and takes it out of the address bar', () => {
    const opened = page('#token=abc-DEF_123');
    expect(takeAccessToken(opened.location, opened.history, opened.storage)).toBe('abc-DEF_123');
    expect(opened.addresses).toEqual(['/?view=compare']);
    // the reload: no fragment any more, the kept token
    const reloaded = { ...opened, location: { ...opened.location, hash: '' } };
    expect(takeAccessToken(reloaded.location, reloaded.history, reloaded.storage)).toBe('abc-DEF_123');
    expect(opened.addresses).toHaveLength(1);
  });

  it('has no token when the page was opened without one', () => {
    const bare = page('');
    expect(takeAccessToken(bare.location, bare.history, bare.storage)).toBeNull();
    expect(bare.addresses).toEqual([]);
  });
});
