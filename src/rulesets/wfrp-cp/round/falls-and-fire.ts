// Falls, jumps, water and fire (rules 40-46), and the effects charts they read.
import type { FightContext } from '../../../core/context.js';
import { formatD100 } from '../../../dice/d100.js';
import { PARTS } from '../../wfrp1e/data/locations.js';
import { applyConsequences, dropHand } from '../../wfrp1e/effects.js';
import { d100, roll, say } from '../../wfrp1e/say.js';
import { type Fighter, hasSkill, type W1State } from '../../wfrp1e/state.js';
import { oursCp, rule } from '../cite.js';
import type { ChartEffect } from '../data.js';
import { effectTaken } from '../melee.js';
import { DISMOUNT_FALL_DIE, effectBelowZero, fallEffect, FIRE_DIE, waterEntryTarget } from '../rules.js';
import { type CpFighter, type CpState, now, stampDurations } from '../state.js';

export function chartEffect(
  st: CpState,
  ctx: FightContext,
  t: CpFighter,
  which: 'fire' | 'falling',
  n: number,
  by: CpFighter | null,
  cite: ReturnType<typeof rule>,
): void {
  if (n < 1 || t.out === 'dead') return;
  const k = Math.min(16, n);
  const charts = st.setup.cp.charts;
  const e = (which === 'fire' ? charts.fire : charts.falling)[k - 1] as ChartEffect;
  say(
    st,
    ctx,
    'critical',
    `${t.name}: ${which === 'fire' ? 'Fire and Energy' : 'Falling and Crushing'} effect ${k}: ${e.text}.`,
    cite,
    [t],
    { effect: k, chart: which },
  );
  // Counted as WFRP 1e counts them: criticals one combatant caused another.
  if (by) {
    by.stats.criticalsDealt++;
    t.stats.criticalsTaken++;
  }
  const conds = t.conds.length;
  const mods = t.charMods.length;
  if (e.destroysHeld) {
    for (const h of ['right', 'left'] as const) {
      const w = t[h];
      if (w && (e.destroysHeld === 'all' || w.missile)) dropHand(st, ctx, t, h, 'burnt', true);
    }
    t.carried = t.carried.filter((w) => e.destroysHeld !== 'all' && !w.missile);
  }
  if (e.burning && t.burning === 0) t.burning = 1;
  applyConsequences(st, ctx, t, PARTS.body, e, `${which === 'fire' ? 'fire' : 'fall'} ${k}`, null);
  stampDurations(st, t, conds, mods);
  effectTaken(st, ctx, t, k);
}

/** Rules 40 and 46: T below 0 reads the chart by its depth; results cumulate, so only a deeper one is read. */
export function belowZero(
  st: CpState,
  ctx: FightContext,
  t: CpFighter,
  which: 'fire' | 'falling',
  cite: ReturnType<typeof rule>,
): void {
  const depth = effectBelowZero(now(st, t, 'T'));
  if (depth <= t.tEffect) return;
  t.tEffect = depth;
  chartEffect(st, ctx, t, which, depth, null, cite);
}

/** Rules 41-45: a fall or jump of `metres`, perhaps into water. */
export function fall(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  metres: number,
  jump: boolean,
  water: boolean,
  why: string,
): void {
  if (water) {
    const need = waterEntryTarget(now(st, f, 'I'), now(st, f, 'Dex')) + (hasSkill(f, 'swashbuckle') ? 10 : 0);
    const r = d100(ctx, f, `enter the water well: (I + Dex) / 2 test (need ${need} or less)`);
    say(
      st,
      ctx,
      'fall',
      `${f.name} ${why} into water: D100 ${formatD100(r)} ${r <= need ? '≤' : '>'} ${need}${hasSkill(f, 'swashbuckle') ? ' (+10 Swashbuckle)' : ''}: ${r <= need ? 'a clean entry, unhurt' : 'a bad entry, hurt as a fall'}.`,
      rule(45),
      [f],
    );
    if (r <= need) return;
    jump = false;
  }
  const d4 = roll(ctx, 4, f, `fall of ${metres} m (D4)`);
  const acro = hasSkill(f, 'acrobatics');
  const before = fallEffect(metres, d4, jump, acro, 0);
  // Rule 42: W go in fives, one less for each.
  const room = 5 * Math.floor(Math.max(0, Math.min(f.W, 5 * Math.max(0, before))) / 5);
  const spend =
    room >= 5
      ? ctx.amount({
          kind: 'amount',
          actor: f.id,
          topic: 'fall-w',
          label: `${f.name}: W to spend against the fall (1 less for every 5)`,
          min: 0,
          max: room,
          step: 5,
          suggested: f.cp.monster ? 0 : Math.min(room, 5 * Math.max(0, before - 2)),
        })
      : 0;
  f.W -= spend;
  const effect = fallEffect(metres, d4, jump, acro, spend);
  say(
    st,
    ctx,
    'fall',
    `${f.name} ${why}: ${metres} m − D4 ${d4}${jump ? ' − 2 jumping' : ''}${acro ? ' − 2 Acrobatics' : ''}${spend ? ` − ${spend / 5} (${spend} W spent)` : ''} = ${effect}${effect <= 0 ? ': nothing happens' : ' on the Falling and Crushing chart'}.`,
    rule(41),
    [f],
    { effect },
  );
  chartEffect(st, ctx, f, 'falling', effect, null, rule(41));
}

/** Rule 44: a dismount is a fall from D8 metres. */
export function dismountFall(st: W1State, ctx: FightContext, rider: Fighter, mount: Fighter): void {
  const cs = st as CpState;
  rider.mount = null;
  mount.rider = null;
  const m = roll(ctx, DISMOUNT_FALL_DIE, rider, 'dismounted: fall from D8 metres');
  fall(
    cs,
    ctx,
    rider as CpFighter,
    m,
    false,
    false,
    `is thrown as ${mount.name} falls (rule 44, D8: ${m} m)`,
  );
}

/** Rule 46: D4 from T each round on fire; below 0, the Fire and Energy chart. */
export function burn(st: CpState, ctx: FightContext, f: CpFighter): void {
  const n = roll(ctx, FIRE_DIE, f, 'burning: D4 from T');
  f.tFire += n;
  f.burning++;
  say(st, ctx, 'fire', `${f.name} burns: D4 ${n} from T, T now ${now(st, f, 'T')}.`, rule(46), [f]);
  belowZero(st, ctx, f, 'fire', rule(46));
}

/** Ours: a whole round puts the flames out; T comes back after as many rounds as it burned (rule 46). */
export function putOut(st: CpState, ctx: FightContext, f: CpFighter): void {
  f.coolAt = st.round + f.burning;
  f.burning = 0;
  say(
    st,
    ctx,
    'fire',
    `${f.name} puts out the flames; T comes back in round ${f.coolAt}.`,
    oursCp('Putting out flames'),
    [f],
  );
}
