import type { Ruleset } from '../../core/ruleset.js';
import { formatDice } from '../../dice/notation.js';
import { loadFantasyWargaming } from './encounter.js';
import { berserkFactor, moraleFactor, showWeaponFactor, weaponFactor } from './fighter.js';
import { fwOdds } from './odds.js';
import { FW_OPTIONS } from './options.js';
import { playFwRound, startFw } from './round.js';
import { mustCheckBerserk } from './rules.js';
import { FIST, newFwState, type FwSetup, type FwState } from './state.js';

export const fantasyWargaming: Ruleset<FwSetup, FwState> = {
  id: 'fantasy-wargaming',
  title: 'Fantasy Wargaming (1981) personal combat',
  texts: ['fantasy-wargaming-combat.txt'],
  options: FW_OPTIONS,
  tables: ['charts', 'weapons', 'armour'],
  load: loadFantasyWargaming,
  start(setup, ctx) {
    const st = newFwState(setup);
    startFw(st, ctx);
    return st;
  },
  round: playFwRound,
  odds: fwOdds,
  describe(st) {
    return st.combatants.map((f) => {
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
  sheets(setup) {
    return setup.fighters.map((f) => {
      const h = { ch: f.ch, combatLevel: f.combatLevel, favoured: f.favoured };
      const wielded = f.weapons.find((w) => w.kind === 'melee') ?? FIST;
      const kit = { carried: f.weapons, shield: f.shield, armour: f.armour, wielded };
      const leader = setup.fighters.find((x) => x.side === f.side && x.leader);
      const mf = moraleFactor(
        { ...h, isLeader: f.leader, victories: f.victories, defeats: f.defeats },
        leader?.combatLevel ?? null,
        setup.opt.lowIntelligenceMorale,
      );
      const bf = berserkFactor({ ...h, viking: f.viking, isLeader: f.leader });
      const lines = [
        `physique ${f.ch.physique}, agility ${f.ch.agility}, endurance ${f.maxEndurance}, intelligence ${f.ch.intelligence}, bravery ${f.ch.bravery}, selfishness ${f.ch.selfishness}, greed ${f.ch.greed}, lust ${f.ch.lust}; combat level ${f.combatLevel}${f.viking ? ', Viking' : ''}${f.leader ? ', party leader' : ''}`,
        `Morale Factor ${mf.value} (${mf.terms.map((t) => `${t.value < 0 ? '−' : '+'}${Math.abs(t.value)} ${t.label}`).join(', ')})`,
        mustCheckBerserk({
          viking: f.viking,
          bravery: f.ch.bravery,
          intelligence: f.ch.intelligence,
          combatLevel: f.combatLevel,
          isLeader: f.leader,
        })
          ? `Berserk Factor ${bf.value} (${bf.terms.map((t) => `${t.value < 0 ? '−' : '+'}${Math.abs(t.value)} ${t.label}`).join(', ')})`
          : 'no berserk checks (neither a Viking nor bravery 12+ with intelligence 9−)',
        ...[...f.weapons, ...(f.shield ? [f.shield] : [])].map((w) => {
          const x = weaponFactor(h, kit, w, setup.charts.damageStep);
          return `${w.name}: surplus strength ${x.surplusStrength} (surplus physique ${x.surplusPhysique}), ${showWeaponFactor(h, kit, x)}; adjusted damage ${formatDice({ ...w.damage, plus: w.damage.plus + x.damageBonus })}`;
        }),
      ];
      return { id: f.id, name: f.name, side: setup.sides[f.side]?.name ?? '', lines };
    });
  },
};
