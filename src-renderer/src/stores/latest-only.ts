/**
 * Live re-runs with at most one request in flight. The first call starts `run` at once (no debounce);
 * calls made while it is in flight are folded into one re-run, started when it returns, which reads
 * the inputs of that moment. `run` can ask whether it has been superseded (a call came in meanwhile)
 * to keep showing that it is busy and to drop an error about inputs already edited again.
 */
export function latestOnly(run: (superseded: () => boolean) => Promise<void>): () => Promise<void> {
  let inFlight = false;
  let rerun = false;
  const request = async (): Promise<void> => {
    if (inFlight) {
      rerun = true;
      return;
    }
    inFlight = true;
    rerun = false;
    try {
      await run(() => rerun);
    } finally {
      inFlight = false;
      if (rerun) void request();
    }
  };
  return request;
}
