// One blow of the Combat Points rules: the attacker's CP against the defender's (rules 7-20),
// where it lands, and what it does: a critical (rules 10-12, 17) or a monster's pool (rule 33).
import { showTerm, sumTerms, type Term } from '../../core/arith.js';
import type { FightContext } from '../../core/context.js';
import { needWith, ruledAhead, ruledTerms } from '../../core/rulings.js';
import { formatD100, reverseD100 } from '../../dice/d100.js';
import type { Weapon } from '../wfrp1e/catalogue.js';
import { WEAPON_MODIFIERS } from '../wfrp1e/data/tables.js';
import { PARTS, type Part, type Zone } from '../wfrp1e/data/locations.js';
import { applyConsequences, critical, dropHand, takeOut } from '../wfrp1e/effects.js';
import { DAMAGE_DIE, damageDice, fumbleSource, riderOrMount } from '../wfrp1e/blow.js';
import { hitLocation } from '../wfrp1e/locate.js';
import { wornOn, type Worn } from '../wfrp1e/rules.js';
import { inFront } from '../wfrp1e/scene.js';
import { decide, d100, say } from '../wfrp1e/say.js';
import { engaged, hasSkill, meetInMelee } from '../wfrp1e/state.js';
import { rule, section } from './cite.js';
import {
  actionCap,
  cpLeft,
  mayAttack,
  mayDefend,
  meleeWeapon,
  poolWeapon,
  prone,
  skillWith,
  initiativeTest,
  showInitiativeTest,
} from './fighter.js';
import {
  CP_PER_WOUND,
  DISARM_SKILL,
  FORCEFUL_ALWAYS_HITS,
  HEAVY_EFFECT,
  MIN_CP,
  PRONE_CRITICAL,
  UNARMED_DAMAGE,
  UNARMED_MAX_EFFECT,
  criticalValue,
  hitChance,
  hits,
  isFumble,
  lengthMatters,
  parryForAnotherDivisor,
  poolDamage,
  stunChance,
  unarmedArmour,
  zeroDamageModifier,
} from './rules.js';
import { now, stampDurations, type CpFighter, type CpState } from './state.js';
import { suggestCover, suggestDefence, suggestDefenceAmounts } from './tactics.js';

export type BlowKind = 'strike' | 'stun' | 'disarm';

export interface CpBlow {
  readonly a: CpFighter;
  readonly d: CpFighter;
  readonly kind: BlowKind;
  /** CP spent on it. */
  readonly cp: number;
  readonly weapon: Weapon | null;
  readonly forceful: boolean;
  /** A thrown weapon or bomb hurts by the melee formula (rules 22, 27) with this S and modifier. */
  readonly thrown?: { readonly S: number; readonly mod: number; readonly why: string };
  /** A spell that must hit (rule 37): what follows a hit instead of a wound. */
  readonly onHit?: () => void;
  /** Fleeing in the defence phase (rule 14), or a prone target: no test. */
  readonly automatic?: string;
  /** The location number already rolled (a missile's reversed to-hit roll). */
  readonly locationRoll?: number;
}

/** Rule 16: how a weapon's length halves what is tested, and doubles what may be spent. */
function lengthHalves(st: CpState, mine: Weapon | null, theirs: Weapon | null): boolean {
  const len = (w: Weapon | null) => (w ? (st.setup.cp.classes.length.get(w.id) ?? 0) : 0);
  const a = len(mine);
  const b = len(theirs);
  if (!lengthMatters(a, b)) return false;
  return st.setup.cp.space === 'open' ? a < b : a > b;
}

export function lengthRule(st: CpState, f: CpFighter, other: CpFighter): boolean {
  return lengthHalves(st, meleeWeapon(st, f), meleeWeapon(st, other));
}

/** Rule 13 with 16 and 18: the most one action may spend. */
export function spendCap(st: CpState, f: CpFighter, other: CpFighter, kind: BlowKind): number {
  const cap = actionCap(st, f);
  return kind === 'disarm' || lengthRule(st, f, other) ? cap * 2 : cap;
}

