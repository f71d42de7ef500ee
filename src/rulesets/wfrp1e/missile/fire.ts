// § Missile Fire from Combat Procedure to § Missiles In Melee Combat: a shot fired, from the roll to its
// effect, and whom it strikes.
import { showSum, sumTerms, type Term } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import { formatD100, isDouble, reverseD100 } from '../../../dice/d100.js';
import { formatYards } from '../../../space/plane.js';
import { armourPoints, isHit, targetedPenalty, wornOn } from '../rules.js';
import type { Band, Missile, Weapon } from '../catalogue.js';
import { CITES, ours } from '../cite.js';
import {
  BURNT_ROUND_EXPLODES,
  GROUP_BONUS_PER_CREATURE,
  INTO_MELEE_PER_CREATURE,
  LARGE_OVER_FEET,
  MISSILE_MODIFIERS,
  REPRIMED_BS,
  SMALL_UNDER_FEET,
} from '../data/missile-tables.js';
import type { Part } from '../data/locations.js';
import {
  chooseLocation,
  DAMAGE_DIE,
  damageDice,
  deal,
  describeHelpless,
  isProneTarget,
  riderOrMount,
  shieldFor,
  skillWith,
  surprisedNow,
} from '../blow.js';
import { addCond } from '../effects.js';
import { harmless } from '../creatures.js';
import { hitLocation } from '../locate.js';
import { ruledAhead, ruledTerms } from '../../../core/rulings.js';
import { faceToward, inFront } from '../scene.js';
import { d100, roll, say } from '../say.js';
import {
  carrier,
  condsOf,
  current,
  engaged,
  type Fighter,
  isEngaged,
  type MissileState,
  type W1State,
} from '../state.js';
import { blaze, burst } from './bombs.js';
import { effectiveStrength, rangeDamage } from './hits.js';
import { chamber, spent, stateOf } from './loading.js';
import { explodes, isBomb, isGunpowder, misfire } from './misfires.js';
import { heldMissile, missileRange } from './range.js';
import { shotGroup, type ShotPlan } from './targets.js';

/** § Missile Fire, To Hit Modifiers and the rest of what changes the chance. */
function missileTerms(
  st: W1State,
  f: Fighter,
  t: Fighter,
  w: Weapon,
  ms: MissileState,
  band: Band,
  groupSize: number,
  part: Part | null,
): Term[] {
  const terms: Term[] = [];
  const M = MISSILE_MODIFIERS;
  if (t.height < SMALL_UNDER_FEET) terms.push({ label: 'small target', value: M.small });
  if (t.height > LARGE_OVER_FEET) terms.push({ label: 'large target', value: M.large });
  const mount = f.mount;
  if (mount && (mount.moved > 0 || mount.alt > 0 || mount.flying))
    terms.push({ label: 'from a moving mount', value: M.movingMount });
  const mover = carrier(t);
  const rate = mover.rate ?? (mover.acted || t.acted ? null : mover.prevRate);
  if (rate === 'evading') terms.push({ label: 'evading target', value: M.evading });
  else if (rate === 'running') terms.push({ label: 'running target', value: M.running });
  if (band.band === 'long') terms.push({ label: 'long range', value: M.long });
  if (band.band === 'extreme') terms.push({ label: 'extreme range', value: M.extreme });
  if ((w.missile as Missile).improvised) terms.push({ label: 'improvised missile', value: M.improvised });
  const cover = t.spec.cover;
  if (cover === 'soft') terms.push({ label: 'soft cover', value: M.softCover });
  if (cover === 'hard') terms.push({ label: 'hard cover', value: M.hardCover });
  if (groupSize > 1)
    terms.push({ label: `a group of ${groupSize}`, value: GROUP_BONUS_PER_CREATURE * (groupSize - 1) });
  // § Targeted Blows: the penalty goes against a surprised target (a prone one is hit automatically).
  if (part && !surprisedNow(st, t))
    terms.push({ label: `sharpshooting at the ${part.name}`, value: targetedPenalty(part) });
  if (ms.reprimed) terms.push({ label: 'reprimed after a flash in the pan', value: REPRIMED_BS });
  for (const c of condsOf(f, 'toHit', st.round)) terms.push({ label: c.why, value: c.value ?? 0 });
  return terms;
}

