// One blow, from the to-hit roll to its last effect: § Combat Procedure and everything it calls on.
import { showSum, sumTerms, type Term } from '../../core/arith.js';
import type { FightContext } from '../../core/context.js';
import { needWith, ruledAhead, ruledTerms } from '../../core/rulings.js';
import { formatD100, reverseD100 } from '../../dice/d100.js';
import type { Weapon } from './catalogue.js';
import { CITES, ours } from './cite.js';
import { PARTS, partsOf, type Part } from './data/locations.js';
import { MOUNT_ATTACKER_ADDS, RIDER_UP_TO, type AttackerReach } from './data/tables.js';
import {
  applyConsequences,
  critical,
  dropLaterBlows,
  loseNextAttack,
  takeOut,
  woundDirect,
} from './effects.js';
import { blowOutcome, drainStrength, harmless } from './creatures.js';
import { hitLocation } from './locate.js';
import { inFront } from './scene.js';
import {
  CHARGING_BONUS,
  HIGHER_GROUND,
  OBSTACLE,
  SHIELD_PARRY_BONUS,
  STUN_TO_HIT,
  UNARMED_DAMAGE,
  UNARMED_TO_HIT,
  UNSKILLED_WS,
  WINNING_BONUS,
  WRONG_HANDED,
  applyWounds,
  armourPoints,
  isFumble,
  isHit,
  lacksSpecialistSkill,
  modifierRow,
  parrySucceeds,
  stunChance,
  stunDice,
  targetedPenalty,
  weaponToHit,
  wornOn,
} from './rules.js';
import { d100, decide, decideKeys, directKey, roll, say } from './say.js';
import {
  anyCondOf,
  type Cond,
  current,
  hasCond,
  hasSkill,
  handUsable,
  isRidden,
  meetInMelee,
  sideOf,
  strongHand,
  type Fighter,
  type W1State,
  HANDS,
} from './state.js';
import { suggestLocation, suggestParry } from './tactics.js';

export type BlowKind = 'strike' | 'aim' | 'stun' | 'grapple';

/** A blow's damage die, for the table to roll with the to-hit die. */
export const DAMAGE_DIE = { count: 1, sides: 6, label: 'damage (D6)' } as const;
const PARRY_DIE = { count: 1, sides: 6, label: 'damage stopped by the parry (D6)' } as const;
const ADDITIONAL_DIE = { count: 1, sides: 6, label: 'additional damage (D6)' } as const;
export interface Blow {
  readonly attacker: Fighter;
  readonly target: Fighter;
  /** The weapon struck with; null for fists. */
  readonly weapon: Weapon | null;
  readonly hand: 'right' | 'left' | null;
  readonly kind: BlowKind;
  /** For aimed blows: the part aimed at (on the target, or on its mount). */
  readonly aim: Part | null;
  readonly charging: boolean;
  /** § Fleeing: a free blow at a fleeing back (+10, no parry, no shield). */
  readonly free: boolean;
  readonly fromRear: boolean;
}

export function surprisedNow(st: W1State, f: Fighter): boolean {
  if (st.round !== 1) return false;
  if (st.surprisedByDoor?.[f.side]) return true;
  const side = sideOf(st, f);
  return side.surprised || (!side.ambush && anyAmbush(st));
}

/** Some side lies in ambush (§ Ambush). */
function anyAmbush(st: W1State): boolean {
  for (const s of st.sides) if (s.ambush) return true;
  return false;
}

function busyNow(st: W1State, f: Fighter): boolean {
  return f.busyUntil >= st.round;
}

/** May this combatant parry at all now? */
export function canParry(st: W1State, f: Fighter): boolean {
  return (
    f.out === null &&
    f.flee === null &&
    f.hold === null &&
    !f.asleep &&
    !busyNow(st, f) &&
    !surprisedNow(st, f) &&
    !hasCond(f, 'noAction', st.round)
  );
}

/** May this combatant strike blows now? */
export function canAttack(st: W1State, f: Fighter): boolean {
  return canParry(st, f) && !f.offGuard && !anyCondOf(f, NO_BLOWS, st.round);
}

/** Conditions under which no blow is struck: parry only, no attacks, prone, trapped, entangled. */
const NO_BLOWS: ReadonlySet<Cond['kind']> = new Set([
  'parryOnly',
  'noAttacks',
  'prone',
  'trapped',
  'entangled',
]);

/** § Prone and Static Targets: prone, held in a grapple, asleep, or trapped under a mount. */
export function isProneTarget(st: W1State, f: Fighter): boolean {
  return f.asleep || f.hold !== null || hasCond(f, 'prone', st.round) || hasCond(f, 'trapped', st.round);
}

export function isMounted(f: Fighter): boolean {
  return (f.mount !== null && f.mount.out === null) || isRidden(f);
}

/** § Weapons, § Ordinary And Specialist Weapons: a specialist weapon without its skill is used at WS (or BS) 10. */
export function skillWith(
  st: W1State,
  f: Fighter,
  w: Weapon | null,
  char: 'WS' | 'BS',
): { skill: number; unskilled: boolean } {
  if (st.opt.specialistWeapons && lacksSpecialistSkill(w, f.skills)) {
    return { skill: UNSKILLED_WS, unskilled: true };
  }
  return { skill: current(f, char, st.round), unskilled: false };
}

