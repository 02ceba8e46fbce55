import { describe, expect, it } from 'vitest';
import { configLabel, paretoFront, parseSweepText } from './sweep';

describe('sweep files', () => {
  it('expands configs, then each grid with its last key varying fastest, over the base', () => {
    const text = [
      'base: { tokenizer: words }',
      'configs:',
      '  - { strategy: hybrid, maxTokens: 128 }',
      'grid:',
      '  strategy: [fixed-characters]',
      '  size: [200, 400]',
      '  overlap: [0, 50]',
    ].join('\n');
    expect(parseSweepText(text, 'sweep.yaml').map(configLabel)).toEqual([
      'hybrid tokenizer=words maxTokens=128',
      'fixed-characters tokenizer=words size=200 overlap=0',
      'fixed-characters tokenizer=words size=200 overlap=50',
      'fixed-characters tokenizer=words size=400 overlap=0',
      'fixed-characters tokenizer=words size=400 overlap=50',
    ]);
  });

  it('names the file and the config that is wrong', () => {
    expect(() => parseSweepText('{"grid": {"strategy": ["no-such-strategy"]}}', 'sweep.json')).toThrow(/sweep\.json: config 1: .*strategy/);
    expect(() => parseSweepText('base: {}', 'sweep.yaml')).toThrow(/sweep\.yaml: .*needs configs or a grid/);
    expect(() => parseSweepText('grid: { size: [] }', 'sweep.yaml')).toThrow(/grid\.size: must list at least one value/);
  });
});

describe('Pareto front', () => {
  it('keeps the points no other beats on both cost and gain, ties included once dominated', () => {
    const points = [
      { cost: 1, gain: 0.5 }, // front: cheapest
      { cost: 2, gain: 0.7 }, // front
      { cost: 3, gain: 0.6 }, // beaten by the second
      { cost: 2, gain: 0.7 }, // equal to the second: neither beats the other
      { cost: 4, gain: 0.9 }, // front: best gain
      { cost: 1, gain: 0.4 }, // beaten by the first at equal cost
    ];
    expect(paretoFront(points)).toEqual([0, 1, 3, 4]);
    expect(paretoFront([])).toEqual([]);
  });
});
