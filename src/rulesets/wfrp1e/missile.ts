// Missile fire: § Missile Fire from Combat Procedure to Missiles In Melee Combat, with § Firearms
// Chart, § Misfires and § Flying Creatures.
import { showSum, sumTerms, type Term } from '../../core/arith.js';
import type { FightContext } from '../../core/context.js';
import type { Choice } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import { lookup } from '../../core/table.js';
import { formatD100, isDouble, reverseD100 } from '../../dice/d100.js';
import { distance, formatPoint, formatYards, type Point } from '../../space/plane.js';
import { armourPoints, isHit, targetedPenalty, wornOn } from './rules.js';
import type { Band, Missile, MissileKind, Weapon } from './catalogue.js';
import { CITES, ours } from './cite.js';
import {
  BOMB_MISFIRES,
  BURNT_ROUND_EXPLODES,
  GROUP_BONUS_PER_CREATURE,
  GROUP_SEPARATION_YARDS,
  GUNPOWDER_MISFIRES,
  INTO_MELEE_PER_CREATURE,
  LARGE_OVER_FEET,
  MISSILE_MODIFIERS,
  RANGE_DAMAGE,
  REPRIMED_BS,
  SMALL_UNDER_FEET,
  STRESS_OUTCOMES,
  type StressOutcome,
} from './data/missile-tables.js';
import { PARTS, type Part } from './data/locations.js';
import {
  chooseLocation,
  damageDice,
  skillWith,
  deal,
  describeHelpless,
  isProneTarget,
  riderOrMount,
  shieldFor,
  surprisedNow,
  DAMAGE_DIE,
} from './blow.js';
import { addCond, dropHand, woundDirect } from './effects.js';
import { hitLocation } from './locate.js';
import { ruledTerms } from '../../core/rulings.js';
import { canSee, faceToward, gap, groupAround, inFront } from './scene.js';
import { d100, decide, namesOf, roll, say } from './say.js';
import {
  carrier,
  condsOf,
  current,
  engaged,
  handUsable,
  isRidden,
  isEngaged,
  type Fighter,
  type MissileState,
  type W1State,
  HANDS,
} from './state.js';

/** How far apart two combatants are for missile fire, with the flying rules applied. */
export interface Range {
  readonly yards: number;
  /** The band the shot falls in; null: out of range. */
  readonly band: Band | null;
  readonly note: string;
}

/** Yards on the ground between two combatants; without positions, those in contact are 2 yards apart. */
function groundYards(a: Fighter, b: Fighter): number {
  if (a.pos && b.pos) return distance(a.pos, b.pos);
  return a.target === b || b.target === a ? 2 : Infinity;
}

/** The band for `yards`, moved one band further for flying targets; null beyond the last. */
export function bandAt(m: Missile, yards: number, stepOut: boolean, halved: boolean): Band | null {
  const bands = halved
    ? m.bands.map((b) => ({
        ...b,
        upTo: Math.ceil(b.upTo / 2),
        es: typeof b.es === 'number' ? Math.ceil(b.es / 2) : b.es,
      }))
    : m.bands;
  const i = bands.findIndex((b) => yards <= b.upTo);
  if (i < 0) return null;
  const j = stepOut ? i + 1 : i;
  return (bands[j] as Band | undefined) ?? null;
}

/**
 * § Flying Creatures: at a flier, horizontal plus vertical distance and one band further; a flier
 * firing down counts the horizontal only (and misses from above its weapon's reach); air to air,
 * the lower one counts as on the ground.
 */
