import { describe, expect, it } from 'vitest';
import config, { fileAssociations } from '../../electron-builder';
import { allParsers } from '../engine/parse/registry';

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

  it('builds an AppImage and a deb on Linux, an NSIS installer on Windows, a dmg on macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
  });

  it('associates every extension the parser registry opens, each once, by its last part', () => {
    const associations = fileAssociations();
    expect(config.fileAssociations).toEqual(associations);
    const associated = associations.flatMap((association) => association.ext);
    expect(new Set(associated).size).toBe(associated.length);
    const opened = new Set(allParsers().flatMap((parser) => parser.extensions.map((extension) => extension.split('.').at(-1))));
    expect(new Set(associated)).toEqual(opened);
    expect(associated).toEqual(expect.arrayContaining(['pdf', 'docx', 'md', 'html', 'txt', 'json']));
    for (const association of associations) {
      expect(association.name).toMatch(/^Stratum\.[a-z0-9]+$/);
      expect(association.mimeType).toMatch(/^[a-z]+\/[\w.+-]+$/);
    }
  });
});