function weaponName(b: Blow): string {
  if (b.weapon) return b.weapon.name.toLowerCase();
  return 'fists';
}

/** Unarmed: no weapon and no natural one; such blows are always to stun (§ Unarmed Combat). */
function isUnarmed(b: Blow): boolean {
  return b.weapon === null;
}

function mountedCharging(b: Blow): boolean {
  return b.attacker.mount !== null && b.charging;
}

/**
 * The to-hit modifiers of § To Hit Modifiers and everything else that changes the chance: their
 * sum. When the blow is explained, each is pushed on `terms` and what takes no penalty on `notes`.
 */
export function toHitModifiers(
  st: W1State,
  b: Blow,
  targetProne: boolean,
  terms: Term[] | null,
  notes: string[] | null,
): number {
  const a = b.attacker;
  let sum = 0;
  if (b.charging) {
    sum += CHARGING_BONUS;
    terms?.push({ label: 'charging', value: CHARGING_BONUS });
  }
  if (b.free) {
    sum += WINNING_BONUS;
    terms?.push({ label: 'winning (free blow at a fleeing back)', value: WINNING_BONUS });
  } else if (a.wonAgainst.has(b.target) || (b.target.mount && a.wonAgainst.has(b.target.mount))) {
    sum += WINNING_BONUS;
    terms?.push({ label: 'winning', value: WINNING_BONUS });
  }
  if (a.spec.situation.higherGround) {
    sum += HIGHER_GROUND;
    terms?.push({ label: 'advantage of ground', value: HIGHER_GROUND });
  }
  if (b.target.spec.situation.obstacle) {
    sum += OBSTACLE;
    terms?.push({ label: 'obstacle', value: OBSTACLE });
  }
  sum += handTerms(a, b.weapon, b.hand, b.kind, terms);
  if (b.kind === 'aim' && b.aim) {
    if (targetProne || surprisedNow(st, b.target)) {
      notes?.push(`aimed at the ${b.aim.name}: no penalty, ${targetProne ? 'a prone target' : 'surprise'}`);
    } else {
      sum += targetedPenalty(b.aim);
      terms?.push({ label: `aimed at the ${b.aim.name}`, value: targetedPenalty(b.aim) });
    }
  }
  const wm = weaponToHitTerm(st, b.weapon, mountedCharging(b), b.target.flying, isMounted(b.target));
  if (wm) {
    sum += wm.value;
    terms?.push(wm);
  }
  for (const c of a.conds) {
    if (c.kind !== 'toHit' || c.from > st.round || st.round > c.until) continue;
    sum += c.value ?? 0;
    terms?.push({ label: c.why, value: c.value ?? 0 });
  }
  return sum;
}

/**
 * § To Hit Modifiers the striker brings whatever the target: the weak hand without Ambidextrous;
 * § Unarmed Combat without Street Fighting or Wrestling; § Stuns without Strike To Stun. Returns
 * their sum, each pushed on `terms` when given.
 */
export function handTerms(
  a: Fighter,
  weapon: Weapon | null,
  hand: 'right' | 'left' | null,
  kind: BlowKind,
  terms: Term[] | null,
): number {
  let sum = 0;
  if (weapon && !weapon.natural && hand !== null && hand !== strongHand(a) && !hasSkill(a, 'ambidextrous')) {
    sum += WRONG_HANDED;
    terms?.push({ label: 'wrong-handed', value: WRONG_HANDED });
  }
  const unarmed = weapon === null;
  if (unarmed) {
    const skilled =
      kind === 'grapple'
        ? hasSkill(a, 'wrestling')
        : hasSkill(a, 'street fighting') || hasSkill(a, 'wrestling');
    if (!skilled) {
      sum += UNARMED_TO_HIT;
      terms?.push({ label: 'unarmed', value: UNARMED_TO_HIT });
    }
  }
  if ((kind === 'stun' || (unarmed && kind !== 'grapple')) && !hasSkill(a, 'strike to stun')) {
    sum += STUN_TO_HIT;
    terms?.push({ label: 'stun without Strike To Stun', value: STUN_TO_HIT });
  }
  return sum;
}

/** § Weapon Modifiers (optional): the weapon's to-hit entry against such a target, when it is not 0. */
export function weaponToHitTerm(
  st: W1State,
  weapon: Weapon | null,
  mountedAndCharging: boolean,
  targetFlying: boolean,
  targetMounted: boolean,
): Term | null {
  if (!st.opt.weaponModifiers || !weapon) return null;
  const v = weaponToHit(modifierRow(weapon, mountedAndCharging), targetFlying, targetMounted);
  return v === 0 ? null : { label: weapon.name.toLowerCase(), value: v };
}

/** § Weapon Modifiers (optional): the weapon's damage entry (0 without the option). */
export function weaponDamage(st: W1State, weapon: Weapon | null, mountedAndCharging: boolean): number {
  return st.opt.weaponModifiers && weapon ? modifierRow(weapon, mountedAndCharging).damage : 0;
}