export function missileRange(firer: Fighter, target: Fighter, w: Weapon, halved = false): Range {
  const m = w.missile as Missile;
  const ground = groundYards(firer, target);
  const max = (m.bands[m.bands.length - 1] as Band).upTo;
  if (target.alt > firer.alt) {
    const yards = ground + (target.alt - firer.alt);
    return {
      yards,
      band: bandAt(m, yards, true, halved),
      note: `${formatYards(ground)} across + ${formatYards(target.alt - firer.alt)} up, one band further at a flier`,
    };
  }
  if (firer.alt > target.alt) {
    const tooHigh = firer.alt - target.alt > max;
    return {
      yards: ground,
      band: tooHigh ? null : bandAt(m, ground, false, halved),
      note: tooHigh
        ? `from ${formatYards(firer.alt)} up, beyond the weapon's reach`
        : `firing down: ${formatYards(ground)} across counts`,
    };
  }
  if (target.alt > 0)
    return {
      yards: ground,
      band: bandAt(m, ground, true, halved),
      note: 'fliers at one height: one band further',
    };
  return { yards: ground, band: bandAt(m, ground, false, halved), note: '' };
}

/** The missile weapon in a usable hand (both hands for a two-handed one). */
export function heldMissile(st: W1State, f: Fighter): Weapon | null {
  if (!st.missiles) return null;
  for (const hand of HANDS) {
    const w = f[hand];
    if (!w?.missile) continue;
    if (!handUsable(f, hand, st.round)) continue;
    if (w.hands === 2 && (!handUsable(f, 'right', st.round) || !handUsable(f, 'left', st.round))) continue;
    return w;
  }
  return null;
}

function stateOf(f: Fighter, w: Weapon): MissileState {
  let ms = f.missiles.get(w.id);
  if (!ms) {
    ms = {
      loaded: 0,
      loading: 0,
      ammo: 0,
      broken: null,
      reprime: false,
      reprimed: false,
      damp: false,
      stress: null,
    };
    f.missiles.set(w.id, ms);
  }
  return ms;
}

/** Draw, load, aim and fire in one round: bows, slings and thrown weapons; not in melee. */
function loadsInTheRound(m: Missile): boolean {
  return m.loadRounds === 0 && m.magazine === null;
}

/** A shot is ready, or can be readied within the round (§ Missile Fire, Draw/Load; § Missiles In Melee). */
export function canShoot(st: W1State, f: Fighter): boolean {
  const w = heldMissile(st, f);
  if (!w) return false;
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  if (ms.broken === 'destroyed' || ms.broken === 'ramrod' || ms.reprime) return false;
  if ((f.profile.BS ?? null) === null) return false;
  if (ms.loaded > 0 || ms.broken === 'burned') return true;
  return loadsInTheRound(m) && m.ammo !== null && ms.ammo > 0 && !isEngaged(st, f);
}

/** The weapon needs rounds of loading (or repriming, or refilling) and there is something to load. */
export function canLoad(st: W1State, f: Fighter): boolean {
  const w = heldMissile(st, f);
  if (!w || isEngaged(st, f)) return false;
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  if (ms.broken !== null) return false;
  if (ms.reprime) return true;
  if (m.magazine !== null) return ms.loaded < m.magazine && ms.ammo > 0;
  if (loadsInTheRound(m)) return false;
  // The lasso is its own ammunition: coiling it again needs nothing more.
  return ms.loaded < m.barrels && (ms.ammo > 0 || m.kind === 'lasso');
}

/** Enemies this combatant may shoot at: seen, in range, in front or not (it turns to fire). */
export function missileTargets(st: W1State, f: Fighter): Fighter[] {
  const w = heldMissile(st, f);
  if (!w) return [];
  return st.combatants.filter(
    (o) =>
      o.side !== f.side &&
      o.out === null &&
      !isRidden(o) &&
      canSee(st, f, o) &&
      missileRange(f, o, w).band !== null,
  );
}

/** Extreme range takes a round of aiming, and sharpshooting one more at short range. */
export function aimedLongEnough(st: W1State, f: Fighter, t: Fighter): boolean {
  return f.aim !== null && f.aim.target === t && f.aim.since < st.round;
}

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

