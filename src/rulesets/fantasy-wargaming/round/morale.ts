// Morale: when it is checked, the MF with its modifiers on the morale chart, and what a result does.
import { showSum, sumTerms } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import { decide, roll, say } from '../../../core/say.js';
import { chartResult } from '../charts.js';
import { ours, text } from '../cite.js';
import { moraleFactor } from '../fighter.js';
import { luck, MORALE_WORDS, moraleCheckTerms, type MoraleResult } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';
import { surrenders } from '../tactics.js';
import { alliesOf, chartDie, enemiesOf, holder, isLeader, leaderLevel, type Phase } from './phase.js';

/** Morale: leaders check first, then each party's least brave, then the rest (ours: so "leader fails" and "least brave passes" can count). */
export function moraleStep(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  who: readonly FwFighter[],
  when: string,
): void {
  const checking = who.filter((f) => !f.berserk);
  if (!checking.length) return;
  say(st, ctx, 'phase', `Morale checks (${when}).`, text('Morale'));
  const leastBrave = (f: FwFighter) => {
    const party = st.combatants.filter((x) => x.side === f.side && x.out === null);
    return (
      [...party].sort((a, b) => a.spec.ch.bravery - b.spec.ch.bravery || (a.id < b.id ? -1 : 1))[0] === f
    );
  };
  const ordered = [
    ...checking.filter((f) => isLeader(st, f)),
    ...checking.filter((f) => !isLeader(st, f) && leastBrave(f)),
    ...checking.filter((f) => !isLeader(st, f) && !leastBrave(f)),
  ];
  const results = new Map<FwFighter, MoraleResult>();
  for (const f of ordered) results.set(f, moraleCheck(st, ctx, phase, f, results, leastBrave));
  for (const [f, r] of results) applyMorale(st, ctx, f, r);
}

function moraleCheck(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  f: FwFighter,
  sofar: ReadonlyMap<FwFighter, MoraleResult>,
  leastBrave: (f: FwFighter) => boolean,
): MoraleResult {
  const party = st.combatants.filter((x) => x.side === f.side);
  const out = party.filter((x) => x.out !== null).length;
  const allies = alliesOf(st, f);
  const foes = enemiesOf(st, f);
  const foesMagic = foes.filter((x) => x.spec.magic);
  const leaderId = st.leaders[f.side];
  const leaderResult = [...sofar].find(([x]) => x.id === leaderId && x !== f)?.[1];
  const lb = [...sofar].find(([x]) => x !== f && x.side === f.side && leastBrave(x));
  const mf = moraleFactor(
    { ...holder(f), isLeader: isLeader(st, f), victories: f.spec.victories, defeats: f.spec.defeats },
    leaderLevel(st, f),
    st.setup.opt.lowIntelligenceMorale,
  );
  const terms = moraleCheckTerms({
    endurance: f.endurance,
    maxEndurance: f.spec.maxEndurance,
    partyIntact: out === 0,
    partyHalfCasualties: out * 2 >= party.length && out > 0,
    shieldless: f.shield === null,
    unarmored: f.spec.armour === null,
    unarmed: f.wielded.kind === 'natural',
    secure: f.spec.secure,
    isolated: allies.length === 0,
    underMissileFire: f.underFire === phase.n,
    mageFacingHigherMagic:
      f.spec.role === 'mage' &&
      foesMagic.some((x) => (x.spec.magic?.level ?? 0) > (f.spec.magic?.level ?? 0)),
    mageOrClericFacingCombat: f.spec.role !== 'warrior' && foes.length > 0,
    warriorFacingMagic: f.spec.role === 'warrior' && foesMagic.length > 0,
    desire: f.spec.desire && (f.spec.ch.greed >= 14 || f.spec.ch.lust >= 14),
    leastBravePassed: lb?.[1] === 'obey',
    partyMemberFleeing: allies.some((x) => x.fleeing),
    partyDeserted: party.filter((x) => x.out === 'fled' && !x.withdrew).length * 2 > party.length,
    leaderFailed: leaderResult !== undefined && leaderResult !== 'obey',
    demoralized: f.morale !== null && f.morale !== 'obey',
    fleeing: f.fleeing,
    astrology: f.spec.astrology,
  });
  const c = st.setup.charts.morale;
  const l = luck(roll(ctx, 6, f, 'luck die (morale)', 1, chartDie(c.die, 'Morale Table')));
  const total = sumTerms(mf.value, terms) + l;
  const r = roll(ctx, c.die, f, `Morale Table (column ${total})`);
  const result = chartResult(c, total, r);
  say(
    st,
    ctx,
    'morale',
    `${f.name} checks morale: ${showSum('MF', mf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${total}; D${c.die} ${r}: ${MORALE_WORDS[result]}.`,
    text('Morale'),
    [f],
    { result },
  );
  return result;
}

function applyMorale(st: FwState, ctx: FightContext, f: FwFighter, r: MoraleResult): void {
  const wasFleeing = f.fleeing;
  f.morale = r;
  f.bound = r;
  if (wasFleeing) {
    // Ours: a fleeing character who obeys rallies; otherwise it is gone.
    if (r === 'obey') {
      f.fleeing = false;
      say(st, ctx, 'rally', `${f.name} rallies.`, ours('Fleeing and rallying'), [f]);
    } else {
      f.out = 'fled';
      say(st, ctx, 'fled', `${f.name} flees the fight.`, ours('Fleeing and rallying'), [f]);
    }
    return;
  }
  if (r === 'flee') {
    f.fleeing = true;
    say(
      st,
      ctx,
      'flee',
      `${f.name} turns to flee: no action or defence next melee phase; foes get a free hack.`,
      ours('Fleeing and rallying'),
      [f],
    );
  } else if (r === 'panic') {
    const pick = decide(
      ctx,
      f,
      'panic',
      `${f.name}: panic or surrender?`,
      [
        { key: 'panic', label: 'panic (no action or defence next melee phase)' },
        { key: 'surrender', label: 'surrender' },
      ],
      surrenders(f.spec.tactics, f.endurance, f.spec.maxEndurance) ? 'surrender' : 'panic',
    );
    if (pick === 'surrender') {
      f.out = 'helpless';
      say(st, ctx, 'surrender', `${f.name} surrenders.`, text('Morale'), [f]);
    }
  }
}
