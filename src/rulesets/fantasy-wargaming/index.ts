import type { NameSources, Ruleset } from '../../core/ruleset.js';
import { FW_ABOUT } from './about.js';
import { combatantSchema, loadFantasyWargaming } from './encounter.js';
import { importFantasyWargaming } from './import.js';
import { fwOdds } from './odds.js';
import { fwSheets } from './sheet.js';
import { startFw } from './round/opening.js';
import { playFwRound } from './round/round.js';
import { healthNumber } from '../../core/numbers.js';
import { asListed, newFwState, renewFwState, type FwSetup, type FwState } from './state.js';
import { fwTracker } from './tracker.js';
import { FANTASY_WARGAMING_SECRETS } from './secrets.js';
import { FW_DATA_SCHEMAS } from './data.js';
import { FW_CHARTS } from './charts.js';
import { encounterSchema } from './encounter.js';

/** Where the names its combatant entries give are looked up (the loader reads the same lists). */
const NAMES = {
  weapon: ['weapons.yaml#weapons'],
  armour: ['armour.yaml#armour'],
} as const satisfies NameSources;

export const fantasyWargaming: Ruleset<FwSetup, FwState> = {
  ...FW_ABOUT,
  tables: ['charts', 'weapons', 'armour'],
  files: { encounter: encounterSchema, data: { ...FW_DATA_SCHEMAS, charts: FW_CHARTS }, names: NAMES },
  load: loadFantasyWargaming,
  create(setup) {
    return newFwState(setup);
  },
  renew(st) {
    renewFwState(st);
  },
  start(st, ctx) {
    startFw(st, ctx);
  },
  round: playFwRound,
  odds: fwOdds,
  character: {
    schema: combatantSchema,
    fields: [
      'characteristics',
      'combatLevel',
      'culture',
      'role',
      'leader',
      'weapons',
      'favoured',
      'armour',
      'tactics',
    ],
    lists: { weapons: NAMES.weapon, favoured: NAMES.weapon, armour: NAMES.armour },
  },
  importer: importFantasyWargaming,
  rulings: {
    numbers(st, id) {
      const f = st.combatants.find((c) => c.id === id);
      if (!f) return [];
      return [
        healthNumber(
          'endurance',
          'Endurance',
          () => f.endurance,
          (v) => (f.endurance = v),
          0,
          f.spec.maxEndurance,
        ),
      ];
    },
  },
  describe(st) {
    return asListed(st).map((f) => {
      const bits = [`EN ${f.endurance}/${f.spec.maxEndurance}`];
      if (f.out) bits.push(f.out === 'helpless' ? 'surrendered' : f.out);
      else {
        if (f.berserk) bits.push('berserk');
        if (f.fleeing) bits.push('fleeing');
        if (f.morale && f.morale !== 'obey') bits.push(`last morale: ${f.morale}`);
        if (f.wielded.kind === 'natural') bits.push('unarmed');
      }
      return `${f.name} (${st.sides[f.side]?.name ?? ''}): ${bits.join(', ')}`;
    });
  },
  tallies(st) {
    return [
      ...st.sides.map((s, i) => ({
        label: `${s.name}: standing at the end`,
        value: st.combatants.filter((f) => f.side === i && f.out === null).length,
      })),
      ...st.sides.map((s, i) => ({
        label: `${s.name}: went berserk`,
        value: st.combatants.filter((f) => f.side === i && f.berserk).length,
      })),
    ];
  },
  woundFields: ['endurance'],
  lasting(st, id) {
    const f = st.combatants.find((c) => c.id === id);
    if (!f) return null;
    return {
      fields: { endurance: f.endurance < f.spec.maxEndurance ? f.endurance : null },
      lost: [],
      notes: f.out === 'dead' ? ['died in the fight'] : [],
    };
  },
  tracker: fwTracker,
  secrets: FANTASY_WARGAMING_SECRETS,
  sheets: fwSheets,
};
