import { StratumError } from '../../src-shared/errors';

/** A limit raised (or lowered) by an environment variable: input limits and thread limits are both read this way. */
export interface EnvironmentLimit {
  /** The variable, `STRATUM_MAX_*`. */
  variable: string;
  /** The default, in the variable's unit. */
  defaultValue: number;
  /** Multiplies the variable's unit into the limit's own (MB into bytes, seconds into milliseconds). */
  scale: number;
}

/**
 * The limits from `env`: each variable, when set, is a positive whole number in the variable's unit;
 * anything else is an `invalid-config` error naming the variable, so that a typo never lifts a limit.
 */
export function readEnvironmentLimits<Name extends string>(
  definitions: Readonly<Record<Name, EnvironmentLimit>>,
  env: Readonly<Record<string, string | undefined>>,
): Record<Name, number> {
  const limits = {} as Record<Name, number>;
  for (const name of Object.keys(definitions) as Name[]) {
    const { variable, defaultValue, scale } = definitions[name];
    const raw = env[variable]?.trim();
    const value = raw === undefined || raw === '' ? defaultValue : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < 1 || value * scale > Number.MAX_SAFE_INTEGER) {
      throw new StratumError('invalid-config', `${variable} must be a positive whole number (it is "${raw}")`);
    }
    limits[name] = value * scale;
  }
  return limits;
}
