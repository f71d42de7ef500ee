// Attacking and Damage: a blow on the Striking Table, the luck die, the location and the damage.
import { showSum, sumTerms, type Term } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import type { FollowingDice } from '../../../core/request.js';
import { ruledAhead, ruledTerms } from '../../../core/rulings.js';
import { roll, say } from '../../../core/say.js';
import { type Dice, formatDice } from '../../../dice/notation.js';
import { chartResult, type Location, specialEffects } from '../charts.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import { harmDealt, luck, scaledDamage, strikeTerms } from '../rules.js';
import { FIST, type FwFighter, type FwState } from '../state.js';
import { breakage, defenceOf } from './defense.js';
import {
  type Blow,
  chartDie,
  damagedLast,
  defenceless,
  type Effect,
  exhausted,
  type Phase,
  signed,
  spaced,
  wfOf,
} from './phase.js';

export function blow(st: FwState, ctx: FightContext, phase: Phase, b: Blow, stepLabel: string): Effect {
  const { attacker: a, target: t } = b;
  const n = phase.n;
  const c = st.setup.charts;
  a.stats.blows++;
  if (b.missile) t.underFire = n;
  const wf = b.weapon && !b.magic ? wfOf(st, a, b.weapon) : null;
  const base = b.magic ? (a.spec.magic?.factor ?? 0) : (wf?.value ?? 0);
  const terms: Term[] = [
    ...b.extra,
    ...strikeTerms({
      melee: !b.missile && !b.magic,
      carryOver: false,
      berserk: a.berserk,
      outnumberedBy: b.missile || b.magic ? 0 : Math.max(0, (phase.at.get(a) ?? 0) - 1),
      damagedLastPhase: damagedLast(a, phase),
      exhausted: exhausted(st, a),
      opponentDamagedLastPhase: damagedLast(t, phase),
      opponentExhausted: exhausted(st, t),
      opponentOutnumberedBy: b.missile || b.magic ? 0 : Math.max(0, (phase.at.get(t) ?? 0) - 1),
      firstStrike: b.firstStrike !== null,
      freeHack: !b.missile && !b.magic && defenceless(t, phase),
      astrology: a.spec.astrology,
    }),
    ...(b.charge ? [{ label: 'charge (ours)', value: c.charge }] : []),
    ...(b.lunge ? [{ label: 'lunge (ours)', value: c.lunge }] : []),
  ].filter((x) => x.value !== 0);
  // The luck die and the Striking Table's die are rolled together at the table.
  // The column before luck, with its modifiers, is shown before the dice are rolled.
  const before = showSum(b.magic ? 'factor' : 'WF', base, [...terms, ...ruledAhead(ctx)]);
  const l = luck(
    roll(ctx, 6, a, `luck die (strike at ${t.name}: ${before}, then luck)`, 1, chartDie(c.striking.die)),
  );
  // The GM's one-off modifier moves the column, as the other factors do.
  terms.push(...ruledTerms(ctx));
  const factor = sumTerms(base, terms) + l;
  const what = b.magic ? (a.spec.magic?.name ?? 'magic') : (b.weapon?.name ?? 'fist');
  const baseLabel = b.magic ? `${what} factor` : `WF (${what})`;
  // The defence, rolled once a phase, when the first blow comes at it.
  const d = b.missile || b.magic ? null : defenceOf(st, ctx, phase, t, a);
  const shift = d?.effect ? d.effect.shift + (st.setup.opt.defenceTable ? 0 : -d.effect.reduce) : 0;
  const r = roll(ctx, c.striking.die, a, `Striking Table (column ${factor + shift})`);
  const band = chartResult(c.striking, factor + shift, r);
  const shown = `${showSum(baseLabel, base, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${factor}${shift ? `, ${signed(shift)} ${d?.kind} = ${factor + shift}` : ''}`;
  if (!b.magic && !b.missile) {
    a.lastFlurry = { band, phase: n };
  }
  const who = `${a.name}${b.firstStrike ? ` (first strike by ${b.firstStrike})` : ''}${b.charge ? ' charges' : ''}`;
  const detail = { step: stepLabel, attacker: a.id, target: t.id, factor, roll: r, band };
  if (band === 'failure') {
    say(
      st,
      ctx,
      'strike',
      `${who} at ${t.name}: ${shown}; D${c.striking.die} ${r}: failure.`,
      text('Attacking'),
      [a, t],
      detail,
    );
    return { target: t, harm: 0, effects: [], broken: null, leaves: d?.effect?.leaves ?? false };
  }
  a.stats.hits++;
  if (band === 'total') {
    a.stats.criticalsDealt++;
    t.stats.criticalsTaken++;
  }
  const struck = `${who} at ${t.name}: ${shown}; D${c.striking.die} ${r}: ${band} success`;
  const dice: Dice = b.magic ? (a.spec.magic?.damage ?? FIST.damage) : (b.weapon?.damage ?? FIST.damage);
  const loc = rollLocation(st, ctx, a, t, {
    count: dice.count,
    sides: dice.sides,
    label: `damage ${formatDice(dice)}`,
  });
  const rolled = roll(ctx, dice.sides, a, `damage ${formatDice(dice)}`, dice.count) + dice.plus;
  const bonus = b.magic ? 0 : (wf?.damageBonus ?? 0);
  let scaleBand = band;
  let carry = '';
  let broken: Weapon | null = null;
  const adjusted = Math.max(0, rolled + bonus);
  let damage = scaledDamage(adjusted, c.strikeBands[scaleBand].damage);
  // Defense: a parry that held may break the parrying weapon or shield; the blow then carries over at −2.
  if (d && d.kind === 'parry' && d.effect && d.item) {
    const brk = breakage(st, ctx, t, d.item, damage);
    if (brk.text) carry += ` ${brk.text}`;
    if (brk.broken) {
      broken = d.item;
      // "Any totally successful defense always means you yourself will not be harmed": the
      // weapon is lost, the blow is not carried over.
      if (d.effect.harmless) {
        say(
          st,
          ctx,
          'strike',
          `${struck}.${carry} The ${d.kind} was a total success: ${t.name} is unharmed.`,
          text('Defense'),
          [a, t],
          detail,
        );
        return { target: t, harm: 0, effects: [], broken, leaves: d.effect.leaves };
      }
      const col = factor - 2;
      const again = chartResult(c.striking, col, r);
      carry += ` The blow carries over: column ${factor} − 2 = ${col}, D${c.striking.die} ${r}: ${again}${again === 'failure' ? '' : ' success'}`;
      if (again === 'failure') {
        say(st, ctx, 'strike', `${struck}.${carry}.`, text('Defense'), [a, t], detail);
        return { target: t, harm: 0, effects: [], broken, leaves: false };
      }
      scaleBand = again;
      damage = scaledDamage(adjusted, c.strikeBands[scaleBand].damage);
    }
  }
  const effect = broken ? null : (d?.effect ?? null);
  const ignoresArmour = b.magic || c.strikeBands[scaleBand].armourIgnored;
  const protection = ignoresArmour ? 0 : (t.spec.armour?.protection ?? 0);
  const reduce = effect && st.setup.opt.defenceTable ? effect.reduce : 0;
  const harm = harmDealt(damage, reduce, protection, effect?.harmless ?? false);
  const special = specialEffects(c, loc, harm);
  const added = `${dice.plus ? ` ${spaced(dice.plus)}` : ''}${bonus ? ` ${spaced(bonus)} surplus physique` : ''}${c.strikeBands[scaleBand].damage !== 'full' ? `, ${c.strikeBands[scaleBand].damage}` : ''}`;
  const arithmetic = `${formatDice(dice)}: ${rolled - dice.plus}${added ? `${added} = ${damage}` : ''}${reduce ? ` − ${reduce} ${d?.kind}` : ''}${protection ? ` − ${protection} protection` : ignoresArmour && (t.spec.armour?.protection ?? 0) ? ' (armour ignored)' : ''}`;
  const outcome = effect?.harmless ? `the ${d?.kind} is a total success: unharmed` : `${harm} off endurance`;
  say(
    st,
    ctx,
    'strike',
    // The damage follows the band it was scaled by: after a carry-over, the carried band's.
    broken
      ? `${struck}.${carry}, ${loc.replace('-', ' ')}; ${arithmetic}: ${outcome}${special.length ? ` (${special.join(', ')})` : ''}.`
      : `${struck}, ${loc.replace('-', ' ')}; ${arithmetic}: ${outcome}${special.length ? ` (${special.join(', ')})` : ''}.${carry}`,
    text('Damage'),
    [a, t],
    detail,
  );
  if (harm > 0) a.stats.woundsDealt += harm;
  return { target: t, harm, effects: special, broken, leaves: effect?.leaves ?? false };
}

/** `damage`: the damage dice, rolled with the location at the table. */
function rollLocation(
  st: FwState,
  ctx: FightContext,
  a: FwFighter,
  t: FwFighter,
  damage?: FollowingDice,
): Location {
  const l = st.setup.charts.locations;
  const r = roll(ctx, l.die, a, `where the blow lands on ${t.name}`, 1, damage);
  for (const row of l.rows) if (r >= row.lo && r <= row.hi) return row.value;
  return 'body';
}