function isUnarmed(st: CpState, w: Weapon | null): boolean {
  return w === null || st.setup.cp.classes.handOf.get(w.id)?.id === 'unarmed';
}

/** Rule 19: from the rear a blow cannot be parried. */
function fromRear(a: CpFighter, d: CpFighter): boolean {
  if (a.pos && d.pos) return !inFront(d, a);
  return a.spec.situation.behind;
}

interface Defence {
  cp: number;
  wounds: number;
  shield: number;
  cover: number;
  dodge: boolean;
  flee: boolean;
  parade: boolean;
}

/**
 * Rules 8, 9, 13, 19 and Parade: what `d` may put against a blow of `a`: CP up to the cap, the
 * shield's pool and W (none from the rear but W), a dodge, a parade; `nothing` when none of them.
 */
export function defenceRoom(st: CpState, d: CpFighter, a: CpFighter, kind: BlowKind, rear: boolean) {
  const cpRoom = rear ? 0 : Math.min(cpLeft(st, d), spendCap(st, d, a, kind));
  const poolRoom = rear ? 0 : d.shieldLeft;
  // Rule 32: a monster with LP spends no W.
  const wRoom = d.LP > 0 ? 0 : d.W;
  const canDodge =
    !rear && kind !== 'disarm' && hasSkill(d, 'dodge blow') && d.dodges < st.cpo.dodgesPerRound;
  const paradeUp =
    !rear &&
    d.parade !== null &&
    d.parade.against.size < Math.max(1, now(st, d, 'A')) &&
    !d.parade.against.has(a);
  const nothing = cpRoom < MIN_CP && poolRoom === 0 && wRoom === 0 && !canDodge && !paradeUp;
  return { cpRoom, poolRoom, wRoom, canDodge, paradeUp, nothing };
}

/**
 * Rules 7, 16 and 18: the attack's CP less the defence (CP halved where a weapon's length or a
 * disarm halves them, W at 10 each, the pool, what friends parried), with Disarm's +20.
 */
export function blowChance(
  st: CpState,
  b: Pick<CpBlow, 'a' | 'd' | 'kind' | 'cp'>,
  def: Pick<Defence, 'cp' | 'wounds' | 'shield' | 'cover'>,
) {
  const { a, d } = b;
  const halfA = b.kind === 'disarm' || lengthRule(st, a, d);
  const attack = halfA ? Math.floor(b.cp / 2) : b.cp;
  const halfD = b.kind === 'disarm' || lengthRule(st, d, a);
  const defCP = halfD ? Math.floor(def.cp / 2) : def.cp;
  const defence = defCP + def.wounds * CP_PER_WOUND + def.shield + def.cover;
  const bonus = b.kind === 'disarm' && hasSkill(a, 'disarm') ? DISARM_SKILL : 0;
  return { halfA, attack, halfD, defCP, defence, bonus, chance: hitChance(attack + bonus, defence) };
}

/** Advanced skills, Dodge foreseeing: the attacker's blows are 10 harder to dodge. */
function dodgeForeseeing(a: CpFighter): Term[] {
  return hasSkill(a, 'dodge foreseeing') ? [{ label: 'Dodge foreseeing', value: -10 }] : [];
}

/** Rules 2 and 9: a dodge of `a`'s blow tests the initial EI (I with the armour's and weapon's modifiers). */
export function dodgeTest(st: CpState, a: CpFighter, d: CpFighter): number {
  return initiativeTest(st, d) + sumTerms(0, dodgeForeseeing(a));
}

/** Advanced skills, Deadly strike: the + a hit may buy (10 CP a point), 0 when the attacker cannot pay. */
export function deadlyStrike(st: CpState, a: CpFighter): number {
  const deadly = hasSkill(a, 'deadly strike 2') ? 2 : hasSkill(a, 'deadly strike') ? 1 : 0;
  return deadly > 0 && cpLeft(st, a) >= 10 * deadly ? deadly : 0;
}