/** § Parrying: what is added to WS to parry with this item: a shield's +20, the optional weapon modifier. */
export function parryTerms(st: W1State, item: Weapon): Term[] {
  const terms: Term[] = [];
  parryInto(st, item, terms);
  return terms;
}

/** parryTerms' sum, each term also pushed on `terms` when there is a reader. */
function parryInto(st: W1State, item: Weapon, terms: Term[] | null): number {
  let sum = 0;
  if (item.shield) {
    sum += SHIELD_PARRY_BONUS;
    terms?.push({ label: 'shield', value: SHIELD_PARRY_BONUS });
  }
  if (st.opt.weaponModifiers) {
    const row = modifierRow(item, false);
    if (row.parry !== 0) {
      sum += row.parry;
      terms?.push({ label: item.name.toLowerCase(), value: row.parry });
    }
  }
  return sum;
}

/** § Parrying: "creatures controlled by the GM don't usually parry" (option monsterParry). */
export function mayEverParry(st: W1State, d: Fighter): boolean {
  // "Creatures controlled by the GM do not usually parry": everyone on the GM's side, humans too,
  // unless the file gives the combatant its own tactics.parry.
  if (sideOf(st, d).players || d.spec.parryGiven) return true;
  const mp = st.opt.monsterParry;
  if (mp === 'never') return false;
  return mp !== 'int-over-30' || current(d, 'Int', st.round) > 30;
}

/** § Mounted Combat: which of a mounted pair a blow or a missile strikes (`chosen`: aimed at one of them). */
export function riderOrMount(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  target: Fighter,
  chosen: boolean,
): Fighter {
  const rider = target.mount ? target : target.rider;
  const mount = target.mount ?? target;
  if (!rider || !mount || rider.out !== null || mount.out !== null) return target;
  if (chosen) return target;
  const reach: AttackerReach = a.mount ? 'rider' : a.height >= 10 ? '10ft-or-more' : 'under-10ft';
  const size = mount.mountSize ?? 'horse';
  const upTo = RIDER_UP_TO[reach][size];
  const adds = a.rider !== null ? MOUNT_ATTACKER_ADDS : 0;
  const r = d100(
    ctx,
    a,
    `rider or mount? (rider on ${upTo} or less${adds ? `, +${adds} for a mount attacking` : ''})`,
  );
  const total = Math.min(100, r + adds);
  const struck = total <= upTo ? rider : mount;
  if (ctx.explain) {
    say(
      st,
      ctx,
      'mounted',
      `Rider or mount: D100 ${formatD100(r)}${adds ? ` + ${adds} = ${total}` : ''} ${total <= upTo ? '≤' : '>'} ${upTo}: the blow strikes ${struck.name}.`,
      CITES.mounted,
      [a, struck],
    );
  }
  return struck;
}

/**
 * What a blow should do on average, for the defender's tactic (does the parry pay?): D6 averages
 * 3.5; `bonus` is S + the weapon's damage − T.
 */
export function expectedWounds(
  bonus: number,
  struck: Fighter,
  part: Part,
  shield: boolean,
  unarmed: boolean,
  prone: boolean,
): number {
  const guard = armourPoints(wornOn(struck.armour, part.zone), shield, 3, unarmed);
  return Math.max(0, 3.5 + bonus - (unarmed ? 3 : 0) - guard) * (prone ? 2 : 1);
}

type Hand = 'right' | 'left';

/** The parry's choice keys: no parry, then each hand that may parry (one list for each case). */
export const PARRY_KEYS: readonly (readonly string[])[] = [
  ['none'],
  ['none', 'right'],
  ['none', 'left'],
  ['none', 'right', 'left'],
];

/** The hands the defender may parry this blow with, as PARRY_KEYS' index: 1 the right, 2 the left, 3 both (§ Parrying). */
export function parryHands(st: W1State, d: Fighter, b: Blow): number {
  if (b.free || b.fromRear || !canParry(st, d) || d.unfaced.has(b.attacker)) return 0;
  // § Initiating Hand-To-Hand Combat: blows and parries only within the front of the model.
  if (!inFront(d, b.attacker)) return 0;
  if (d.parries >= current(d, 'A', st.round)) return 0;
  if (!mayEverParry(st, d)) return 0;
  const shieldOnly = hasCond(d, 'shieldParryOnly', st.round);
  let hands = 0;
  for (const hand of HANDS) {
    const item = d[hand];
    if (!item || !item.parry || !handUsable(d, hand, st.round)) continue;
    if (item.hands === 2 && (hand === 'left' || !handUsable(d, 'left', st.round))) continue;
    if (shieldOnly && !item.shield) continue;
    hands |= hand === 'right' ? 1 : 2;
  }
  return hands;
}

/**
 * § Parrying: what a parry costs, made or failed: with a shield every blow left this round (or,
 * with none left, the next round's first); with a weapon the next blow.
 */
export function payForParry(st: W1State, d: Fighter, item: Weapon): void {
  if (item.shield) {
    if (dropLaterBlows(st, d) === 0) d.owedAttacks++;
  } else {
    loseNextAttack(st, d);
  }
}

