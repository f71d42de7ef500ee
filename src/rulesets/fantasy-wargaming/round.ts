// Fantasy Wargaming's combat round sequence (fantasy-wargaming-combat.txt, Combat round sequence):
// pre-melee (morale, berserk control, declarations, missiles, magic), the melee phase (first
// strikes, counter-attacks, lunges, flurries and defences) and post-melee (morale), then back to
// the melee phase. Every step resolves all its participants on the state as the step began, and
// applies the effects together at its end ("All sides act simultaneously in each step. Effects are
// applied immediately."). Fighters act in the order of their ids, so the file's order changes nothing.
import { showSum, sumTerms, type Term } from '../../core/arith.js';
import type { FightContext } from '../../core/context.js';
import type { Choice, FollowingDice } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import { ruledTerms } from '../../core/rulings.js';
import { decide, roll, say } from '../../core/say.js';
import { formatDice, type Dice } from '../../dice/notation.js';
import {
  chartResult,
  specialEffects,
  type DefenceEffect,
  type Location,
  type SpecialEffect,
} from './charts.js';
import { ours, text } from './cite.js';
import type { Weapon } from './data.js';
import { berserkFactor, moraleFactor, showWeaponFactor, weaponFactor, type WeaponFactor } from './fighter.js';
import {
  berserkCheckTerms,
  breakageRolled,
  defenceRefusalOf,
  defenceTerms,
  firstStrike,
  harmDealt,
  isExhausted,
  luck,
  moraleCheckTerms,
  MORALE_WORDS,
  mustCheckBerserk,
  rangedTerms,
  scaledDamage,
  strikeTerms,
  type Band,
  type DefenceKind,
  type MoraleResult,
} from './rules.js';
import { asListed, FIST, parryItemOf, type FwFighter, type FwState } from './state.js';
import { lungeWanted, suggestedKind, surrenders } from './tactics.js';

type Action =
  | { readonly kind: 'attack' | 'charge'; readonly target: FwFighter }
  | { readonly kind: DefenceKind }
  | { readonly kind: 'into-melee'; readonly magic: boolean }
  | { readonly kind: 'none'; readonly why: string };

/** One blow about to be resolved in a step. */
interface Blow {
  readonly attacker: FwFighter;
  target: FwFighter;
  weapon: Weapon | null;
  readonly magic: boolean;
  readonly missile: boolean;
  readonly charge: boolean;
  lunge: boolean;
  readonly firstStrike: 'reach' | 'agility' | null;
  readonly extra: readonly Term[];
}

/** What a step does, applied only once every participant of the step has acted. */
interface Effect {
  readonly target: FwFighter;
  readonly harm: number;
  readonly effects: readonly SpecialEffect[];
  readonly broken: Weapon | null;
  readonly leaves: boolean;
}

interface Defence {
  readonly kind: DefenceKind;
  readonly band: Band;
  readonly effect: DefenceEffect | null;
  item: Weapon | null;
}

/** What a melee phase knows while it runs. */
interface Phase {
  readonly n: number;
  readonly actions: Map<FwFighter, Action>;
  readonly defences: Map<FwFighter, Defence>;
  /** Enemies declaring a melee attack at each fighter this phase. */
  readonly at: Map<FwFighter, number>;
  /** Who was out, and who was fleeing, as the phase began. */
  readonly outBefore: Set<FwFighter>;
  readonly fleeingBefore: Set<FwFighter>;
  /** Set once the melee phase begins: damage before it (missiles, magic, a ranged exchange) is not "damaged in the last melee phase". */
  melee: boolean;
  /** Damaged, and stunned, in the last melee phase: read from here all phase long, as this phase's own blows change the fighters. */
  readonly damagedBefore: ReadonlySet<FwFighter>;
  readonly stunnedBefore: ReadonlySet<FwFighter>;
  /** Parrying items broken in this phase's steps so far (gone from the step after). */
  readonly broken: Set<Weapon>;
}

const standing = (st: FwState) => st.combatants.filter((f) => f.out === null);
const enemiesOf = (st: FwState, f: FwFighter) =>
  st.combatants.filter((o) => o.side !== f.side && o.out === null);
const alliesOf = (st: FwState, f: FwFighter) =>
  st.combatants.filter((o) => o.side === f.side && o !== f && o.out === null);
export const isLeader = (st: FwState, f: FwFighter) => st.leaders[f.side] === f.id;
const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);
const spaced = (n: number) => `${n < 0 ? '−' : '+'} ${Math.abs(n)}`;

export function holder(f: FwFighter) {
  return { ch: f.spec.ch, combatLevel: f.spec.combatLevel, favoured: f.spec.favoured };
}
export function kit(f: FwFighter) {
  return { carried: f.carried, shield: f.shield, armour: f.spec.armour, wielded: f.wielded };
}
/** Weapons and armor: the WF of a weapon as the fighter is equipped now. */
export function wfOf(st: FwState, f: FwFighter, w: Weapon): WeaponFactor {
  return weaponFactor(holder(f), kit(f), w, st.setup.charts.damageStep);
}
const missileWeapon = (f: FwFighter) => f.carried.find((w) => w.kind === 'missile') ?? null;
/** Ours: exhausted once it has fought as many melee phases as its endurance. */
const exhausted = (st: FwState, f: FwFighter) =>
  isExhausted(st.setup.opt.exhaustion, f.phasesFought, f.spec.maxEndurance);
const damagedLast = (f: FwFighter, phase: Phase) => phase.damagedBefore.has(f);
/** Ours: a fighter too stunned, frozen in panic or running cannot defend, and its foes take a free hack. */
const defenceless = (f: FwFighter, phase: Phase) =>
  f.fleeing || phase.stunnedBefore.has(f) || f.bound === 'panic';

// ------------------------------------------------------------------ start

export function startFw(st: FwState, ctx: FightContext): void {
  if (!ctx.explain) return;
  const c = st.setup.charts;
  say(
    st,
    ctx,
    'start',
    `Tables: ${c.source}. Maneuver area ${st.setup.areaFeet} sq ft (${st.setup.area}).`,
    // A user's charts are cited as their own file, not as ours.
    st.setup.data?.some((n) => n.kind === 'yours' && n.table === 'charts')
      ? { source: c.file, section: 'source' }
      : ours('Our tables'),
  );
  for (const f of asListed(st)) {
    const wfs = [...f.carried, ...(f.shield ? [f.shield] : [])].map((w) => {
      const x = wfOf(st, f, w);
      return `${w.name}: ${showWeaponFactor(holder(f), kit(f), x)}; adjusted damage ${formatDice({ ...w.damage, plus: w.damage.plus + x.damageBonus })}`;
    });
    const mf = moraleFactor(
      { ...holder(f), isLeader: isLeader(st, f), victories: f.spec.victories, defeats: f.spec.defeats },
      leaderLevel(st, f),
      st.setup.opt.lowIntelligenceMorale,
    );
    say(
      st,
      ctx,
      'start',
      `${f.name}: endurance ${f.endurance}/${f.spec.maxEndurance}, protection ${f.spec.armour?.protection ?? 0}; MF ${mf.value}${f.spec.leader ? ' (party leader)' : ''}. ${wfs.join('. ') || 'unarmed'}.`,
      text('Weapons and armor'),
      [f],
    );
  }
}