/** Fires the held missile weapon as planned: one shot, or the repeating crossbow's two, or every loaded barrel. */
export function shoot(st: W1State, ctx: FightContext, f: Fighter, plan: ShotPlan): void {
  const w = heldMissile(st, f);
  if (!w) return;
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  if (ms.broken === 'burned') {
    const r = d100(ctx, f, `the burnt-round weapon: explodes on ${BURNT_ROUND_EXPLODES} or less`);
    if (r <= BURNT_ROUND_EXPLODES) {
      say(
        st,
        ctx,
        'misfire',
        `${f.name} tries the ruined ${w.name.toLowerCase()}: D100 ${formatD100(r)} ≤ ${BURNT_ROUND_EXPLODES}, it explodes.`,
        CITES.misfires,
        [f],
      );
      explodes(st, ctx, f, w, ms);
    } else {
      say(
        st,
        ctx,
        'misfire',
        `${f.name} tries the ruined ${w.name.toLowerCase()}: D100 ${formatD100(r)}; it does not fire.`,
        CITES.misfires,
        [f],
      );
    }
    return;
  }
  if (ms.damp && m.kind === 'firearm') {
    ms.loaded = 0;
    ms.damp = false;
    say(
      st,
      ctx,
      'misfire',
      `${f.name}'s ${w.name.toLowerCase()} clicks: the powder is damp. It must be reloaded.`,
      CITES.damp,
      [f],
    );
    return;
  }
  const shots = m.kind === 'firearm' && m.barrels > 1 ? Math.max(1, ms.loaded) : m.shots;
  for (let i = 0; i < shots; i++) {
    if (f.out !== null || plan.target.out !== null) break;
    if (!chamber(st, f, w, ms)) break;
    faceToward(f, plan.target);
    fireOne(st, ctx, f, w, ms, plan);
    if (heldMissile(st, f) !== w) break;
  }
  f.aim = null;
}

