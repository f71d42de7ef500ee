import { AutoDriver, FightContext } from '../../core/context.js';
import { WFRP1E_ABOUT } from './about.js';
import { combatantSchema, KNOWN_SKILLS } from './encounter.js';
import type { Ruleset, Tally } from '../../core/ruleset.js';
import { Rng, SeededDice } from '../../dice/index.js';
import { wfrp1eOdds } from './odds.js';
import type { W1Setup } from './encounter.js';
import { loadWfrp1e } from './load.js';
import { wfrp1eMap } from './map.js';
import { wfrp1eSheets } from './sheet.js';
import { startFight } from './round/opening.js';
import { playRound } from './round/round.js';
import { w1Numbers } from './rulings.js';
import { newState, renewState, type W1State } from './state.js';
import { conditionsOf, wfrp1eTracker } from './tracker.js';
import { WFRP1E_SECRETS } from './secrets.js';
import { w1Lasting } from './lasting.js';
import { importWfrp1e } from './import.js';
import { WFRP1E_DATA_SCHEMAS, WFRP1E_NAMES } from './catalogue.js';
import { encounterSchema } from './encounter.js';

export const wfrp1e: Ruleset<W1Setup, W1State> = {
  ...WFRP1E_ABOUT,
  tables: ['fumbles'],
  files: { encounter: encounterSchema, data: WFRP1E_DATA_SCHEMAS, names: WFRP1E_NAMES },
  load: loadWfrp1e,
  create(setup) {
    return newState(setup);
  },
  renew(st) {
    renewState(st);
  },
  start(st, ctx) {
    startFight(st, ctx);
  },
  round: playRound,
  rulings: {
    numbers(st, id) {
      const f = st.combatants.find((c) => c.id === id);
      return f ? w1Numbers(st, f) : [];
    },
  },
  describe(st) {
    return st.combatants.map((f) => {
      const side = st.sides[f.side]?.name ?? '';
      const state = f.out ? [f.out] : conditionsOf(st, f).map((c) => c.name);
      const held = [f.right, f.left]
        .filter((w, i, a) => w && a.indexOf(w) === i)
        .map((w) => w?.name.toLowerCase());
      return `${f.name} (${side}): W ${f.W}/${f.maxW}${state.length ? `, ${state.join(', ')}` : ''}${held.length ? `; holds ${held.join(', ')}` : ''}`;
    });
  },
  tracker: wfrp1eTracker,
  secrets: WFRP1E_SECRETS,
  map: wfrp1eMap,
  woundFields: ['wounds'],
  lasting(st, id) {
    const f = st.combatants.find((c) => c.id === id);
    return f ? w1Lasting(f) : null;
  },
  sheets: wfrp1eSheets,
  character: {
    schema: combatantSchema,
    fields: ['profile', 'weapons', 'carried', 'armour', 'skills', 'leftHanded', 'tactics'],
    lists: { weapons: WFRP1E_NAMES.weapon, carried: WFRP1E_NAMES.weapon, armour: WFRP1E_NAMES.armour },
    skills: KNOWN_SKILLS,
  },
  importer: importWfrp1e,
  odds(setup, maxRounds) {
    // The fight as it stands before the first round: who holds what, and full W.
    const st = newState(setup);
    startFight(st, new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false));
    return wfrp1eOdds(setup, st, maxRounds);
  },
  tallies(st) {
    // Mounts count with their riders, not as combatants of their own.
    const people = st.combatants.filter((f) => f.rider === null);
    const out: Tally[] = [];
    st.sides.forEach((side, s) => {
      const mine = people.filter((f) => f.side === s);
      out.push({
        label: `${side.name}: standing at the end`,
        value: mine.filter((f) => f.out === null).length,
      });
      if (st.spatial)
        out.push({ label: `${side.name}: came to hand-to-hand`, value: mine.filter((f) => f.closed).length });
    });
    return out;
  },
};