export function leaderLevel(st: FwState, f: FwFighter): number | null {
  const id = st.leaders[f.side];
  const l = id ? st.combatants.find((x) => x.id === id) : undefined;
  return l ? l.spec.combatLevel : null;
}

// ------------------------------------------------------------------ the round

export function playFwRound(st: FwState, ctx: FightContext): void {
  st.round++;
  const phase: Phase = {
    n: st.round,
    actions: new Map(),
    defences: new Map(),
    at: new Map(),
    outBefore: new Set(st.combatants.filter((f) => f.out !== null)),
    fleeingBefore: new Set(st.combatants.filter((f) => f.fleeing)),
    melee: false,
    damagedBefore: new Set(st.combatants.filter((f) => f.damaged === st.round - 1)),
    stunnedBefore: new Set(st.combatants.filter((f) => f.stunned === st.round - 1)),
    broken: new Set(),
  };
  if (st.round <= st.setup.volleys) {
    volley(st, ctx, phase);
    return;
  }
  if (st.round === st.setup.volleys + 1) {
    preMelee(st, ctx, phase);
    if (oneSideLeft(st)) return;
  } else declareAll(st, ctx, phase, false);
  melee(st, ctx, phase);
  postMelee(st, ctx, phase);
}

const oneSideLeft = (st: FwState) => new Set(standing(st).map((f) => f.side)).size <= 1;

// ------------------------------------------------------------------ 1. pre-melee

function preMelee(st: FwState, ctx: FightContext, phase: Phase): void {
  say(st, ctx, 'phase', 'Pre-melee phase.', text('Combat round sequence'));
  // 1.1 All characters check morale.
  if (st.setup.opt.morale) moraleStep(st, ctx, phase, standing(st), 'pre-melee');
  // 1.2 Anyone who might go berserk makes a control check.
  berserkStep(
    st,
    ctx,
    standing(st).filter((f) => !f.berserk && mustCheckBerserk(berserkProfile(st, f))),
  );
  // 1.3 Declarations (charges among them), then 1.4 missiles and 1.5 magic, each all at once.
  const { shots, spells } = rangedIntents(st, ctx, phase);
  declareAll(st, ctx, phase, true, new Set([...shots, ...spells].map((b) => b.attacker)));
  if (shots.length) step(st, ctx, phase, 'Missile attacks', shots);
  if (spells.length) step(st, ctx, phase, 'Magical attacks', spells);
}

/** Combat round sequence: "For ranged-only combat, just apply simultaneous missile or magical effects repeatedly, once per move by all participants." */
function volley(st: FwState, ctx: FightContext, phase: Phase): void {
  say(
    st,
    ctx,
    'phase',
    `Ranged exchange, move ${st.round} of ${st.setup.volleys}.`,
    text('Combat round sequence'),
  );
  const { shots, spells } = rangedIntents(st, ctx, phase);
  if (shots.length || spells.length) step(st, ctx, phase, 'Missiles and magic', [...shots, ...spells]);
}

/** Who looses a missile or casts a prepared spell, and at whom (the declarations of 1.3 for 1.4 and 1.5). */
function rangedIntents(st: FwState, ctx: FightContext, phase: Phase): { shots: Blow[]; spells: Blow[] } {
  const shots: Blow[] = [];
  const spells: Blow[] = [];
  for (const f of standing(st)) {
    if (f.fleeing || f.bound === 'panic') continue;
    const m = missileWeapon(f);
    const range = m?.range ?? 0;
    const targets = enemiesOf(st, f);
    if (m && range >= st.setup.distance && targets.length) {
      const pick = decide(
        ctx,
        f,
        'missile',
        `${f.name}: loose the ${m.name} (${st.setup.distance} yards, range ${range})?`,
        [
          { key: 'hold', label: 'hold' },
          ...targets.map((t) => ({ key: `shoot:${combatantKey(t)}`, label: `shoot at ${t.name}` })),
        ],
        f.spec.tactics.shoot ? `shoot:${combatantKey(pickTarget(st, phase, f, targets))}` : 'hold',
      );
      const t = pick.startsWith('shoot:') ? byKey(st, pick.slice(6)) : null;
      if (t) shots.push(missileBlow(st, f, m, t));
    }
    const spell = f.spec.magic;
    if (spell && !f.magicUsed && targets.length) {
      const pick = decide(
        ctx,
        f,
        'magic',
        `${f.name}: cast ${spell.name} (level ${spell.level})?`,
        [
          { key: 'hold', label: 'hold' },
          ...targets.map((t) => ({ key: `cast:${combatantKey(t)}`, label: `cast at ${t.name}` })),
        ],
        f.spec.tactics.shoot ? `cast:${combatantKey(pickTarget(st, phase, f, targets))}` : 'hold',
      );
      const t = pick.startsWith('cast:') ? byKey(st, pick.slice(5)) : null;
      if (t) spells.push(magicBlow(f, t));
    }
  }
  return { shots, spells };
}

/** A missile at `t`, from `distance` yards (ours: a shot into the melee is at close range). */
function missileBlow(st: FwState, f: FwFighter, m: Weapon, t: FwFighter, distance = st.setup.distance): Blow {
  return {
    attacker: f,
    target: t,
    weapon: m,
    magic: false,
    missile: true,
    charge: false,
    lunge: false,
    firstStrike: null,
    extra: rangedTerms({
      size: t.spec.size,
      speed: t.spec.speed,
      distance,
      range: m.range ?? distance,
      seen: f.spec.seen,
    }),
  };
}

/** A prepared spell is spent once cast (ours). */
function magicBlow(f: FwFighter, t: FwFighter): Blow {
  f.magicUsed = true;
  return {
    attacker: f,
    target: t,
    weapon: null,
    magic: true,
    missile: false,
    charge: false,
    lunge: false,
    firstStrike: null,
    extra: [],
  };
}

function byKey(st: FwState, k: string): FwFighter | null {
  return st.combatants.find((f) => combatantKey(f) === k) ?? null;
}