/** One missile, from the roll to its effect. */
export function fireOne(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  w: Weapon,
  ms: MissileState,
  plan: ShotPlan,
): void {
  const m = w.missile as Missile;
  const stress = ms.stress;
  ms.stress = null;
  let halved = false;
  let range = missileRange(f, plan.target, w);
  if (!range.band) {
    say(
      st,
      ctx,
      'idle',
      `${plan.target.name} is out of range of the ${w.name.toLowerCase()}.`,
      CITES.missileChart,
      [f, plan.target],
    );
    spent(st, ctx, f, w, ms);
    return;
  }
  const group = plan.group ? shotGroup(st, f, plan.target) : [plan.target];
  const { skill: bs, unskilled } = skillWith(st, f, w, 'BS');
  const terms = missileTerms(st, f, plan.target, w, ms, range.band, group.length, plan.part);
  let need = sumTerms(bs, terms);
  const verb = m.kind === 'thrown' || isBomb(m.kind) ? 'throws' : 'shoots';
  const aimedAt = plan.group ? `the group of ${group.length} around ${plan.target.name}` : plan.target.name;
  const rangeText = () =>
    `${formatYards(range.yards)}, ${(range.band as Band).band} range${range.note ? `: ${range.note}` : ''}`;
  // § Prone and Static Targets: hits "determined in the same way as for hand-to-hand": automatic, double damage.
  const helpless = !plan.group && isProneTarget(st, plan.target);
  // § Missiles In Melee Combat: 5% per other creature in the group fighting; never for a sharpshot,
  // which "will not hit another area or individual".
  const melee =
    !plan.group && !helpless && !plan.part && isEngaged(st, plan.target) && !engaged(f, plan.target);
  const others = melee ? shotGroup(st, f, plan.target).filter((o) => o !== plan.target) : [];
  const stray = others.length * INTO_MELEE_PER_CREATURE;
  let r: number | null = null;
  if (helpless) {
    say(
      st,
      ctx,
      'shot',
      `${f.name} ${verb} the ${w.name.toLowerCase()} at the ${describeHelpless(st, plan.target)} ${plan.target.name} (${rangeText()}): hit automatically.`,
      CITES.prone,
      [f, plan.target],
    );
  } else {
    // What the shot needs with any modifier the GM gave for it, and past it the rolls that stray.
    const shown = [...terms, ...ruledAhead(ctx)];
    const upTo = sumTerms(bs, shown);
    r = d100(
      ctx,
      f,
      `${w.name.toLowerCase()} at ${aimedAt} (need ${shown.length ? showSum('BS', bs, shown) : need} or less${stray && upTo + stray <= 100 ? `; ${upTo + 1}-${upTo + stray} hits someone else` : ''})`,
      DAMAGE_DIE,
    );
    terms.push(...ruledTerms(ctx));
    need = sumTerms(bs, terms);
    if (ctx.explain) {
      const base = `BS${unskilled ? ' (unskilled: specialist weapon)' : ''}`;
      say(
        st,
        ctx,
        'shot',
        `${f.name} ${verb} the ${w.name.toLowerCase()} at ${aimedAt} (${rangeText()}): D100 ${formatD100(r)} against ${showSum(base, bs, terms)}.`,
        CITES.missileProcedure,
        [f, plan.target],
        { roll: r, need, yards: Math.round(range.yards * 10) / 10, band: range.band.band },
      );
    }
    // § Misfires: any double rolled to hit, with gunpowder or a bomb.
    if ((isGunpowder(m.kind) || isBomb(m.kind)) && (isDouble(r) || stress === 'misfire')) {
      const outcome = misfire(st, ctx, f, w, ms, plan, r);
      if (outcome !== 'partial-burn') return;
      halved = true;
      range = missileRange(f, plan.target, w, true);
      if (!range.band) {
        say(
          st,
          ctx,
          'miss',
          `With half the powder the shot falls short of ${plan.target.name}.`,
          CITES.misfires,
          [f],
        );
        spent(st, ctx, f, w, ms);
        return;
      }
    }
  }
  if (stress === 'no-powder' || stress === 'no-shot') {
    say(
      st,
      ctx,
      'misfire',
      stress === 'no-powder'
        ? `A heart-warming click: ${f.name} forgot the powder.`
        : `A loud bang and nothing else: ${f.name} forgot the shot.`,
      CITES.reloadTimes,
      [f],
    );
    spent(st, ctx, f, w, ms);
    return;
  }
  const struckOne = r === null ? plan.target : whoIsHit(st, ctx, f, plan, group, others, r, need, stray);
  if (!struckOne) {
    say(
      st,
      ctx,
      'miss',
      `Missed${plan.part ? ': a sharpshot that misses hits nothing' : ''}.`,
      plan.part ? CITES.sharpshooting : CITES.missileProcedure,
      [f],
    );
    spent(st, ctx, f, w, ms);
    return;
  }
  f.stats.hits++;
  if (isBomb(m.kind)) {
    spent(st, ctx, f, w, ms);
    if (m.kind === 'bomb') burst(st, ctx, f, w, struckOne.pos, struckOne);
    else blaze(st, ctx, f, struckOne.pos, struckOne);
    return;
  }
  const struck = helpless ? struckOne : riderOrMount(st, ctx, f, struckOne, plan.part !== null);
  // The creatures' own rules: a missile that cannot hurt it goes through (or bounces off).
  if (harmless(st, ctx, f, w, struck)) {
    spent(st, ctx, f, w, ms);
    return;
  }
  const fromRear = !inFront(struck, f);
  let part: Part;
  if (helpless) {
    part = chooseLocation(ctx, f, struck, plan.part);
  } else if (plan.part && struck === plan.target) {
    part = plan.part;
  } else {
    const loc = hitLocation(ctx, f, struck, reverseD100(r as number), fromRear);
    part = loc.part;
    if (ctx.explain)
      say(
        st,
        ctx,
        'location',
        `Hit location: ${formatD100(r as number)} reversed is ${loc.steps.join('; ')}.`,
        CITES.missileProcedure,
        [f, struck],
      );
  }
  const band = range.band;
  if (band.es === null) {
    // The lasso: no damage; the target is caught (ours: entangled until it frees itself).
    addCond(struck, {
      kind: 'entangled',
      from: st.round,
      until: Infinity,
      test: { char: 'S', fail: 'stay' },
      why: `caught by ${f.name}'s ${w.name.toLowerCase()}`,
    });
    say(
      st,
      ctx,
      'entangle',
      `${struck.name} is caught in the ${w.name.toLowerCase()}: entangled until an S test frees it (ours).`,
      ours('Lassos'),
      [f, struck],
    );
    spent(st, ctx, f, w, ms);
    return;
  }
  const es = effectiveStrength(st, f, band);
  const fromRange = rangeDamage(m, band);
  const T = current(struck, 'T', st.round);
  const { dice, extra } = damageDice(st, ctx, f, bs, 'BS');
  const afterT = (dice[0] as number) + extra + es + fromRange - T;
  const ap: Term[] | null = ctx.explain ? [] : null;
  const apTotal = armourPoints(wornOn(struck.armour, part.zone), shieldFor(struck, false), afterT, false, ap);
  const base = Math.max(0, afterT - apTotal);
  const doubled = helpless ? base * 2 : base;
  const wounds = stress === 'ramrod' ? doubled * 3 : doubled;
  if (ctx.explain) {
    const parts = [
      `D6 ${dice[0]}${dice.length > 1 ? `, additional ${dice.slice(1).join(' + ')}` : ''}`,
      `+ ES ${es}${band.es === 'C' ? ' (thrower’s S)' : ''}${halved ? ' (halved)' : ''}`,
    ];
    if (fromRange !== 0) parts.push(`− ${-fromRange} ${band.band} range`);
    parts.push(`− T ${T}`);
    for (const t of ap ?? []) parts.push(`− ${t.value} ${t.label}`);
    const after = `${helpless ? `, doubled against a helpless target = ${doubled}` : ''}${stress === 'ramrod' ? `, tripled by the ramrod = ${wounds}` : ''}`;
    say(
      st,
      ctx,
      'damage',
      `Damage to ${struck.name}'s ${part.name}: ${parts.join(' ')} = ${base}${after} W.`,
      helpless ? CITES.prone : CITES.missileDamage,
      [f, struck],
      { dice, es, T, armour: apTotal, wounds },
    );
  }
  if (stress === 'ramrod') {
    ms.broken = 'ramrod';
    say(
      st,
      ctx,
      'misfire',
      `The ramrod goes with the shot: the ${w.name.toLowerCase()} is useless until it is found.`,
      CITES.reloadTimes,
      [f],
    );
  }
  spent(st, ctx, f, w, ms);
  if (struck.asleep) struck.asleep = false;
  deal(st, ctx, f, struck, part, wounds, true);
}