/** The chance a parry with `item` succeeds: D100 under WS (+20 with a shield, + the weapon's modifier). */
export function parryChance(st: W1State, d: Fighter, item: Weapon): number {
  const need = sumTerms(skillWith(st, d, item, 'WS').skill, parryTerms(st, item));
  let n = 0;
  for (let r = 1; r <= 100; r++) if (parrySucceeds(r, need, st.opt.parryTest)) n++;
  return n / 100;
}

/** The parry: a decision, a D100 under WS (+20 with a shield), D6 stopped; it costs attacks. */
function parry(st: W1State, ctx: FightContext, d: Fighter, b: Blow, expectedWounds: number): number {
  const hands = parryHands(st, d, b);
  if (hands === 0) return 0;
  const keys = PARRY_KEYS[hands] as readonly string[];
  const words = ctx.words;
  const suggested = suggestParry(st, d, keys, expectedWounds);
  const pick =
    directKey(ctx, keys, suggested) ??
    decideKeys(
      ctx,
      d,
      'parry',
      keys,
      suggested,
      (key) => parryLabel(d, key, words),
      () => ({ label: words ? `${d.name}: parry ${b.attacker.name}'s blow?` : '' }),
    );
  if (pick !== 'right' && pick !== 'left') return 0;
  const item = d[pick] as Weapon;
  d.parries++;
  d.stats.parries++;
  const { skill: ws, unskilled } = skillWith(st, d, item, 'WS');
  const terms: Term[] | null = words || ctx.explain ? [] : null;
  let need = ws + parryInto(st, item, terms);
  const r = d100(
    ctx,
    d,
    words
      ? `parry with the ${item.name.toLowerCase()} (${st.opt.parryTest === 'below' ? 'less than' : 'at most'} ${needWith(need, ruledAhead(ctx))})`
      : '',
    PARRY_DIE,
  );
  const ruled = ruledTerms(ctx);
  terms?.push(...ruled);
  need = sumTerms(need, ruled);
  const ok = parrySucceeds(r, need, st.opt.parryTest);
  let stopped = 0;
  if (ok) stopped = roll(ctx, 6, d, 'damage stopped by the parry (D6)');
  payForParry(st, d, item);
  if (ctx.explain) {
    const base = `WS${unskilled ? ' (unskilled)' : ''}`;
    say(
      st,
      ctx,
      'parry',
      `${d.name} parries with the ${item.name.toLowerCase()}: D100 ${formatD100(r)} ${ok ? (st.opt.parryTest === 'below' ? '<' : '≤') : st.opt.parryTest === 'below' ? '≥' : '>'} ${showSum(base, ws, terms ?? [])}: ${ok ? `stops D6 ${stopped} damage` : 'fails'}; ${item.shield ? 'all further attacks this round are lost' : 'the next attack is lost'}.`,
      CITES.parry,
      [d, b.attacker],
      { roll: r, need, stopped },
    );
  }
  return stopped;
}

/** A parry choice's words, for a person (none when nobody reads them). */
function parryLabel(d: Fighter, key: string, words: boolean): string {
  if (key === 'none') return 'no parry';
  const item = d[key as Hand];
  if (!words || !item) return '';
  return `parry with the ${item.name.toLowerCase()}${item.shield ? ' (+20, loses all further attacks this round)' : ' (loses the next attack)'}`;
}

type DamageDice = { readonly dice: readonly number[]; readonly extra: number };

/** The damage dice of a blow with no additional damage, one answer for each face (read, never changed). */
const ONE_DIE: readonly DamageDice[] = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dice: [d], extra: 0 }));

/**
 * § Additional Damage: after a natural 6, a test for another D6 (WS for blows; for missiles BS,
 * "in the same way"), and 6s keep adding D6s.
 */
export function damageDice(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  skill: number,
  skillName: 'WS' | 'BS' = 'WS',
): DamageDice {
  const first = roll(ctx, 6, a, 'damage (D6)');
  if (first !== 6 || !st.opt.additionalDamage) return ONE_DIE[first] ?? { dice: [first], extra: 0 };
  const dice = [first];
  let extra = 0;
  const why = ctx.words ? `additional damage: ${skillName} test (need ${skill} or less)` : '';
  const r = d100(ctx, a, why, ADDITIONAL_DIE);
  const ok = r <= skill;
  if (ctx.explain) {
    say(
      st,
      ctx,
      'additional',
      `A natural 6: additional damage test D100 ${formatD100(r)} ${ok ? '≤' : '>'} ${skillName} ${skill}: ${ok ? 'another D6' : 'no more'}.`,
      CITES.additional,
      [a],
    );
  }
  if (ok) {
    let d: number;
    do {
      d = roll(ctx, 6, a, 'additional damage (D6)');
      dice.push(d);
      extra += d;
    } while (d === 6 && dice.length < 100);
  }
  return { dice, extra };
}

/** The location a prone or static target is struck on: the attacker's choice. */
export function chooseLocation(ctx: FightContext, a: Fighter, struck: Fighter, aim: Part | null): Part {
  if (aim) return aim;
  const parts = partsOf(struck.body);
  const choices = parts.map((p) => ({ key: p.id, label: p.name }));
  const key = decide(
    ctx,
    a,
    'location',
    `${a.name}: where to strike the helpless ${struck.name}?`,
    choices,
    suggestLocation(struck, parts),
  );
  return parts.find((p) => p.id === key) ?? PARTS.body;
}