/** Tactics: whom to attack among `targets`; ours: a foe that cannot defend first, for the free hack. */
function pickTarget(st: FwState, phase: Phase, f: FwFighter, targets: readonly FwFighter[]): FwFighter {
  const t = f.spec.tactics.target;
  const open = targets.filter((x) => defenceless(x, phase));
  const pool = open.length ? open : targets;
  const leader = t === 'leader' ? pool.find((x) => isLeader(st, x)) : undefined;
  if (leader) return leader;
  const sign = t === 'strongest' ? -1 : 1;
  return [...pool].sort(
    (a, b) => sign * (a.endurance - b.endurance) || (a.id < b.id ? -1 : 1),
  )[0] as FwFighter;
}

// ------------------------------------------------------------------ declarations

function declareAll(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  first: boolean,
  shot: ReadonlySet<FwFighter> = new Set(),
): void {
  let intoMeleeTaken = false;
  for (const f of standing(st)) {
    const a = declare(st, ctx, phase, f, first && !shot.has(f), intoMeleeTaken);
    if (a.kind === 'into-melee') intoMeleeTaken = true;
    phase.actions.set(f, a);
  }
  for (const [, a] of phase.actions)
    if (a.kind === 'attack' || a.kind === 'charge') phase.at.set(a.target, (phase.at.get(a.target) ?? 0) + 1);
}

function declare(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  f: FwFighter,
  mayCharge: boolean,
  intoMeleeTaken: boolean,
): Action {
  const n = phase.n;
  if (f.fleeing) return { kind: 'none', why: 'flees' };
  if (phase.stunnedBefore.has(f)) return { kind: 'none', why: 'is stunned' };
  if (f.bound === 'panic') return { kind: 'none', why: 'panics' };
  const targets = enemiesOf(st, f);
  if (!targets.length) return { kind: 'none', why: 'has nobody to fight' };
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  const startsNothingNew = f.bound === 'dither';
  const last = f.lastAction;
  const lastTarget = last?.target ? targets.find((t) => t.id === last.target) : undefined;
  // Attacks: berserk always; dithering only at the foe it was already fighting; retreating never.
  if (f.bound !== 'selfish') {
    for (const t of targets) {
      if (startsNothingNew && t !== lastTarget) continue;
      choices.push({
        key: `attack:${combatantKey(t)}`,
        label: `attack ${t.name}${defenceless(t, phase) ? ' (free hack)' : ''}`,
      });
      if (mayCharge && !startsNothingNew)
        choices.push({ key: `charge:${combatantKey(t)}`, label: `charge ${t.name}` });
    }
  }
  if (!f.berserk) {
    const noDefence = f.chargedOrLunged === n - 1 ? 'charged or lunged in the previous melee phase' : null;
    for (const kind of ['parry', 'dodge', 'disengage'] as const) {
      const why = noDefence ?? defenceRefusal(st, f, kind, n);
      if (why) refused.push({ key: kind, label: `${kind}: ${why}` });
      else
        choices.push({ key: kind, label: kind === 'parry' ? `parry with the ${parryItem(f)?.name}` : kind });
    }
    const m = missileWeapon(f);
    // "You cannot fire missiles or magic while you are engaged in melee" (ours: engaged = fought or was attacked last phase).
    const engagedLast =
      f.lastAction?.kind === 'attack' ||
      st.combatants.some((o) => o.side !== f.side && o.lastAction?.target === f.id);
    if (
      st.setup.opt.intoMelee &&
      !intoMeleeTaken &&
      !startsNothingNew &&
      f.bound !== 'selfish' &&
      !engagedLast
    ) {
      if (m)
        choices.push({
          key: 'into-melee',
          label: `loose the ${m.name} into the melee (a random participant)`,
        });
      if (f.spec.magic && !f.magicUsed)
        choices.push({
          key: 'magic-into-melee',
          label: `cast ${f.spec.magic.name} into the melee (a random participant)`,
        });
    }
  }
  if (!choices.length)
    return { kind: 'none', why: f.bound === 'selfish' ? 'tries to retreat but cannot' : 'can do nothing' };
  const suggested = suggestAction(st, f, phase, choices, targets, lastTarget);
  const pick = decide(
    ctx,
    f,
    'action',
    `${f.name}: what in this melee phase${f.bound && f.bound !== 'obey' ? ` (bound by "${MORALE_WORDS[f.bound]}")` : ''}${f.berserk ? ' (berserk)' : ''}?`,
    choices,
    suggested,
    refused,
    // Doing again what it did last phase (fighting on at the same foe) is routine at the table.
    suggested === f.lastChoice,
  );
  f.lastChoice = pick;
  const [kind, who] = pick.split(':') as [string, string | undefined];
  if ((kind === 'attack' || kind === 'charge') && who) return { kind, target: byKey(st, who) as FwFighter };
  if (kind === 'into-melee' || kind === 'magic-into-melee')
    return { kind: 'into-melee', magic: kind === 'magic-into-melee' };
  return { kind } as Action;
}

/** The shield, else the melee weapon in hand (ours: a fist does not parry). */
function parryItem(f: FwFighter): Weapon | null {
  return parryItemOf(f.shield, f.wielded);
}

function defenceRefusal(st: FwState, f: FwFighter, kind: DefenceKind, n: number): string | null {
  return defenceRefusalOf(kind, st.setup.area, parryItem(f) !== null, f.knockedDown === n - 1);
}

function suggestAction(
  st: FwState,
  f: FwFighter,
  phase: Phase,
  choices: readonly Choice[],
  targets: readonly FwFighter[],
  lastTarget: FwFighter | undefined,
): string {
  const has = (k: string) => choices.some((c) => c.key === k);
  const t = f.spec.tactics;
  const foes = st.combatants.filter(
    (o) => o.side !== f.side && o.lastAction?.target === f.id && o.out === null,
  ).length;
  const kind = suggestedKind({
    bound: f.bound,
    berserk: f.berserk,
    tactics: t,
    outnumbered: foes > 1,
    lastAction: f.lastAction?.kind ?? null,
    lastTargetStands: lastTarget !== undefined,
    can: has,
  });
  if (kind === 'attack-last' && lastTarget) return `attack:${combatantKey(lastTarget)}`;
  if (kind !== 'attack') return kind;
  const target = pickTarget(st, phase, f, targets);
  if (has(`charge:${combatantKey(target)}`) && t.charge) return `charge:${combatantKey(target)}`;
  if (has(`attack:${combatantKey(target)}`)) return `attack:${combatantKey(target)}`;
  return choices.find((c) => c.key.startsWith('attack:'))?.key ?? (choices[0] as Choice).key;
}

// ------------------------------------------------------------------ 2. the melee phase

