// MONSTER SPECIAL RULES: Bravery (Fear, Terror, Panic), Run Amok, striking a friend, and spellcasting.
import type { FightContext } from '../../../core/context.js';
import { roll, say } from '../../../core/say.js';
import { findPath, sideOf, squaresApart } from '../../../space/grid.js';
import { text } from '../cite.js';
import type { Spell } from '../data.js';
import { braveryPasses, closeNeed, helmetCounts, rangedNeed, toHitRoll } from '../rules.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith, preferFirst } from '../zones.js';
import { attack, evadeByStealth } from './close-combat.js';
import { damage, damageDice } from './damage.js';
import { settle } from './facing.js';
import { handWeapon, standing, sum } from './models.js';
import { closeIn, freeFor, walk, walkingDistance, zonesAgainst } from './moving.js';

/** MONSTER SPECIAL RULES: a beastmaster (Run Amok) or slavemaster (Panic) of its side, alive and within range, cancels the rule. */
export function mastered(st: AhqState, f: AhqFighter, kind: 'beastmaster' | 'slavemaster'): boolean {
  return st.combatants.some(
    (m) =>
      m.side === f.side &&
      m.out === null &&
      m !== f &&
      m.spec[kind] !== null &&
      squaresApart(m, f) <= (m.spec[kind] as number),
  );
}

/** A Bravery roll: D12 at or under Br passes (ours: as Stealth is rolled). */
export function bravery(st: AhqState, ctx: FightContext, f: AhqFighter, rule: string): boolean {
  const r = roll(ctx, 12, f, `Bravery (${rule}), need ${f.spec.profile.Br} or less`);
  const ok = braveryPasses(r, f.spec.profile.Br);
  say(
    st,
    ctx,
    'bravery',
    `${f.name} rolls Bravery for ${rule}: D12 ${r} against Br ${f.spec.profile.Br}: ${ok ? 'passes' : 'fails'}.`,
    text('MONSTER SPECIAL RULES'),
    [f],
  );
  return ok;
}

export function cast(st: AhqState, ctx: FightContext, f: AhqFighter, s: Spell, t: AhqFighter): void {
  f.spellsCast.add(s.id);
  if (s.kind === 'ward') {
    f.ward = s.dd;
    return say(
      st,
      ctx,
      'spell',
      `${f.name} casts ${s.name} (${s.college}): DS + ${s.dd} until its next turn.`,
      text('MONSTER SPECIAL RULES'),
      [f],
    );
  }
  if (s.kind === 'heal') {
    const before = t.W;
    t.W = Math.min(t.spec.profile.W, t.W + s.dd);
    return say(
      st,
      ctx,
      'spell',
      `${f.name} casts ${s.name} (${s.college}) on ${t.name}: W ${before} → ${t.W}.`,
      text('MONSTER SPECIAL RULES'),
      [f, t],
    );
  }
  const d = squaresApart(f, t);
  const cell = rangedNeed(sum(f, 'BS'), d);
  const r = roll(ctx, 12, f, `${s.name} at ${t.name}, need ${cell.need}`);
  const res = toHitRoll(r, cell.need, cell.critical);
  say(
    st,
    ctx,
    'spell',
    `${f.name} casts ${s.name} (${s.college}) at ${t.name}: on the ranged table, BS ${sum(f, 'BS')} at ${d} squares: need ${cell.need}; D12 ${r}: ${res}.`,
    text('MONSTER SPECIAL RULES'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical') damage(st, ctx, f, t, s.dd, false, true);
}

/** RUN AMOK: attack the closest model, friend or foe, within 5 squares (a die among equals); none: it stands and bellows. */
export function runAmok(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  // Within 5 squares; the closest by the walk to it (one it cannot walk to at all comes last).
  const near = standing(st)
    .filter((o) => o !== f && squaresApart(f, o) <= 5)
    .map((o) => ({ o, d: walkingDistance(st, f, o, 30) ?? 99 }));
  if (!near.length)
    return say(
      st,
      ctx,
      'amok',
      `${f.name} runs amok: nobody within 5 squares; it stands and bellows.`,
      text('MONSTER SPECIAL RULES'),
      [f],
    );
  const best = Math.min(...near.map((x) => x.d));
  const closest = near.filter((x) => x.d === best).map((x) => x.o);
  const pick =
    closest.length > 1
      ? (closest[
          roll(ctx, closest.length, f, `which of ${closest.length} nearest it goes for`) - 1
        ] as AhqFighter)
      : (closest[0] as AhqFighter);
  say(
    st,
    ctx,
    'amok',
    `${f.name} runs amok and goes for ${pick.name}${pick.side === f.side ? ', a friend' : ''}.`,
    text('MONSTER SPECIAL RULES'),
    [f, pick],
  );
  const partners = engagedWith(f, st.combatants);
  if (partners.length && !partners.includes(pick)) {
    // It is not possible to simply move away from a combat: evade first.
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (!evadeByStealth(st, ctx, f, faced, partners, pick.at)) {
      if (f.out === null) attack(st, ctx, f, faced, { charge: false });
      return;
    }
  }
  if (pick.side !== f.side) {
    const reached = closeIn(st, ctx, f, pick);
    if (reached) attack(st, ctx, f, reached.target, { charge: reached.charge });
    return;
  }
  if (friendlyReach(st, ctx, f, pick)) strikeFriend(st, ctx, f, pick);
}

/** Run Amok at a friend: walk toward it (enemy death zones still stop the walk); true if it ends beside it. */
function friendlyReach(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): boolean {
  if (sideOf(f, t) !== null) return true;
  const stops = zonesAgainst(st, f);
  const path = findPath(
    { board: st.setup.board, size: f.size, free: freeFor(st, f), stops },
    f.at,
    (p) => sideOf({ at: p, size: f.size }, t) !== null,
    60,
  )?.slice(0, Math.max(0, sum(f, 'Sp') - f.moved));
  if (!path?.length) return false;
  const firstStop = path.findIndex((p) => stops(p));
  const walked = firstStop >= 0 ? path.slice(0, firstStop + 1) : path;
  walk(st, f, walked);
  const side = sideOf(f, t);
  if (side) {
    f.facing = side;
    preferFirst(f, t);
  }
  say(
    st,
    ctx,
    'move',
    `${f.name} lumbers ${walked.length} square${walked.length === 1 ? '' : 's'} toward ${t.name}.`,
    text('MONSTER SPECIAL RULES'),
    [f],
  );
  settle(st, ctx);
  return sideOf(f, t) !== null;
}

/** A blow at a friend next to it (Run Amok): as an attack, without the surrounding count. */
function strikeFriend(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const w = handWeapon(f);
  const { need, why } = closeNeed(f.spec, sum(t, 'DS'), st.setup.opt.toHit);
  const r = roll(ctx, 12, f, `to hit ${t.name}, need ${need}`, 1, damageDice(w?.dd ?? f.spec.unarmedDd));
  const res = toHitRoll(r, need);
  say(
    st,
    ctx,
    'attack',
    `${f.name} strikes its friend ${t.name}: WS ${f.spec.profile.WS} against DS ${sum(t, 'DS')}: need ${why}; D12 ${r}: ${res}.`,
    text('MONSTER SPECIAL RULES'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical')
    damage(st, ctx, f, t, w?.dd ?? f.spec.unarmedDd, helmetCounts(r, need), false);
}
