// Conditions, wounds and criticals: how an effect changes a combatant, and what the engine then enforces.
import type { FightContext } from '../../core/context.js';
import type { Cite } from '../../core/events.js';
import { removeAt, type OutReason } from '../../core/state.js';
import { lookup } from '../../core/table.js';
import { formatD100 } from '../../dice/d100.js';
import type { Weapon } from './catalogue.js';
import { CITES, cite, ours } from './cite.js';
import {
  CRITICAL_CHART,
  CRITICAL_EFFECTS,
  SUDDEN_DEATH_KILLS_FROM,
  type CharName,
  type Consequences,
  type Duration,
} from './data/criticals.js';
import { PARTS, type Part } from './data/locations.js';
import { hitLocation } from './locate.js';
import { LAMP_FIRE_CHANCE, LIGHT_GOES_OUT, SLAIN_MOUNT_TABLE } from './data/tables.js';
import { freePointNear, offset } from '../../space/plane.js';
import { othersThan, setPos } from './scene.js';
import { applyWounds, armourPoints, criticalColumn, suddenDeathKills, testTarget, wornOn } from './rules.js';
import { d100, roll, say } from './say.js';
import {
  HANDS,
  current,
  heldItems,
  isPercent,
  type Bleeding,
  type Cond,
  type Fighter,
  type W1State,
} from './state.js';

const OUT_WORDS: Readonly<Record<OutReason, string>> = {
  dead: 'is dead',
  dying: 'is dying',
  unconscious: 'is unconscious',
  helpless: 'is helpless',
  fled: 'has fled',
  left: 'has left the fight',
  absent: 'is not in the fight',
};

/** The last round a duration covers, counting from this round. */
export function until(st: W1State, ctx: FightContext, f: Fighter, d: Duration, why: string): number {
  if (d === 'med') return Infinity;
  if (typeof d === 'number') return st.round + d;
  return st.round + roll(ctx, Number(d.slice(1)), f, `rounds of ${why} (${d})`);
}

export function addCond(f: Fighter, c: Cond): void {
  f.conds.push(c);
}

/** Takes a combatant out of the fight, with what follows from it (a rider's fall, a broken hold). */
export function takeOut(st: W1State, ctx: FightContext, f: Fighter, reason: OutReason, why: string): void {
  if (f.out !== null && !(f.out !== 'dead' && reason === 'dead')) return;
  const was = f.out;
  f.out = reason;
  say(st, ctx, 'out', `${f.name} ${OUT_WORDS[reason]} (${why}).`, CITES.criticals, [f], { reason });
  f.flee = null;
  if (f.hold) {
    f.hold.other.hold = null;
    f.hold = null;
  }
  if (was === null && reason === 'fled' && f.mount && f.mount.out === null) {
    takeOut(st, ctx, f.mount, 'fled', `carrying ${f.name} off`);
  }
  if (was === null && f.rider && f.rider.out === null) {
    if (reason === 'fled') {
      takeOut(st, ctx, f.rider, 'fled', `carried off by ${f.name}`);
    } else if (st.dismount) {
      st.dismount(st, ctx, f.rider, f);
    } else {
      slainMount(st, ctx, f.rider, f);
    }
  }
}

