// A property of all five rulesets: nobody out of the fight (dead, dying, unconscious, helpless,
// fled) takes any action. The one exception is the texts' own: in WFRP 1e, fighters of equal I
// act at the same moment, so one struck down in that moment still strikes (or charges, or shoots).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoDriver, type FightContext } from '../src/core/context.js';
import type { FightEvent } from '../src/core/events.js';
import { runFight } from '../src/core/fight.js';
import type { Ruleset, SetupCore } from '../src/core/ruleset.js';
import type { CombatantCore, FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { loadFile, RandomChoices, ROOT } from './helpers.js';

/** Event types in which the first combatant named acts, by ruleset. */
const ACTIONS: Record<string, readonly string[]> = {
  wfrp1e: [
    'blow',
    'charge',
    'shot',
    'parry',
    'grapple',
    'aim',
    'load',
    'move',
    'engage',
    'flee',
    'press',
    'switch',
    'take-up',
    'tend',
    'dive',
  ],
  'wfrp-cp': ['blow', 'cast', 'charge', 'dodge', 'draw', 'flee', 'move', 'shot'],
  openquest: ['attack', 'intent', 'reaction'],
  'fantasy-wargaming': ['action', 'strike', 'lunge', 'defence', 'flee'],
  'ahq-house': ['attack', 'move', 'shoot', 'evade', 'facing', 'flee'],
};

/** WFRP 1e § More About Rounds: "the 'dead' character would still get his attack" at equal I. */
const AT_THE_SAME_MOMENT: Record<string, readonly string[]> = {
  wfrp1e: ['blow', 'charge', 'shot', 'parry', 'grapple'],
};

type Watched = FightState & { readonly combatants: readonly CombatantCore[]; readonly moment?: number };

function encounterFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
  return readdirSync(join(ROOT, 'data')).flatMap((r) => {
    const dir = join(ROOT, 'data', r, 'encounters');
    try {
      return walk(dir);
    } catch {
      return [];
    }
  });
}

/** Runs a fight, checking each event as it is emitted against the state at that moment. */
function actionsOfTheOut(ruleset: Ruleset, setup: SetupCore, seed: number, random: boolean): string[] {
  const actions = new Set(ACTIONS[ruleset.id] ?? []);
  const sameMoment = new Set(AT_THE_SAME_MOMENT[ruleset.id] ?? []);
  expect(actions.size, `${ruleset.id} has its actions listed`).toBeGreaterThan(0);
  const wrongs: string[] = [];
  const wentOut = new Map<string, string>();
  const watched: Ruleset = {
    ...ruleset,
    start(state: FightState, ctx: FightContext) {
      const st = state as Watched;
      const emit = ctx.emit.bind(ctx);
      ctx.emit = (e: FightEvent) => {
        const when = `${st.round}:${st.moment ?? ''}`;
        for (const c of st.combatants) if (c.out !== null && !wentOut.has(c.id)) wentOut.set(c.id, when);
        const actor = st.combatants.find((c) => c.id === e.who?.[0]);
        if (actor && actor.out !== null && actions.has(e.type)) {
          const struckDownNow = sameMoment.has(e.type) && wentOut.get(actor.id) === when;
          if (!struckDownNow) wrongs.push(`round ${e.round}: ${actor.name} (${actor.out}): ${e.text}`);
        }
        emit(e);
      };
      ruleset.start(state, ctx);
    },
  };
  const driver = random ? new RandomChoices(seed) : new AutoDriver(new SeededDice(Rng.seeded(seed)));
  runFight(watched, setup, { driver, explain: true, record: false });
  return wrongs;
}

describe('nobody out of the fight takes any action', () => {
  for (const file of encounterFiles()) {
    const name = file.slice(ROOT.length + 1);
    it(name, () => {
      const { ruleset, setup } = loadFile(file);
      const wrongs: string[] = [];
      for (let seed = 1; seed <= 25; seed++) {
        wrongs.push(...actionsOfTheOut(ruleset, setup, seed, false));
        wrongs.push(...actionsOfTheOut(ruleset, setup, 1000 + seed, true));
      }
      expect(wrongs.slice(0, 5)).toEqual([]);
    });
  }
});