export function shieldFor(d: Fighter, free: boolean): boolean {
  if (free) return false;
  return (d.right?.shield ?? false) || (d.left?.shield ?? false);
}

/** Resolves one blow. Returns true if it hit. */
export function strike(st: W1State, ctx: FightContext, b: Blow): boolean {
  const a = b.attacker;
  a.stats.blows++;
  meetInMelee(a, b.target);
  // § Stuns: sneaking up from behind on an unaware victim makes it a static target (the GM's call: `behind`).
  const sneak = (b.kind === 'stun' || isUnarmed(b)) && b.fromRear && surprisedNow(st, b.target);
  const targetProne = isProneTarget(st, b.target) || sneak;
  const { skill: ws, unskilled } = skillWith(st, a, b.weapon, 'WS');
  // The modifiers one by one, for the words of the roll's request and the explanation.
  const terms: Term[] | null = ctx.words || ctx.explain ? [] : null;
  const notes: string[] | null = ctx.explain ? [] : null;
  const need = ws + toHitModifiers(st, b, targetProne, terms, notes);
  const cite = b.free ? CITES.fleeing : CITES.procedure;
  let toHitRoll: number | null = null;
  if (targetProne) {
    if (ctx.explain)
      say(
        st,
        ctx,
        'blow',
        `${a.name} strikes the ${describeHelpless(st, b.target)} ${b.target.name} with ${weaponName(b)}: hit automatically.`,
        CITES.prone,
        [a, b.target],
      );
  } else {
    // The damage die is rolled with the to-hit die at the table.
    // What the roll needs, with its modifiers and any the GM gave for it, is shown before it is rolled.
    const shown = ctx.words ? [...(terms ?? []), ...ruledAhead(ctx)] : [];
    const why = ctx.words
      ? `to hit ${b.target.name} (need ${shown.length ? showSum('WS', ws, shown) : need} or less)`
      : '';
    toHitRoll = d100(ctx, a, why, DAMAGE_DIE);
    const ruled = ruledTerms(ctx);
    terms?.push(...ruled);
    const needed = sumTerms(need, ruled);
    const hit = isHit(toHitRoll, needed);
    if (ctx.explain) {
      const base = `WS${unskilled ? ' (unskilled: specialist weapon)' : ''}`;
      say(
        st,
        ctx,
        'blow',
        `${a.name}${b.charging ? ' charges and' : ''} ${b.kind === 'grapple' ? 'tries to grapple' : 'strikes at'} ${b.target.name} with ${weaponName(b)}${b.kind === 'stun' ? ' to stun' : ''}: D100 ${formatD100(toHitRoll)} ${hit ? '≤' : '>'} ${showSum(base, ws, terms ?? [])}${notes?.length ? ` (${notes.join('; ')})` : ''}: ${hit ? 'hit' : 'miss'}.`,
        cite,
        [a, b.target],
        { roll: toHitRoll, need: needed, hit },
      );
    }
    if (!hit) {
      if (st.opt.fumbles && isFumble(toHitRoll, needed)) fumble(st, ctx, b, toHitRoll);
      return false;
    }
  }
  a.stats.hits++;
  const struck = riderOrMount(st, ctx, a, b.target, b.kind === 'aim' || b.kind === 'grapple');
  // The creatures' own rules: a blow that cannot hurt it is over once it lands (no parry, no damage).
  if (b.kind !== 'grapple' && harmless(st, ctx, a, b.weapon, struck)) {
    wake(st, ctx, struck);
    a.fought.add(struck);
    struck.fought.add(a);
    return true;
  }
  const fromRear = b.fromRear || b.free;
  let part: Part;
  let steps: readonly string[] = [];
  if (b.kind === 'stun' || (isUnarmed(b) && b.kind !== 'grapple')) {
    part = PARTS.head;
  } else if (targetProne) {
    part = chooseLocation(ctx, a, struck, b.aim);
  } else if (b.kind === 'aim' && b.aim) {
    part = b.aim;
  } else {
    const loc = hitLocation(ctx, a, struck, reverseD100(toHitRoll as number), fromRear);
    part = loc.part;
    steps = loc.steps;
  }
  if (ctx.explain && steps.length > 0) {
    say(
      st,
      ctx,
      'location',
      `Hit location: ${formatD100(toHitRoll as number)} reversed is ${steps.join('; ')}.`,
      CITES.procedure,
      [a, struck],
    );
  }
  wake(st, ctx, struck);

  if (b.kind === 'grapple') {
    grapple(st, ctx, b, struck);
    return true;
  }
  const S = current(a, 'S', st.round);
  const T = current(struck, 'T', st.round);
  const dmgMod = weaponDamage(st, b.weapon, mountedCharging(b));
  const expected = expectedWounds(
    S + dmgMod - T,
    struck,
    part,
    shieldFor(struck, b.free),
    isUnarmed(b),
    targetProne,
  );
  const stopped = parry(st, ctx, struck, b, expected);

  if (b.kind === 'stun' || isUnarmed(b)) {
    stun(st, ctx, b, struck, part, ws, stopped, targetProne);
    return true;
  }
  const { dice, extra } = damageDice(st, ctx, a, ws);
  const diceTotal = dice[0] as number;
  const afterT = diceTotal + extra + S + dmgMod - T;
  const afterParry = afterT - stopped;
  const worn = wornOn(struck.armour, part.zone);
  const ap: Term[] | null = ctx.explain ? [] : null;
  const apTotal = armourPoints(worn, shieldFor(struck, b.free), afterParry, false, ap);
  const wounds = Math.max(0, afterParry - apTotal) * (targetProne ? 2 : 1);
  if (ctx.explain) {
    const parts = [
      `D6 ${dice[0]}${dice.length > 1 ? `, additional ${dice.slice(1).join(' + ')}` : ''}`,
      `+ S ${S}`,
    ];
    if (dmgMod !== 0)
      parts.push(`${dmgMod > 0 ? '+' : '−'} ${Math.abs(dmgMod)} ${b.weapon?.name.toLowerCase()}`);
    parts.push(`− T ${T}`);
    if (stopped > 0) parts.push(`− ${stopped} parried`);
    for (const t of ap ?? []) parts.push(`− ${t.value} ${t.label}`);
    const total = Math.max(0, afterParry - apTotal);
    say(
      st,
      ctx,
      'damage',
      `Damage to ${struck.name}'s ${part.name}: ${parts.join(' ')} = ${total}${targetProne ? `, doubled against a helpless target = ${wounds}` : ''} W.`,
      targetProne ? CITES.prone : CITES.procedure,
      [a, struck],
      { dice: dice, S, T, armour: apTotal, stopped, wounds },
    );
  }
  deal(st, ctx, a, struck, part, wounds);
  return true;
}