/** § Slain Mounts: the rider's D100. */
function slainMount(st: W1State, ctx: FightContext, rider: Fighter, mount: Fighter): void {
  rider.mount = null;
  mount.rider = null;
  const r = d100(ctx, rider, 'slain mount');
  const result = lookup(SLAIN_MOUNT_TABLE, r);
  if (rider.pos) {
    // On foot now: beside the fallen mount (thrown: D4 yards off, below), never on top of anyone.
    setPos(rider, freePointNear(rider.pos, rider.radius, othersThan(st, rider)));
  }
  if (result === 'dismounted') {
    say(
      st,
      ctx,
      'slain-mount',
      `${rider.name}'s mount is down: D100 ${formatD100(r)} (01-70): dismounted, fights on foot.`,
      CITES.mounted,
      [rider],
    );
    return;
  }
  if (result === 'thrown') {
    const yards = roll(ctx, 4, rider, 'fall (D4 yards)');
    const direction = roll(ctx, 8, rider, 'thrown direction (D8)');
    say(
      st,
      ctx,
      'slain-mount',
      `${rider.name}'s mount is down: D100 ${formatD100(r)} (71-90): thrown ${yards} yards (direction ${direction}).`,
      CITES.mounted,
      [rider],
    );
    if (rider.pos)
      setPos(
        rider,
        freePointNear(offset(rider.pos, (direction - 1) * 45, yards), rider.radius, othersThan(st, rider)),
      );
    fall(st, ctx, rider, yards);
    addCond(rider, { kind: 'prone', from: st.round, until: st.round + 1, why: 'thrown from the saddle' });
    return;
  }
  const S = current(mount, 'S', st.round);
  say(
    st,
    ctx,
    'slain-mount',
    `${rider.name}'s mount is down: D100 ${formatD100(r)} (91-00): trapped under it, ${S} W (the mount's S); an S test each round to crawl out.`,
    CITES.mounted,
    [rider],
  );
  woundDirect(st, ctx, rider, PARTS.body, S, null, 'crushed under the mount');
  addCond(rider, {
    kind: 'trapped',
    from: st.round,
    until: Infinity,
    test: { char: 'S', fail: 'stay' },
    why: 'trapped under the mount',
  });
}

/** A fall of `yards` (ours: one hit of S equal to the yards, D6 + S − T, armour counts). */
function fall(st: W1State, ctx: FightContext, f: Fighter, yards: number): void {
  const d6 = roll(ctx, 6, f, 'fall damage (D6)');
  const T = current(f, 'T', st.round);
  const loc = d100(ctx, f, 'fall: where it lands (D100)');
  const part = hitLocation(ctx, f, f, loc, false).part;
  const afterT = d6 + yards - T;
  const ap = armourPoints(wornOn(f.armour, part.zone), false, afterT, false);
  const wounds = Math.max(0, afterT - ap);
  say(
    st,
    ctx,
    'fall',
    `${f.name} falls ${yards} yards: D6 ${d6} + ${yards} − T ${T} − ${ap} armour = ${wounds} on the ${part.name}.`,
    ours('Falls'),
    [f],
  );
  woundDirect(st, ctx, f, part, wounds, null, 'the fall');
}

/** Puts down what a hand holds; lights may go out or set oil alight (§ Actions, Drop). */
export function dropHand(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  hand: 'right' | 'left',
  why: string,
  destroy = false,
): void {
  const item = f[hand];
  if (!item) return;
  if (item.hands === 2) {
    f.right = null;
    f.left = null;
  } else {
    f[hand] = null;
  }
  if (destroy) {
    say(
      st,
      ctx,
      'item',
      `${f.name}'s ${item.name.toLowerCase()} is destroyed (${why}).`,
      CITES.criticalEffects,
      [f],
    );
    return;
  }
  f.ground.push(item);
  say(st, ctx, 'drop', `${f.name} drops the ${item.name.toLowerCase()} (${why}).`, CITES.drop, [f]);
  if (item.light) dropLight(st, ctx, f, item);
}

export function dropAll(st: W1State, ctx: FightContext, f: Fighter, why: string, keepShield: boolean): void {
  for (const hand of HANDS) {
    const item = f[hand];
    if (item && !(keepShield && item.shield)) dropHand(st, ctx, f, hand, why);
  }
}