/** Rules 8, 9, 19, 20 and Parade: how the defender meets the blow. */
function defend(st: CpState, ctx: FightContext, b: CpBlow, rear: boolean): Defence {
  const { a, d } = b;
  const out: Defence = { cp: 0, wounds: 0, shield: 0, cover: 0, dodge: false, flee: false, parade: false };
  // Rule 20: friends engaged with the attacker may parry for the defender.
  for (const ally of st.combatants) {
    if (ally === d || ally.side !== d.side || ally.out !== null || !engaged(ally, a) || !mayDefend(st, ally))
      continue;
    // Ours: a parry needs a weapon in hand; teeth and hooves (a mount under its rider too) cannot parry for another.
    if (meleeWeapon(st, ally)?.natural !== false) continue;
    const room = Math.min(cpLeft(st, ally), actionCap(st, ally));
    if (room < MIN_CP) continue;
    const pick = decide(
      ctx,
      ally,
      'cover',
      `${ally.name}: parry ${a.name}'s blow at ${d.name}? (rule 20: WS + ability test, then CP)`,
      [
        { key: 'no', label: 'no' },
        { key: 'yes', label: `yes (up to ${room} CP)` },
      ],
      suggestCover(st, ally, d, b.cp),
    );
    if (pick !== 'yes') continue;
    const skill = skillWith(st, ally, meleeWeapon(st, ally)).total;
    const r = d100(ctx, ally, `parry for ${d.name}: WS + ability test (need ${skill} or less)`);
    say(
      st,
      ctx,
      'cover',
      `${ally.name} tries to parry for ${d.name}: D100 ${formatD100(r)} ${r <= skill ? '≤' : '>'} ${skill}: ${r <= skill ? 'in time' : 'too late'}.`,
      rule(20),
      [ally, d],
    );
    if (r > skill) continue;
    const spend = ctx.amount({
      kind: 'amount',
      actor: ally.id,
      topic: 'cover-cp',
      label: `${ally.name}: CP to parry for ${d.name}`,
      min: MIN_CP,
      max: room,
      step: 1,
      suggested: Math.min(room, b.cp),
    });
    ally.spent += spend;
    const k = parryForAnotherDivisor(poolWeapon(st, ally) !== null);
    out.cover += st.cpo.parryForAnother === 'divide' ? Math.floor(spend / k) : -b.cp * (k - 1) + spend;
    say(
      st,
      ctx,
      'cover',
      `${ally.name} spends ${spend} CP for ${d.name}: ${st.cpo.parryForAnother === 'divide' ? `counts ${Math.floor(spend / k)} (÷ ${k})` : `the attacker's CP count × ${k}`}.`,
      rule(20),
      [ally, d],
    );
  }
  if (!mayDefend(st, d)) return out;
  const { cpRoom, poolRoom, wRoom, canDodge, paradeUp, nothing } = defenceRoom(st, d, a, b.kind, rear);
  const plan = suggestDefenceAmounts(st, d, b.cp - out.cover, cpRoom, wRoom, poolRoom);
  // Blocking as the plan says is one answer; other amounts are asked one by one.
  const planned = [
    cpRoom >= MIN_CP ? `${plan.cp} CP` : '',
    poolRoom > 0 ? `${plan.pool} of the shield pool` : '',
    wRoom > 0 && plan.wounds > 0 ? `${plan.wounds} W` : '',
  ].filter((x) => x !== '');
  const choices = [
    { key: 'block', label: `block with ${planned.join(', ') || 'nothing'}` },
    {
      key: 'block:amounts',
      label: `block, choosing how much CP${poolRoom ? ', shield pool' : ''}${wRoom ? ' and W' : ''}`,
    },
  ];
  if (canDodge) choices.push({ key: 'dodge', label: 'dodge (rule 9: an I test if the blow hits)' });
  if (paradeUp) choices.push({ key: 'parade', label: `keep the parade of ${d.parade?.cp} CP (Parade)` });
  if (b.kind === 'strike' && d.flee === null)
    choices.push({ key: 'flee', label: 'flee now (rule 14: the blow hits automatically)' });
  choices.push({ key: 'none', label: 'no defence' });
  const how = nothing
    ? 'none'
    : decide(
        ctx,
        d,
        'defence',
        `${d.name}: defend against ${a.name}'s ${b.cp} CP ${b.kind === 'disarm' ? 'disarm' : 'blow'}?`,
        choices,
        suggestDefence(st, d, b.cp, canDodge, paradeUp),
      );
  if (how === 'none') return out;
  if (how === 'flee') {
    out.flee = true;
    return out;
  }
  if (how === 'dodge') {
    d.dodges++;
    out.dodge = true;
    return out;
  }
  if (how === 'parade' && d.parade) {
    d.parade.against.add(a);
    out.parade = true;
    out.cp = d.parade.cp;
    return out;
  }
  const routine = how === 'block';
  if (cpRoom >= MIN_CP) {
    // Rule 13: nothing, or at least 10.
    const v = ctx.amount({
      kind: 'amount',
      actor: d.id,
      topic: 'defence-cp',
      routine,
      label: `${d.name}: CP to defend with (0, or at least ${MIN_CP})`,
      min: 0,
      max: cpRoom,
      step: 1,
      suggested: plan.cp,
    });
    out.cp = v > 0 && v < MIN_CP ? MIN_CP : v;
    d.spent += out.cp;
    if (hasSkill(d, 'parade') && out.cp > 0) d.parade = { cp: out.cp, against: new Set([a]) };
  }
  if (poolRoom > 0) {
    out.shield = ctx.amount({
      kind: 'amount',
      actor: d.id,
      topic: 'defence-pool',
      routine,
      label: `${d.name}: points of the shield's defence pool to use`,
      min: 0,
      max: poolRoom,
      step: 1,
      suggested: plan.pool,
    });
    d.shieldLeft -= out.shield;
  }
  if (wRoom > 0) {
    out.wounds = ctx.amount({
      kind: 'amount',
      actor: d.id,
      topic: 'defence-w',
      routine,
      label: `${d.name}: W to spend on defence, 10 CP each`,
      min: 0,
      max: wRoom,
      step: 1,
      suggested: plan.wounds,
    });
    d.W -= out.wounds;
  }
  return out;
}