/**
 * Who a rolled shot strikes: its target (or one of the group) on a hit; in a melee, a miss by no
 * more than the stray chance strikes one of the others. "If the firer's BS is not very high, no
 * extra roll should be needed": the stray chance sits above the BS on the same roll; where that
 * would pass 100, a second D100 after a miss decides, so a better shot never hits its man less often.
 */
function whoIsHit(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  plan: ShotPlan,
  group: readonly Fighter[],
  others: readonly Fighter[],
  r: number,
  need: number,
  stray: number,
): Fighter | null {
  if (isHit(r, need)) return plan.group ? pickFrom(ctx, f, group, 'which of the group is hit') : plan.target;
  if (stray === 0) return null;
  if (need + stray <= 100) {
    if (r > need + stray) return null;
    const other = pickFrom(ctx, f, others, 'whom the stray missile hits (the GM’s random pick)');
    say(
      st,
      ctx,
      'stray',
      `${formatD100(r)} is within ${need + 1}-${need + stray} (${others.length} others × ${INTO_MELEE_PER_CREATURE}%): the missile hits ${other.name} instead.`,
      CITES.missilesInMelee,
      [f, other],
    );
    return other;
  }
  const x = d100(ctx, f, `does the missile hit someone else? (${stray} or less)`);
  if (x > stray) return null;
  const other = pickFrom(ctx, f, others, 'whom the stray missile hits (the GM’s random pick)');
  say(
    st,
    ctx,
    'stray',
    `A miss, but the melee is thick: D100 ${formatD100(x)} ≤ ${stray} (${others.length} others × ${INTO_MELEE_PER_CREATURE}%): the missile hits ${other.name}.`,
    CITES.missilesInMelee,
    [f, other],
  );
  return other;
}

function pickFrom(ctx: FightContext, f: Fighter, from: readonly Fighter[], why: string): Fighter {
  if (from.length === 1) return from[0] as Fighter;
  const k = roll(ctx, from.length, f, `${why} (D${from.length})`);
  return from[k - 1] as Fighter;
}
