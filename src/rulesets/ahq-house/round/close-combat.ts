// Close combat (Defense Skill (DS), Unarmed Combat, REAR ATTACKS, CRITICAL HIT), with the evasions a
// critical or a panic calls for (EVADING A COMBAT by STEALTH, a run away): a critical's evasion, a
// failed evasion's free attack and a run call each other.
import { showTerm } from '../../../core/arith.js';
import { ruledAhead, ruledTerms } from '../../../core/rulings.js';
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { decide, roll, say } from '../../../core/say.js';
import { occupies, rearSquares, sideOf, squaresApart } from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import {
  CHARGE_BONUS,
  closeNeed,
  helmetCounts,
  needWords,
  rearDice,
  ruledNeed,
  stealthEvades,
  surroundingPenalty,
  toHitRoll,
} from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith } from '../zones.js';
import { countCritical, damage, damageDice } from './damage.js';
import { leaveCombat } from './evading.js';
import { face, OPP, settle, toward } from './facing.js';
import { attackers, canStrike, enemiesOf, handWeapon, hasRule, missileWeapon, sum } from './models.js';
import { farthest, walk } from './moving.js';
import { canShoot, shoot } from './ranged.js';

/** EVADING A COMBAT by Stealth: D12 at or under St; a failure gives the faced enemy a free attack. */
export function evadeByStealth(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  faced: AhqFighter,
  partners: readonly AhqFighter[],
  goal: Point | null,
  faceTo: AhqFighter | null = null,
): boolean {
  const St = sum(f, 'St');
  const r = roll(ctx, 12, f, `Stealth to evade ${faced.name}, need ${St} or less`);
  const ok = stealthEvades(r, St);
  say(
    st,
    ctx,
    'evade',
    `${f.name} tries to evade ${faced.name}: D12 ${r} against St ${St}: ${ok ? 'evades' : `fails, and ${faced.name} gets a free attack`}.`,
    text('EVADING A COMBAT'),
    [f, faced],
  );
  if (!ok) {
    attack(st, ctx, faced, f, { charge: false, free: true });
    return false;
  }
  f.stats.evades++;
  leaveCombat(st, ctx, f, partners, goal, faceTo);
  return true;
}

/** A close-combat blow of `f` at `t` as the board stands: its need and damage dice. */
export interface CloseCombatBlow {
  readonly w: Weapon | null;
  /** The attackers `t` has, `f` among them (SURROUNDING), and what they take off its DS. */
  readonly count: number;
  readonly penalty: number;
  readonly DS: number;
  readonly WS: number;
  /** The D12 needed, the charge in, before any one-off modifier of the GM's. */
  readonly need: number;
  /** The need before the charge, and why (the formula and its limit, or its card's row). */
  readonly why: string;
  readonly rear: boolean;
  /** Damage dice for the rear attack (or Backstab). */
  readonly extra: number;
  readonly dd: number;
}

/** Defense Skill (DS), SURROUNDING, CHARGES, REAR ATTACKS: what `f` needs to hit `t` and how many damage dice it rolls. */
export function closeCombatBlow(
  st: AhqState,
  f: AhqFighter,
  t: AhqFighter,
  charge: boolean,
): CloseCombatBlow {
  const w = handWeapon(f);
  const around = attackers(st, t);
  const count = around.includes(f) ? around.length : around.length + 1;
  const penalty = surroundingPenalty(count);
  const DS = sum(t, 'DS') + t.ward - penalty;
  const WS = f.spec.profile.WS;
  const base = closeNeed(f.spec, DS, st.setup.opt.toHit);
  const need = Math.max(2, base.need - (charge ? CHARGE_BONUS : 0));
  const rear = rearSquares(t).some((q) => occupies(f, q)) || f.rearOf.has(t.id);
  const extra = rear ? rearDice(hasRule(f, 'backstab')) : 0;
  const dd = (w?.dd ?? f.spec.unarmedDd) + extra;
  return { w, count, penalty, DS, WS, need, why: base.why, rear, extra, dd };
}

export function attack(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
  how: { charge: boolean; free?: boolean },
): void {
  if (f.out !== null || t.out !== null) return;
  if (!canStrike(st, f, t)) return;
  f.stats.blows++;
  const { w, count, penalty, WS, need, why, rear, extra, dd } = closeCombatBlow(st, f, t, how.charge);
  const r = roll(ctx, 12, f, `to hit ${t.name}, ${needWords(need, ruledAhead(ctx))}`, 1, damageDice(dd));
  const ruled = ruledTerms(ctx);
  const needed = ruledNeed(need, ruled);
  const res = toHitRoll(r, needed);
  const sums = `WS ${WS} against DS ${sum(t, 'DS')}${t.ward ? ` + ${t.ward} ward` : ''}${penalty ? ` − ${penalty} surrounded by ${count}` : ''}: need ${why}${how.charge ? ` − ${CHARGE_BONUS} charge` : ''}${ruled.map((x) => `, ${showTerm(x)} to the roll: need ${needed}`).join('')}`;
  const label = `${f.name}${how.free ? "'s free attack" : ''}${rear ? ' from the rear' : ''} at ${t.name}`;
  if (res === 'miss' || res === 'fumble') {
    if (res === 'fumble') f.stats.fumbles++;
    say(
      st,
      ctx,
      'attack',
      `${label}: ${sums}; D12 ${r}: ${res === 'fumble' ? 'a fumble, a miss' : 'a miss'}.`,
      text('Defense Skill (DS)'),
      [f, t],
    );
    return;
  }
  f.stats.hits++;
  say(
    st,
    ctx,
    'attack',
    `${label}: ${sums}; D12 ${r}: ${res === 'critical' ? 'a critical hit' : 'a hit'}; ${w ? w.name : 'unarmed'} ${w?.dd ?? f.spec.unarmedDd} DD${extra ? ` + ${extra} ${hasRule(f, 'backstab') ? 'backstab' : 'rear attack'}` : ''}.`,
    text(rear ? 'REAR ATTACKS' : w ? 'Defense Skill (DS)' : 'Unarmed Combat'),
    [f, t],
  );
  damage(st, ctx, f, t, dd, helmetCounts(r, needed), false);
  if (res === 'critical') countCritical(f, t);
  if (res === 'critical' && !how.free) critical(st, ctx, f, t, how.charge);
}

