// The house's shape, checked: layers import only downward, no module imports itself round a cycle,
// and a ruleset reaches into another only where it is a variant of it (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file (relative to src) and the src files it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    // A module loaded when it is needed (`await import('./serve.js')`) is imported all the same.
    const targets = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/g),
      ...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
    ].map((m) => relative(SRC, resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'))));
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** What each top folder of src may import besides itself: the layers, bottom up. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  dice: [],
  space: [],
  core: ['dice', 'space'],
  node: ['core', 'dice'],
  rulesets: ['core', 'dice', 'space'],
  // The file edge: guarded reads and writes, and the files a user writes, read for every way in.
  files: ['core', 'dice', 'node', 'rulesets'],
  // A simulation's workers read the encounter and a variant's tables through the file edge.
  sim: ['core', 'dice', 'space', 'node', 'rulesets', 'files'],
  // `fray serve` is a command: the CLI starts the server; the server knows nothing of the CLI.
  cli: ['core', 'dice', 'space', 'node', 'rulesets', 'sim', 'files', 'server'],
  server: ['core', 'dice', 'space', 'node', 'rulesets', 'sim', 'files'],
};

/** A variant may import its base ruleset, and nothing else of another ruleset. */
const VARIANT_OF: Record<string, string> = { 'wfrp-cp': 'wfrp1e' };

const layerOf = (file: string) => file.split('/')[0]!;

describe('the import graph of src', () => {
  const graph = importGraph();

  it('finds the files and their imports', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('cli/main.ts')).toContain('cli/process-io.ts');
    // Loaded on demand, and counted.
    expect(graph.get('cli/main.ts')).toContain('cli/serve.ts');
  });

  it('has no import cycles', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('imports only downward through the layers', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) continue; // src/index.ts, the library's face, may show any layer
      for (const target of targets) {
        const to = layerOf(target);
        if (to !== from && !allowed.includes(to)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each ruleset to itself, but for a variant importing its base', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const [layer, ruleset] = file.split('/');
      if (layer !== 'rulesets' || !ruleset?.length || ruleset.endsWith('.ts')) continue;
      for (const target of targets) {
        const [tLayer, tRuleset] = target.split('/');
        if (tLayer !== 'rulesets' || tRuleset === ruleset) continue;
        if (VARIANT_OF[ruleset] !== tRuleset) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