/** Rules 10 and 24: the worst effect sets the wound status; a survivor of an effect of 8 or more gains an Insanity Point. */
export function effectTaken(st: CpState, ctx: FightContext, f: CpFighter, effect: number): void {
  f.worst = Math.max(f.worst, effect);
  if (effect < HEAVY_EFFECT || f.out === 'dead') return;
  f.insanity++;
  say(st, ctx, 'insanity', `${f.name} gains an Insanity Point (a heavy effect, ${effect}).`, rule(10), [f]);
}

/** Resolves one blow; returns true if it struck home. */
export function resolveBlow(st: CpState, ctx: FightContext, b: CpBlow): boolean {
  const { a, d } = b;
  meetInMelee(a, d);
  a.stats.blows++;
  const rear = fromRear(a, d);
  const auto =
    b.automatic ?? (prone(st, d) ? `${d.name} is ${d.asleep ? 'asleep' : 'prone'} (rule 17)` : null);
  const def: Defence = auto
    ? { cp: 0, wounds: 0, shield: 0, cover: 0, dodge: false, flee: false, parade: false }
    : defend(st, ctx, b, rear);
  const { halfA, attack, halfD, defCP, defence, bonus, chance } = blowChance(st, b, def);
  const cap = skillWith(st, a, b.weapon).total;
  let roll = 0;
  let hit: boolean;
  if (auto || def.flee) {
    hit = true;
    say(
      st,
      ctx,
      'blow',
      `${a.name} strikes ${d.name}: ${auto ?? `${d.name} turns to flee (rule 14)`}: hit automatically.`,
      auto ? rule(17) : rule(14),
      [a, d],
    );
  } else {
    roll = d100(
      ctx,
      a,
      `${b.kind === 'disarm' ? 'disarm' : 'blow'} at ${d.name} (chance ${needWith(chance, ruledAhead(ctx))})`,
      b.kind === 'disarm' ? undefined : DAMAGE_DIE,
    );
    const ruled = ruledTerms(ctx);
    const least = b.forceful ? FORCEFUL_ALWAYS_HITS : undefined;
    hit = hits(roll, sumTerms(chance, ruled), least);
    if (ctx.explain) {
      const parts = [
        `${halfA ? `${b.cp} CP halved to ${attack}` : `${attack} CP`}${bonus ? ` + ${bonus} Disarm` : ''}`,
      ];
      if (def.cp)
        parts.push(
          `− ${halfD ? `${def.cp} CP halved to ${defCP}` : `${def.cp} CP`}${def.parade ? ' (parade)' : ''}`,
        );
      if (def.shield) parts.push(`− ${def.shield} pool`);
      if (def.wounds) parts.push(`− ${def.wounds} W × 10`);
      if (def.cover) parts.push(`− ${def.cover} parried for`);
      for (const t of ruled) parts.push(showTerm(t));
      const always = roll <= (b.forceful ? FORCEFUL_ALWAYS_HITS : 5) && roll > sumTerms(chance, ruled);
      say(
        st,
        ctx,
        'blow',
        `${a.name} ${b.kind === 'disarm' ? 'tries to disarm' : b.kind === 'stun' ? 'strikes to stun' : 'attacks'} ${d.name}${rear ? ' from the rear' : ''}: ${parts.join(' ')} = ${sumTerms(chance, ruled)}%; D100 ${formatD100(roll)}: ${hit ? (always ? `hit (01-${b.forceful ? '10' : '05'} always hits)` : 'hit') : roll >= 96 ? 'miss (96-00 always misses)' : 'miss'}.`,
        rule(7),
        [a, d],
        { roll, chance: sumTerms(chance, ruled), attack, defence },
      );
    }
  }
  if (!hit) {
    if (roll > 0 && st.opt.fumbles && isFumble(roll, cap)) fumble(st, ctx, a, roll, b.weapon, cap);
    return false;
  }
  if (def.dodge) {
    const foresee = dodgeForeseeing(a);
    const I = dodgeTest(st, a, d);
    const r = d100(ctx, d, `dodge: I test (need ${I} or less)`);
    say(
      st,
      ctx,
      'dodge',
      `${d.name} dodges: D100 ${formatD100(r)} ${r <= I ? '≤' : '>'} ${showInitiativeTest(st, d, foresee)}: ${r <= I ? 'dodged' : 'not quick enough'}.`,
      rule(9),
      [d],
    );
    if (r <= I) return false;
  }
  a.stats.hits++;
  if (b.kind === 'disarm') {
    const hand = d.right && !d.right.shield ? 'right' : d.left && !d.left.shield ? 'left' : null;
    if (hand) dropHand(st, ctx, d, hand, `disarmed by ${a.name} (rule 18)`);
    return true;
  }
  if (b.onHit) {
    b.onHit();
    return true;
  }
  // WFRP 1e § Mounted Combat (the variant is silent): a blow at a rider may strike the mount.
  const struck = d.mount ? (riderOrMount(st, ctx, a, d, false) as CpFighter) : d;
  wound(st, ctx, struck === d ? b : { ...b, d: struck }, roll === 0 ? null : roll, rear, prone(st, struck));
  wakeByBlow(st, ctx, struck);
  if (def.flee && d.out === null) takeOut(st, ctx, d, 'fled', 'fled in the defence phase (rule 14)');
  return true;
}

