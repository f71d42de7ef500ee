// `fray sheet` for Fantasy Wargaming: the recorded values the text has a character work out before
// a fight (Morale Factor, Berserk Factor, WF and adjusted damage per weapon), its endurance,
// armour and parry, with the fight's own functions, and what its tactics will do.
import type { Term } from '../../core/arith.js';
import { sourcesLines } from '../../core/loader.js';
import type { CombatantSheet } from '../../core/ruleset.js';
import { formatDice } from '../../dice/notation.js';
import { berserkFactor, moraleFactor, showWeaponFactor } from './fighter.js';
import { berserkProfile } from './round/berserk.js';
import { holder, isLeader, kit, leaderLevel, wfOf } from './round/phase.js';
import { defenceAllowed, mustCheckBerserk } from './rules.js';
import { newFwState, parryItemOf, type FwFighter, type FwSetup, type FwState } from './state.js';

/** "+4 combat level, +13 bravery" */
const terms = (ts: readonly Term[]) =>
  ts.map((t) => `${t.value < 0 ? '−' : '+'}${Math.abs(t.value)} ${t.label}`).join(', ');

export function fwSheets(setup: FwSetup): CombatantSheet[] {
  const st = newFwState(setup);
  // In the file's order (the fight orders its fighters by id).
  return setup.fighters.map((spec) => {
    const f = st.combatants.find((x) => x.id === spec.id) as FwFighter;
    const ch = spec.ch;
    const mf = moraleFactor(
      { ...holder(f), isLeader: isLeader(st, f), victories: spec.victories, defeats: spec.defeats },
      leaderLevel(st, f),
      setup.opt.lowIntelligenceMorale,
    );
    const bf = berserkFactor({ ...holder(f), viking: spec.viking, isLeader: isLeader(st, f) });
    const berserk = mustCheckBerserk(berserkProfile(st, f))
      ? `Berserk Factor ${bf.value} (${terms(bf.terms)})`
      : 'no berserk checks (neither a Viking nor bravery 12+ with intelligence 9−)';
    const a = spec.armour;
    return {
      id: spec.id,
      name: spec.name,
      side: setup.sides[spec.side]?.name ?? '',
      lines: [
        `physique ${ch.physique}, agility ${ch.agility}, endurance ${ch.endurance}, intelligence ${ch.intelligence}, bravery ${ch.bravery}, selfishness ${ch.selfishness}, greed ${ch.greed}, lust ${ch.lust}; combat level ${spec.combatLevel}, ${spec.role}${spec.viking ? ', Viking' : ''}${spec.leader ? ', party leader' : ''}`,
        `endurance ${f.endurance}/${spec.maxEndurance}; armour: ${a ? `${a.name}, protection ${a.protection}, agility ${a.agility}` : 'none'}`,
        `Morale Factor ${mf.value} (${terms(mf.terms)})`,
        berserk,
        ...weapons(st, f),
        parry(f),
        ...(spec.magic
          ? [
              `magic: ${spec.magic.name}, level ${spec.magic.level}, factor ${spec.magic.factor}, damage ${spec.magic.damageText}`,
            ]
          : []),
        `tactics: ${tactics(st, f)}`,
        ...sourcesLines([...spec.weapons, ...(a ? [a] : [])]),
      ],
    };
  });
}

/** Weapons and armor: each weapon's WF as the fighter is equipped, and its damage adjusted by surplus physique. */
function weapons(st: FwState, f: FwFighter): string[] {
  return [
    ...f.carried,
    ...(f.shield ? [f.shield] : []),
    ...(f.carried.includes(f.wielded) ? [] : [f.wielded]),
  ].map((w) => {
    const x = wfOf(st, f, w);
    const role =
      w === f.wielded ? ' (wielded)' : w.kind === 'missile' ? ` (missile, range ${w.range ?? 0} yd)` : '';
    return `${w.name}${role}: surplus strength ${x.surplusStrength} (surplus physique ${x.surplusPhysique}), ${showWeaponFactor(holder(f), kit(f), x)}; adjusted damage ${formatDice({ ...w.damage, plus: w.damage.plus + x.damageBonus })}`;
  });
}

/** Defense: what it parries with. */
function parry(f: FwFighter): string {
  const item = parryItemOf(f.shield, f.wielded);
  if (!item) return 'parries with nothing (no shield, no melee weapon)';
  return `parries with the ${item.name}${item.kind === 'shield' ? ` (defensive value ${item.defence ?? 0})` : ''}`;
}

/** tactics.ts as the round reads it. */
function tactics(st: FwState, f: FwFighter): string {
  const t = f.spec.tactics;
  const area = st.setup.area;
  const defence =
    t.defence === 'never'
      ? 'never defends'
      : t.defence === 'when-outnumbered'
        ? 'defends when more than one foe came at it'
        : `always ${t.defence === 'disengage' ? 'disengages' : `${t.defence}s`}`;
  const refused =
    (t.defence === 'dodge' || t.defence === 'disengage') && !defenceAllowed(t.defence, area)
      ? ` (not in a ${area} maneuver area: it attacks instead)`
      : t.defence === 'parry' && !parryItemOf(f.shield, f.wielded)
        ? ' (nothing to parry with: it attacks instead)'
        : '';
  const ranged = f.carried.some((w) => w.kind === 'missile') || f.spec.magic !== null;
  return [
    `${defence}${refused}`,
    t.target === 'leader' ? "strikes at the enemy party's leader" : `strikes at the ${t.target} foe`,
    t.charge ? 'charges into the first melee phase' : '',
    t.lunge === 'always' ? 'lunges' : t.lunge === 'finish' ? 'lunges at a foe down to half endurance' : '',
    ranged ? (t.shoot ? 'shoots or casts before the melee' : 'keeps its missiles and magic') : '',
    t.panic === 'surrender-when-hurt'
      ? 'panicking, surrenders at half endurance or less'
      : t.panic === 'surrender'
        ? 'panicking, surrenders'
        : 'panicking, panics',
  ]
    .filter((x) => x)
    .join('; ');
}
