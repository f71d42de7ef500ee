// § Misfires: the gunpowder or bomb table, and a weapon exploding in the hand.
import type { FightContext } from '../../../core/context.js';
import { lookup } from '../../../core/table.js';
import { formatD100 } from '../../../dice/d100.js';
import type { Point } from '../../../space/plane.js';
import type { Missile, MissileKind, Weapon } from '../catalogue.js';
import { CITES } from '../cite.js';
import { BOMB_MISFIRES, GUNPOWDER_MISFIRES } from '../data/missile-tables.js';
import { dropHand } from '../effects.js';
import { d100, say } from '../say.js';
import { type Fighter, HANDS, type MissileState, type W1State } from '../state.js';
import { blaze, burst } from './bombs.js';
import { automaticHit, pointBlankES } from './hits.js';
import { spent } from './loading.js';
import type { ShotPlan } from './targets.js';

export function explodes(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  ms.broken = 'destroyed';
  ms.loaded = 0;
  automaticHit(st, ctx, f, f, pointBlankES(st, f, w), `the exploding ${w.name.toLowerCase()}`, null);
  for (const hand of HANDS) if (f[hand] === w) dropHand(st, ctx, f, hand, 'exploded', true);
}

export function isGunpowder(kind: MissileKind): boolean {
  return kind === 'firearm';
}

export function isBomb(kind: MissileKind): boolean {
  return kind === 'bomb' || kind === 'incendiary';
}

/** § Misfires: the gunpowder or bomb table. Returns the result (a partial burn still fires). */
export function misfire(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  w: Weapon,
  ms: MissileState,
  plan: ShotPlan,
  toHit: number,
): string {
  const m = w.missile as Missile;
  const r = d100(ctx, f, `misfire table (D100)`);
  if (isBomb(m.kind)) {
    const result = lookup(BOMB_MISFIRES, r);
    spent(st, ctx, f, w, ms);
    const texts = {
      dud: 'the bomb fails to explode',
      sputters: 'the bomb sputters where it lands: a D6 each round, and on a 6 it goes off',
      'half-way': 'the bomb explodes half way between thrower and target',
      'in-hand': "the bomb explodes in the thrower's hand",
    } as const;
    say(
      st,
      ctx,
      'misfire',
      `Misfire (a double, ${formatD100(toHit)}): D100 ${formatD100(r)}: ${texts[result]}.`,
      CITES.misfires,
      [f],
      { roll: r, result },
    );
    const at = plan.target.pos;
    if (result === 'sputters' && at) st.bombs.push({ at, by: f, weapon: w });
    const goOff =
      m.kind === 'incendiary'
        ? (p: Point | null, on: Fighter | null) => blaze(st, ctx, f, p, on)
        : (p: Point | null, on: Fighter | null) => burst(st, ctx, f, w, p, on);
    if (result === 'half-way' && f.pos && at)
      goOff({ x: (f.pos.x + at.x) / 2, y: (f.pos.y + at.y) / 2 }, null);
    if (result === 'in-hand') goOff(f.pos, f);
    return result;
  }
  const result = lookup(GUNPOWDER_MISFIRES, r);
  const texts = {
    'partial-burn': 'a partial burn: range and effective strength are halved for this shot',
    'no-ignite': 'the charge fails to ignite; no need to reload, it may fire next round',
    'no-ignite-reload': 'the charge fails to ignite and the weapon must be reloaded',
    'hang-fire':
      'hang fire: the priming goes off and nothing seems to happen, but the weapon will fire next round',
    'flash-in-pan': 'a flash in the pan: it must be reprimed (a round), and the reprimed shot is at −10',
    'burn-round':
      'a burn-round: the shot is welded in the barrel; the weapon is useless, and 50% to explode if used again',
    explodes: 'the charge explodes: an automatic hit on the firer, and the weapon is destroyed',
  } as const;
  say(
    st,
    ctx,
    'misfire',
    `Misfire (a double, ${formatD100(toHit)}): D100 ${formatD100(r)}: ${texts[result]}.`,
    CITES.misfires,
    [f],
    { roll: r, result },
  );
  switch (result) {
    case 'partial-burn':
      break;
    case 'no-ignite':
      break;
    case 'no-ignite-reload':
      // That barrel's charge is spoilt; the others of a many-barrelled gun are still loaded.
      ms.loaded = Math.max(0, ms.loaded - 1);
      break;
    case 'hang-fire':
      f.hangFire = { weapon: w, target: plan.target, round: st.round + 1 };
      break;
    case 'flash-in-pan':
      ms.reprime = true;
      break;
    case 'burn-round':
      ms.broken = 'burned';
      ms.loaded = 0;
      break;
    case 'explodes':
      explodes(st, ctx, f, w, ms);
      break;
  }
  return result;
}