/** A natural sleeper (WFRP 1e's `asleep`) wakes when struck; the Sleep spell's lasts its rounds. */
export function wakeByBlow(st: CpState, ctx: FightContext, f: CpFighter): void {
  if (!f.asleep || f.wakesAt > 0 || f.out !== null) return;
  f.asleep = false;
  say(st, ctx, 'wake', `${f.name} wakes up.`, section('Combat example #3'), [f]);
}

/** Rules 10 and 26: a critical of 0 or less is +1 read at −50%, then −40% and −30% for later ones on that location. */
export function raiseToOne(
  d: CpFighter,
  part: string,
  value: number,
): { value: number; modifier: number; nth: number } {
  if (value > 0) return { value, modifier: 0, nth: 0 };
  const nth = (d.zeroHits.get(part) ?? 0) + 1;
  d.zeroHits.set(part, nth);
  return { value: 1, modifier: zeroDamageModifier(nth), nth };
}

/** Rule 10: the metal armour against a blow on a zone (a shield's 1 with shieldArmour, spells' aura), and the leather worn there. */
export function meleeArmour(st: CpState, d: CpFighter, zone: Zone | null): { worn: Worn; metal: number } {
  const worn = wornOn(d.armour, zone);
  const shieldAP = st.cpo.shieldArmour && ((d.left?.shield ?? false) || (d.right?.shield ?? false)) ? 1 : 0;
  return { worn, metal: Math.min(2, worn.metal + shieldAP) + d.auraAP };
}

