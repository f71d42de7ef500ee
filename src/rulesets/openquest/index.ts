import type { NameSources, Ruleset } from '../../core/ruleset.js';
import { OQ_ABOUT } from './about.js';
import { combatantSchema, loadOpenQuest } from './encounter.js';
import { importOpenQuest } from './import.js';
import { oqOdds } from './odds.js';
import { startOq } from './round/opening.js';
import { playOqRound } from './round/round.js';
import { oqSheets } from './sheet.js';
import { healthNumber } from '../../core/numbers.js';
import { newOqState, renewOqState, type OqSetup, type OqState } from './state.js';
import { oqTracker } from './tracker.js';
import { OPENQUEST_SECRETS } from './secrets.js';
import { OQ_DATA_SCHEMAS } from './data.js';
import { encounterSchema } from './encounter.js';

/** Where the names its combatant entries give are looked up (the loader reads the same lists). */
const NAMES = {
  creature: ['bestiary.yaml#creatures'],
  weapon: ['weapons.yaml#weapons'],
  armour: ['armour.yaml#armour'],
} as const satisfies NameSources;

export const openquest: Ruleset<OqSetup, OqState> = {
  ...OQ_ABOUT,
  tables: ['weapons', 'armour', 'bestiary'],
  files: { encounter: encounterSchema, data: OQ_DATA_SCHEMAS, names: NAMES },
  load: loadOpenQuest,
  create(setup) {
    return newOqState(setup);
  },
  renew(st) {
    renewOqState(st);
  },
  start(st, ctx) {
    startOq(st, ctx);
  },
  round: playOqRound,
  odds: oqOdds,
  character: {
    schema: combatantSchema,
    fields: ['characteristics', 'skills', 'weapons', 'armour', 'tactics'],
    lists: { weapons: NAMES.weapon, armour: NAMES.armour },
  },
  importer: importOpenQuest,
  sheets: oqSheets,
  rulings: {
    numbers(st, id) {
      const f = st.combatants.find((c) => c.id === id);
      if (!f) return [];
      // Below 0 is a major wound's ground (Taking Damage); the fight's clock reads it from there.
      return [
        healthNumber(
          'HP',
          'Hit Points',
          () => f.hp,
          (v) => (f.hp = v),
          -f.spec.maxHp,
          f.spec.maxHp,
        ),
      ];
    },
  },
  describe(st) {
    return st.combatants.map((f) => {
      const side = st.sides[f.side]?.name ?? '';
      const bits = [`HP ${f.hp}/${f.spec.maxHp}`];
      if (f.out) bits.push(f.out === 'dying' ? 'mortally wounded, dying' : f.out);
      else if (f.surprised) bits.push('surprised');
      return `${f.name} (${side}): ${bits.join(', ')}`;
    });
  },
  woundFields: ['hp'],
  lasting(st, id) {
    const f = st.combatants.find((c) => c.id === id);
    if (!f) return null;
    return {
      fields: { hp: f.hp < f.spec.maxHp ? f.hp : null },
      lost: [],
      notes: f.out === 'dead' ? ['died in the fight'] : [],
    };
  },
  tracker: oqTracker,
  secrets: OPENQUEST_SECRETS,
  tallies(st) {
    return st.sides.map((s, i) => ({
      label: `${s.name}: standing at the end`,
      value: st.combatants.filter((f) => f.side === i && f.out === null).length,
    }));
  },
};