/** What a shot is aimed at: one combatant, a group round one, and for sharpshooting a part. */
export interface ShotPlan {
  readonly target: Fighter;
  readonly group: boolean;
  readonly part: Part | null;
}

/** The choices of whom to shoot at, for a person and for the tactic. */
export function shotChoices(
  st: W1State,
  f: Fighter,
): { choices: Choice[]; plans: Map<string, ShotPlan>; suggested: string; refused: Choice[] } {
  const w = heldMissile(st, f);
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  const plans = new Map<string, ShotPlan>();
  let suggested = 'none';
  let best = Infinity;
  if (!w) return { choices, plans, suggested, refused };
  const targets = missileTargets(st, f);
  for (const o of st.combatants) {
    if (o.side === f.side || o.out !== null || targets.includes(o)) continue;
    const why = isRidden(o)
      ? `${o.name} is ridden: shots go at ${o.rider?.name}, and the rider-or-mount roll says who is struck`
      : !canSee(st, f, o)
        ? `${f.name} cannot see ${o.name}`
        : `${o.name} is ${formatYards(missileRange(f, o, w).yards)} away, beyond the ${w.name.toLowerCase()}'s extreme range`;
    refused.push({ key: combatantKey(o), label: why });
  }
  // Everyone in a group already offered: their own group is the same one (groups are by nearness).
  const offered = new Set<Fighter>();
  for (const t of targets) {
    const r = missileRange(f, t, w);
    const band = r.band as Band;
    const aimed = aimedLongEnough(st, f, t);
    const needsAim = band.band === 'extreme' && !aimed;
    const key = combatantKey(t);
    if (needsAim)
      refused.push({
        key,
        label: `${t.name} is at extreme range (${formatYards(r.yards)}): a round of aiming comes first`,
      });
    else {
      // § Sharpshooting: at short range only, at the shot as when aiming.
      const close = band.band === 'short' || band.band === 'point-blank';
      const part = f.aim?.target === t && aimed && close ? f.aim.part : null;
      const lost =
        f.aim?.target === t && f.aim.part && !close ? `; no longer at short range: an ordinary shot` : '';
      choices.push({
        key,
        label: `shoot at ${t.name}${part ? `'s ${part.name}` : ''} (${formatYards(r.yards)}, ${band.band} range${lost})`,
      });
      plans.set(key, { target: t, group: false, part });
      const score = r.yards + (isEngaged(st, t) ? 1000 : 0);
      if (score < best) {
        best = score;
        suggested = key;
      }
    }
    // A group is whoever stands in it, friends too: fire into it may strike any of them.
    const group = offered.has(t) ? [] : shotGroup(st, f, t);
    if (group.length > 1 && (!needsAim || !st.opt.extremeAimForGroups)) {
      const gkey = `group:${t.id}`;
      if (!plans.has(gkey) && !group.some((g) => plans.has(`group:${g.id}`))) {
        for (const g of group) offered.add(g);
        const friends = group.filter((g) => g.side === f.side);
        choices.push({
          key: gkey,
          label: `shoot into the group of ${group.length} around ${t.name} (+${GROUP_BONUS_PER_CREATURE * (group.length - 1)}${friends.length ? `; ${namesOf(friends)} among them` : ''})`,
        });
        plans.set(gkey, { target: t, group: true, part: null });
      }
    }
  }
  choices.push({ key: 'none', label: 'hold fire' });
  return { choices, plans, suggested, refused };
}

/** The group a shot at `t` goes into: everyone within 4 yards of it and of each other, but the firer. */
function shotGroup(st: W1State, f: Fighter, t: Fighter): Fighter[] {
  return groupAround(st, t, GROUP_SEPARATION_YARDS).filter((g) => g !== f);
}

/** Takes one shot out of the weapon, loading it within the round if that is how it works. */
function chamber(st: W1State, f: Fighter, w: Weapon, ms: MissileState): boolean {
  if (ms.loaded > 0) return true;
  const m = w.missile as Missile;
  if (!loadsInTheRound(m) || isEngaged(st, f) || ms.ammo <= 0) return false;
  ms.ammo--;
  ms.loaded = 1;
  return true;
}

