import { KNOWN_SKILLS } from '../wfrp1e/encounter.js';
import { CP_ABOUT } from './about.js';
import type { NameSources, Ruleset, Tally } from '../../core/ruleset.js';
import { isRidden } from '../wfrp1e/state.js';
import { cpCombatantSchema, loadCp } from './encounter.js';
import { cpLeft, maxCP } from './fighter.js';
import { dismountFall } from './round/falls-and-fire.js';
import { startCpFight } from './round/opening.js';
import { playCpRound } from './round/round.js';
import { woundStatus } from './rules.js';
import { cpNumbers } from './rulings.js';
import { cpSheets } from './sheet.js';
import { cpTracker } from './tracker.js';
import { WFRP_CP_SECRETS } from './secrets.js';
import { w1Lasting } from '../wfrp1e/lasting.js';
import { wfrp1eMap } from '../wfrp1e/map.js';
import { importCombatPoints } from './import.js';
import { cpOdds } from './odds.js';
import { hasCpCond, newCpState, renewCpState, type CpSetup, type CpState } from './state.js';
import { CP_DATA_SCHEMAS } from './data.js';
import { cpEncounterSchema } from './encounter.js';
import { WFRP1E_DATA_SCHEMAS, WFRP1E_NAMES } from '../wfrp1e/catalogue.js';

/** The creatures, weapons and armour are WFRP 1e's (its files, read from its folder); the spells are the variant's own. */
const CP_NAMES = {
  creature: WFRP1E_NAMES.creature.map((s) => `../wfrp1e/${s}`),
  weapon: WFRP1E_NAMES.weapon.map((s) => `../wfrp1e/${s}`),
  armour: WFRP1E_NAMES.armour.map((s) => `../wfrp1e/${s}`),
  spell: ['spells.yaml#spells'],
} satisfies NameSources;

export const wfrpCp: Ruleset<CpSetup, CpState> = {
  ...CP_ABOUT,
  tables: ['fumbles', 'classes', 'charts', 'spells'],
  files: {
    encounter: cpEncounterSchema,
    data: { ...CP_DATA_SCHEMAS, fumbles: WFRP1E_DATA_SCHEMAS.fumbles },
    names: CP_NAMES,
  },
  load: loadCp,
  create(setup) {
    return newCpState(setup, dismountFall);
  },
  renew(st) {
    renewCpState(st);
  },
  start(st, ctx) {
    startCpFight(st, ctx);
  },
  round: playCpRound,
  rulings: {
    numbers(st, id) {
      const f = st.combatants.find((c) => c.id === id);
      return f ? cpNumbers(st, f) : [];
    },
  },
  describe(st) {
    return st.combatants.map((f) => {
      const side = st.sides[f.side]?.name ?? '';
      const bits: string[] = [`W ${f.W}/${f.maxW}`, `CP ${cpLeft(st, f)}/${maxCP(st, f)}`];
      if (f.maxLP) bits.push(`LP ${f.LP}/${f.maxLP}`);
      // Rule 24: effects 1-7 are light wounds, 8 and above heavy.
      if (f.worst > 0) bits.push(`${woundStatus(f.worst)} wound (worst effect ${f.worst})`);
      if (f.insanity) bits.push(`${f.insanity} IP`);
      if (f.out) bits.push(f.out);
      else {
        if (hasCpCond(st, f, 'noAction')) bits.push('no action');
        else if (hasCpCond(st, f, 'parryOnly')) bits.push('parry only');
        if (hasCpCond(st, f, 'prone')) bits.push('prone');
        if (f.surprise) bits.push(`surprised (${f.surprise.from})`);
        if (f.burning) bits.push('burning');
      }
      return `${f.name} (${side}): ${bits.join(', ')}`;
    });
  },
  tracker: cpTracker,
  secrets: WFRP_CP_SECRETS,
  // The Combat Points rules fight on WFRP 1e's scene: the same map.
  map: wfrp1eMap,
  woundFields: ['wounds'],
  lasting(st, id) {
    const f = st.combatants.find((c) => c.id === id);
    if (!f) return null;
    const base = w1Lasting(f);
    // Rule 10: heavy critical wounds give Insanity Points, and those stay with the character.
    return { ...base, fields: { ...base.fields, insanity: f.insanity > 0 ? f.insanity : null } };
  },
  sheets: cpSheets,
  odds: cpOdds,
  character: {
    schema: cpCombatantSchema,
    fields: ['profile', 'abilities', 'weapons', 'carried', 'armour', 'skills', 'career', 'tactics'],
    lists: { weapons: CP_NAMES.weapon, carried: CP_NAMES.weapon, armour: CP_NAMES.armour },
    skills: KNOWN_SKILLS,
  },
  importer: importCombatPoints,
  tallies(st) {
    const out: Tally[] = [];
    const people = st.combatants.filter((f) => !isRidden(f) || f.rider === null);
    st.sides.forEach((side, s) => {
      const mine = people.filter((f) => f.side === s && f.rider === null);
      out.push({
        label: `${side.name}: standing at the end`,
        value: mine.filter((f) => f.out === null).length,
      });
      out.push({
        label: `${side.name}: Insanity Points gained`,
        value: mine.reduce((n, f) => n + f.insanity, 0),
      });
    });
    return out;
  },
};
