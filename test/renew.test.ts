// A ruleset's `renew` puts a played state back to the start in place (a simulation's runs share
// one state): after any fight it must equal what `create` builds, and a fight on a renewed state
// must be the fight on a new one.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { exampleFiles } from '../scripts/examples.mjs';
import { loadFile, ROOT } from './helpers.js';

const files = exampleFiles(ROOT).filter((file) => {
  const { ruleset } = loadFile(file);
  return ruleset.renew !== undefined;
});

/**
 * A state as plain data to compare: a combatant met again inside another (a target, a mount, a
 * set of foes) is its id, so that the comparison is of values and does not walk the cycles.
 */
function plain(st: FightState): unknown {
  const fighters = new Set<unknown>(st.combatants);
  const seen = new Set<unknown>();
  const of = (v: unknown, top: boolean): unknown => {
    if (typeof v === 'function') return `function ${v.name}`;
    if (v === null || typeof v !== 'object') return v;
    if (!top && fighters.has(v)) return `@${(v as { id: string }).id}`;
    if (seen.has(v)) return '(seen)';
    seen.add(v);
    try {
      if (v instanceof Set) return { set: [...v].map((x) => of(x, false)) };
      if (v instanceof Map) return { map: [...v].map(([k, x]) => [of(k, false), of(x, false)]) };
      if (Array.isArray(v)) return v.map((x) => of(x, false));
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, of(x, false)]));
    } finally {
      seen.delete(v);
    }
  };
  return {
    ...(of({ ...st, combatants: [] }, false) as object),
    combatants: st.combatants.map((c) => of(c, true)),
  };
}

describe('renew: a played state back to the start, in place', () => {
  it('is offered by WFRP 1e at least', () => {
    expect(files.some((f) => f.includes('wfrp1e'))).toBe(true);
  });
  for (const file of files) {
    it(relative(ROOT, file), () => {
      const { ruleset, setup } = loadFile(file);
      const auto = (seed: number) => new AutoDriver(new SeededDice(Rng.seeded(seed)));
      let reused: FightState | undefined;
      for (let seed = 1; seed <= 12; seed++) {
        const fresh = runFight(ruleset, setup, { driver: auto(seed), words: false });
        const again = runFight(ruleset, setup, { driver: auto(seed), words: false, reuse: reused });
        if (reused) expect(again.state).toBe(reused);
        expect(again.outcome).toEqual(fresh.outcome);
        expect(plain(again.state)).toEqual(plain(fresh.state));
        reused = again.state;
        ruleset.renew?.(again.state, setup);
        expect(plain(again.state)).toEqual(plain(ruleset.create(setup)));
      }
    });
  }
});