/** § Prone and Static Targets: a sleeper struck wakes. */
function wake(st: W1State, ctx: FightContext, struck: Fighter): void {
  if (!struck.asleep) return;
  struck.asleep = false;
  say(st, ctx, 'wake', `${struck.name} wakes up.`, CITES.prone, [struck]);
}

export function describeHelpless(st: W1State, f: Fighter): string {
  if (f.asleep) return 'sleeping';
  if (surprisedNow(st, f)) return 'unaware';
  if (f.hold) return 'grappled';
  if (hasCond(f, 'trapped', st.round)) return 'trapped';
  return 'prone';
}

/**
 * Applies a hit's wounds: W, critical value and the critical. Hand-to-hand blows count for
 * § Winning and Losing; missiles do not, and their criticals may use Sudden Death.
 */
export function deal(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  struck: Fighter,
  part: Part,
  wounds: number,
  missile = false,
): void {
  // WFRP 1e (1986), Bestiary § Wight: its blows drain the living instead of wounding them.
  if (wounds > 0 && blowOutcome(a.spec, null, struck.spec) === 'drain') {
    if (!missile) {
      // Ours: a point drained counts as a wound caused for § Winning and Losing.
      a.dealt += 1;
      struck.taken += 1;
      a.fought.add(struck);
      struck.fought.add(a);
    }
    drainStrength(st, ctx, a, struck, wounds);
    return;
  }
  const before = struck.W;
  const r = applyWounds(struck.W, wounds);
  struck.W = r.W;
  if (!missile) {
    a.dealt += wounds;
    struck.taken += wounds;
    a.fought.add(struck);
    struck.fought.add(a);
  }
  a.stats.woundsDealt += wounds;
  struck.stats.woundsTaken += wounds;
  if (ctx.explain && wounds > 0) {
    say(
      st,
      ctx,
      'wounds',
      `${struck.name}: W ${before} − ${wounds} = ${r.W}${r.critical > 0 ? `; ${r.critical} beyond W: critical hit +${r.critical}` : ''}.`,
      r.critical > 0 ? CITES.criticals : CITES.procedure,
      [struck],
      { W: r.W, critical: r.critical },
    );
  }
  if (r.critical > 0)
    critical(st, ctx, struck, part, r.critical, a, missile && st.opt.missileCriticals === 'sudden-death');
}

