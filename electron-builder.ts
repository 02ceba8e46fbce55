import type { Configuration } from 'electron-builder';

/**
 * Packaging of the desktop app (`npm run dist`, electron-builder reads this file by its name). The
 * fuses are flipped in the Electron binary itself, so that a packaged Stratum cannot be turned into
 * a general Node runtime or debugger by whoever starts it: no ELECTRON_RUN_AS_NODE, no NODE_OPTIONS,
 * no --inspect; the app runs only from its asar archive, whose integrity is checked on load (macOS,
 * Windows); cookies are encrypted at rest. The app loads from stratum://, so file:// gets no extra rights.
 */
const config: Configuration = {
  appId: 'org.stratum.workbench',
  productName: 'Stratum',
  directories: { output: 'dist', buildResources: 'resources' },
  files: ['out/**', 'package.json'],
  asar: true,
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
};

export default config;