/** Rules 10-11: the damage formula's terms for a blow of `w` on `loc`, and its critical value (before 0 or less is raised). */
export function blowDamage(
  st: CpState,
  a: CpFighter,
  d: CpFighter,
  w: Weapon | null,
  loc: Part,
  thrown: { S: number; mod: number } | null,
) {
  const unarmed = !thrown && isUnarmed(st, w);
  const S = thrown?.S ?? now(st, a, 'S');
  const mod = thrown
    ? thrown.mod
    : unarmed
      ? UNARMED_DAMAGE
      : w && !w.natural
        ? WEAPON_MODIFIERS[w.group].damage
        : 0;
  const T = now(st, d, 'T');
  const { worn, metal } = meleeArmour(st, d, loc.zone);
  const armour = unarmed ? unarmedArmour(metal, worn.leather) : metal;
  const cv = criticalValue(S, mod, T, armour, !unarmed && worn.leather);
  return { unarmed, S, mod, T, worn, metal, armour, cv };
}

/** Rules 10-12, 17, 33: where the blow lands and what it does. */
function wound(
  st: CpState,
  ctx: FightContext,
  b: CpBlow,
  roll: number | null,
  rear: boolean,
  proneTarget: boolean,
): void {
  const { a, d } = b;
  const w = b.weapon;
  const first =
    b.locationRoll ?? (roll === null ? d100(ctx, a, `hit location on ${d.name} (D100)`) : reverseD100(roll));
  let loc = hitLocation(ctx, a, d, first, rear).part;
  if (hasSkill(a, 'precise strike') && d.LP === 0) {
    const pick = decide(
      ctx,
      a,
      'precise',
      `${a.name}: Precise strike: move the location roll ${first}?`,
      [
        { key: '0', label: `keep ${first} (the ${loc.name})` },
        { key: '-20', label: `${first} − 20` },
        { key: '+20', label: `${first} + 20` },
      ],
      '0',
    );
    if (pick !== '0') {
      const moved = Math.min(100, Math.max(1, first + Number(pick)));
      loc = hitLocation(ctx, a, d, moved, rear).part;
      say(
        st,
        ctx,
        'precise',
        `${a.name}'s Precise strike moves the location to ${moved}: the ${loc.name}.`,
        section('Advanced skills: Precise strike'),
        [a, d],
      );
    }
  }
  const { unarmed, S, mod, T, worn, metal, armour, cv } = blowDamage(st, a, d, w, loc, b.thrown ?? null);
  if (d.LP > 0) {
    const skill = skillWith(st, a, w).total;
    const { dice } = damageDice(st, ctx, a, skill);
    const sum = dice.reduce((x, y) => x + y, 0);
    const add = poolDamage(S, mod, sum, T, metal, worn.leather);
    d.pool += add;
    say(
      st,
      ctx,
      'pool',
      `${d.name} has ${d.LP} LP: (S ${S} ${mod >= 0 ? '+' : '−'} ${Math.abs(mod)} + D6 ${dice.join(' + ')}) × (10 − T ${T})${metal ? ` − ${metal} × 10 armour` : ''}${worn.leather ? ' − 2 leather' : ''} = ${add}%; the round's pool is ${d.pool}%.`,
      rule(33),
      [a, d],
      { pool: d.pool, added: add },
    );
    return;
  }
  let value = cv.value;
  const notes: string[] = [];
  if (proneTarget) {
    value += PRONE_CRITICAL;
    notes.push('+1 prone (rule 17)');
  }
  // Deadly strike: 10 (20) CP more and a test of the ability alone for +1 (+2).
  const deadly = deadlyStrike(st, a);
  if (deadly > 0) {
    const pick = decide(
      ctx,
      a,
      'deadly',
      `${a.name}: Deadly strike: spend ${10 * deadly} CP for +${deadly} to the critical?`,
      [
        { key: 'no', label: 'no' },
        { key: 'yes', label: `yes (${10 * deadly} CP, test the ability alone)` },
      ],
      'yes',
    );
    if (pick === 'yes') {
      a.spent += 10 * deadly;
      const ability = skillWith(st, a, w).ability;
      const r = d100(ctx, a, `Deadly strike: ability test (need ${ability} or less)`);
      const ok = r <= ability;
      say(
        st,
        ctx,
        'deadly',
        `${a.name}'s Deadly strike: D100 ${formatD100(r)} ${ok ? '≤' : '>'} ability ${ability}: ${ok ? `+${deadly}` : 'no more'}.`,
        section('Advanced skills: Deadly strike'),
        [a],
      );
      if (ok) {
        value += deadly;
        notes.push(`+${deadly} Deadly strike`);
      }
    }
  }
  const raised = raiseToOne(d, loc.id, value);
  const modifier = raised.modifier;
  if (raised.nth)
    notes.push(`0 or less: +1 with ${modifier}% (hit ${raised.nth} of 0 or less on the ${loc.name})`);
  value = raised.value;
  if (ctx.explain) {
    const t = `(S ${S} ${mod >= 0 ? '+' : '−'} ${Math.abs(mod)}${b.thrown ? ` ${b.thrown.why}` : ''}) × (10 − T ${T}) × 0.1${armour ? ` − ${armour} armour${unarmed ? ' (unarmed: metal × 2, leather 1)' : ''}` : ''}${!unarmed && worn.leather ? ' − 0.2 leather' : ''} = ${(cv.tenths / 10).toFixed(1)} → ${cv.value}`;
    say(
      st,
      ctx,
      'damage',
      `${a.name} hits ${d.name} on the ${loc.name}: ${t}${notes.length ? `; ${notes.join('; ')}` : ''}: critical +${value}.`,
      rule(10),
      [a, d],
      { value, tenths: cv.tenths },
    );
  }
  d.stats.woundsTaken++;
  a.stats.woundsDealt++;
  inflict(st, ctx, d, loc, value, a, {
    modifier,
    capped: unarmed || b.kind === 'stun',
    strikeToStun: b.kind === 'stun' && hasSkill(a, 'strike to stun'),
  });
}

