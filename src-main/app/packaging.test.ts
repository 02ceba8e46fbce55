import { describe, expect, it } from 'vitest';
import config from '../../electron-builder';

describe('packaged app', () => {
  it('flips the fuses that keep a packaged Stratum from running as Node or under a debugger', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
