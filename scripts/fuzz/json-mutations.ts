import type { MutationStep } from './byte-mutations';
import { interestingNumber } from './format-tokens';
import type { Random } from './random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Enough places to choose from in the largest corpus document without walking it all. */
const MAX_NODES = 100_000;

/**
 * Changes one value of a JSON document and writes it back: the file stays valid JSON, so the change
 * reaches the code that reads the document's shape (refs, item lists, cells), which byte flips rarely do.
 * Undefined when the bytes are not JSON.
 */
export function mutateJsonValue(random: Random, bytes: Uint8Array): MutationStep | undefined {
  let root: Json;
  try {
    root = JSON.parse(new TextDecoder().decode(bytes)) as Json;
  } catch {
    return undefined;
  }
  const places = containerPlaces(root);
  if (places.length === 0) return undefined;
  const { container, key, path } = random.pick(places);
  const action = random.below(4);
  let step: string;
  if (action === 0 && Array.isArray(container)) {
    container.splice(Number(key), 1);
    step = `remove ${path}`;
  } else if (action === 1 && Array.isArray(container)) {
    const times = random.skewed(1000);
    container.splice(Number(key), 0, ...Array.from({ length: times }, () => container[Number(key)]!));
    step = `repeat ${path} ${times} time(s)`;
  } else if (action === 2 && !Array.isArray(container)) {
    delete container[key];
    step = `delete ${path}`;
  } else {
    const value = randomValue(random, root);
    setValue(container, key, value);
    step = `set ${path} to ${JSON.stringify(value).slice(0, 80)}`;
  }
  return { bytes: new TextEncoder().encode(JSON.stringify(root, null, random.chance(0.5) ? 2 : undefined)), step };
}

interface Place {
  container: Json[] | { [key: string]: Json };
  key: string;
  path: string;
}

function containerPlaces(root: Json): Place[] {
  const places: Place[] = [];
  const stack: Array<{ value: Json; path: string }> = [{ value: root, path: '$' }];
  while (stack.length > 0 && places.length < MAX_NODES) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
      places.push({ container: value, key, path: childPath });
      stack.push({ value: (value as Record<string, Json>)[key]!, path: childPath });
    }
  }
  return places;
}

function valueAt({ container, key }: Place): Json {
  return Array.isArray(container) ? container[Number(key)]! : container[key]!;
}

function setValue(container: Json[] | { [key: string]: Json }, key: string, value: Json): void {
  if (Array.isArray(container)) container[Number(key)] = value;
  else container[key] = value;
}

/** Values of the wrong type, references that point nowhere or at their own ancestors, edge numbers. */
function randomValue(random: Random, root: Json): Json {
  switch (random.below(9)) {
    case 0:
      return null;
    case 1:
      return Number(interestingNumber(random));
    case 2:
      return random.pick(['', 'x', '\u0000', '\ud800', 'a'.repeat(random.skewed(100_000))]);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return { $ref: random.pick(['#/body', '#/texts/0', '#/groups/0', '#/texts/999999', '#/tables/0', '#', '#/', 'x']) };
    case 6:
      return random.pick(['#/body', '#/texts/0', '#/texts/-1', '#/furniture']);
    case 7:
      return random.chance(0.5);
    default:
      // A subtree of the document itself: a table where a text belongs, a page where a cell does.
      return structuredClone(valueAt(random.pick(containerPlaces(root).slice(0, 1000))));
  }
}
