import { availableParallelism } from 'node:os';
import { readEnvironmentLimits, type EnvironmentLimit } from '../environment-limits';

/**
 * What the threads we start may use, so that a large or hostile document fails with a clear
 * `too-large` error instead of exhausting the machine. Each limit is raised (or lowered) by an
 * environment variable in the limit's unit; the README's security section lists them.
 */
export interface ThreadLimits {
  /** Heap of a thread that parses (the workbench's parse threads, the CLI's engine workers, eval workers), in MB. */
  parseHeapMb: number;
  /** Heap of the workbench thread, which keeps the open documents and the latest runs, in MB. */
  workbenchHeapMb: number;
  /** Longest one document may take to parse, in milliseconds. */
  parseMilliseconds: number;
  /** Most documents the workbench parses at once; the others wait their turn. */
  parallelParses: number;
  /** Bytes of open documents (sources and parsed documents) the workbench keeps before it forgets the least recently used. */
  documentCacheBytes: number;
  /** Bytes of chunking runs the workbench keeps before it forgets the least recently used. */
  runCacheBytes: number;
}

export type ThreadLimitName = keyof ThreadLimits;

interface LimitDefinition extends EnvironmentLimit {
  /** The variable's unit, as a message writes it. */
  unit: string;
}

const MB = 1024 * 1024;

/**
 * The defaults: a 322-page PDF joined from the corpus peaks near 200 MB of heap while it is parsed
 * (its parse succeeds under a 320 MB cap), so a parse thread gets five times that. The workbench
 * thread holds up to the two cache budgets, counted as source bytes plus an estimate of the parsed
 * document, which the live objects can exceed severalfold.
 */
export const THREAD_LIMIT_DEFINITIONS: Readonly<Record<ThreadLimitName, LimitDefinition>> = {
  parseHeapMb: { variable: 'STRATUM_MAX_PARSE_HEAP_MB', defaultValue: 1024, scale: 1, unit: 'MB' },
  workbenchHeapMb: { variable: 'STRATUM_MAX_WORKBENCH_HEAP_MB', defaultValue: 4096, scale: 1, unit: 'MB' },
  parseMilliseconds: { variable: 'STRATUM_MAX_PARSE_SECONDS', defaultValue: 3600, scale: 1000, unit: 's' },
  parallelParses: { variable: 'STRATUM_MAX_PARALLEL_PARSES', defaultValue: Math.min(4, availableParallelism()), scale: 1, unit: 'parses' },
  documentCacheBytes: { variable: 'STRATUM_MAX_DOCUMENT_CACHE_MB', defaultValue: 1024, scale: MB, unit: 'MB' },
  runCacheBytes: { variable: 'STRATUM_MAX_RUN_CACHE_MB', defaultValue: 256, scale: MB, unit: 'MB' },
};

export function readThreadLimits(env: Readonly<Record<string, string | undefined>>): ThreadLimits {
  return readEnvironmentLimits(THREAD_LIMIT_DEFINITIONS, env);
}

let processLimits: ThreadLimits | undefined;

/** The limits of this process, read from its environment once. */
export function threadLimits(): ThreadLimits {
  processLimits ??= readThreadLimits(process.env);
  return processLimits;
}

/** What a message past a limit says of it: `the limit is 1024 MB; set STRATUM_MAX_PARSE_HEAP_MB to raise it`. */
export function describeThreadLimit(name: ThreadLimitName, limits: ThreadLimits = threadLimits()): string {
  const { variable, scale, unit } = THREAD_LIMIT_DEFINITIONS[name];
  return `the limit is ${limits[name] / scale} ${unit}; set ${variable} to raise it`;
}
