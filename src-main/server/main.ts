import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { startWorkbenchThread } from '../workbench/workbench-host';
import { createStratumServer } from './http-server';
import { serverOptionsFrom } from './server-options';

/** `node out/main/server.js [--port N]`: browser mode on 127.0.0.1 (port 0 picks a free one). */
const options = serverOptionsFrom(process.argv.slice(2), process.env);
const workbench = startWorkbenchThread({ presetsDir: resolve(options.presetsDir ?? join(homedir(), '.config', 'stratum', 'presets')) });
const server = createStratumServer({ call: workbench.call, rendererDir: resolve(import.meta.dirname, '../renderer') });

server.listen(options.port, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  console.log(`Stratum is serving http://127.0.0.1:${port}/`);
});

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void workbench.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
