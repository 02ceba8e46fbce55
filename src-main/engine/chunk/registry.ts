import { StratumError } from '../../../src-shared/errors';
import type { ChunkingStrategy } from './strategy';

/** Every chunking strategy, selected by `name`. Add a strategy here and nowhere else. */
const strategies: ReadonlyArray<ChunkingStrategy<never>> = [];

export function allStrategies(): ReadonlyArray<ChunkingStrategy<never>> {
  return strategies;
}

export function strategyByName(name: string): ChunkingStrategy<never> {
  const strategy = strategies.find((s) => s.name === name);
  if (!strategy) {
    const known = strategies.map((s) => s.name).join(', ');
    throw new StratumError('invalid-config', `strategy: unknown strategy "${name}" (known: ${known})`);
  }
  return strategy;
}
