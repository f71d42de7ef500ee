// The per-combatant counts `fray sim` reports: criticals dealt and taken count the same events, so
// across all combatants of a fight they balance (docs/simulation.md § What each count means).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CombatStats } from '../src/core/state.js';
import { loadFile, ROOT, runSeeded } from './helpers.js';

function encounterFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
  return readdirSync(join(ROOT, 'data')).flatMap((r) => {
    try {
      return walk(join(ROOT, 'data', r, 'encounters'));
    } catch {
      return [];
    }
  });
}

describe('criticals dealt and taken balance across the combatants of every fight', () => {
  const counted = new Map<string, number>();
  for (const file of encounterFiles()) {
    it(file.slice(ROOT.length + 1), () => {
      const loaded = loadFile(file);
      for (let seed = 1; seed <= 40; seed++) {
        const r = runSeeded(loaded, seed, false);
        const all = (r.state as unknown as { combatants: { stats: CombatStats }[] }).combatants;
        const dealt = all.reduce((n, c) => n + c.stats.criticalsDealt, 0);
        const taken = all.reduce((n, c) => n + c.stats.criticalsTaken, 0);
        expect(taken, `seed ${seed}`).toBe(dealt);
        counted.set(loaded.ruleset.id, (counted.get(loaded.ruleset.id) ?? 0) + dealt);
      }
    });
  }
  it('and every ruleset counts some', () => {
    expect([...counted.keys()].sort()).toEqual([
      'ahq-house',
      'fantasy-wargaming',
      'openquest',
      'wfrp-cp',
      'wfrp1e',
    ]);
    for (const [id, n] of counted) expect(n, id).toBeGreaterThan(0);
  });
});