/** § Stuns (and every unarmed blow): head only; W lost only to additional damage; (D6 + S − T − head armour) × 5 %. */
function stun(
  st: W1State,
  ctx: FightContext,
  b: Blow,
  struck: Fighter,
  part: Part,
  ws: number,
  stopped: number,
  staticTarget: boolean,
): void {
  const a = b.attacker;
  const unarmed = isUnarmed(b);
  const { dice, extra } = damageDice(st, ctx, a, ws);
  const S = current(a, 'S', st.round);
  const T = current(struck, 'T', st.round);
  const worn = wornOn(struck.armour, part.zone);
  const firstAfterT = (dice[0] as number) + S - T + (unarmed ? UNARMED_DAMAGE : 0) - stopped;
  const ap = armourPoints(worn, shieldFor(struck, b.free), firstAfterT, unarmed);
  const modified = firstAfterT - ap;
  const sts = hasSkill(a, 'strike to stun');
  const chance = stunChance(modified, sts, staticTarget);
  if (ctx.explain) {
    say(
      st,
      ctx,
      'stun',
      `Stun on ${struck.name}'s head: D6 ${dice[0]} + S ${S} − T ${T}${unarmed ? ' − 3 unarmed' : ''}${stopped ? ` − ${stopped} parried` : ''} − ${ap} head armour${unarmed ? ' (unarmed rules)' : ''} = ${modified}; × 5${sts ? ' + 20 Strike To Stun' : ''}${staticTarget ? ', doubled (static target)' : ''} = ${chance}% to stun.`,
      CITES.stuns,
      [a, struck],
      { modified, chance },
    );
  }
  if (extra > 0) {
    if (ctx.explain)
      say(
        st,
        ctx,
        'stun-wound',
        `The additional damage (${extra}) is lost from ${struck.name}'s W: struck too hard.`,
        CITES.stuns,
        [struck],
      );
    deal(st, ctx, a, struck, part, extra);
  } else {
    a.fought.add(struck);
    struck.fought.add(a);
  }
  if (struck.out !== null || chance <= 0) return;
  const r = d100(ctx, a, `stun (${chance}% or less)`);
  if (r > chance) {
    if (ctx.explain)
      say(
        st,
        ctx,
        'stun',
        `Stun roll D100 ${formatD100(r)} > ${chance}: ${struck.name} keeps his feet.`,
        CITES.stuns,
        [a, struck],
      );
    return;
  }
  const n = stunDice(T);
  const minutes = n > 0 ? roll(ctx, 10, struck, `minutes stunned (${n}D10)`, n) : 0;
  if (ctx.explain)
    say(
      st,
      ctx,
      'stun',
      `Stun roll D100 ${formatD100(r)} ≤ ${chance}: ${struck.name} is stunned, unconscious for ${n}D10 = ${minutes} minutes.`,
      CITES.stuns,
      [a, struck],
      { minutes },
    );
  if (n > 0) takeOut(st, ctx, struck, 'unconscious', `stunned for ${minutes} minutes`);
}

/** § Unarmed Combat, Grapples: on a hit the target makes a Dex test or is held. */
function grapple(st: W1State, ctx: FightContext, b: Blow, struck: Fighter): void {
  const a = b.attacker;
  const stopped = parry(st, ctx, struck, b, 0);
  if (stopped > 0) {
    say(st, ctx, 'grapple', `${struck.name}'s parry breaks the grapple.`, ours('Parrying a grapple'), [
      struck,
      a,
    ]);
    return;
  }
  const dex = current(struck, 'Dex', st.round);
  const r = d100(ctx, struck, `Dex test against the grapple (need ${dex} or less)`);
  const escaped = r <= dex;
  if (ctx.explain)
    say(
      st,
      ctx,
      'grapple',
      `${struck.name}'s Dex test: D100 ${formatD100(r)} ${escaped ? '≤' : '>'} ${dex}: ${escaped ? 'slips free' : `held by ${a.name}`}.`,
      CITES.unarmed,
      [a, struck],
    );
  a.fought.add(struck);
  struck.fought.add(a);
  if (escaped) return;
  a.hold = { other: struck, holder: true, since: st.round };
  struck.hold = { other: a, holder: false, since: st.round };
  a.target = struck;
  struck.target = a;
  dropLaterBlows(st, a);
  dropLaterBlows(st, struck);
}

/**
 * The round's hold: both make S tests (§ Grapples). Holder passes, held fails: the holder may
 * apply pressure (damage as a normal blow). Holder fails, held passes: the hold breaks.
 */
export function holdRound(st: W1State, ctx: FightContext, holder: Fighter): void {
  const hold = holder.hold;
  if (!hold || !hold.holder) return;
  const held = hold.other;
  const keep = decide(
    ctx,
    holder,
    'hold',
    `${holder.name}: keep hold of ${held.name}?`,
    [
      { key: 'keep', label: 'keep the hold' },
      { key: 'release', label: 'let go' },
    ],
    'keep',
  );
  if (keep === 'release') {
    holder.hold = null;
    held.hold = null;
    say(st, ctx, 'grapple', `${holder.name} lets go of ${held.name}.`, CITES.unarmed, [holder, held]);
    return;
  }
  const hS = current(holder, 'S', st.round) * 10;
  const vS = current(held, 'S', st.round) * 10;
  const hr = d100(ctx, holder, `S test to keep the hold (need ${hS} or less)`);
  const vr = d100(ctx, held, `S test against the hold (need ${vS} or less)`);
  const hOk = hr <= hS;
  const vOk = vr <= vS;
  if (ctx.explain) {
    say(
      st,
      ctx,
      'grapple',
      `Hold: ${holder.name} S test D100 ${formatD100(hr)} ${hOk ? '≤' : '>'} ${hS}, ${held.name} S test D100 ${formatD100(vr)} ${vOk ? '≤' : '>'} ${vS}: ${hOk && !vOk ? 'the holder may apply pressure' : !hOk && vOk ? 'the hold breaks' : 'the hold holds'}.`,
      CITES.unarmed,
      [holder, held],
    );
  }
  if (!hOk && vOk) {
    holder.hold = null;
    held.hold = null;
    return;
  }
  if (!(hOk && !vOk)) return;
  const press = decide(
    ctx,
    holder,
    'pressure',
    `${holder.name}: apply pressure to ${held.name}?`,
    [
      { key: 'yes', label: 'apply pressure (damage as a normal blow)' },
      { key: 'no', label: 'just hold' },
    ],
    'yes',
  );
  if (press !== 'yes' || harmless(st, ctx, holder, null, held)) return;
  const loc = d100(ctx, holder, 'where the pressure tells (D100 location)');
  const part = hitLocation(ctx, holder, held, loc, false).part;
  const ws = current(holder, 'WS', st.round);
  const { dice, extra } = damageDice(st, ctx, holder, ws);
  const S = current(holder, 'S', st.round);
  const T = current(held, 'T', st.round);
  const afterT = (dice[0] as number) + extra + S - T;
  const ap = armourPoints(wornOn(held.armour, part.zone), shieldFor(held, false), afterT, false);
  const wounds = Math.max(0, afterT - ap);
  if (ctx.explain)
    say(
      st,
      ctx,
      'damage',
      `Pressure on ${held.name}'s ${part.name}: D6 ${dice[0]}${dice.length > 1 ? `, additional ${dice.slice(1).join(' + ')}` : ''} + S ${S} − T ${T} − ${ap} armour = ${wounds} W.`,
      CITES.unarmed,
      [holder, held],
    );
  deal(st, ctx, holder, held, part, wounds);
}

