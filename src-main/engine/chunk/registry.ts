import { StratumError } from '../../../src-shared/errors';
import { hierarchicalStrategy, hybridStrategy } from './docling/strategies';
import type { ChunkingStrategy } from './strategy';

/** Every chunking strategy, selected by `name`. Add a strategy here and nowhere else. */
const strategies: ReadonlyArray<ChunkingStrategy<unknown>> = [hierarchicalStrategy, hybridStrategy];

export function allStrategies(): ReadonlyArray<ChunkingStrategy<unknown>> {
  return strategies;
}

export function strategyByName(name: string): ChunkingStrategy<unknown> {
  const strategy = strategies.find((s) => s.name === name);
  if (!strategy) {
    const known = strategies.map((s) => s.name).join(', ');
    throw new StratumError('invalid-config', `strategy: unknown strategy "${name}" (known: ${known})`);
  }
  return strategy;
}