function dropLight(st: W1State, ctx: FightContext, f: Fighter, item: Weapon): void {
  const kind = item.light as keyof typeof LIGHT_GOES_OUT;
  const outChance = LIGHT_GOES_OUT[kind];
  const r = d100(ctx, f, `does the dropped ${kind} go out? (out on ${outChance} or less)`);
  if (r <= outChance) {
    say(st, ctx, 'light', `The ${kind} goes out: D100 ${formatD100(r)} ≤ ${outChance}.`, CITES.drop, [f]);
    return;
  }
  if (kind === 'candle' || kind === 'torch') {
    say(st, ctx, 'light', `The ${kind} stays lit: D100 ${formatD100(r)} > ${outChance}.`, CITES.drop, [f]);
    return;
  }
  const fire = d100(ctx, f, `does the ${kind} catch fire? (on ${LAMP_FIRE_CHANCE} or less)`);
  if (fire > LAMP_FIRE_CHANCE) {
    say(
      st,
      ctx,
      'light',
      `The ${kind} stays lit (D100 ${formatD100(r)} > ${outChance}) and does not catch fire (D100 ${formatD100(fire)} > ${LAMP_FIRE_CHANCE}).`,
      CITES.drop,
      [f],
    );
    return;
  }
  const feet = roll(ctx, 4, f, 'burning pool diameter (2D4 feet)', 2);
  const rounds = roll(ctx, 4, f, 'rounds the oil burns (D4)');
  st.pools.push({ by: f, at: f.pos, feet, roundsLeft: rounds });
  say(
    st,
    ctx,
    'fire',
    `The ${kind} catches fire (D100 ${formatD100(fire)} ≤ ${LAMP_FIRE_CHANCE}): a pool of burning oil ${feet} feet across for ${rounds} rounds, 2D4 W a round to anyone in it.`,
    CITES.drop,
    [f],
  );
}

/**
 * W lost straight from a cause that is not a blow (bleeding, fire, a fall already reduced):
 * W never go below 0, and what is left over is a critical on `part`, played unless `crits` is
 * false. Returns the critical's value (0: none), so that the exact duel may play it apart.
 */
export function woundDirect(
  st: W1State,
  ctx: FightContext,
  victim: Fighter,
  part: Part,
  wounds: number,
  attacker: Fighter | null,
  why: string,
  crits = true,
): number {
  if (wounds <= 0) return 0;
  const before = victim.W;
  const r = applyWounds(victim.W, wounds);
  victim.W = r.W;
  victim.stats.woundsTaken += wounds;
  if (ctx.explain) {
    say(
      st,
      ctx,
      'wounds',
      `${victim.name} loses ${wounds} W to ${why}: W ${before} → ${r.W}${r.critical > 0 ? `, critical value +${r.critical}` : ''}.`,
      CITES.criticals,
      [victim],
    );
  }
  if (r.critical > 0 && crits) critical(st, ctx, victim, part, r.critical, attacker);
  return r.critical;
}

/**
 * A critical hit of `value` on `part`: the detailed chart and its effect, or Sudden Death
 * (the option, or a victim marked for it by an earlier wound).
 */
export function critical(
  st: W1State,
  ctx: FightContext,
  victim: Fighter,
  part: Part,
  value: number,
  attacker: Fighter | null,
  suddenDeath = false,
  how: CriticalHow = PLAIN_CHART,
): CriticalResult | null {
  if (victim.out === 'dead') return null;
  // Counted for the figures as a critical one combatant caused another (bleeding and the like are not).
  if (attacker) {
    attacker.stats.criticalsDealt++;
    victim.stats.criticalsTaken++;
  }
  const col = criticalColumn(value);
  if (suddenDeath || st.opt.criticals === 'sudden-death' || victim.suddenDeath) {
    const r = d100(
      ctx,
      victim,
      ctx.words
        ? `Sudden Death critical +${value} (killed on ${SUDDEN_DEATH_KILLS_FROM[col - 1]} or more)`
        : '',
    );
    suddenDeathCritical(st, ctx, victim, part, value, r, suddenDeath);
    return null;
  }
  const rolled = d100(
    ctx,
    victim,
    ctx.words
      ? `critical hit +${value} on the ${part.name} (D100 on the chart${how.rollModifier ? ` ${how.rollModifier > 0 ? '+' : '−'} ${Math.abs(how.rollModifier)}` : ''})`
      : '',
  );
  return chartCritical(st, ctx, victim, part, value, rolled, how);
}

