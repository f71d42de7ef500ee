import type { NameSources, Ruleset } from '../../core/ruleset.js';
import { AHQ_ABOUT } from './about.js';
import { combatantSchema, loadAhq } from './encounter.js';
import { ahqMap } from './map.js';
import { importAhq } from './import.js';
import { ahqOdds } from './odds.js';
import { playAhqRound, startAhq } from './round/round.js';
import { ahqSheets } from './sheet.js';
import { healthNumber } from '../../core/numbers.js';
import { newAhqState, renewAhqState, type AhqSetup, type AhqState } from './state.js';
import { ahqTracker } from './tracker.js';
import { AHQ_HOUSE_SECRETS } from './secrets.js';
import { AHQ_DATA_SCHEMAS } from './data.js';
import { encounterSchema } from './encounter.js';

/** Where the names its combatant entries give are looked up (the loader reads the same lists). */
const NAMES = {
  creature: ['bestiary.yaml#creatures'],
  weapon: ['weapons.yaml#weapons'],
  armour: ['armour.yaml#armour'],
  spell: ['spells.yaml#spells'],
} as const satisfies NameSources;

export const ahqHouse: Ruleset<AhqSetup, AhqState> = {
  ...AHQ_ABOUT,
  tables: ['weapons', 'armour', 'bestiary', 'spells'],
  files: { encounter: encounterSchema, data: AHQ_DATA_SCHEMAS, names: NAMES },
  load: loadAhq,
  create(setup) {
    return newAhqState(setup);
  },
  renew(st) {
    renewAhqState(st);
  },
  start(st, ctx) {
    startAhq(st, ctx);
  },
  round: playAhqRound,
  odds: ahqOdds,
  character: {
    schema: combatantSchema,
    fields: ['profile', 'weapons', 'armour', 'dd', 'size', 'rules', 'tactics'],
    lists: { weapons: NAMES.weapon, armour: NAMES.armour },
  },
  importer: importAhq,
  sheets: ahqSheets,
  rulings: {
    numbers(st, id) {
      const f = st.combatants.find((c) => c.id === id);
      if (!f) return [];
      return [
        healthNumber(
          'W',
          'Wounds',
          () => f.W,
          (v) => (f.W = v),
          0,
          f.spec.wounds,
        ),
      ];
    },
  },
  woundFields: ['wounds'],
  lasting(st, id) {
    const f = st.combatants.find((c) => c.id === id);
    if (!f) return null;
    return {
      fields: { wounds: f.W < f.spec.profile.W ? f.W : null },
      lost: [],
      notes: f.out === 'dead' ? ['died in the fight'] : [],
    };
  },
  tracker: ahqTracker,
  secrets: AHQ_HOUSE_SECRETS,
  map: ahqMap,
  describe(st) {
    return st.combatants.map(
      (f) =>
        // The fallen no longer hold a square (another may stand there): where they fell, not a place.
        `${f.name} (${st.sides[f.side]?.name ?? ''}): W ${f.W}/${f.spec.profile.W}, ${f.out ? `${f.out}, fell at (${f.at.x}, ${f.at.y})` : `at (${f.at.x}, ${f.at.y}) facing ${f.facing}`}`,
    );
  },
  tallies(st) {
    return st.sides.map((s, i) => ({
      label: `${s.name}: standing at the end`,
      value: st.combatants.filter((f) => f.side === i && f.out === null).length,
    }));
  },
};
