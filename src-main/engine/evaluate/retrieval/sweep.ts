import { z } from 'zod';
import { parseConfigValue } from '../../../../src-shared/config';
import { StratumError } from '../../../../src-shared/errors';
import { resolveChunkingConfig } from '../../pipeline-config';

const configValuesSchema = z.record(z.string(), z.unknown());
const gridSchema = z.record(z.string(), z.array(z.unknown()).min(1, { error: 'must list at least one value' }));

/**
 * A sweep file (YAML or JSON): `configs` listed one by one and `grid`s whose every combination of
 * values is a config (keys in the order written, the last varying fastest), each merged over `base`.
 */
const sweepFileSchema = z
  .strictObject({
    base: configValuesSchema.default({}),
    configs: z.array(configValuesSchema).default([]),
    grid: z.union([gridSchema, z.array(gridSchema)]).optional(),
  })
  .refine((sweep) => sweep.configs.length > 0 || sweep.grid !== undefined, { error: 'a sweep needs configs or a grid' });

/** The most configs one sweep expands to: each is chunked and evaluated in full. */
export const MAX_SWEEP_CONFIGS = 500;

/** The configs of a sweep file, in order; each is checked as chunking checks a config (strategy, options, tokenizer). */
export function parseSweepText(text: string, fileName: string): Array<Record<string, unknown>> {
  const parsed = sweepFileSchema.safeParse(parseConfigValue(text, fileName) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StratumError('invalid-config', `${fileName}: ${issue.path.join('.') || 'the sweep'}: ${issue.message}`);
  }
  const { base, configs, grid } = parsed.data;
  const grids = grid === undefined ? [] : Array.isArray(grid) ? grid : [grid];
  const expanded = [...configs, ...grids.flatMap(combinations)];
  if (expanded.length > MAX_SWEEP_CONFIGS) {
    throw new StratumError('invalid-config', `${fileName}: the sweep has ${expanded.length} configs, more than ${MAX_SWEEP_CONFIGS}`);
  }
  return expanded.map((config, index) => {
    const merged = { ...base, ...config };
    try {
      resolveChunkingConfig(merged);
    } catch (error) {
      throw new StratumError(
        'invalid-config',
        `${fileName}: config ${index + 1}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return merged;
  });
}

function combinations(grid: Record<string, unknown[]>): Array<Record<string, unknown>> {
  let configs: Array<Record<string, unknown>> = [{}];
  for (const [key, values] of Object.entries(grid)) {
    configs = configs.flatMap((config) => values.map((value) => ({ ...config, [key]: value })));
  }
  return configs;
}

/** A config in a few words, for tables, CSV and chart labels: its strategy, then its other values. */
export function configLabel(config: unknown): string {
  if (typeof config !== 'object' || config === null) return String(config);
  const { strategy, ...rest } = config as Record<string, unknown>;
  const values = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return [typeof strategy === 'string' ? strategy : 'hybrid', ...values].join(' ');
}

/** A point of a two-objective comparison: `cost` to lower, `gain` to raise. */
export interface TradeOff {
  cost: number;
  gain: number;
}

/**
 * The points no other point beats on both objectives: none has a lower or equal cost with a higher
 * gain, or a lower cost with an equal gain. Returned as indices, in the order given.
 */
export function paretoFront(points: readonly TradeOff[]): number[] {
  return points.flatMap((point, index) =>
    points.some((other) => (other.cost <= point.cost && other.gain > point.gain) || (other.cost < point.cost && other.gain >= point.gain))
      ? []
      : [index],
  );
}
