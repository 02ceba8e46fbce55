import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ACCESS_TOKEN_FRAGMENT_KEY } from '../../src-shared/http-api';
import { startWorkbenchThread } from '../workbench/workbench-host';
import { createStratumServer } from './http-server';
import { createAccessToken } from './request-guards';
import { serverOptionsFrom } from './server-options';

/** `node out/main/server.js [--port N]`: browser mode on 127.0.0.1 (port 0 picks a free one). */
const options = serverOptionsFrom(process.argv.slice(2), process.env);
const workbench = startWorkbenchThread({ presetsDir: resolve(options.presetsDir ?? join(homedir(), '.config', 'stratum', 'presets')) });
const accessToken = createAccessToken();
// mkdtemp makes the folder readable by this user only
const uploadDir = mkdtempSync(join(tmpdir(), 'stratum-uploads-'));
const server = createStratumServer({
  call: workbench.call,
  openUpload: (request) => workbench.callHost('openDocumentFile', request),
  rendererDir: resolve(import.meta.dirname, '../renderer'),
  accessToken,
  uploadDir,
});

server.listen(options.port, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  // In the fragment: a browser never sends it, so it reaches no server log and no Referer.
  console.log(`Stratum is serving http://127.0.0.1:${port}/#${ACCESS_TOKEN_FRAGMENT_KEY}=${accessToken}`);
});

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  rmSync(uploadDir, { recursive: true, force: true });
  void workbench.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
