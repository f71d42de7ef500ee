// Fliers diving on their prey and climbing out of reach (§ Attacks From Flying Creatures).
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { canAttack, strike } from '../blow.js';
import { CITES } from '../cite.js';
import { decide, say } from '../say.js';
import { gap, moveTo, setPos, yardsAt } from '../scene.js';
import { type Fighter, isRidden, type W1State } from '../state.js';
import { suggestTarget } from '../tactics.js';
import { plainBlow } from './hand-to-hand.js';

/**
 * § Attacks From Flying Creatures: a flier dives at a ground target, the two swap blows in I
 * order (the target strikes back only if it has not yet had its turn; it may always parry),
 * and the flier climbs away.
 */
export function dive(st: W1State, ctx: FightContext, f: Fighter): void {
  const e0 = st.moment;
  const ground = st.combatants.filter(
    (o) =>
      o.side !== f.side &&
      o.out === null &&
      o.flee === null &&
      !o.airborne &&
      !isRidden(o) &&
      (!st.spatial || gap(f, o) <= yardsAt(st, f, 'running') / 2),
  );
  if (ground.length === 0 && st.spatial && f.pos) {
    // Nothing within a dive: fly nearer, staying in the air.
    const far = st.combatants
      .filter((o) => o.side !== f.side && o.out === null && !o.airborne && o.pos)
      .sort((a, b) => gap(f, a) - gap(f, b))[0];
    if (far)
      moveTo(
        st,
        ctx,
        f,
        far,
        Math.max(0, Math.min(yardsAt(st, f, 'running'), gap(f, far) - yardsAt(st, f, 'running') / 4)),
        'running',
        'flies toward',
      );
    f.pending.length = 0;
    return;
  }
  if (ground.length === 0 || !canAttack(st, f)) {
    f.pending.length = 0;
    return;
  }
  const choices: Choice[] = ground.map((g) => ({ key: combatantKey(g), label: `dive at ${g.name}` }));
  choices.push({ key: 'stay', label: 'stay aloft' });
  const diveAt = suggestTarget(f, ground);
  const pick = decide(
    ctx,
    f,
    'dive',
    `${f.name}: dive at whom?`,
    choices,
    diveAt ? combatantKey(diveAt) : 'stay',
  );
  const t = ground.find((g) => combatantKey(g) === pick);
  if (!t) {
    f.pending.length = 0;
    return;
  }
  say(
    st,
    ctx,
    'dive',
    `${f.name} dives at ${t.name}${t.acted ? ` (${t.name} has had its turn: it may only parry)` : ''}.`,
    CITES.flying,
    [f, t],
  );
  const home = f.pos;
  const height = f.alt;
  if (f.pos && t.pos) {
    f.alt = 0;
    moveTo(st, ctx, f, t, yardsAt(st, f, 'running') / 2, 'running', 'swoops on');
  }
  const swaps: { who: Fighter; tick: number; order: number }[] = f.pending.map((tick) => ({
    who: f,
    tick,
    order: tick,
  }));
  const strikesBack = !t.acted;
  // "I order is observed as normal": a blow held back for the dive keeps its place in that order.
  if (strikesBack)
    for (const tick of t.pending)
      swaps.push({ who: t, tick, order: t.waited?.tick === tick ? t.waited.from : tick });
  swaps.sort((x, y) => y.order - x.order || Number(x.who !== f) - Number(y.who !== f));
  t.acted = true;
  f.acted = true;
  for (const s of swaps) {
    if (f.out !== null || t.out !== null) break;
    const a = s.who;
    // A parry in the exchange costs the parrier's next blow in it, as anywhere else.
    const at = a.pending.indexOf(s.tick);
    if (at < 0) continue;
    a.pending.splice(at, 1);
    st.moment = s.tick;
    if (!canAttack(st, a)) continue;
    strike(st, ctx, plainBlow(st, a, a === f ? t : f, false));
  }
  st.moment = e0;
  f.pending.length = 0;
  if (strikesBack) t.pending.length = 0;
  if (t.target === f) t.target = null;
  f.target = null;
  if (f.out !== null) {
    // Struck down in the dive: it comes down where it fought instead of climbing away.
    f.alt = 0;
    f.airborne = false;
    say(st, ctx, 'fall', `${f.name} falls to the ground.`, CITES.flying, [f]);
    return;
  }
  if (home) {
    setPos(f, home);
    f.moved *= 2;
  }
  f.alt = height;
  say(st, ctx, 'dive', `${f.name} climbs away.`, CITES.flying, [f]);
}
