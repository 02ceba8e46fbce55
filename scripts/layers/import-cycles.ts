import type { SourceModule } from './import-graph';

/** The import cycles among our sources, one per strongly connected component, each as a path back to its first module. */
export function importCycles(modules: readonly SourceModule[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const module of modules) {
    const targets = module.imports.filter((entry) => entry.kind === 'source').map((entry) => entry.target);
    edges.set(module.path, [...new Set(targets)]);
  }
  return stronglyConnectedComponents(edges)
    .filter((component) => component.length > 1 || (edges.get(component[0] ?? '') ?? []).includes(component[0] ?? ''))
    .map((component) => cycleThrough(component, edges))
    .sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Tarjan's algorithm, iterative so that a long chain of imports cannot overflow the stack. */
function stronglyConnectedComponents(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const frames: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, index.size);
    lowLink.set(root, index.get(root) ?? 0);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      const target = targets[frame.next++];
      if (target !== undefined) {
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, index.size);
          lowLink.set(target, index.get(target) ?? 0);
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node) ?? 0, lowLink.get(frame.node) ?? 0));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** A shortest path from the component's first module back to itself, through modules of the component only. */
function cycleThrough(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const start = component[0] ?? '';
  const members = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] ?? '';
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) return [...pathTo(node, cameFrom, start), start];
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start, start];
}

function pathTo(node: string, cameFrom: ReadonlyMap<string, string>, start: string): string[] {
  const path = [node];
  let current = node;
  while (current !== start) {
    current = cameFrom.get(current) ?? start;
    path.unshift(current);
  }
  return path;
}