/** Tactics (critical): a model engaged evades instead of taking its free attack when its tactics say so. */
export function onCritical(f: AhqFighter, engaged: boolean): 'withdraw' | 'free-attack' {
  return f.spec.tactics.critical === 'evade' && engaged ? 'withdraw' : 'free-attack';
}

/**
 * A critical hit gives a free attack; engaged, it may instead be forfeited to evade: then, having
 * attacked, the model may move away, turn to face another enemy, or quickly fire at one (EVADING A COMBAT).
 */
function critical(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter, charge: boolean): void {
  const partners = engagedWith(f, st.combatants);
  const choices: Choice[] = [];
  if (t.out === null) choices.push({ key: 'free-attack', label: 'take the free attack' });
  if (partners.length) {
    choices.push({ key: 'withdraw', label: 'forfeit it, evade and move away' });
    for (const o of enemiesOf(st, f))
      if (!partners.includes(o) && sideOf(f, o) !== null)
        choices.push({ key: `turn:${combatantKey(o)}`, label: `forfeit it, evade and face ${o.name}` });
    const m = missileWeapon(f);
    if (m)
      for (const o of enemiesOf(st, f))
        if (!partners.includes(o) && canShoot(st, f, o, m.range ?? 0))
          choices.push({ key: `shoot:${combatantKey(o)}`, label: `forfeit it, evade and shoot ${o.name}` });
  }
  if (!choices.length) return;
  const want = onCritical(f, partners.length > 0);
  const pick = decide(
    ctx,
    f,
    'critical',
    `${f.name}: a critical hit: a free attack, or evade?`,
    choices,
    want,
  );
  if (pick === 'free-attack') return attack(st, ctx, f, t, { charge, free: true });
  const [kind, who] = pick.split(':') as [string, string | undefined];
  const other = st.combatants.find((x) => combatantKey(x) === who) ?? null;
  say(
    st,
    ctx,
    'evade',
    `${f.name} forfeits the free attack and evades the combat.`,
    text('EVADING A COMBAT'),
    [f],
  );
  leaveCombat(st, ctx, f, partners, other ? other.at : null, kind === 'turn' ? other : null);
  if (kind === 'withdraw') run(st, ctx, f, 'withdraws', Math.max(0, sum(f, 'Sp') - f.moved));
  else if (kind === 'turn' && other) face(st, ctx, f, other);
  else if (kind === 'shoot' && other) shoot(st, ctx, f, other, false);
}

/**
 * PANIC, a flight, or a withdrawal: as far as possible from all enemies within `reach` squares,
 * opening doors on the way; a walk ends in the first enemy death zone it enters (ours: running is
 * twice Sp). The runner ends facing away from the nearest enemy.
 */
export function run(st: AhqState, ctx: FightContext, f: AhqFighter, why: string, reach: number): boolean {
  const partners = engagedWith(f, st.combatants);
  if (partners.length && why === 'panics') {
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (!evadeByStealth(st, ctx, f, faced, partners, null)) return false;
  }
  const held = engagedWith(f, st.combatants);
  if (held.length) {
    say(
      st,
      ctx,
      'flee',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot run.`,
      text('EVADING A COMBAT'),
      [f],
    );
    return false;
  }
  const foes = enemiesOf(st, f);
  const dist = (p: Point) =>
    foes.length ? Math.min(...foes.map((o) => squaresApart({ at: p, size: f.size }, o))) : 0;
  const best = farthest(st, f, reach, dist, () => true);
  const bestD = dist(best.length ? (best[best.length - 1] as Point) : f.at);
  walk(st, f, best);
  const nearest = [...foes].sort((a, b) => squaresApart(f, a) - squaresApart(f, b))[0];
  if (nearest) f.facing = OPP[toward(f, nearest.at)];
  say(
    st,
    ctx,
    'flee',
    `${f.name} ${why} and runs to (${f.at.x}, ${f.at.y}), ${bestD} squares from the nearest enemy.`,
    text(why === 'panics' ? 'MONSTER SPECIAL RULES' : 'EVADING A COMBAT'),
    [f],
  );
  settle(st, ctx);
  return true;
}
