// Bombs and incendiaries (§ Firearms Chart; ours, Bomb blasts): a burst, whoever it catches, fire, and
// sputtering bombs.
import type { FightContext } from '../../../core/context.js';
import { distance, formatPoint, type Point } from '../../../space/plane.js';
import type { Weapon } from '../catalogue.js';
import { CITES, ours } from '../cite.js';
import { PARTS } from '../data/locations.js';
import { woundDirect } from '../effects.js';
import { namesOf, roll, say } from '../say.js';
import type { Fighter, W1State } from '../state.js';
import { automaticHit, pointBlankES } from './hits.js';

/** A bomb bursting at a point: the one it struck and everyone within 2 yards take a hit at the bomb's ES (ours: the blast). */
export function burst(
  st: W1State,
  ctx: FightContext,
  by: Fighter,
  w: Weapon,
  at: Point | null,
  struck: Fighter | null,
): void {
  const es = pointBlankES(st, by, w);
  const caught = caughtAt(st, at, struck);
  say(
    st,
    ctx,
    'burst',
    `The bomb bursts${at ? ` at ${formatPoint(at)}` : ''}: ${namesOf(caught) || 'nobody'} caught in it.`,
    ours('Bomb blasts'),
    [by, ...caught],
  );
  for (const c of caught) automaticHit(st, ctx, by, c, es, 'the bomb', null);
}

/** How far from where it bursts a bomb or an incendiary catches a base (yards; ours, Bomb blasts). */
export const BURST_YARDS = 2;

/** Whoever a bursting missile catches: the one it struck and everyone within BURST_YARDS of the point (ours). */
function caughtAt(st: W1State, at: Point | null, struck: Fighter | null): Fighter[] {
  return st.combatants.filter(
    (o) =>
      o.out !== 'dead' &&
      o.out !== 'fled' &&
      (o === struck || (at !== null && o.pos !== null && distance(o.pos, at) <= BURST_YARDS + o.radius)) &&
      !(o.rider && o.rider === struck),
  );
}

/** An incendiary bursting: fire on whoever it catches (ours: 2D4 W each, as burning oil, and the oil burns on for D4 rounds). */
export function blaze(
  st: W1State,
  ctx: FightContext,
  by: Fighter,
  at: Point | null,
  struck: Fighter | null,
): void {
  const caught = caughtAt(st, at, struck);
  const rounds = roll(ctx, 4, by, 'rounds the fire burns (D4)');
  say(
    st,
    ctx,
    'fire',
    `The incendiary bursts${at ? ` at ${formatPoint(at)}` : ''}: ${namesOf(caught) || 'nobody'} caught in the fire; the oil burns on for ${rounds} rounds.`,
    ours('Incendiaries'),
    [by, ...caught],
  );
  for (const c of caught) {
    const w = roll(ctx, 4, by, `fire damage to ${c.name} (2D4 W)`, 2);
    say(st, ctx, 'fire', `${c.name} burns: ${w} W.`, ours('Incendiaries'), [c]);
    woundDirect(st, ctx, c, PARTS.body, w, by, 'fire', st.opt.fireCriticals);
  }
  st.pools.push({ by: struck ?? by, at: at ?? struck?.pos ?? null, feet: 6, roundsLeft: rounds });
}

/** Sputtering bombs: each round a D6, and on a 6 the bomb goes off where it lies. */
export function sputter(st: W1State, ctx: FightContext): void {
  for (const b of [...st.bombs]) {
    const r = roll(ctx, 6, b.by, `the sputtering bomb (D6: 6 it goes off)`);
    if (r < 6) {
      say(st, ctx, 'bomb', `The bomb sputters on (D6 ${r}).`, CITES.misfires, [b.by]);
      continue;
    }
    st.bombs.splice(st.bombs.indexOf(b), 1);
    burst(st, ctx, b.by, b.weapon, b.at, null);
  }
}