/** § Sudden Death criticals, once the D100 `r` is rolled: killed on the column's figure or more. */
export function suddenDeathCritical(
  st: W1State,
  ctx: FightContext,
  victim: Fighter,
  part: Part,
  value: number,
  r: number,
  suddenDeath = false,
): void {
  const col = criticalColumn(value);
  const kills = suddenDeathKills(value, r);
  const why = suddenDeath
    ? ' (a missile hit: Sudden Death, as § Critical Hits of missile fire advises)'
    : victim.suddenDeath && st.opt.criticals !== 'sudden-death'
      ? ' (marked for Sudden Death by an earlier wound)'
      : '';
  if (ctx.explain) {
    say(
      st,
      ctx,
      'critical',
      `Sudden Death critical +${value} on the ${part.name}${why}: D100 ${formatD100(r)} ${kills ? '≥' : '<'} ${SUDDEN_DEATH_KILLS_FROM[col - 1]}: ${kills ? 'killed' : 'no effect'}.`,
      CITES.suddenDeath,
      [victim],
      { value, roll: r, killed: kills },
    );
  }
  if (kills) killPart(st, ctx, victim, part, 'Sudden Death critical');
}

/** § Critical Hits: the chart's cell for a critical of `value` on D100 `rolled` (with a variant's shift and ceiling). */
export function chartCell(
  value: number,
  rolled: number,
  how: CriticalHow,
): { readonly r: number; readonly effect: number; readonly applied: number; readonly flee: boolean } {
  const r = Math.min(100, Math.max(1, rolled + (how.rollModifier ?? 0)));
  const cell = (lookup(CRITICAL_CHART, r) as readonly { effect: number; flee: boolean }[])[
    criticalColumn(value) - 1
  ] as {
    effect: number;
    flee: boolean;
  };
  const applied = how.maxEffect !== undefined ? Math.min(cell.effect, how.maxEffect) : cell.effect;
  return { r, effect: cell.effect, applied, flee: cell.flee };
}

/** § Critical Hits, once the chart's D100 is rolled: its effect on the victim, and a forced flight. */
export function chartCritical(
  st: W1State,
  ctx: FightContext,
  victim: Fighter,
  part: Part,
  value: number,
  rolled: number,
  how: CriticalHow = PLAIN_CHART,
): CriticalResult {
  const col = criticalColumn(value);
  const { r, applied: chartEffect, ...cell } = chartCell(value, rolled, how);
  const effect = CRITICAL_EFFECTS[part.chart][chartEffect - 1];
  if (!effect) throw new Error(`no critical effect ${chartEffect} on the ${part.chart} chart`);
  if (ctx.explain) {
    const roll = how.rollModifier
      ? `D100 ${formatD100(rolled)} ${how.rollModifier > 0 ? '+' : '−'} ${Math.abs(how.rollModifier)} = ${r}`
      : `D100 ${formatD100(r)}`;
    const capped = chartEffect !== cell.effect ? `, held to ${chartEffect}` : '';
    say(
      st,
      ctx,
      'critical',
      `Critical +${value} on the ${part.name}: ${roll}, column +${col} → effect ${cell.effect}${cell.flee ? '*' : ''}${capped} (${part.chart} chart): ${effect.text}${cell.flee ? '; must flee' : ''}.`,
      how.cite ?? CITES.criticalEffects,
      [victim],
      { value, roll: r, effect: chartEffect, chart: part.chart, flee: cell.flee },
    );
  }
  applyConsequences(st, ctx, victim, part, effect, `critical ${chartEffect}`, null);
  if (cell.flee && victim.out === null) forceFlee(st, ctx, victim);
  return { roll: r, effect: cell.effect, applied: chartEffect };
}

/** How a ruleset built on this one reads the chart: a shifted roll, a ceiling on the effect (the Combat Points variant). */
export interface CriticalHow {
  readonly rollModifier?: number;
  readonly maxEffect?: number;
  readonly cite?: Cite;
}

/** The chart as printed. */
const PLAIN_CHART: CriticalHow = {};

