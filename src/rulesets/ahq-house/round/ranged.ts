// Ranged Attacks: the line of fire, the house rules' to-hit table by range, and an archer stepping back
// first (ours).
import { showTerm } from '../../../core/arith.js';
import { ruledAhead, ruledTerms } from '../../../core/rulings.js';
import type { FightContext } from '../../../core/context.js';
import { roll, say } from '../../../core/say.js';
import { lineOfSight, squaresApart } from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { ours, text } from '../cite.js';
import { helmetCounts, needWords, rangeBand, rangedNeed, ruledNeed, toHitRoll } from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith } from '../zones.js';
import { boardWithDoors } from './board.js';
import { countCritical, damage, damageDice } from './damage.js';
import { settle } from './facing.js';
import { enemiesOf, missileWeapon, sum } from './models.js';
import { farthest, walk } from './moving.js';

export function canShoot(st: AhqState, f: AhqFighter, t: AhqFighter, range: number): boolean {
  const d = squaresApart(f, t);
  return (
    d >= 1 && d <= range && rangedNeed(sum(f, 'BS'), d).need !== null && lineOfSight(boardWithDoors(st), f, t)
  );
}

/** Ranged Attacks: the house table; a critical (not in a starred cell) gives a free shot (ours, as a critical hit gives a free attack). */
export function shoot(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter, free: boolean): void {
  const m = missileWeapon(f);
  if (!m || !canShoot(st, f, t, m.range ?? 0))
    return say(st, ctx, 'shoot', `${f.name} has no shot at ${t.name}.`, text('Ranged Attacks'), [f]);
  const held = engagedWith(f, st.combatants);
  if (held.length)
    return say(
      st,
      ctx,
      'shoot',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot shoot.`,
      text('EVADING A COMBAT'),
      [f],
    );
  f.stats.blows++;
  const d = squaresApart(f, t);
  const BS = sum(f, 'BS');
  const cell = rangedNeed(BS, d);
  const r = roll(
    ctx,
    12,
    f,
    `shoot ${t.name}, ${cell.need === null ? 'no hit possible' : needWords(cell.need, ruledAhead(ctx))}`,
    1,
    damageDice(m.dd),
  );
  const ruled = ruledTerms(ctx);
  const needed = cell.need === null ? null : ruledNeed(cell.need, ruled);
  const res = toHitRoll(r, needed, cell.critical);
  say(
    st,
    ctx,
    'shoot',
    `${f.name}${free ? "'s free shot" : ' shoots'} ${free ? 'at ' : ''}${t.name} with the ${m.name}: BS ${BS} at ${d} squares (${rangeBand(d)}): need ${cell.need}${ruled.map((x) => `, ${showTerm(x)} to the roll: need ${needed}`).join('')}${cell.critical ? '' : ', no critical possible'}; D12 ${r}: ${res === 'critical' ? 'a critical hit' : res}.`,
    text('Ranged Attacks'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical') {
    f.stats.hits++;
    damage(st, ctx, f, t, m.dd, helmetCounts(r, needed as number), false);
  }
  if (res === 'critical') countCritical(f, t);
  if (res === 'critical' && !free && t.out === null) shoot(st, ctx, f, t, true);
}

/**
 * Tactics (keepAway): an archer no foe is engaged with steps back before shooting, to the square
 * within its move farthest from every foe that still has a shot at `t` (a walk ends in a death zone).
 */
export function stepBack(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const m = missileWeapon(f);
  const foes = enemiesOf(st, f);
  if (!m || engagedWith(f, st.combatants).length || !foes.length) return;
  const near = (p: Point) => Math.min(...foes.map((o) => squaresApart({ at: p, size: f.size }, o)));
  if (near(f.at) > 2) return;
  const Sp = Math.max(0, sum(f, 'Sp') - f.moved);
  const shotFrom = (p: Point) => {
    const d = squaresApart({ at: p, size: f.size }, t);
    return (
      d <= (m.range ?? 0) &&
      rangedNeed(sum(f, 'BS'), d).need !== null &&
      lineOfSight(boardWithDoors(st), { at: p, size: f.size }, t)
    );
  };
  const best = farthest(st, f, Sp, near, shotFrom);
  const bestD = near(best.length ? (best[best.length - 1] as Point) : f.at);
  if (!best.length) return;
  walk(st, f, best);
  say(
    st,
    ctx,
    'move',
    `${f.name} steps back ${best.length} square${best.length === 1 ? '' : 's'} to (${f.at.x}, ${f.at.y}), ${bestD} from the nearest foe, to shoot.`,
    ours('Tactics'),
    [f],
  );
  settle(st, ctx);
}