function melee(st: FwState, ctx: FightContext, phase: Phase): void {
  const n = phase.n;
  phase.melee = true;
  say(st, ctx, 'phase', `Melee phase ${n - st.setup.volleys}.`, text('Combat round sequence'));
  for (const [f, a] of phase.actions) {
    if (a.kind === 'none') say(st, ctx, 'action', `${f.name} ${a.why}.`, text('Combat round sequence'), [f]);
  }
  const blows: Blow[] = [];
  for (const [f, a] of phase.actions) {
    if (a.kind !== 'attack' && a.kind !== 'charge') continue;
    const t = retarget(st, phase, f, a.target);
    if (!t || f.out) continue;
    const mine = { length: f.wielded.length, surplusAgility: wfOf(st, f, f.wielded).surplusAgility };
    const theirs = { length: t.wielded.length, surplusAgility: wfOf(st, t, t.wielded).surplusAgility };
    blows.push({
      attacker: f,
      target: t,
      weapon: f.wielded,
      magic: false,
      missile: false,
      charge: a.kind === 'charge',
      lunge: false,
      firstStrike: firstStrike(mine, theirs, st.setup.opt.firstStrikeAgility),
      extra: [],
    });
    f.lastAction = { kind: 'attack', target: t.id };
    if (a.kind === 'charge') f.chargedOrLunged = n;
  }
  for (const [f, a] of phase.actions)
    if (a.kind !== 'attack' && a.kind !== 'charge') f.lastAction = { kind: a.kind, target: null };

  // 2.1 First strikes.
  const first = blows.filter((b) => b.firstStrike);
  if (first.length) step(st, ctx, phase, 'First strikes', first);
  // 2.2 Counter-attacks against first strikes: one struck first, who meant to attack, strikes back at once.
  const counters: Blow[] = [];
  for (const b of blows) {
    if (b.firstStrike || b.attacker.out) continue;
    const striker = first.find((x) => x.target === b.attacker && x.attacker.out === null);
    if (!striker) continue;
    aim(phase, b, striker.attacker);
    counters.push(b);
  }
  if (counters.length) step(st, ctx, phase, 'Counter-attacks', counters);
  // 2.3 Lunges are declared; 2.4 flurries of blows, dodges, disengages and parries.
  const rest = blows.filter((b) => !b.firstStrike && !counters.includes(b) && b.attacker.out === null);
  for (const b of rest) {
    const t = retarget(st, phase, b.attacker, b.target);
    if (!t) continue;
    aim(phase, b, t);
    // A charge is already its blow; dithering starts nothing new.
    if (b.charge || b.attacker.bound === 'dither') continue;
    const suggest = lungeWanted(b.attacker.spec.tactics, t.endurance, t.spec.maxEndurance)
      ? 'lunge'
      : 'flurry';
    const pick = decide(
      ctx,
      b.attacker,
      'lunge',
      `${b.attacker.name}: lunge at ${t.name} (${signed(st.setup.charts.lunge)}, no defence next phase)?`,
      [
        { key: 'flurry', label: 'a flurry of blows' },
        { key: 'lunge', label: 'lunge' },
      ],
      suggest,
      undefined,
      // A flurry, or the same as last time, is routine: a person asks to lunge (`ask NAME`).
      suggest === (b.attacker.lastLunge ?? 'flurry'),
    );
    b.attacker.lastLunge = pick;
    if (pick === 'lunge') {
      b.lunge = true;
      b.attacker.chargedOrLunged = n;
      say(st, ctx, 'lunge', `${b.attacker.name} lunges at ${t.name}.`, text('Combat round sequence'), [
        b.attacker,
        t,
      ]);
    }
  }
  const flurries = rest.filter((b) => b.target.out === null);
  // Combat round sequence (the option): the one missile or spell into the melee goes to a participant picked at random.
  for (const [f, a] of phase.actions) {
    if (a.kind !== 'into-melee' || f.out) continue;
    const m = missileWeapon(f);
    const pool = standing(st).filter((x) => x !== f && phase.actions.get(x)?.kind !== 'into-melee');
    if ((!a.magic && !m) || !pool.length) continue;
    const what = a.magic ? (f.spec.magic?.name ?? 'spell') : (m as Weapon).name;
    const r = roll(ctx, pool.length, f, `who the ${what} hits in the melee (1–${pool.length})`);
    const t = pool[r - 1] as FwFighter;
    say(
      st,
      ctx,
      'into-melee',
      `${f.name} ${a.magic ? 'casts' : 'looses'} into the melee: D${pool.length} ${r} picks ${t.name}.`,
      text('Combat round sequence'),
      [f, t],
    );
    flurries.push(a.magic ? magicBlow(f, t) : missileBlow(st, f, m as Weapon, t, 1));
  }
  if (flurries.length) step(st, ctx, phase, 'Flurries of blows', flurries);
  for (const [f, a] of phase.actions) if (a.kind !== 'none' && a.kind !== 'into-melee') f.phasesFought++;
}

/** Turns a melee blow on another foe, keeping the count of who is attacked by how many (outnumbered). */
function aim(phase: Phase, b: Blow, t: FwFighter): void {
  if (b.target === t) return;
  if (!b.missile && !b.magic) {
    phase.at.set(b.target, Math.max(0, (phase.at.get(b.target) ?? 0) - 1));
    phase.at.set(t, (phase.at.get(t) ?? 0) + 1);
  }
  b.target = t;
}

/** A blow at a foe who fell earlier in the phase goes to another (the tactic's pick), or is lost. */
function retarget(st: FwState, phase: Phase, f: FwFighter, t: FwFighter): FwFighter | null {
  if (t.out === null) return t;
  const others = enemiesOf(st, f);
  return others.length ? pickTarget(st, phase, f, others) : null;
}

// ------------------------------------------------------------------ one step, all at once

function step(st: FwState, ctx: FightContext, phase: Phase, label: string, blows: readonly Blow[]): void {
  // Who acts in this step, and at whom, is fixed from the state as the step begins.
  const acting: Blow[] = [];
  for (const b of [...blows].sort((x, y) => (x.attacker.id < y.attacker.id ? -1 : 1))) {
    if (b.attacker.out !== null) continue;
    const t =
      b.missile || b.magic
        ? b.target.out === null
          ? b.target
          : null
        : retarget(st, phase, b.attacker, b.target);
    if (!t) continue;
    aim(phase, b, t);
    // A blow is struck with what is in hand as the step begins (a weapon dropped to a first strike is gone).
    if (!b.missile && !b.magic) b.weapon = b.attacker.wielded;
    acting.push(b);
  }
  if (!acting.length) return;
  say(st, ctx, 'step', `${label}:`, text('Combat round sequence'), [], { step: label });
  const effects: Effect[] = [];
  for (const b of acting) effects.push(blow(st, ctx, phase, b, label));
  applyEffects(st, ctx, phase, effects, label);
}