/** The chart's answer: the effect number rolled, and the one applied (after a ceiling). */
export interface CriticalResult {
  readonly roll: number;
  readonly effect: number;
  readonly applied: number;
}

function forceFlee(st: W1State, ctx: FightContext, f: Fighter): void {
  if (f.flee) return;
  f.flee = 'forced';
  dropLaterBlows(st, f);
  say(
    st,
    ctx,
    'flee',
    `${f.name} must flee: fleeing from now on, and turns to run at its next turn.`,
    CITES.fleeing,
    [f],
  );
}

/** A kill on a head of a many-headed creature puts only that head out (§ Multiple heads). */
function killPart(st: W1State, ctx: FightContext, victim: Fighter, part: Part, why: string): void {
  if (part.chart === 'head' && victim.body.heads > 1) {
    victim.headsLost++;
    if (victim.headsLost < victim.body.heads) {
      say(
        st,
        ctx,
        'head-lost',
        `${victim.name}'s ${part.name} is put out of action (${victim.headsLost} of ${victim.body.heads} heads lost).`,
        CITES.nonHumanoid,
        [victim],
      );
      return;
    }
  }
  takeOut(st, ctx, victim, 'dead', why);
}

const ALL_CHARS: readonly CharName[] = [
  'M',
  'WS',
  'BS',
  'S',
  'T',
  'I',
  'A',
  'Dex',
  'Ld',
  'Int',
  'Cl',
  'WP',
  'Fel',
];

/** A test against a characteristic (S and T ×10), optionally at half. */
export function test(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  ch: CharName,
  why: string,
  half = false,
  citing: Cite = CITES.criticalEffects,
): boolean {
  const value = current(f, ch, st.round);
  const need = Math.floor(testTarget(ch, value) / (half ? 2 : 1));
  const r = d100(
    ctx,
    f,
    ctx.words ? `${ch} test${half ? ' at half' : ''} (${why}; need ${need} or less)` : '',
  );
  const ok = r <= need;
  if (ctx.explain) {
    say(
      st,
      ctx,
      'test',
      `${f.name}'s ${ch} test${half ? ' at half' : ''} (${why}): D100 ${formatD100(r)} ${ok ? '≤' : '>'} ${need}: ${ok ? 'passed' : 'failed'}.`,
      citing,
      [f],
    );
  }
  return ok;
}

/**
 * Applies what an effect does (a critical's or a fumble's). `part` is where it struck, for
 * effects on "that hand"; `weapon` is the fumbling weapon.
 */
