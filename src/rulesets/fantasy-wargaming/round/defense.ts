// Defense: a parry, dodge or disengage on the Striking Table, and the Weapon Breakage table.
import { showSum, sumTerms, type Term } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import { roll, say } from '../../../core/say.js';
import { formatDice } from '../../../dice/notation.js';
import { chartResult } from '../charts.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import { breakageRolled, defenceTerms, luck, strikeTerms } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';
import { parryItem } from './declarations.js';
import { chartDie, damagedLast, type Defence, exhausted, type Phase, signed, wfOf } from './phase.js';

/** Defense: the defender's parry, dodge or disengage, on the Striking Table with the area and last-flurry modifiers. */
export function defenceOf(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  t: FwFighter,
  opponent: FwFighter,
): Defence | null {
  const had = phase.defences.get(t);
  if (had) return had.item === null && had.kind === 'parry' ? null : had;
  const a = phase.actions.get(t);
  if (!a || (a.kind !== 'parry' && a.kind !== 'dodge' && a.kind !== 'disengage') || t.out) return null;
  const n = phase.n;
  const item = a.kind === 'parry' ? parryItem(t) : null;
  const w = item ?? t.wielded;
  const wf = wfOf(st, t, w);
  const terms: Term[] = [
    ...strikeTerms({
      melee: true,
      carryOver: false,
      berserk: false,
      outnumberedBy: Math.max(0, (phase.at.get(t) ?? 0) - 1),
      damagedLastPhase: damagedLast(t, phase),
      exhausted: exhausted(st, t),
      opponentDamagedLastPhase: damagedLast(opponent, phase),
      opponentExhausted: exhausted(st, opponent),
      opponentOutnumberedBy: Math.max(0, (phase.at.get(opponent) ?? 0) - 1),
      firstStrike: false,
      freeHack: false,
      astrology: t.spec.astrology,
    }),
    ...defenceTerms(st.setup.area, t.lastFlurry && t.lastFlurry.phase === n - 1 ? t.lastFlurry.band : null),
  ].filter((x) => x.value !== 0);
  const c = st.setup.charts;
  const l = luck(roll(ctx, 6, t, `luck die (${a.kind})`, 1, chartDie(c.striking.die)));
  const factor = sumTerms(wf.value, terms) + l;
  const r = roll(ctx, c.striking.die, t, `Striking Table (${a.kind}, column ${factor})`);
  const band = chartResult(c.striking, factor, r);
  const effect = band === 'failure' ? null : c.defence[a.kind][band];
  const d: Defence = { kind: a.kind, band, effect, item };
  phase.defences.set(t, d);
  if (effect) t.stats.defences++;
  const said = effect
    ? `${band} success: ${effect.harmless ? 'no harm to the defender' : `${signed(effect.shift)} column${st.setup.opt.defenceTable ? `, −${effect.reduce} damage` : `, and −${effect.reduce} more as columns (the other reading)`}`}${effect.leaves ? ', and out of the melee' : ''}`
    : 'failure';
  say(
    st,
    ctx,
    'defence',
    `${t.name} ${a.kind === 'parry' ? `parries with the ${w.name}` : `${a.kind}s`}: ${showSum(`WF (${w.name})`, wf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${factor}; D${c.striking.die} ${r}: ${said}.`,
    text('Defense'),
    [t],
  );
  return d;
}

/** Defense: a shield rolls on the Weapon Breakage table when the damage exceeds its defensive value; a weapon when its own damage roll is lower than the blow's. */
export function breakage(
  st: FwState,
  ctx: FightContext,
  t: FwFighter,
  item: Weapon,
  damage: number,
): { broken: boolean; text: string } {
  const c = st.setup.charts;
  if (damage <= 0) return { broken: false, text: '' };
  let why: string;
  if (item.kind === 'shield') {
    const value = item.defence ?? 0;
    if (!breakageRolled(item, damage, 0))
      return { broken: false, text: `The ${item.name} takes it (${damage} ≤ defensive value ${value}).` };
    why = `${damage} > the ${item.name}'s defensive value ${value}`;
  } else {
    const own =
      roll(
        ctx,
        item.damage.sides,
        t,
        `the parrying ${item.name}'s damage ${formatDice(item.damage)}`,
        item.damage.count,
      ) +
      item.damage.plus +
      wfOf(st, t, item).damageBonus;
    if (!breakageRolled(item, damage, own))
      return { broken: false, text: `The ${item.name} rolls ${own} ≥ ${damage}: it holds.` };
    why = `the ${item.name} rolls ${own} < ${damage}`;
  }
  const r = roll(ctx, c.breakage.die, t, `Weapon Breakage table (${item.name})`);
  const rows = item.kind === 'shield' ? c.breakage.shield : c.breakage.weapon;
  const res = rows.find((x) => r >= x.lo && r <= x.hi)?.value ?? 'holds';
  return {
    broken: res === 'breaks',
    text: `${why[0]?.toUpperCase()}${why.slice(1)}: Weapon Breakage D${c.breakage.die} ${r}: ${res === 'breaks' ? 'it breaks' : 'it holds'}.`,
  };
}
