interface ServerOptions {
  port: number;
  presetsDir: string | undefined;
}

/** `--port N` wins over `STRATUM_PORT`; the default 0 lets the system choose a free port. */
export function serverOptionsFrom(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ServerOptions {
  const flagIndex = argv.indexOf('--port');
  const raw = flagIndex >= 0 ? argv[flagIndex + 1] : env.STRATUM_PORT;
  const port = raw === undefined || raw === '' ? 0 : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port: "${raw}" is not a port number (0 to 65535)`);
  return { port, presetsDir: env.STRATUM_PRESETS_DIR || undefined };
}