export function applyConsequences(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  part: Part | null,
  c: Consequences,
  why: string,
  weapon: Weapon | null,
): void {
  const r = st.round;
  if (c.killed) {
    killPart(st, ctx, f, part ?? PARTS.body, why);
    return;
  }
  if (c.diesIn) {
    if (part?.chart === 'head' && f.body.heads > 1) {
      killPart(st, ctx, f, part, why);
      return;
    }
    const n = roll(ctx, Number(c.diesIn.slice(1)), f, `rounds until death (${c.diesIn})`);
    // Like every duration: the rest of this round and the next n.
    f.diesAt = st.round + n;
    takeOut(st, ctx, f, 'dying', `${why}: dies in ${n} round${n === 1 ? '' : 's'} without medical attention`);
  }
  const hand = part?.hand;
  if (c.itemDestroyed && hand) dropHand(st, ctx, f, hand, why, true);
  if (c.drop === 'hand' && hand) dropHand(st, ctx, f, hand, why);
  if (c.drop === 'all') dropAll(st, ctx, f, why, c.shieldParryOnly !== undefined);
  if (
    c.dropUnless &&
    heldItems(f).length > 0 &&
    !test(st, ctx, f, c.dropUnless, `or drop what is held (${why})`)
  ) {
    dropAll(st, ctx, f, why, false);
  }
  if (c.noAttacksNextRound) addCond(f, { kind: 'noAttacks', from: r + 1, until: r + 1, why });
  if (c.noAction !== undefined)
    addCond(f, { kind: 'noAction', from: r, until: until(st, ctx, f, c.noAction, 'no action'), why });
  let proneEnd = r;
  if (c.prone !== undefined) {
    proneEnd = until(st, ctx, f, c.prone, 'prone');
    addCond(f, { kind: 'prone', from: r, until: proneEnd, why });
  }
  if (c.parryOnly !== undefined) {
    const end = c.parryOnly === c.prone ? proneEnd : until(st, ctx, f, c.parryOnly, 'parry only');
    addCond(f, { kind: 'parryOnly', from: r, until: end, why });
  }
  if (c.thenParryOnly !== undefined) {
    const n = c.thenParryOnly === 'med' ? Infinity : until(st, ctx, f, c.thenParryOnly, 'parry only') - r;
    addCond(f, { kind: 'parryOnly', from: proneEnd + 1, until: proneEnd + n, why });
  }
  if (c.shieldParryOnly !== undefined) {
    addCond(f, {
      kind: 'shieldParryOnly',
      from: r,
      until: until(st, ctx, f, c.shieldParryOnly, 'shield parry only'),
      why,
    });
  }
  if (
    c.downUnless &&
    !test(st, ctx, f, c.downUnless.char, `or be knocked down (${why})`, c.downUnless.half === true)
  ) {
    addCond(f, { kind: 'prone', from: r, until: r + 1, why: 'knocked down' });
  }
  if (c.handUseless !== undefined && hand) {
    addCond(f, {
      kind: 'handUseless',
      hand,
      from: r,
      until: until(st, ctx, f, c.handUseless, 'hand useless'),
      why,
    });
  }
  if (c.armUseless !== undefined && hand) {
    addCond(f, {
      kind: 'handUseless',
      hand,
      from: r,
      until: until(st, ctx, f, c.armUseless, 'arm useless'),
      why,
    });
  }
  if (c.lost && hand && (c.lost === 'hand' || c.lost === 'arm')) {
    addCond(f, { kind: 'handUseless', hand, from: r, until: Infinity, why: `${c.lost} lost` });
  }
  if (c.toHit !== undefined) addCond(f, { kind: 'toHit', value: c.toHit, from: r, until: Infinity, why });
  if (c.eyeLost) f.charMods.push({ from: r, until: Infinity, delta: { BS: -20 }, why: 'an eye lost' });
  if (c.allChars !== undefined) {
    const delta: Partial<Record<CharName, number>> = {};
    for (const ch of ALL_CHARS) delta[ch] = isPercent(ch) ? c.allChars * 10 : c.allChars;
    f.charMods.push({ from: r, until: Infinity, delta, why });
  }
  if (c.halveChars) f.charMods.push({ from: r, until: Infinity, halve: ALL_CHARS, why });
  if (c.halveMI !== undefined)
    f.charMods.push({
      from: r,
      until: until(st, ctx, f, c.halveMI, 'M and I halved'),
      halve: ['M', 'I'],
      why,
    });
  if (c.halveM !== undefined)
    f.charMods.push({ from: r, until: until(st, ctx, f, c.halveM, 'M halved'), halve: ['M'], why });
  if (c.charMods) {
    f.charMods.push({ from: r, until: r + (c.charModRounds ?? 1), delta: c.charMods, why });
  }
  if (c.eachRound) {
    addCond(f, { kind: 'eachRound', from: r + 1, until: Infinity, test: c.eachRound, why });
  }
  if (c.bleed !== undefined) {
    f.bleeding.push({ amount: c.bleed, part: part ?? PARTS.body, suddenDeath: c.suddenDeath === true });
  }
  if (c.suddenDeath) f.suddenDeath = true;
  if (c.lastingTTest) {
    const kept = test(st, ctx, f, 'T', 'or lose 10 from every % characteristic for good');
    if (!kept)
      say(
        st,
        ctx,
        'lasting',
        `${f.name} will carry −10 to all % characteristics (after the fight).`,
        CITES.criticalEffects,
        [f],
      );
  }
  if (c.unconscious) takeOut(st, ctx, f, 'unconscious', why);
  if (c.helpless) takeOut(st, ctx, f, 'helpless', why);
  if (c.loseNextAttack) loseNextAttack(st, f);
  if (c.weapon && weapon) weaponMishap(st, ctx, f, weapon, c.weapon, why);
}