function blow(st: FwState, ctx: FightContext, phase: Phase, b: Blow, stepLabel: string): Effect {
  const { attacker: a, target: t } = b;
  const n = phase.n;
  const c = st.setup.charts;
  a.stats.blows++;
  if (b.missile) t.underFire = n;
  const wf = b.weapon && !b.magic ? wfOf(st, a, b.weapon) : null;
  const base = b.magic ? (a.spec.magic?.factor ?? 0) : (wf?.value ?? 0);
  const terms: Term[] = [
    ...b.extra,
    ...strikeTerms({
      melee: !b.missile && !b.magic,
      carryOver: false,
      berserk: a.berserk,
      outnumberedBy: b.missile || b.magic ? 0 : Math.max(0, (phase.at.get(a) ?? 0) - 1),
      damagedLastPhase: damagedLast(a, phase),
      exhausted: exhausted(st, a),
      opponentDamagedLastPhase: damagedLast(t, phase),
      opponentExhausted: exhausted(st, t),
      opponentOutnumberedBy: b.missile || b.magic ? 0 : Math.max(0, (phase.at.get(t) ?? 0) - 1),
      firstStrike: b.firstStrike !== null,
      freeHack: !b.missile && !b.magic && defenceless(t, phase),
      astrology: a.spec.astrology,
    }),
    ...(b.charge ? [{ label: 'charge (ours)', value: c.charge }] : []),
    ...(b.lunge ? [{ label: 'lunge (ours)', value: c.lunge }] : []),
  ].filter((x) => x.value !== 0);
  // The luck die and the Striking Table's die are rolled together at the table.
  // The column before luck, with its modifiers, is shown before the dice are rolled.
  const before = showSum(b.magic ? 'factor' : 'WF', base, terms);
  const l = luck(
    roll(ctx, 6, a, `luck die (strike at ${t.name}: ${before}, then luck)`, 1, chartDie(c.striking.die)),
  );
  // The GM's one-off modifier moves the column, as the other factors do.
  terms.push(...ruledTerms(ctx));
  const factor = sumTerms(base, terms) + l;
  const what = b.magic ? (a.spec.magic?.name ?? 'magic') : (b.weapon?.name ?? 'fist');
  const baseLabel = b.magic ? `${what} factor` : `WF (${what})`;
  // The defence, rolled once a phase, when the first blow comes at it.
  const d = b.missile || b.magic ? null : defenceOf(st, ctx, phase, t, a);
  const shift = d?.effect ? d.effect.shift + (st.setup.opt.defenceTable ? 0 : -d.effect.reduce) : 0;
  const r = roll(ctx, c.striking.die, a, `Striking Table (column ${factor + shift})`);
  const band = chartResult(c.striking, factor + shift, r);
  const shown = `${showSum(baseLabel, base, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${factor}${shift ? `, ${signed(shift)} ${d?.kind} = ${factor + shift}` : ''}`;
  if (!b.magic && !b.missile) {
    a.lastFlurry = { band, phase: n };
  }
  const who = `${a.name}${b.firstStrike ? ` (first strike by ${b.firstStrike})` : ''}${b.charge ? ' charges' : ''}`;
  const detail = { step: stepLabel, attacker: a.id, target: t.id, factor, roll: r, band };
  if (band === 'failure') {
    say(
      st,
      ctx,
      'strike',
      `${who} at ${t.name}: ${shown}; D${c.striking.die} ${r}: failure.`,
      text('Attacking'),
      [a, t],
      detail,
    );
    return { target: t, harm: 0, effects: [], broken: null, leaves: d?.effect?.leaves ?? false };
  }
  a.stats.hits++;
  if (band === 'total') {
    a.stats.criticalsDealt++;
    t.stats.criticalsTaken++;
  }
  const struck = `${who} at ${t.name}: ${shown}; D${c.striking.die} ${r}: ${band} success`;
  const dice: Dice = b.magic ? (a.spec.magic?.damage ?? FIST.damage) : (b.weapon?.damage ?? FIST.damage);
  const loc = rollLocation(st, ctx, a, t, {
    count: dice.count,
    sides: dice.sides,
    label: `damage ${formatDice(dice)}`,
  });
  const rolled = roll(ctx, dice.sides, a, `damage ${formatDice(dice)}`, dice.count) + dice.plus;
  const bonus = b.magic ? 0 : (wf?.damageBonus ?? 0);
  let scaleBand = band;
  let carry = '';
  let broken: Weapon | null = null;
  const adjusted = Math.max(0, rolled + bonus);
  let damage = scaledDamage(adjusted, c.strikeBands[scaleBand].damage);
  // Defense: a parry that held may break the parrying weapon or shield; the blow then carries over at −2.
  if (d && d.kind === 'parry' && d.effect && d.item) {
    const brk = breakage(st, ctx, t, d.item, damage);
    if (brk.text) carry += ` ${brk.text}`;
    if (brk.broken) {
      broken = d.item;
      // "Any totally successful defense always means you yourself will not be harmed": the
      // weapon is lost, the blow is not carried over.
      if (d.effect.harmless) {
        say(
          st,
          ctx,
          'strike',
          `${struck}.${carry} The ${d.kind} was a total success: ${t.name} is unharmed.`,
          text('Defense'),
          [a, t],
          detail,
        );
        return { target: t, harm: 0, effects: [], broken, leaves: d.effect.leaves };
      }
      const col = factor - 2;
      const again = chartResult(c.striking, col, r);
      carry += ` The blow carries over: column ${factor} − 2 = ${col}, D${c.striking.die} ${r}: ${again}${again === 'failure' ? '' : ' success'}`;
      if (again === 'failure') {
        say(st, ctx, 'strike', `${struck}.${carry}.`, text('Defense'), [a, t], detail);
        return { target: t, harm: 0, effects: [], broken, leaves: false };
      }
      scaleBand = again;
      damage = scaledDamage(adjusted, c.strikeBands[scaleBand].damage);
    }
  }
  const effect = broken ? null : (d?.effect ?? null);
  const ignoresArmour = b.magic || c.strikeBands[scaleBand].armourIgnored;
  const protection = ignoresArmour ? 0 : (t.spec.armour?.protection ?? 0);
  const reduce = effect && st.setup.opt.defenceTable ? effect.reduce : 0;
  const harm = harmDealt(damage, reduce, protection, effect?.harmless ?? false);
  const special = specialEffects(c, loc, harm);
  const added = `${dice.plus ? ` ${spaced(dice.plus)}` : ''}${bonus ? ` ${spaced(bonus)} surplus physique` : ''}${c.strikeBands[scaleBand].damage !== 'full' ? `, ${c.strikeBands[scaleBand].damage}` : ''}`;
  const arithmetic = `${formatDice(dice)}: ${rolled - dice.plus}${added ? `${added} = ${damage}` : ''}${reduce ? ` − ${reduce} ${d?.kind}` : ''}${protection ? ` − ${protection} protection` : ignoresArmour && (t.spec.armour?.protection ?? 0) ? ' (armour ignored)' : ''}`;
  const outcome = effect?.harmless ? `the ${d?.kind} is a total success: unharmed` : `${harm} off endurance`;
  say(
    st,
    ctx,
    'strike',
    // The damage follows the band it was scaled by: after a carry-over, the carried band's.
    broken
      ? `${struck}.${carry}, ${loc.replace('-', ' ')}; ${arithmetic}: ${outcome}${special.length ? ` (${special.join(', ')})` : ''}.`
      : `${struck}, ${loc.replace('-', ' ')}; ${arithmetic}: ${outcome}${special.length ? ` (${special.join(', ')})` : ''}.${carry}`,
    text('Damage'),
    [a, t],
    detail,
  );
  if (harm > 0) a.stats.woundsDealt += harm;
  return { target: t, harm, effects: special, broken, leaves: effect?.leaves ?? false };
}