/** A critical of `value` on `part`, with the variant's ceiling, stun and Insanity Point. */
export function inflict(
  st: CpState,
  ctx: FightContext,
  d: CpFighter,
  part: Part,
  value: number,
  a: CpFighter | null,
  how: { modifier?: number; capped?: boolean; strikeToStun?: boolean },
): void {
  const conds = d.conds.length;
  const mods = d.charMods.length;
  const r = critical(st, ctx, d, part, value, a, false, {
    rollModifier: how.modifier ?? 0,
    maxEffect: how.capped ? UNARMED_MAX_EFFECT : undefined,
    cite: rule(10),
  });
  stampDurations(st, d, conds, mods);
  if (!r) return;
  effectTaken(st, ctx, d, r.applied);
  if (how.capped) {
    const chance = stunChance(r.effect, how.strikeToStun ?? false);
    if (chance > 0 && d.out === null) {
      const s = d100(
        ctx,
        a,
        `stun: ${chance}% (effect ${r.effect} over 6 × 10${how.strikeToStun ? ' + 20 Strike to Stun' : ''})`,
      );
      const over =
        r.effect > UNARMED_MAX_EFFECT
          ? `(${r.effect} − ${UNARMED_MAX_EFFECT}) × 10`
          : `nothing over ${UNARMED_MAX_EFFECT}`;
      say(
        st,
        ctx,
        'stun',
        `Stun: ${over}${how.strikeToStun ? ' + 20 Strike to Stun' : ''} = ${chance}%; D100 ${formatD100(s)}: ${s <= chance ? `${d.name} is stunned` : 'not stunned'}.`,
        how.strikeToStun ? rule(12) : rule(11),
        [d],
      );
      if (s <= chance) takeOut(st, ctx, d, 'unconscious', 'stunned');
    }
  }
}