/**
 * § Parrying and fumbles: the next blow this round is lost, or the first of the next round. A blow
 * due at the moment being resolved is spared: it happens at the same time (§ More About Rounds).
 */
export function loseNextAttack(st: W1State, f: Fighter): void {
  const p = f.pending;
  let i = 0;
  while (i < p.length && (p[i] as number) >= st.moment) i++;
  if (i < p.length) removeAt(p, i);
  else f.owedAttacks++;
}

/** Drops every blow still to come after the moment being resolved; returns how many. */
export function dropLaterBlows(st: W1State, f: Fighter): number {
  const p = f.pending;
  const before = p.length;
  let kept = 0;
  for (const t of p) if (t >= st.moment) p[kept++] = t;
  while (p.length > kept) p.pop();
  return before - kept;
}

function weaponMishap(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  w: Weapon,
  what: 'destroyed' | 'dropped' | 'flies',
  why: string,
): void {
  if (w.natural) return;
  const hand = f.right === w ? 'right' : f.left === w ? 'left' : null;
  if (!hand) return;
  if (what === 'destroyed') {
    dropHand(st, ctx, f, hand, why, true);
    return;
  }
  if (what === 'flies') {
    const yards = roll(ctx, 6, f, 'how far the weapon flies (D6 yards)');
    const dir = roll(ctx, 8, f, 'which way it flies (D8)');
    say(
      st,
      ctx,
      'item',
      `The ${w.name.toLowerCase()} flies ${yards} yards (direction ${dir}).`,
      cite('Critical Fumbles'),
      [f],
    );
  }
  dropHand(st, ctx, f, hand, why);
}

/**
 * § Critical Hits: the tests a critical left to be made at the start of each round (an I test or
 * fall this round, a T test or pass out), in the order the criticals gave them.
 */
export function eachRoundTests(st: W1State, ctx: FightContext, f: Fighter): void {
  for (const c of f.conds) eachRoundTest(st, ctx, f, c);
}

/** One of them: condition `c`'s test, if it is one due this round (none once out). */
export function eachRoundTest(st: W1State, ctx: FightContext, f: Fighter, c: Cond): void {
  const r = st.round;
  if (c.kind !== 'eachRound' || c.from > r || r > c.until || !c.test || f.out !== null) return;
  if (test(st, ctx, f, c.test.char as 'I' | 'T', c.why)) return;
  if (c.test.fail === 'down')
    addCond(f, { kind: 'prone', from: r, until: r, why: `failed I test (${c.why})` });
  if (c.test.fail === 'unconscious') takeOut(st, ctx, f, 'unconscious', `failed T test (${c.why})`);
}

/** The end-of-round bleeding of every wound not yet tended. */
export function bleed(st: W1State, ctx: FightContext, f: Fighter): void {
  for (const b of [...f.bleeding]) bleedOnce(st, ctx, f, b);
}

/**
 * § Critical Hits, bleeding: one wound's W lost at the end of the round (none once dead or gone).
 * Returns the value of the critical the W lost beyond 0 cause (0: none); `crits` false leaves it
 * unplayed, for the exact duel, which plays each chart cell once (odds-lasting.ts).
 */
export function bleedOnce(st: W1State, ctx: FightContext, f: Fighter, b: Bleeding, crits = true): number {
  if (f.out === 'dead' || f.out === 'fled') return 0;
  const w = b.amount === 1 ? 1 : roll(ctx, b.amount === 'D4' ? 4 : 6, f, `bleeding (${b.amount} W)`);
  return woundDirect(st, ctx, f, b.part, w, null, `bleeding from the ${b.part.name}`, crits);
}