/** The table's die for a luck die's `then`: both are rolled together at the table. */
function chartDie(sides: number, table = 'Striking Table'): FollowingDice {
  return { count: 1, sides, label: table };
}

/** `damage`: the damage dice, rolled with the location at the table. */
function rollLocation(
  st: FwState,
  ctx: FightContext,
  a: FwFighter,
  t: FwFighter,
  damage?: FollowingDice,
): Location {
  const l = st.setup.charts.locations;
  const r = roll(ctx, l.die, a, `where the blow lands on ${t.name}`, 1, damage);
  for (const row of l.rows) if (r >= row.lo && r <= row.hi) return row.value;
  return 'body';
}

/** Defense: the defender's parry, dodge or disengage, on the Striking Table with the area and last-flurry modifiers. */
function defenceOf(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  t: FwFighter,
  opponent: FwFighter,
): Defence | null {
  const had = phase.defences.get(t);
  if (had) return had.item === null && had.kind === 'parry' ? null : had;
  const a = phase.actions.get(t);
  if (!a || (a.kind !== 'parry' && a.kind !== 'dodge' && a.kind !== 'disengage') || t.out) return null;
  const n = phase.n;
  const item = a.kind === 'parry' ? parryItem(t) : null;
  const w = item ?? t.wielded;
  const wf = wfOf(st, t, w);
  const terms: Term[] = [
    ...strikeTerms({
      melee: true,
      carryOver: false,
      berserk: false,
      outnumberedBy: Math.max(0, (phase.at.get(t) ?? 0) - 1),
      damagedLastPhase: damagedLast(t, phase),
      exhausted: exhausted(st, t),
      opponentDamagedLastPhase: damagedLast(opponent, phase),
      opponentExhausted: exhausted(st, opponent),
      opponentOutnumberedBy: Math.max(0, (phase.at.get(opponent) ?? 0) - 1),
      firstStrike: false,
      freeHack: false,
      astrology: t.spec.astrology,
    }),
    ...defenceTerms(st.setup.area, t.lastFlurry && t.lastFlurry.phase === n - 1 ? t.lastFlurry.band : null),
  ].filter((x) => x.value !== 0);
  const c = st.setup.charts;
  const l = luck(roll(ctx, 6, t, `luck die (${a.kind})`, 1, chartDie(c.striking.die)));
  const factor = sumTerms(wf.value, terms) + l;
  const r = roll(ctx, c.striking.die, t, `Striking Table (${a.kind}, column ${factor})`);
  const band = chartResult(c.striking, factor, r);
  const effect = band === 'failure' ? null : c.defence[a.kind][band];
  const d: Defence = { kind: a.kind, band, effect, item };
  phase.defences.set(t, d);
  if (effect) t.stats.defences++;
  const said = effect
    ? `${band} success: ${effect.harmless ? 'no harm to the defender' : `${signed(effect.shift)} column${st.setup.opt.defenceTable ? `, −${effect.reduce} damage` : `, and −${effect.reduce} more as columns (the other reading)`}`}${effect.leaves ? ', and out of the melee' : ''}`
    : 'failure';
  say(
    st,
    ctx,
    'defence',
    `${t.name} ${a.kind === 'parry' ? `parries with the ${w.name}` : `${a.kind}s`}: ${showSum(`WF (${w.name})`, wf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${factor}; D${c.striking.die} ${r}: ${said}.`,
    text('Defense'),
    [t],
  );
  return d;
}

/** Defense: a shield rolls on the Weapon Breakage table when the damage exceeds its defensive value; a weapon when its own damage roll is lower than the blow's. */
function breakage(
  st: FwState,
  ctx: FightContext,
  t: FwFighter,
  item: Weapon,
  damage: number,
): { broken: boolean; text: string } {
  const c = st.setup.charts;
  if (damage <= 0) return { broken: false, text: '' };
  let why: string;
  if (item.kind === 'shield') {
    const value = item.defence ?? 0;
    if (!breakageRolled(item, damage, 0))
      return { broken: false, text: `The ${item.name} takes it (${damage} ≤ defensive value ${value}).` };
    why = `${damage} > the ${item.name}'s defensive value ${value}`;
  } else {
    const own =
      roll(
        ctx,
        item.damage.sides,
        t,
        `the parrying ${item.name}'s damage ${formatDice(item.damage)}`,
        item.damage.count,
      ) +
      item.damage.plus +
      wfOf(st, t, item).damageBonus;
    if (!breakageRolled(item, damage, own))
      return { broken: false, text: `The ${item.name} rolls ${own} ≥ ${damage}: it holds.` };
    why = `the ${item.name} rolls ${own} < ${damage}`;
  }
  const r = roll(ctx, c.breakage.die, t, `Weapon Breakage table (${item.name})`);
  const rows = item.kind === 'shield' ? c.breakage.shield : c.breakage.weapon;
  const res = rows.find((x) => r >= x.lo && r <= x.hi)?.value ?? 'holds';
  return {
    broken: res === 'breaks',
    text: `${why[0]?.toUpperCase()}${why.slice(1)}: Weapon Breakage D${c.breakage.die} ${r}: ${res === 'breaks' ? 'it breaks' : 'it holds'}.`,
  };
}