/** Rule 7: the WFRP 1e fumble table, entry by the double rolled. */
function fumble(
  st: CpState,
  ctx: FightContext,
  a: CpFighter,
  roll: number,
  w: Weapon | null,
  cap: number,
): void {
  const entry = st.cat.fumbles.get(roll);
  a.stats.fumbles++;
  if (!entry) return;
  say(
    st,
    ctx,
    'fumble',
    `${a.name} fumbles: ${formatD100(roll)} is a double above WS + ability ${cap}: ${entry.text} (${fumbleSource(entry)}).`,
    rule(7),
    [a],
    { roll },
  );
  const conds = a.conds.length;
  const mods = a.charMods.length;
  applyConsequences(st, ctx, a, null, entry.effects, 'fumble', w);
  const self = entry.effects.selfHit ?? (entry.effects.friendHit ? 'arm' : null);
  if (self) {
    const part = self === 'leg' ? PARTS.rightLeg : self === 'arm' ? PARTS.leftArm : PARTS.body;
    const worn = wornOn(a.armour, part.zone);
    const mod = w && !w.natural ? WEAPON_MODIFIERS[w.group].damage : UNARMED_DAMAGE;
    const cv = criticalValue(now(st, a, 'S'), mod, now(st, a, 'T'), worn.metal + a.auraAP, worn.leather);
    const raised = raiseToOne(a, part.id, cv.value);
    say(
      st,
      ctx,
      'fumble',
      `${a.name} strikes its own ${part.name}: critical +${raised.value}${raised.nth ? ` (0 or less: ${raised.modifier}%)` : ''}.`,
      rule(7),
      [a],
    );
    inflict(st, ctx, a, part, raised.value, a, { modifier: raised.modifier });
  }
  stampDurations(st, a, conds, mods);
}

/** Rule 14: a fleer's engaged opponents each test I; success is an automatic hit in the back. */
export function flee(st: CpState, ctx: FightContext, f: CpFighter, forced: boolean): void {
  const bonus = forced || hasSkill(f, 'flee') ? 30 : 0;
  say(
    st,
    ctx,
    'flee',
    `${f.name} flees${bonus ? ' (+30%: ' + (forced ? 'must flee' : 'Flee skill') + ')' : ''}.`,
    rule(14),
    [f],
  );
  for (const o of st.combatants) {
    if (o.out !== null || o.side === f.side || !engaged(f, o) || !mayAttack(st, o)) continue;
    const fleeing: Term[] = bonus ? [{ label: forced ? 'must flee' : 'Flee skill', value: -bonus }] : [];
    const I = initiativeTest(st, o) - bonus;
    const r = d100(ctx, o, `I test to strike the fleeing ${f.name} (need ${I} or less)`);
    say(
      st,
      ctx,
      'flee',
      `${o.name}'s I test: D100 ${formatD100(r)} ${r <= I ? '≤' : '>'} ${showInitiativeTest(st, o, fleeing)}: ${r <= I ? 'strikes the fleer in the back' : 'too slow'}.`,
      rule(14),
      [o, f],
    );
    if (r <= I && f.out === null) {
      resolveBlow(st, ctx, {
        a: o,
        d: f,
        kind: 'strike',
        cp: 0,
        weapon: meleeWeapon(st, o),
        forceful: false,
        automatic: `${f.name} is fleeing (rule 14)`,
      });
    }
  }
  if (f.out === null) takeOut(st, ctx, f, 'fled', 'fled the fight');
}
