#!/usr/bin/env node
// The published command: runs the built CLI (`npm run build` produces out/main/cli.js).
const cli = await import('../out/main/cli.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('cli.js')) throw error;
  process.stderr.write('stratum: out/main/cli.js is missing; run "npm run build" first\n');
  process.exit(2);
});
await cli.runCliProcess();