function applyEffects(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  effects: readonly Effect[],
  label: string,
): void {
  const n = phase.n;
  const hurt = new Map<FwFighter, number>();
  for (const e of effects) {
    if (e.harm > 0) hurt.set(e.target, (hurt.get(e.target) ?? 0) + e.harm);
    if (e.broken && !phase.broken.has(e.broken)) {
      const t = e.target;
      phase.broken.add(e.broken);
      // The parry held for every blow of this step; from the next step it is gone.
      const d = phase.defences.get(t);
      if (d && d.item === e.broken) d.item = null;
      if (t.shield === e.broken) t.shield = null;
      else dropWeapon(t, e.broken);
      say(st, ctx, 'breaks', `${t.name}'s ${e.broken.name} breaks.`, text('Defense'), [t], { step: label });
    }
  }
  for (const [t, harm] of hurt) {
    const before = t.endurance;
    t.endurance -= harm;
    t.hurt = n;
    if (phase.melee) t.damaged = n;
    t.stats.woundsTaken += harm;
    let fate = '';
    if (t.endurance <= 0 && t.out === null) {
      t.out = t.endurance * 2 <= -t.spec.maxEndurance ? 'dead' : 'unconscious';
      fate = t.out === 'dead' ? ': dead' : ': falls, out of the fight';
    }
    say(st, ctx, 'wound', `${t.name}: endurance ${before} → ${t.endurance}${fate}.`, text('Damage'), [t], {
      step: label,
    });
  }
  for (const e of effects) {
    const t = e.target;
    for (const s of e.effects) {
      if (t.out) break;
      if (s === 'stunned') t.stunned = n;
      else if (s === 'knocked-down') t.knockedDown = n;
      else if (s === 'knocked-out') t.out = 'unconscious';
      else if (s === 'drops-shield') t.shield = null;
      else if (s === 'drops-weapon' && t.wielded.kind !== 'natural') dropWeapon(t, t.wielded);
      say(
        st,
        ctx,
        'effect',
        `${t.name}: ${s.replace('-', ' ')}${s === 'stunned' ? ' (no action next melee phase)' : s === 'knocked-down' ? ' (no dodge or disengage next melee phase)' : s === 'drops-weapon' ? `, fights on with the ${t.wielded.name}` : ''}.`,
        ours('Our tables'),
        [t],
        { step: label },
      );
    }
    if (e.leaves && t.out === null) {
      t.out = 'fled';
      t.withdrew = true;
      say(st, ctx, 'disengage', `${t.name} disengages and leaves the melee.`, text('Defense'), [t], {
        step: label,
      });
    }
  }
  updateLeaders(st, ctx);
}

/** Drops a weapon for good; the next carried melee weapon (else the fist) comes to hand, and WF is recalculated. */
function dropWeapon(f: FwFighter, w: Weapon): void {
  f.carried = f.carried.filter((x) => x !== w);
  if (f.wielded === w)
    f.wielded =
      f.carried.find((x) => x.kind === 'melee') ?? f.carried.find((x) => x.kind === 'natural') ?? FIST;
}

/** Morale: the MF is recalculated whenever the party leader changes (ours: the next by combat level, bravery, then name). */
function updateLeaders(st: FwState, ctx: FightContext): void {
  st.sides.forEach((side, i) => {
    const id = st.leaders[i];
    if (!id) return;
    const l = st.combatants.find((f) => f.id === id);
    if (l && l.out === null) return;
    const next = [...st.combatants.filter((f) => f.side === i && f.out === null)].sort(
      (a, b) =>
        b.spec.combatLevel - a.spec.combatLevel ||
        b.spec.ch.bravery - a.spec.ch.bravery ||
        (a.id < b.id ? -1 : 1),
    )[0];
    st.leaders[i] = next?.id ?? null;
    if (next)
      say(
        st,
        ctx,
        'leader',
        `${next.name} now leads ${side.name}; their Morale Factors are recalculated.`,
        text('Morale'),
        [next],
      );
  });
}

// ------------------------------------------------------------------ morale and berserk

export function berserkProfile(st: FwState, f: FwFighter) {
  return {
    viking: f.spec.viking,
    bravery: f.spec.ch.bravery,
    intelligence: f.spec.ch.intelligence,
    combatLevel: f.spec.combatLevel,
    isLeader: isLeader(st, f),
  };
}

/** Morale: leaders check first, then each party's least brave, then the rest (ours: so "leader fails" and "least brave passes" can count). */
function moraleStep(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  who: readonly FwFighter[],
  when: string,
): void {
  const checking = who.filter((f) => !f.berserk);
  if (!checking.length) return;
  say(st, ctx, 'phase', `Morale checks (${when}).`, text('Morale'));
  const leastBrave = (f: FwFighter) => {
    const party = st.combatants.filter((x) => x.side === f.side && x.out === null);
    return (
      [...party].sort((a, b) => a.spec.ch.bravery - b.spec.ch.bravery || (a.id < b.id ? -1 : 1))[0] === f
    );
  };
  const ordered = [
    ...checking.filter((f) => isLeader(st, f)),
    ...checking.filter((f) => !isLeader(st, f) && leastBrave(f)),
    ...checking.filter((f) => !isLeader(st, f) && !leastBrave(f)),
  ];
  const results = new Map<FwFighter, MoraleResult>();
  for (const f of ordered) results.set(f, moraleCheck(st, ctx, phase, f, results, leastBrave));
  for (const [f, r] of results) applyMorale(st, ctx, f, r);
}

