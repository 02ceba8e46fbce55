import { StratumError } from '../../../src-shared/errors';
import { fixedCharactersStrategy } from './baselines/fixed-characters';
import { fixedTokensStrategy } from './baselines/fixed-tokens';
import { fixedWordsStrategy } from './baselines/fixed-words';
import { paragraphsStrategy } from './baselines/paragraphs';
import { recursiveStrategy } from './baselines/recursive';
import { sentencesStrategy } from './baselines/sentences';
import { hierarchicalStrategy, hybridStrategy } from './docling/strategies';
import { layeredStrategy } from './layered/layered';
import { parentChildStrategy } from './parent-child/parent-child';
import { semanticStrategy } from './semantic/semantic';
import type { ChunkingStrategy } from './strategy';

/** Every chunking strategy, selected by `name`. Add a strategy here and nowhere else. */
const strategies: ReadonlyArray<ChunkingStrategy<unknown>> = [
  semanticStrategy,
  parentChildStrategy,
  layeredStrategy,
  recursiveStrategy,
  fixedTokensStrategy,
  fixedCharactersStrategy,
  fixedWordsStrategy,
  sentencesStrategy,
  paragraphsStrategy,
  hierarchicalStrategy,
  hybridStrategy,
];

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