/** Thrown away with the shot: gone from the hand (the lasso stays in it, to be coiled again). */
function thrownAway(m: Missile): boolean {
  return m.ammo === null && m.kind !== 'lasso';
}

/** After a shot: thrown weapons leave the hand (another is drawn if there is one). */
function spent(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  ms.loaded = Math.max(0, ms.loaded - 1);
  ms.reprimed = false;
  const m = w.missile as Missile;
  if (!thrownAway(m)) return;
  if (ms.ammo > 0) {
    ms.ammo--;
    ms.loaded = 1;
    return;
  }
  for (const hand of HANDS) {
    if (f[hand] === w) {
      f[hand] = null;
      if (w.hands === 2) f.right = f.left = null;
      break;
    }
  }
  say(st, ctx, 'item', `${f.name} has no more ${w.name.toLowerCase()}s to throw.`, CITES.missileProcedure, [
    f,
  ]);
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

function explodes(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  ms.broken = 'destroyed';
  ms.loaded = 0;
  automaticHit(st, ctx, f, f, pointBlankES(st, f, w), `the exploding ${w.name.toLowerCase()}`, null);
  for (const hand of HANDS) if (f[hand] === w) dropHand(st, ctx, f, hand, 'exploded', true);
}

/** § Missile Weapon Chart: a band's ES; C is the thrower's S; fire (F) and the lasso do no blow damage. */
export function effectiveStrength(st: W1State, f: Fighter, band: Band): number {
  return band.es === 'C' ? current(f, 'S', st.round) : typeof band.es === 'number' ? band.es : 0;
}

/** § Damage (missiles): a hit at long range does one less, at extreme two less; firearms' ES per band already says so. */
export function rangeDamage(m: Missile, band: Band): number {
  return m.kind === 'firearm' ? 0 : RANGE_DAMAGE[band.band];
}

/** The ES of the weapon's nearest band: a bomb's blast, a gun going off in someone's face or in the hand. */
function pointBlankES(st: W1State, f: Fighter, w: Weapon): number {
  return effectiveStrength(st, f, (w.missile as Missile).bands[0] as Band);
}

/**
 * An automatic hit at an effective strength (an exploding weapon, a bomb, a hung gun going off in
 * someone's face): D6 + ES − T − armour on `part`, or where a D100 says; a missile hit's criticals.
 */
function automaticHit(
  st: W1State,
  ctx: FightContext,
  by: Fighter,
  victim: Fighter,
  es: number,
  what: string,
  part: Part | null,
): void {
  const where =
    part ??
    hitLocation(ctx, victim, victim, d100(ctx, victim, `where ${what} strikes (D100 location)`), false).part;
  const d6 = roll(ctx, 6, victim, `damage from ${what} (D6)`);
  const T = current(victim, 'T', st.round);
  const afterT = d6 + es - T;
  const ap = armourPoints(wornOn(victim.armour, where.zone), shieldFor(victim, false), afterT, false);
  const wounds = Math.max(0, afterT - ap);
  say(
    st,
    ctx,
    'damage',
    `${what[0]?.toUpperCase()}${what.slice(1)} hits ${victim.name}'s ${where.name}: D6 ${d6} + ES ${es} − T ${T} − ${ap} armour = ${wounds} W.`,
    CITES.misfires,
    [victim],
  );
  deal(st, ctx, by, victim, where, wounds, true);
}

function isGunpowder(kind: MissileKind): boolean {
  return kind === 'firearm';
}

function isBomb(kind: MissileKind): boolean {
  return kind === 'bomb' || kind === 'incendiary';
}

/** One missile, from the roll to its effect. */
function fireOne(
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
    r = d100(
      ctx,
      f,
      `${w.name.toLowerCase()} at ${aimedAt} (need ${terms.length ? showSum('BS', bs, terms) : need} or less${stray && need + stray <= 100 ? `; ${need + 1}-${need + stray} hits someone else` : ''})`,
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

/** § Misfires: the gunpowder or bomb table. Returns the result (a partial burn still fires). */
function misfire(
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
function blaze(st: W1State, ctx: FightContext, by: Fighter, at: Point | null, struck: Fighter | null): void {
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

/** A round spent loading, reloading, repriming or refilling. */
export function loadRound(st: W1State, ctx: FightContext, f: Fighter): void {
  const w = heldMissile(st, f);
  if (!w || !canLoad(st, f)) {
    say(st, ctx, 'load', `${f.name} has nothing to load.`, CITES.missileProcedure, [f]);
    return;
  }
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  const name = w.name.toLowerCase();
  if (ms.reprime) {
    ms.reprime = false;
    ms.reprimed = true;
    say(st, ctx, 'load', `${f.name} reprimes the ${name}.`, CITES.misfires, [f]);
    return;
  }
  ms.loading++;
  if (m.magazine !== null) {
    const need = m.refillRounds ?? 1;
    if (ms.loading < need) {
      say(
        st,
        ctx,
        'load',
        `${f.name} refills the ${name}'s magazine: round ${ms.loading} of ${need}.`,
        CITES.missileChart,
        [f],
      );
      return;
    }
    const take = Math.min(m.magazine - ms.loaded, ms.ammo);
    ms.loaded += take;
    ms.ammo -= take;
    ms.loading = 0;
    say(
      st,
      ctx,
      'load',
      `${f.name}'s magazine is full again: ${ms.loaded} shots (${need} rounds to refill).`,
      CITES.missileChart,
      [f],
    );
    return;
  }
  if (ms.loading < m.loadRounds) {
    say(
      st,
      ctx,
      'load',
      `${f.name} loads the ${name}: round ${ms.loading} of ${m.loadRounds}${m.perBarrel ? ` for barrel ${ms.loaded + 1}` : ''}.`,
      m.kind === 'firearm' ? CITES.firearmsChart : CITES.missileChart,
      [f],
    );
    return;
  }
  ms.loading = 0;
  ms.loaded++;
  if (m.kind !== 'lasso') ms.ammo--;
  ms.damp = false;
  say(
    st,
    ctx,
    'load',
    `${f.name}'s ${name} is loaded${m.barrels > 1 ? ` (${ms.loaded} of ${m.barrels} barrels)` : ''}.`,
    m.kind === 'firearm' ? CITES.firearmsChart : CITES.missileChart,
    [f],
  );
  if (m.kind === 'firearm' && st.opt.reloadStress) underStress(st, ctx, f, w, ms);
}

/** § Firearm Reload Times (optional): with enemies close, a Dex test; failure brings a mishap by how badly. */
function underStress(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  const near = st.combatants.some((o) => o.side !== f.side && o.out === null && gap(f, o) <= 24);
  if (!near) return;
  const dex = current(f, 'Dex', st.round);
  const r = d100(ctx, f, `Dex test reloading under stress (need ${dex} or less)`);
  if (r <= dex) {
    say(
      st,
      ctx,
      'stress',
      `${f.name} reloads under stress: Dex test D100 ${formatD100(r)} ≤ ${dex}, all well.`,
      CITES.reloadTimes,
      [f],
    );
    return;
  }
  const by = Math.min(100, r - dex);
  const suggested = lookup(STRESS_OUTCOMES, by);
  const labels: Record<StressOutcome, string> = {
    slow: '−10 I on the firing round',
    'extra-round': 'another round of reloading',
    misfire: 'an automatic misfire',
    'no-powder': 'forgot the powder: a click, nothing else',
    'no-shot': 'forgot the shot: a bang, no damage',
    ramrod: 'the ramrod left in the barrel: fires at triple damage, then useless',
  };
  const pick = decide(
    ctx,
    null,
    'stress',
    `GM: ${f.name} failed the Dex test by ${by}: which mishap?`,
    (Object.keys(labels) as StressOutcome[]).map((k) => ({ key: k, label: labels[k] })),
    suggested,
  ) as StressOutcome;
  say(
    st,
    ctx,
    'stress',
    `${f.name} fumbles the reload (Dex test D100 ${formatD100(r)} > ${dex}, by ${by}): ${labels[pick]}.`,
    CITES.reloadTimes,
    [f],
    { by, mishap: pick },
  );
  if (pick === 'extra-round') {
    ms.loaded = Math.max(0, ms.loaded - 1);
    ms.ammo++;
    ms.loading = Math.max(0, (w.missile as Missile).loadRounds - 1);
    return;
  }
  ms.stress = pick;
}

/** § Misfires, hang fire: the weapon goes off in the round after, at the combatant's turn. */
export function hangFire(st: W1State, ctx: FightContext, f: Fighter): void {
  const h = f.hangFire;
  if (!h || h.round !== st.round) return;
  f.hangFire = null;
  const ms = stateOf(f, h.weapon);
  const lookers = st.combatants.filter(
    (o) => o.out === null && o.pos && f.pos && distance(o.pos, f.pos) <= 3,
  );
  const choices: Choice[] = [
    { key: 'nobody', label: 'nobody' },
    ...lookers.map((o) => ({ key: combatantKey(o), label: o.name })),
  ];
  const pick = decide(
    ctx,
    null,
    'hang-fire',
    `GM: is anyone looking down the barrel of ${f.name}'s hung ${h.weapon.name.toLowerCase()}?`,
    choices,
    'nobody',
  );
  const looker = lookers.find((o) => combatantKey(o) === pick);
  if (looker) {
    say(
      st,
      ctx,
      'misfire',
      `The hung ${h.weapon.name.toLowerCase()} goes off in ${looker.name}'s face: an automatic point-blank head shot.`,
      CITES.misfires,
      [f, looker],
    );
    ms.loaded = 0;
    automaticHit(
      st,
      ctx,
      f,
      looker,
      pointBlankES(st, f, h.weapon),
      `${f.name}'s ${h.weapon.name.toLowerCase()}`,
      PARTS.head,
    );
    return;
  }
  if (h.target.out === null && heldMissile(st, f) === h.weapon) {
    say(st, ctx, 'misfire', `The hung ${h.weapon.name.toLowerCase()} goes off at last.`, CITES.misfires, [f]);
    ms.loaded = Math.max(1, ms.loaded);
    fireOne(st, ctx, f, h.weapon, ms, { target: h.target, group: false, part: null });
  } else {
    ms.loaded = 0;
    say(st, ctx, 'misfire', `The hung ${h.weapon.name.toLowerCase()} goes off harmlessly.`, CITES.misfires, [
      f,
    ]);
  }
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

/** Entangled combatants try to free themselves: an S test (ours). */
export function struggle(st: W1State, ctx: FightContext, f: Fighter): void {
  const c = f.conds.find((x) => x.kind === 'entangled' && x.from <= st.round && st.round <= x.until);
  if (!c || f.out !== null) return;
  const S = current(f, 'S', st.round) * 10;
  const r = d100(ctx, f, `S test to get free (need ${S} or less)`);
  if (r <= S) {
    f.conds = f.conds.filter((x) => x !== c);
    say(st, ctx, 'entangle', `${f.name} gets free: S test D100 ${formatD100(r)} ≤ ${S}.`, ours('Lassos'), [
      f,
    ]);
  } else {
    say(
      st,
      ctx,
      'entangle',
      `${f.name} is still entangled: S test D100 ${formatD100(r)} > ${S}.`,
      ours('Lassos'),
      [f],
    );
  }
}
