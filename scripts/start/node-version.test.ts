import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

type Version = [number, number, number];
const parse = (text: string): Version => text.split('.').map(Number) as Version;
const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The two forms our `engines` range uses: `^a.b.c` (same major, at least a.b.c) and `>=a.b.c`. */
function satisfies(version: string, range: string): boolean {
  const have = parse(version);
  return range.split('||').some((part) => {
    const [, operator, wanted] = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(part) ?? [];
    if (!wanted) throw new Error(`engines.node: "${part}" is not a form this test reads`);
    const floor = parse(wanted);
    return compare(have, floor) >= 0 && (operator === '>=' || have[0] === floor[0]);
  });
}

describe('supported Node versions', () => {
  it('the Node running the tests is one package.json declares', () => {
    expect(satisfies(process.versions.node, packageJson.engines.node)).toBe(true);
  });

  it('the README names the same floors as package.json', () => {
    const floors = [...packageJson.engines.node.matchAll(/(\d+)\.(\d+)\.\d+/g)].map(([, major, minor]) => `${major}.${minor}`);
    expect(floors).toEqual(['20.19', '22.12']);
    for (const floor of floors) expect(readme).toContain(floor);
  });

  it('reads the range forms it is given', () => {
    expect(satisfies('20.18.3', '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies('21.7.0', '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies('24.1.0', '^20.19.0 || >=22.12.0')).toBe(true);
  });
});