/** § Critical Fumbles: the double picks the entry of the fumble table. */
/** Where a fumble table entry comes from, as the log names it. */
export function fumbleSource(entry: { readonly source: string }): string {
  return entry.source === 'ours' ? 'our table' : entry.source;
}

function fumble(st: W1State, ctx: FightContext, b: Blow, r: number): void {
  const a = b.attacker;
  a.stats.fumbles++;
  const entry = st.cat.fumbles.get(r);
  if (!entry) return;
  if (ctx.explain)
    say(
      st,
      ctx,
      'fumble',
      `Critical fumble ${formatD100(r)} (${fumbleSource(entry)}): ${entry.text}`,
      { source: st.cat.fumbleSource, section: `entry ${formatD100(r)}` },
      [a],
      { roll: r, source: entry.source },
    );
  const e = entry.effects;
  if (e.selfHit) selfBlow(st, ctx, a, a, e.selfHit, b.weapon, b.hand);
  if (e.friendHit) friendBlow(st, ctx, b);
  const hand = b.hand ?? strongHand(a);
  const part = hand === 'right' ? PARTS.rightArm : PARTS.leftArm;
  // The blow on self or friend is struck above; applyConsequences reads neither field.
  applyConsequences(st, ctx, a, part, e, `fumble ${formatD100(r)}`, b.weapon);
}

/** A blow that lands on the fumbler or a friend: D6 + own S (+ weapon) − T, armour as usual. */
function selfBlow(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  victim: Fighter,
  where: 'leg' | 'arm' | 'body' | Part,
  weapon: Weapon | null,
  hand: 'right' | 'left' | null,
): void {
  const side = hand ?? strongHand(a);
  const part =
    typeof where !== 'string'
      ? where
      : where === 'body'
        ? PARTS.body
        : where === 'leg'
          ? side === 'right'
            ? PARTS.rightLeg
            : PARTS.leftLeg
          : side === 'right'
            ? PARTS.leftArm
            : PARTS.rightArm;
  if (harmless(st, ctx, a, weapon, victim)) return;
  const d6 = roll(ctx, 6, a, `damage to ${victim === a ? 'self' : victim.name} (D6)`);
  const S = current(a, 'S', st.round);
  const T = current(victim, 'T', st.round);
  const dmgMod = st.opt.weaponModifiers && weapon ? modifierRow(weapon, false).damage : 0;
  const afterT = d6 + S + dmgMod - T;
  const ap = armourPoints(wornOn(victim.armour, part.zone), shieldFor(victim, false), afterT, false);
  const wounds = Math.max(0, afterT - ap);
  if (ctx.explain)
    say(
      st,
      ctx,
      'damage',
      `${a.name} strikes ${victim === a ? 'himself' : victim.name} in the ${part.name}: D6 ${d6} + S ${S}${dmgMod ? ` ${dmgMod > 0 ? '+' : '−'} ${Math.abs(dmgMod)}` : ''} − T ${T} − ${ap} armour = ${wounds} W.`,
      CITES.fumbles,
      [a, victim],
    );
  woundDirect(st, ctx, victim, part, wounds, victim === a ? null : a, 'a fumbled blow');
}

function friendBlow(st: W1State, ctx: FightContext, b: Blow): void {
  const a = b.attacker;
  const friends = st.combatants.filter(
    (f) => f !== a && f.side === a.side && f.out === null && (f.target === b.target || b.target.target === f),
  );
  if (friends.length === 0) {
    selfBlow(st, ctx, a, a, 'arm', b.weapon, b.hand);
    return;
  }
  const k =
    friends.length === 1 ? 1 : roll(ctx, friends.length, a, `which friend is struck (D${friends.length})`);
  const friend = friends[k - 1] as Fighter;
  const loc = d100(ctx, a, `where the blow lands on ${friend.name} (D100 location)`);
  selfBlow(st, ctx, a, friend, hitLocation(ctx, a, friend, loc, false).part, b.weapon, b.hand);
}