function moraleCheck(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  f: FwFighter,
  sofar: ReadonlyMap<FwFighter, MoraleResult>,
  leastBrave: (f: FwFighter) => boolean,
): MoraleResult {
  const party = st.combatants.filter((x) => x.side === f.side);
  const out = party.filter((x) => x.out !== null).length;
  const allies = alliesOf(st, f);
  const foes = enemiesOf(st, f);
  const foesMagic = foes.filter((x) => x.spec.magic);
  const leaderId = st.leaders[f.side];
  const leaderResult = [...sofar].find(([x]) => x.id === leaderId && x !== f)?.[1];
  const lb = [...sofar].find(([x]) => x !== f && x.side === f.side && leastBrave(x));
  const mf = moraleFactor(
    { ...holder(f), isLeader: isLeader(st, f), victories: f.spec.victories, defeats: f.spec.defeats },
    leaderLevel(st, f),
    st.setup.opt.lowIntelligenceMorale,
  );
  const terms = moraleCheckTerms({
    endurance: f.endurance,
    maxEndurance: f.spec.maxEndurance,
    partyIntact: out === 0,
    partyHalfCasualties: out * 2 >= party.length && out > 0,
    shieldless: f.shield === null,
    unarmored: f.spec.armour === null,
    unarmed: f.wielded.kind === 'natural',
    secure: f.spec.secure,
    isolated: allies.length === 0,
    underMissileFire: f.underFire === phase.n,
    mageFacingHigherMagic:
      f.spec.role === 'mage' &&
      foesMagic.some((x) => (x.spec.magic?.level ?? 0) > (f.spec.magic?.level ?? 0)),
    mageOrClericFacingCombat: f.spec.role !== 'warrior' && foes.length > 0,
    warriorFacingMagic: f.spec.role === 'warrior' && foesMagic.length > 0,
    desire: f.spec.desire && (f.spec.ch.greed >= 14 || f.spec.ch.lust >= 14),
    leastBravePassed: lb?.[1] === 'obey',
    partyMemberFleeing: allies.some((x) => x.fleeing),
    partyDeserted: party.filter((x) => x.out === 'fled' && !x.withdrew).length * 2 > party.length,
    leaderFailed: leaderResult !== undefined && leaderResult !== 'obey',
    demoralized: f.morale !== null && f.morale !== 'obey',
    fleeing: f.fleeing,
    astrology: f.spec.astrology,
  });
  const c = st.setup.charts.morale;
  const l = luck(roll(ctx, 6, f, 'luck die (morale)', 1, chartDie(c.die, 'Morale Table')));
  const total = sumTerms(mf.value, terms) + l;
  const r = roll(ctx, c.die, f, `Morale Table (column ${total})`);
  const result = chartResult(c, total, r);
  say(
    st,
    ctx,
    'morale',
    `${f.name} checks morale: ${showSum('MF', mf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${total}; D${c.die} ${r}: ${MORALE_WORDS[result]}.`,
    text('Morale'),
    [f],
    { result },
  );
  return result;
}

function applyMorale(st: FwState, ctx: FightContext, f: FwFighter, r: MoraleResult): void {
  const wasFleeing = f.fleeing;
  f.morale = r;
  f.bound = r;
  if (wasFleeing) {
    // Ours: a fleeing character who obeys rallies; otherwise it is gone.
    if (r === 'obey') {
      f.fleeing = false;
      say(st, ctx, 'rally', `${f.name} rallies.`, ours('Fleeing and rallying'), [f]);
    } else {
      f.out = 'fled';
      say(st, ctx, 'fled', `${f.name} flees the fight.`, ours('Fleeing and rallying'), [f]);
    }
    return;
  }
  if (r === 'flee') {
    f.fleeing = true;
    say(
      st,
      ctx,
      'flee',
      `${f.name} turns to flee: no action or defence next melee phase; foes get a free hack.`,
      ours('Fleeing and rallying'),
      [f],
    );
  } else if (r === 'panic') {
    const pick = decide(
      ctx,
      f,
      'panic',
      `${f.name}: panic or surrender?`,
      [
        { key: 'panic', label: 'panic (no action or defence next melee phase)' },
        { key: 'surrender', label: 'surrender' },
      ],
      surrenders(f.spec.tactics, f.endurance, f.spec.maxEndurance) ? 'surrender' : 'panic',
    );
    if (pick === 'surrender') {
      f.out = 'helpless';
      say(st, ctx, 'surrender', `${f.name} surrenders.`, text('Morale'), [f]);
    }
  }
}

function berserkStep(
  st: FwState,
  ctx: FightContext,
  who: readonly FwFighter[],
  lost: ReadonlyMap<number, number> = new Map(),
): void {
  for (const f of who) {
    if (f.out || f.berserk) continue;
    const bf = berserkFactor({ ...holder(f), viking: f.spec.viking, isLeader: isLeader(st, f) });
    const terms = berserkCheckTerms({
      exhausted: exhausted(st, f),
      endurance: f.endurance,
      shieldless: f.shield === null,
      unarmored: f.spec.armour === null,
      unarmed: f.wielded.kind === 'natural',
      cornered: f.spec.cornered,
      alone: alliesOf(st, f).length === 0,
      berserkRecently: f.spec.berserkRecently,
      partyLostThisPhase: lost.get(f.side) ?? 0,
      failedLastMorale: f.morale !== null && f.morale !== 'obey',
      astrology: f.spec.astrology,
    });
    const l = luck(roll(ctx, 6, f, 'luck die (berserk control)'));
    const total = sumTerms(bf.value, terms) + l;
    const goes = total >= st.setup.charts.berserkAt;
    if (goes) {
      f.berserk = true;
      f.stats.berserk = 1;
      f.bound = null;
      f.fleeing = false;
    }
    say(
      st,
      ctx,
      'berserk',
      `${f.name} checks for berserk: ${showSum('BF', bf.value, terms)} ${l < 0 ? '−' : '+'} ${Math.abs(l)} luck = ${total}, against ${st.setup.charts.berserkAt} (ours): ${goes ? 'goes berserk (attacks every phase, no defence, no morale checks, −1 to strike)' : 'keeps control'}.`,
      text('Going berserk'),
      [f],
    );
  }
}

// ------------------------------------------------------------------ 3. post-melee

function postMelee(st: FwState, ctx: FightContext, phase: Phase): void {
  // A morale result binds the one melee phase after it.
  for (const f of st.combatants) f.bound = null;
  if (oneSideLeft(st)) return;
  say(st, ctx, 'phase', 'Post-melee phase.', text('Combat round sequence'));
  const lost = new Map<number, number>();
  for (const f of st.combatants)
    if (f.out !== null && !phase.outBefore.has(f)) lost.set(f.side, (lost.get(f.side) ?? 0) + 1);
  const newlyFleeing = new Set(
    st.combatants.filter((f) => f.fleeing && !phase.fleeingBefore.has(f)).map((f) => f.side),
  );
  // 3.1 Morale if required (ours: damaged this phase, a party member lost or fleeing, or fleeing oneself).
  if (st.setup.opt.morale) {
    const required = standing(st).filter(
      (f) => f.hurt === phase.n || (lost.get(f.side) ?? 0) > 0 || newlyFleeing.has(f.side) || f.fleeing,
    );
    moraleStep(st, ctx, phase, required, 'post-melee');
  } else {
    for (const f of standing(st).filter((x) => x.fleeing)) f.out = 'fled';
  }
  // Ours: a berserk candidate checks again when party members died, fled or surrendered this phase.
  const lostNow = new Map<number, number>();
  for (const f of st.combatants)
    if (f.out !== null && !f.withdrew && !phase.outBefore.has(f))
      lostNow.set(f.side, (lostNow.get(f.side) ?? 0) + 1);
  berserkStep(
    st,
    ctx,
    standing(st).filter(
      (f) => (lostNow.get(f.side) ?? 0) > 0 && !f.berserk && mustCheckBerserk(berserkProfile(st, f)),
    ),
    lostNow,
  );
  updateLeaders(st, ctx);
}
