// Exact odds for WFRP 1e by enumerating the dice: one blow between every attacker and defender,
// and, for a plain duel, the whole fight as a Markov chain over (each one's W and what criticals
// left, who is winning).
import { AutoDriver, FightContext } from '../../core/context.js';
import { ChainBudget, foePairs, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import { reverseD100 } from '../../dice/d100.js';
import { Rng, SeededDice } from '../../dice/index.js';
import {
  canAttack,
  chooseLocation,
  expectedWounds,
  isProneTarget,
  parryChance,
  PARRY_KEYS,
  parryHands,
  payForParry,
  shieldFor,
  skillWith,
  weaponDamage,
  toHitModifiers,
  type Blow,
} from './blow.js';
import { CRITICAL_EFFECTS, SUDDEN_DEATH_KILLS_FROM } from './data/criticals.js';
import type { Weapon } from './catalogue.js';
import type { W1Setup } from './encounter.js';
import { hitLocation } from './locate.js';
import { applyWounds, armourPoints, blowTicks, criticalColumn, isHit, wornOn } from './rules.js';
import { current, running, strongHand, type Cond, type Fighter, type W1State } from './state.js';
import { suggestParry } from './tactics.js';
import { actionTick, effectiveInitiative, type Entry } from './round/initiative.js';
import { mustFlee } from './round/declarations.js';
import { sumTerms } from '../../core/arith.js';
import { sameMoment, sortEntries } from './round/timeline.js';
import { WFRP1E_OPTIONS } from './options.js';
import { enumerateDice } from '../../core/enumerate.js';
import { bleedOnce, chartCell, eachRoundTest } from './effects.js';
import { criticalOutcomes, LastingCodec, type CriticalOutcome, type Lasting } from './odds-lasting.js';
import { blowOutcome, entryOf, type BlowOutcome } from './creatures.js';
import { formatCite } from '../../core/events.js';

/** Beyond this many extra D6s of additional damage the chance is below 1e-15: left out. */
const MAX_EXTRA_DICE = 20;

/** P(total of the additional dice = k): D6s while they show 6 (§ Additional Damage). */
function extraDamage(): Map<number, number> {
  let open = new Map<number, number>([[0, 1]]);
  const done = new Map<number, number>();
  for (let n = 0; n < MAX_EXTRA_DICE; n++) {
    const next = new Map<number, number>();
    for (const [sum, p] of open) {
      for (let d = 1; d <= 6; d++) {
        const q = p / 6;
        if (d < 6) done.set(sum + d, (done.get(sum + d) ?? 0) + q);
        else next.set(sum + 6, (next.get(sum + 6) ?? 0) + q);
      }
    }
    open = next;
  }
  return done;
}
const EXTRA = extraDamage();

/** A context for the location lookup: it must not roll (a body plan that rolls for its location is enumerated elsewhere). */
function noDice(): FightContext {
  return new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false);
}

/** What one blow of `a` at `d` does, as exact probabilities: where it lands and the damage there. */
interface BlowModel {
  /** What it strikes with: the weapon in its strong hand, or its first natural one (null: fists). */
  readonly weapon: Weapon | null;
  readonly need: number;
  readonly pHit: number;
  /** Wounds are doubled against a prone target (§ Prone and Static Targets). */
  readonly times: 1 | 2;
  /** Per location struck: its probability (of all blows) and the damage there. */
  readonly byPart: PartModel[];
}

interface PartModel {
  readonly part: ReturnType<typeof hitLocation>['part'];
  readonly p: number;
  /** Wounds with no parry (of all blows). */
  readonly wounds: Map<number, number>;
  /** The damage after T, before a parry and armour (of all blows). */
  readonly afterT: Map<number, number>;
  readonly worn: ReturnType<typeof wornOn>;
  readonly shield: boolean;
  /** What the defender's tactics expect of a blow here, when they weigh a parry. */
  readonly expected: number;
}

function blowModel(st: W1State, a: Fighter, d: Fighter, winning: boolean): BlowModel {
  const held = a[strongHand(a)];
  const weapon = held && !held.shield && !held.missile ? held : (a.natural[0] ?? null);
  const ws = skillWith(st, a, weapon, 'WS').skill;
  // § To Hit Modifiers as the engine sums them for this blow: winning, the weapon modifiers' entry,
  // the to-hit penalties of criticals (`a` and `d` are the fighters as the chain's state has them).
  const attacker = Object.assign(Object.create(a) as Fighter, { wonAgainst: new Set(winning ? [d] : []) });
  const b: Blow = {
    attacker,
    target: d,
    weapon,
    hand: held === weapon ? strongHand(a) : null,
    kind: 'strike',
    aim: null,
    charging: false,
    free: false,
    fromRear: false,
  };
  // § Prone and Static Targets: hit at once, where the attacker picks (chooseLocation, the
  // tactics' pick), for double damage.
  const prone = isProneTarget(st, d);
  const need = ws + toHitModifiers(st, b, prone, null, null);
  // § Weapon Modifiers (optional): the weapon's damage entry, 0 without the option.
  const S = current(a, 'S', st.round) + weaponDamage(st, weapon, false);
  const T = current(d, 'T', st.round);
  const byPart = new Map<string, PartModel>();
  const ctx = noDice();
  const shield = shieldFor(d, false);
  let pHit = 0;
  for (let roll = 1; roll <= 100; roll++) {
    if (!prone && !isHit(roll, need)) continue;
    pHit += 0.01;
    const part = prone
      ? chooseLocation(ctx, a, d, null)
      : hitLocation(ctx, a, d, reverseD100(roll), false).part;
    let e = byPart.get(part.id);
    if (!e) {
      const worn = wornOn(d.armour, part.zone);
      const expected = expectedWounds(S - T, d, part, shield, false, prone);
      byPart.set(part.id, (e = { part, p: 0, wounds: new Map(), afterT: new Map(), worn, shield, expected }));
    }
    (e as { p: number }).p += 0.01;
  }
  // The damage dice do not depend on the to-hit roll: one distribution, weighed by each part's chance.
  const dice = new Map<number, number>();
  const add = (n: number, p: number) => dice.set(n, (dice.get(n) ?? 0) + p);
  for (let first = 1; first <= 6; first++) {
    if (first < 6 || !st.opt.additionalDamage) {
      add(first, 1 / 6);
      continue;
    }
    // A natural 6: a WS test (base WS) for the additional D6s.
    const pass = Math.max(0, Math.min(100, ws)) / 100;
    add(6, (1 / 6) * (1 - pass));
    for (const [extra, p] of EXTRA) add(6 + extra, (1 / 6) * pass * p);
  }
  for (const e of byPart.values()) {
    for (const [n, p] of dice) {
      const afterT = n + S - T;
      e.afterT.set(afterT, (e.afterT.get(afterT) ?? 0) + e.p * p);
      const w = woundsThrough(e, afterT);
      e.wounds.set(w, (e.wounds.get(w) ?? 0) + e.p * p);
    }
  }
  return { weapon, need, pHit, byPart: [...byPart.values()], times: prone ? 2 : 1 };
}

/** The wounds of `damage` (after T and any parry) on a part, through its armour (§ Combat Procedure). */
function woundsThrough(e: Pick<PartModel, 'worn' | 'shield'>, damage: number): number {
  return Math.max(0, damage - armourPoints(e.worn, e.shield, damage, false));
}

/**
 * The chance a critical of `value` on `part` takes the victim out at once: killed, and (detailed)
 * out of the fight; read as critical() reads the chart, with its roll modifier and effect ceiling.
 */
export function criticalOut(
  st: W1State,
  chart: ReturnType<typeof hitLocation>['part']['chart'],
  value: number,
  how: { rollModifier?: number; maxEffect?: number } = {},
): { killed: number; out: number } {
  const col = criticalColumn(value);
  if (st.opt.criticals === 'sudden-death') {
    const killed = (101 - (SUDDEN_DEATH_KILLS_FROM[col - 1] as number)) / 100;
    return { killed, out: killed };
  }
  let killed = 0;
  let out = 0;
  for (let rolled = 1; rolled <= 100; rolled++) {
    // The cell as critical() reads it (effects.ts, chartCell).
    const eff = CRITICAL_EFFECTS[chart][chartCell(value, rolled, how).applied - 1];
    if (eff?.killed) killed += 0.01;
    if (eff?.killed || eff?.unconscious) out += 0.01;
  }
  return { killed, out };
}

/** Percent with two decimals, as `fray odds` prints its figures. */
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

function oneBlow(st: W1State, a: Fighter, d: Fighter): OddsBlow {
  const m = blowModel(st, a, d, false);
  const outcome = blowOutcome(a.spec, m.weapon, d.spec);
  if (outcome !== 'wounds') return ownRuleBlow(st, a, d, m, outcome);
  const wounds = new Map<number, number>();
  const crit = new Map<number, number>();
  let killed = 0;
  let out = 0;
  for (const e of m.byPart) {
    for (const [w, p] of e.wounds) {
      wounds.set(w, (wounds.get(w) ?? 0) + p);
      const c = applyWounds(d.W, w).critical;
      if (c <= 0) continue;
      crit.set(c, (crit.get(c) ?? 0) + p);
      const o = criticalOut(st, e.part.chart, c);
      killed += p * o.killed;
      out += p * o.out;
    }
  }
  const sorted = (mp: Map<number, number>) =>
    [...mp].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p }));
  const meanWounds = [...wounds].reduce((n, [w, p]) => n + w * p, 0);
  return {
    ...blowOf(a, d, m),
    wounds: sorted(wounds),
    meanWounds,
    critical: [...crit.values()].reduce((n, p) => n + p, 0),
    criticalValues: sorted(crit),
    killed,
    outAtOnce: out,
  };
}

/** Who strikes whom, the roll needed, and where the blows land: what every blow's figures begin with. */
function blowOf(
  a: Fighter,
  d: Fighter,
  m: BlowModel,
): Pick<OddsBlow, 'attacker' | 'defender' | 'need' | 'hit' | 'locations'> {
  return {
    attacker: a.name,
    defender: d.name,
    need: m.need,
    hit: m.pHit,
    locations: m.byPart.map((e) => ({ part: e.part.name, p: e.p })),
  };
}

/**
 * One blow under a creature's own rule (creatures.ts): no wounds, and a note of what a hit does
 * instead: nothing (only magic wounds the one struck; a Wight strikes an ethereal creature), or a
 * drain of 1 S when it would have wounded.
 */
function ownRuleBlow(
  st: W1State,
  a: Fighter,
  d: Fighter,
  m: BlowModel,
  outcome: Exclude<BlowOutcome, 'wounds'>,
): OddsBlow {
  const where = formatCite(entryOf(outcome === 'immune' ? d : a));
  let note: string;
  if (outcome === 'drain') {
    let drains = 0;
    for (const e of m.byPart) for (const [w, p] of e.wounds) if (w > 0) drains += p;
    note = `no wounds: a hit that would wound takes 1 S instead (${pct(drains)} of blows at its S ${current(a, 'S', st.round)}) [${where}]`;
  } else {
    note =
      outcome === 'immune'
        ? `no hit harms ${d.name}: only magic weapons wound it [${where}]`
        : `no hit harms ${d.name}: ${a.name} cannot wound an ethereal creature [${where}]`;
  }
  return {
    ...blowOf(a, d, m),
    wounds: [{ value: 0, p: m.pHit }],
    meanWounds: 0,
    critical: 0,
    criticalValues: [],
    killed: 0,
    outAtOnce: 0,
    note,
  };
}

/** Why the duel cannot be a finite Markov chain of this module (empty: it can). */
function duelObstacles(st: W1State, setup: W1Setup): string[] {
  const why: string[] = [];
  const fs = st.combatants;
  // Of more than two, that is all there is to say: what else would stand in a duel's way does not matter.
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  // Detailed criticals: the chain plays them through the engine and refuses, naming it, the
  // first lasting effect it does not carry (uncarried).
  // With fumbles off, a detailed critical's flight or dropped weapon may stop the chain next: both
  // are said at once, so that one more try answers.
  const andCriticals =
    st.opt.criticals === 'sudden-death'
      ? ''
      : ` (and, where detailed criticals leave an effect it does not carry either, -o ${LASTING_SOURCES['detailed criticals'].option})`;
  if (st.opt.fumbles) why.push(`${notCarried('fumbles', null)}${andCriticals}`);
  // Options the chain reads as the engine does; every other one as its default.
  for (const o of WFRP1E_OPTIONS) {
    if (CHAIN_OPTIONS.includes(o.name)) continue;
    const v = setup.optionValues[o.name];
    if (v !== undefined && v !== o.default)
      why.push(`the option ${o.name}=${v} (the chain follows its default, ${o.default})`);
  }
  if (setup.spatial) why.push('positions and movement are part of the state');
  if (setup.start === 'charge') why.push('the first round is a charge');
  if (setup.sides.some((s) => s.surprised || s.ambush)) why.push('someone is surprised');
  if (setup.door || setup.wandering) why.push('a door or a wandering approach');
  for (const f of fs) {
    if (f.mount || f.rider) why.push(`${f.name} is mounted`);
    if (
      f.tactics.stun ||
      f.tactics.grapple ||
      f.tactics.aim !== 'none' ||
      f.tactics.fleeBelow > 0 ||
      !f.tactics.press
    )
      why.push(`${f.name}'s tactics stun, grapple, aim, flee or hold back a beaten foe`);
    if (f.asleep || f.spec.situation.higherGround || f.spec.situation.obstacle || f.spec.situation.behind)
      why.push(`${f.name} is asleep, or has ground, an obstacle or the rear`);
    const held = f[strongHand(f)];
    if (!held || held.shield || held.missile || f.spec.leftHanded)
      why.push(
        `${f.name} fights without a hand weapon in the right hand (unarmed or left-handed blows follow other rules)`,
      );
    if (current(f, 'I', 1) <= 1) why.push(`${f.name}'s I of 1 or less`);
    if (f.right?.missile || f.left?.missile) why.push(`${f.name} holds a missile weapon`);
    if (f.body.heads > 1) why.push(`${f.name} has several heads (a head lost is not the fight lost)`);
    // A creature's own rules (creatures.ts): the chain carries W, not S drained nor blows that do nothing.
    const other = fs[0] === f ? fs[1] : fs[0];
    const weapon = held && !held.shield && !held.missile ? held : (f.natural[0] ?? null);
    const outcome = other ? blowOutcome(f.spec, weapon, other.spec) : 'wounds';
    if (outcome === 'drain') why.push(`${f.name}'s blows drain S from the living instead of wounding`);
    if (outcome === 'immune' || outcome === 'ethereal')
      why.push(`${f.name}'s blows cannot hurt ${other?.name ?? ''} (a creature's own rule)`);
  }
  return why;
}

/**
 * The options whose every value the chain follows as the engine does: those it reads, and those
 * that change nothing in the duels it accepts (no charge, no missile, no weapon taken up, no oil).
 */
const CHAIN_OPTIONS: readonly string[] = [
  'criticals',
  'fumbles',
  'additionalDamage',
  'effectiveInitiative',
  'weaponModifiers',
  'multipleAttacks',
  'specialistWeapons',
  'bracerPenalty',
  'blowSpacing',
  'parryTest',
  'monsterParry',
  'takeUp',
  'chargeBonus',
  'missileCriticals',
  'reloadStress',
  'extremeAim',
  'fireDamage',
];

/** The chain met a lasting effect it does not carry: it refuses the duel, naming the effect. */
class Uncarried extends Error {}

const COND_WORDS: Readonly<Record<string, string>> = {
  noAction: 'no action',
  parryOnly: 'parry only',
  noAttacks: 'no attacks next round',
  prone: 'prone',
  shieldParryOnly: 'shield parry only',
  handUseless: 'a useless hand or arm that holds something',
  toHit: 'a to-hit penalty',
  eachRound: 'a test each round',
  trapped: 'trapped',
  entangled: 'entangled',
};

/**
 * The conditions the chain carries: what they change is read by the engine's own functions from
 * the fighter as the state has it (canAttack at each moment, canParry and parryHands at each
 * parry, toHitModifiers in the blow's model). Changed characteristics are carried likewise: every
 * figure the chain takes from a fighter is the engine's `current`. Shield parry only is read by
 * parryHands alone.
 */
const CARRIED_CONDS: ReadonlySet<string> = new Set([
  'parryOnly',
  'noAttacks',
  'noAction',
  'toHit',
  'prone',
  'eachRound',
  'shieldParryOnly',
]);

/**
 * Whether a useless hand changes nothing the chain plays: it holds nothing (the lasting state
 * then leaves it out, odds-lasting.ts, while nothing lies on the ground). One that holds a weapon
 * leaves the blows to the other hand or to fists (usableWeapons), which the blow's model does not
 * follow; one that holds a shield takes the shield's parry away, which parryHands would read, but
 * multiplies the states past the budget in the duels tried (not carried yet).
 */
function uselessHandCarried(v: Fighter, c: Lasting['conds'][number]): boolean {
  return c.hand !== undefined && v[c.hand] === null;
}

/**
 * Why the chain cannot go on from lasting state `l` of `base`, rebuilt as `v` (null: it can): the
 * effects it does not carry. One out of the fight carries nothing further (the fight is decided).
 */
function uncarried(l: Lasting, base: Fighter, v: Fighter): string | null {
  if (l.out !== null) return null;
  const what: string[] = [];
  for (const c of l.conds)
    if (c.kind === 'handUseless' ? !uselessHandCarried(v, c) : !CARRIED_CONDS.has(c.kind))
      what.push(COND_WORDS[c.kind] ?? c.kind);
  if (l.ground.length > 0 || (base.right !== null) !== l.right >= 0 || (base.left !== null) !== l.left >= 0)
    what.push('a dropped or destroyed weapon');
  if (l.diesIn !== null) what.push('dying');
  if (what.length === 0) return null;
  return notCarried('detailed criticals', `${[...new Set(what)].join(', ')} on ${base.name}`);
}

/** What each source of lasting effects leaves that a chain may not carry, and the option that leaves them out. */
const LASTING_SOURCES = {
  'detailed criticals': {
    examples: 'a dropped weapon, a useless hand, dying…',
    option: 'criticals=sudden-death',
  },
  fumbles: { examples: 'a dropped weapon, a blow at oneself, −10 WS…', option: 'fumbles=off' },
} as const;

/**
 * Why the chain of this ruleset, or of one built on it (Combat Points), refuses a duel: `source`
 * leaves lasting effects it does not carry; `met` names those it met (null: refused before
 * the fight is played), and the words say which option leaves them out.
 */
export function notCarried(source: keyof typeof LASTING_SOURCES, met: string | null): string {
  const s = LASTING_SOURCES[source];
  return met === null
    ? `${source} leave lasting effects (${s.examples}) that the chain does not carry: use -o ${s.option}`
    : `${source} leave lasting effects that the chain does not carry: it met ${met}; use -o ${s.option}`;
}

/** No blows due: a critical's outcomes are worked out without them. */
const NO_BLOWS: readonly number[] = [];

/** What a successful parry may stop: D6. */
const STOPPED = [1, 2, 3, 4, 5, 6] as const;

/** The chain's steps a second on large states, for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 5_000_000;

/**
 * A fighter between rounds and within one: W, the blows still due this round (their EI ticks),
 * the parries made, the blows owed to a parry, out of the fight. Interned: one object, one id.
 */
interface Side {
  readonly id: number;
  /** W and what criticals left (odds-lasting.ts), relative to the round. */
  readonly l: Lasting;
  readonly pending: readonly number[];
  readonly parries: number;
  readonly owed: number;
  /** 0 in the fight; 1 struck down at this moment (it still strikes, § More About Rounds); 2 out. */
  readonly out: 0 | 1 | 2;
}

/** The sides met so far, each once, so that a state's key is a number. */
class Sides {
  private readonly byKey = new Map<string, Side>();
  /** Each side by its id. */
  readonly list: Side[] = [];
  get size(): number {
    return this.list.length;
  }
  of(l: Lasting, pending: readonly number[], parries: number, owed: number, out: Side['out']): Side {
    const k = `${l.id},${pending.join('.')},${parries},${owed},${out}`;
    let x = this.byKey.get(k);
    if (!x) {
      x = { id: this.list.length, l, pending, parries, owed, out };
      this.byKey.set(k, x);
      this.list.push(x);
    }
    return x;
  }
  private readonly afterBlow = new Map<number, Side>();
  /** `x` once its blow due at `pending[at]` is struck: the same side without that blow. */
  struck(x: Side, at: number): Side {
    // Blows due are a few (A): the key holds up to 64 of them, more go uncached.
    const k = at < 64 ? x.id * 64 + at : -1;
    let y = k < 0 ? undefined : this.afterBlow.get(k);
    if (!y) {
      const pending = x.pending.filter((_, i) => i !== at);
      this.afterBlow.set(k, (y = this.of(x.l, pending, x.parries, x.owed, x.out)));
    }
    return y;
  }
}

/**
 * A state within the round is a number: the ids of both sides and the wounds dealt by the first
 * less those by the second (§ Winning and Losing), with room for 65,536 sides and ±2²⁰ wounds.
 */
const SIDE_IDS = 2 ** 16;
const DIFF_ROOM = 2 ** 21;
const HALF = DIFF_ROOM / 2;
const stateOf = (x: Side, y: Side, diff: number): number =>
  (x.id * SIDE_IDS + y.id) * DIFF_ROOM + diff + HALF;
const diffOf = (k: number): number => (k % DIFF_ROOM) - HALF;
const firstOf = (k: number): number => Math.floor(k / DIFF_ROOM / SIDE_IDS);
const secondOf = (k: number): number => Math.floor(k / DIFF_ROOM) % SIDE_IDS;

/** Adds probability to the state (x, y, diff) of a map. */
function put(m: Map<number, number>, x: Side, y: Side, diff: number, p: number): void {
  const k = stateOf(x, y, diff);
  m.set(k, (m.get(k) ?? 0) + p);
}

/**
 * The duel as a Markov chain over (each one's lasting state: W and what criticals left, who is
 * winning, blows owed to parries), round by round up to the cap. Each round is played as the
 * engine plays it: the tests a critical left for each round; the blows spread over the round by
 * EI and A (+10 EI for winning), sorted and grouped by the timeline's own order; at each blow the
 * to-hit roll and its location, the defender's parry as its tactics decide it (made or not, and
 * what it costs), the damage, and the critical through the engine's own functions; at the end the
 * bleeding. More wounds caused than received wins the round (§ Winning and Losing); the fight is
 * decided once someone is out, after the round's end.
 */
function duel(st: W1State, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const fs = st.combatants as [Fighter, Fighter];
  const [a, b] = fs;
  const sides = new Sides();
  // By attacker, whether it won the last round (+10 to hit), and both fighters' lasting states.
  // Models alike (the striker's W, say, changes nothing in them) are one, with one number: the
  // outcomes of a blow are cached by it.
  const modelCache = new Map<string, { m: BlowModel; id: number }>();
  const modelIds = new Map<string, { m: BlowModel; id: number }>();
  const modelOf = (i: 0 | 1, won: boolean, mine: Lasting, theirs: Lasting): { m: BlowModel; id: number } => {
    // No piece of the model reads W (blowModel: skill, to-hit terms, prone, S, T, where it lands).
    const k = `${i},${won ? 1 : 0},${mine.butW},${theirs.butW}`;
    let x = modelCache.get(k);
    if (!x) {
      const j = (1 - i) as 0 | 1;
      const m = blowModel(st, codec.view(fs[i], mine, st.round), codec.view(fs[j], theirs, st.round), won);
      const sig = JSON.stringify([
        i,
        m.times,
        m.need,
        m.pHit,
        m.byPart.map((e) => [e.part.id, e.p, [...e.afterT], e.expected]),
      ]);
      x = modelIds.get(sig);
      if (!x) modelIds.set(sig, (x = { m, id: modelIds.size }));
      modelCache.set(k, x);
    }
    return x;
  };
  // Each fighter's lasting state (W, and what criticals leave), and the criticals' outcomes met.
  const codec = new LastingCodec();
  const critCache = new Map<string, CriticalOutcome[]>();
  const wCache = new Map<string, Lasting>();
  /** Fighter i's lasting state `l` with W `W` (the wounds of a blow, before its critical). */
  const withW = (i: 0 | 1, l: Lasting, W: number): Lasting => {
    if (W === l.W) return l;
    const k = `${l.id},${W}`;
    let x = wCache.get(k);
    if (!x) {
      const f = codec.view(fs[i], l, st.round);
      f.W = W;
      wCache.set(k, (x = codec.of(f, st.round)));
    }
    return x;
  };
  const bledCache = new Map<number, [Lasting, number][]>();
  /**
   * Fighter i's lasting state `l` after the end-of-round bleeding (effects.ts, bleed, with every
   * way its dice fall); the fighters bleed apart.
   */
  const bled = (i: 0 | 1, l: Lasting): readonly [Lasting, number][] => {
    if (l.bleeding.length === 0 || l.out !== null) return [[l, 1]];
    const k = l.id * 2 + i;
    let x = bledCache.get(k);
    if (!x) {
      // One wound at a time (the engine's bleedOnce, as bleed calls it for each wound the round
      // began with), each from every state the wounds before it left. The W lost are enumerated
      // with the critical they leave unplayed, which criticalOutcomes then plays one chart cell at a
      // time: far fewer runs than the chart's D100 with every die below it, for every W lost.
      const f0 = codec.view(fs[i], l, st.round);
      let now = new Map<Lasting, number>([[l, 1]]);
      const into = (m: Map<Lasting, number>, after: Lasting, p: number) =>
        m.set(after, (m.get(after) ?? 0) + p);
      for (const wound of [...f0.bleeding]) {
        const next = new Map<Lasting, number>();
        for (const [from, q] of now) {
          // Once out, the fight is decided at this round's end: the wounds still to bleed change nothing.
          if (from.out !== null) {
            into(next, from, q);
            continue;
          }
          for (const { value, p } of enumerateDice((ctx) => {
            const f = codec.view(fs[i], from, st.round);
            const critical = bleedOnce(st, ctx, f, wound, false);
            return { after: codec.of(f, st.round), critical };
          })) {
            if (value.critical <= 0) {
              into(next, value.after, q * p);
              continue;
            }
            for (const o of criticalOutcomes(
              st,
              codec,
              fs[i],
              value.after,
              NO_BLOWS,
              0,
              wound.part,
              value.critical,
              critCache,
            ))
              into(next, o.after, q * p * o.p);
          }
        }
        now = next;
      }
      x = [...now];
      for (const [after] of x) {
        const why = uncarried(after, fs[i], codec.view(fs[i], after, st.round));
        if (why) throw new Uncarried(why);
      }
      bledCache.set(k, x);
    }
    return x;
  };
  const nextCache = new Map<number, Lasting>();
  /** Fighter i's lasting state `l` read as of the next round: what ends this round is gone. */
  const nextRound = (i: 0 | 1, l: Lasting): Lasting => {
    let x = nextCache.get(l.id);
    if (!x) nextCache.set(l.id, (x = codec.of(codec.view(fs[i], l, st.round), st.round + 1)));
    return x;
  };
  const begunCache = new Map<number, [Lasting, number][]>();
  /**
   * Fighter i's lasting state `l` once the round has begun: the tests a critical left to be made
   * each round (effects.ts, eachRoundTests), one at a time as the engine makes them (eachRoundTest),
   * each from every state those before it left, every way its dice fall.
   */
  const begun = (i: 0 | 1, l: Lasting): readonly [Lasting, number][] => {
    const due = l.conds.filter((c) => c.kind === 'eachRound' && c.from <= 0).length;
    if (l.out !== null || due === 0) return [[l, 1]];
    const k = l.id * 2 + i;
    let x = begunCache.get(k);
    if (!x) {
      let now = new Map<Lasting, number>([[l, 1]]);
      // The n-th test due of the state the round began with (a fall adds no test, so it stays the n-th).
      for (let n = 0; n < due; n++) {
        const next = new Map<Lasting, number>();
        for (const [from, q] of now) {
          if (from.out !== null) {
            next.set(from, (next.get(from) ?? 0) + q);
            continue;
          }
          for (const { value, p } of enumerateDice((ctx) => {
            const f = codec.view(fs[i], from, st.round);
            const c = f.conds.filter((c) => c.kind === 'eachRound' && c.from <= st.round)[n] as Cond;
            eachRoundTest(st, ctx, f, c);
            return codec.of(f, st.round);
          }))
            next.set(value, (next.get(value) ?? 0) + q * p);
        }
        now = next;
      }
      begunCache.set(k, (x = [...now]));
    }
    return x;
  };
  const blowBy = (i: 0 | 1): Blow => ({
    attacker: fs[i],
    target: fs[1 - i] as Fighter,
    weapon: null,
    hand: null,
    kind: 'strike',
    aim: null,
    charging: false,
    free: false,
    fromRear: false,
  });
  const blows = [blowBy(0), blowBy(1)] as const;

  /** Fighter i as the engine's own functions see it in this state: W, blows due, parries made, owed. */
  const view = (i: 0 | 1, x: Side): Fighter =>
    Object.assign(codec.view(fs[i], x.l, st.round), {
      pending: [...x.pending],
      parries: x.parries,
      owedAttacks: x.owed,
    });

  /** The parry fighter j makes against a hit on `part` at `tick` (null: none): its chance, and j after paying for it. */
  const parryOf = (j: 0 | 1, x: Side, e: PartModel, tick: number): { ok: number; after: Side } | null => {
    const v = view(j, x);
    // The hands that may parry, and the tactic's pick among them, as parry() asks them.
    const keys = PARRY_KEYS[parryHands(st, v, blows[(1 - j) as 0 | 1])] as readonly string[];
    const hand = suggestParry(st, v, keys, e.expected);
    if (hand !== 'right' && hand !== 'left') return null;
    const item = v[hand] as Weapon;
    v.parries++;
    // The cost falls on the blows due after this moment (§ Parrying).
    const was = st.moment;
    st.moment = tick;
    payForParry(st, v, item);
    st.moment = was;
    return {
      ok: parryChance(st, v, item),
      after: sides.of(x.l, v.pending, v.parries, v.owedAttacks, x.out),
    };
  };

  /**
   * Fighter i's blow at `tick` on the defender j: [the defender after it, wounds dealt, p], a miss
   * included, the same outcomes merged; a kill leaves the defender out.
   */
  // By (the blow's model, foe, tick, i) as one number: ticks are ranks within the round, below
  // 256; sides below 2¹⁶; models below 2²⁰ (a model holds whether the striker won).
  const outcomeCache = new Map<number, [Side, number, number][]>();
  const outcomes = (
    i: 0 | 1,
    won: boolean,
    mine: Lasting,
    foe: Side,
    tick: number,
  ): [Side, number, number][] => {
    const model = modelOf(i, won, mine, foe.l);
    const key = tick < 256 && model.id < 2 ** 20 ? ((model.id * SIDE_IDS + foe.id) * 256 + tick) * 2 + i : -1;
    const had = key < 0 ? undefined : outcomeCache.get(key);
    if (had) return had;
    const j = (1 - i) as 0 | 1;
    const m = model.m;
    const merged = new Map<string, [Side, number, number]>();
    const add = (after: Side, w: number, p: number) => {
      if (p === 0) return;
      const k = `${after.id},${w}`;
      const e = merged.get(k);
      if (e) e[2] += p;
      else merged.set(k, [after, w, p]);
    };
    add(foe, 0, 1 - m.pHit);
    for (const e of m.byPart) {
      const parry = parryOf(j, foe, e, tick);
      const stops: [number, number, Side][] = parry
        ? [
            [0, 1 - parry.ok, parry.after],
            ...STOPPED.map((d): [number, number, Side] => [d, parry.ok / 6, parry.after]),
          ]
        : [[0, 1, foe]];
      for (const [stopped, ps, before] of stops) {
        if (ps === 0) continue;
        for (const [dmg, pd] of e.afterT) {
          const w = woundsThrough(e, dmg - stopped) * m.times;
          const r = applyWounds(before.l.W, w);
          const p = ps * pd;
          const hurt = withW(j, before.l, r.W);
          if (r.critical <= 0) {
            add(sides.of(hurt, before.pending, before.parries, before.owed, before.out), w, p);
            continue;
          }
          // The critical as the engine plays it (effects.ts, critical), every way its dice fall:
          // worked out once for the victim's lasting state, with no blows due (of the effects the
          // chain carries, none touches them; one that does is refused).
          const crits = criticalOutcomes(st, codec, fs[j], hurt, NO_BLOWS, 0, e.part, r.critical, critCache);
          for (const o of crits) {
            const why =
              uncarried(o.after, fs[j], codec.view(fs[j], o.after, st.round)) ??
              (o.pending.length > 0 || o.owed > 0 ? 'a critical that changes the blows due' : null);
            if (why) throw new Uncarried(why);
            add(
              sides.of(
                o.after,
                before.pending,
                before.parries,
                before.owed,
                o.after.out !== null ? 1 : before.out,
              ),
              w,
              p * o.p,
            );
          }
        }
      }
    }
    const res = [...merged.values()];
    if (key >= 0) outcomeCache.set(key, res);
    return res;
  };

  /** Fighter i in side `x` runs from the fight: forced to flee, and neither down, dazed nor held (the engine's `running`). */
  const runsCache = new Map<number, boolean>();
  const runs = (i: 0 | 1, x: Side): boolean => {
    if (x.l.flee === null) return false;
    let r = runsCache.get(x.l.id * 2 + i);
    if (r === undefined) runsCache.set(x.l.id * 2 + i, (r = running(view(i, x), st.round)));
    return r;
  };

  /**
   * Fighter i's flight at its turn, from state `k` (round/fleeing.ts, resolveFlight): one out or
   * struck down at this moment goes nowhere; one down, dazed or held stays (and may be struck);
   * one running is gone, out of the fight. The foe's free blow at its back is not played: whatever
   * it does, the fleer is out (dead or fled) and the foe stands, so who wins is the same.
   */
  const fleeAt = (k: number, i: 0 | 1, last: boolean, p0: number, out: Map<number, number>): void => {
    const f = [sides.list[firstOf(k)], sides.list[secondOf(k)]] as [Side, Side];
    const diff = last ? Math.sign(diffOf(k)) : diffOf(k);
    const me = f[i];
    if (me.out === 0 && runs(i, me)) f[i] = sides.of(me.l, me.pending, me.parries, me.owed, 2);
    put(out, f[0], f[1], diff, p0);
  };

  let steps = 0;
  /** Fighter i's blow due at `tick`, from state `k`: every outcome into `out`. */
  const blowAt = (
    k: number,
    i: 0 | 1,
    tick: number,
    won: boolean,
    last: boolean,
    p0: number,
    out: Map<number, number>,
  ): void => {
    const f = [sides.list[firstOf(k)], sides.list[secondOf(k)]] as [Side, Side];
    const diff = diffOf(k);
    const me = f[i];
    const at = me.pending.indexOf(tick);
    // Out before the moment came, or the blow lost to a parry: nothing happens.
    if (me.out === 2 || at < 0) return void out.set(k, (out.get(k) ?? 0) + p0);
    const mine = sides.struck(me, at);
    const foe = f[1 - i] as Side;
    // Nobody left within reach, or the foe running from the fight (withinReach passes over a
    // runner, § Fleeing): the blow is not struck.
    if (foe.out !== 0 || runs((1 - i) as 0 | 1, foe))
      return i === 0 ? put(out, mine, foe, diff, p0) : put(out, foe, mine, diff, p0);
    const list = outcomes(i, won, me.l, foe, tick);
    steps += list.length;
    // After the round's last blow only who dealt more counts (§ Winning and Losing): fewer states.
    for (const [after, w, p] of list) {
      const d = i === 0 ? diff + w : diff - w;
      if (i === 0) put(out, mine, after, last ? Math.sign(d) : d, p0 * p);
      else put(out, after, mine, last ? Math.sign(d) : d, p0 * p);
    }
  };

  /** Fighter i in side `x` may strike now (canAttack, as runTimeline asks it when a moment comes). */
  const ableCache = new Map<number, boolean>();
  const able = (i: 0 | 1, x: Side): boolean => {
    let ok = ableCache.get(x.l.id * 2 + i);
    if (ok === undefined) {
      ok = canAttack(st, view(i, x));
      ableCache.set(x.l.id * 2 + i, ok);
    }
    return ok;
  };
  /** The states of `cur` with the blows at this moment of those who may not strike taken out. */
  const unable = (cur: Map<number, number>, g: Group) => {
    // A flight is no blow: canAttack does not stop it (resolveFlight asks its own questions).
    const striking = g.who.filter((_, k) => !g.flee[k]);
    if (striking.length === 0) return cur;
    let all = true;
    for (const [s] of cur) {
      const f = [sides.list[firstOf(s)], sides.list[secondOf(s)]] as [Side, Side];
      if (!striking.every((i) => f[i].out !== 0 || able(i, f[i]))) all = false;
    }
    if (all) return cur;
    const out = new Map<number, number>();
    for (const [s, p] of cur) {
      const f = [sides.list[firstOf(s)], sides.list[secondOf(s)]] as [Side, Side];
      for (const i of striking) {
        const at = f[i].pending.indexOf(g.tick);
        if (f[i].out === 0 && at >= 0 && !able(i, f[i])) f[i] = sides.struck(f[i], at);
      }
      put(out, f[0], f[1], diffOf(s), p);
    }
    return out;
  };

  /**
   * The entries of one moment of the round, in the timeline's order: whose (`who`), and whether each
   * is a flight (one forced to flee declares nothing else, § Fleeing) or a blow.
   */
  interface Group {
    readonly tick: number;
    readonly who: readonly (0 | 1)[];
    readonly flee: readonly boolean[];
  }

  /** An Effective Initiative edge this round (§ 'Effective Initiative' Modifier), with its chance. */
  interface Edge {
    readonly edge: W1State['edge'];
    readonly p: number;
  }
  // The optional edge: D6 1-3 the players' sides, 4-6 the others', each with a D10 added; without it, none.
  const edges: readonly Edge[] =
    st.opt.effectiveInitiative && st.opt.multipleAttacks !== 'simplified'
      ? [true, false].flatMap((players) =>
          Array.from({ length: 10 }, (_, k) => ({ edge: { players, bonus: k + 1 }, p: 1 / 20 })),
        )
      : [{ edge: null, p: 1 }];

  /**
   * The round's timeline for who is winning, the blows owed, whether it is the first round fought
   * and the edge: the engine's EI and entries, sorted and grouped as its timeline does; each
   * fighter's blows due, and what it still owes after them.
   */
  interface Timeline {
    readonly win: number;
    readonly groups: Group[];
    readonly pending: readonly [number[], number[]];
    readonly owedLeft: readonly [number, number];
  }
  const timelines = new Map<string, Timeline>();
  const timeline = (
    win: number,
    owed: readonly [number, number],
    first: boolean,
    e: number,
    L: readonly [Lasting, Lasting],
  ): Timeline => {
    const key = `${win},${owed[0]},${owed[1]},${first ? 1 : 0},${e},${L[0].id},${L[1].id}`;
    const had = timelines.get(key);
    if (had) return had;
    const entries: Entry[] = [];
    let seq = 0;
    const pending: [number[], number[]] = [[], []];
    const owedLeft: [number, number] = [0, 0];
    const wasEdge = st.edge;
    st.edge = (edges[e] as Edge).edge;
    for (const i of [0, 1] as const) {
      const winning = win === i + 1;
      const fleeing = mustFlee(codec.view(fs[i], L[i], st.round));
      const f = Object.assign(codec.view(fs[i], L[i], st.round), {
        winning,
        roundsFought: first ? 0 : 1,
        action: { kind: fleeing ? 'flee' : 'fight' },
        target: fs[1 - i],
      });
      const ei = effectiveInitiative(st, f);
      if (fleeing) {
        // § Fleeing: the flight at its EI, as schedule() places it; no blows, and those owed stay owed.
        entries.push({
          f,
          tick: actionTick(sumTerms(ei.base, ei.terms)),
          phase: 0,
          kind: 'flee',
          seq: seq++,
          able: true,
          free: true,
        });
        owedLeft[i] = owed[i];
        continue;
      }
      // § Multiple Attacks, as schedule() spreads them from the engine's EI; blows owed to a parry go first.
      const all = blowTicks(sumTerms(ei.base, ei.terms), current(f, 'A', st.round), st.opt.blowSpacing);
      const lost = Math.min(owed[i], all.length);
      pending[i] = all.slice(lost);
      owedLeft[i] = owed[i] - lost;
      for (const tick of pending[i])
        entries.push({ f, tick, phase: 0, kind: 'blow', seq: seq++, able: true, free: true });
    }
    st.edge = wasEdge;
    sortEntries(entries);
    const groups: Timeline['groups'] = [];
    for (let k = 0; k < entries.length;) {
      let l = k + 1;
      while (l < entries.length && sameMoment(entries[k] as Entry, entries[l] as Entry)) l++;
      groups.push({
        tick: (entries[k] as Entry).tick,
        who: entries.slice(k, l).map((e) => (Object.getPrototypeOf(e.f) === a ? 0 : 1)),
        flee: entries.slice(k, l).map((e) => e.kind === 'flee'),
      });
      k = l;
    }
    // Only the order of the ticks matters to the blows and the parries' cost: each becomes its rank,
    // so that edges which order the blows alike make one timeline and one set of states.
    const ranks = [...new Set(entries.map((e) => e.tick))].sort((x, y) => x - y);
    const rank = (t: number) => ranks.indexOf(t) + 1;
    const t: Timeline = {
      win,
      groups: groups.map((g) => ({ ...g, tick: rank(g.tick) })),
      pending: [pending[0].map(rank), pending[1].map(rank)],
      owedLeft,
    };
    timelines.set(key, t);
    return t;
  };

  /** The round's timelines over the edges, those alike merged: each with its chance. */
  const plansCache = new Map<string, { tl: Timeline; p: number }[]>();
  const plans = (
    win: number,
    owed: readonly [number, number],
    first: boolean,
    L: readonly [Lasting, Lasting],
  ) => {
    const key = `${win},${owed[0]},${owed[1]},${first ? 1 : 0},${L[0].id},${L[1].id}`;
    let list = plansCache.get(key);
    if (list) return list;
    const byShape = new Map<string, { tl: Timeline; p: number }>();
    for (const [e, edge] of edges.entries()) {
      const tl = timeline(win, owed, first, e, L);
      const shape = JSON.stringify([tl.groups, tl.pending, tl.owedLeft]);
      const had = byShape.get(shape);
      if (had) had.p += edge.p;
      else byShape.set(shape, { tl, p: edge.p });
    }
    plansCache.set(key, (list = [...byShape.values()]));
    return list;
  };

  // Between rounds: W and blows owed of each, who won the last round (0 nobody, 1 a, 2 b), and
  // whether no round has been fought yet (the weapon modifiers' I counts it; without them, never).
  interface Outer {
    /** Each fighter's lasting state (its id), as of the round to come. */
    readonly L: readonly [number, number];
    readonly owed: readonly [number, number];
    readonly win: number;
    readonly first: boolean;
  }

  /** One round from a state between rounds: where it leads, and the chance the fight ends in it and how. */
  interface Row {
    /** The states it leads to, by their number (`ids`), with their chances (`ps`). */
    readonly ids: readonly number[];
    readonly ps: readonly number[];
    readonly aWins: number;
    readonly bWins: number;
    readonly bothDead: number;
  }
  /**
   * Every round after the first is played by the same rules from the same state (the chain asks as
   * of round 1), so a state's round is worked out once and its row reused at every round after:
   * the chain's work grows with its states, not with states × rounds.
   */
  // By both lasting ids (below 2²⁴ each), then by the blows owed, who won and the first round.
  const numbers = new Map<number, Map<number, number>>();
  const outers: Outer[] = [];
  const numberOf = (o: Outer): number => {
    const k = o.L[0] * 2 ** 24 + o.L[1];
    let inner = numbers.get(k);
    if (!inner) numbers.set(k, (inner = new Map()));
    const k2 = ((o.owed[0] * 256 + o.owed[1]) * 3 + o.win) * 2 + (o.first ? 1 : 0);
    let n = inner.get(k2);
    if (n === undefined) {
      inner.set(k2, (n = outers.length));
      outers.push(o);
    }
    return n;
  };
  const rows: (Row | undefined)[] = [];
  let stoppedIn = 0;
  const rowOf = (o: Outer): Row | null => {
    let aW = 0;
    let bW = 0;
    let both = 0;
    const to = new Map<number, number>();
    /**
     * Fighter i alone stands, in lasting state `stood`, with chance p: the rest of the round passes
     * with nobody to strike at, and the fight is decided after the round's end (decideOutcome),
     * where i still bleeds and may fall too (both out: a draw).
     */
    const settle = (i: 0 | 1, stood: Lasting, p: number) => {
      for (const [l, q] of bled(i, stood)) {
        if (l.out !== null) both += p * q;
        else if (i === 0) aW += p * q;
        else bW += p * q;
      }
    };
    // The round begins with each one's tests a critical left (the engine's eachRoundTests): a fall
    // for this round, or out before any blow.
    for (const [L0, p0] of begun(0, codec.list[o.L[0]] as Lasting))
      for (const [L1, p1] of begun(1, codec.list[o.L[1]] as Lasting)) {
        const q = p0 * p1;
        if (L0.out !== null && L1.out !== null) both += q;
        else if (L1.out !== null) settle(0, L0, q);
        else if (L0.out !== null) settle(1, L1, q);
        else if (!playRound(o, [L0, L1], q)) return null;
      }
    return { ids: [...to.keys()], ps: [...to.values()], aWins: aW, bWins: bW, bothDead: both };

    /** The round's blows and its end from lasting states L, with chance `pL` (false: over the budget). */
    function playRound(o: Outer, L: readonly [Lasting, Lasting], pL: number): boolean {
      for (const { tl, p: pEdge } of plans(o.win, o.owed, o.first, L)) {
        let cur = new Map<number, number>();
        const x0 = sides.of(L[0], tl.pending[0], 0, tl.owedLeft[0], 0);
        const y0 = sides.of(L[1], tl.pending[1], 0, tl.owedLeft[1], 0);
        put(cur, x0, y0, 0, pEdge * pL);
        for (const [gi, g] of tl.groups.entries()) {
          // Whoever may not strike when the moment comes (parry only, no attacks, no action…: the
          // engine's canAttack, as runTimeline asks it) lets its blow here go.
          cur = unable(cur, g);
          for (const [k, i] of g.who.entries()) {
            const last = gi === tl.groups.length - 1 && k === g.who.length - 1;
            const then = new Map<number, number>();
            if (g.flee[k]) for (const [s, q] of cur) fleeAt(s, i, last, q, then);
            else for (const [s, q] of cur) blowAt(s, i, g.tick, tl.win === i + 1, last, q, then);
            cur = then;
          }
          // The moment over: whoever is down is out of the fight.
          const going = new Map<number, number>();
          for (const [s, p] of cur) {
            const x = sides.list[firstOf(s)] as Side;
            const y = sides.list[secondOf(s)] as Side;
            if (x.out === 0 && y.out === 0) {
              going.set(s, p);
              continue;
            }
            if (x.out && y.out) {
              both += p;
              continue;
            }
            if (y.out) settle(0, x.l, p);
            else settle(1, y.l, p);
          }
          cur = going;
          if (!budget.spend(steps) || sides.size >= SIDE_IDS) {
            stoppedIn = Math.max(states, cur.size);
            return false;
          }
          steps = 0;
        }
        // The end of the round (endRound): only each one's lasting state, its blows owed and who won
        // read on, so the states alike in these are summed before the bleeding multiplies them.
        const ends = new Map<string, { x: Side; y: Side; win: number; p: number }>();
        for (const [s, p] of cur) {
          const x = sides.list[firstOf(s)] as Side;
          const y = sides.list[secondOf(s)] as Side;
          const diff = diffOf(s);
          const win = diff > 0 ? 1 : diff < 0 ? 2 : 0;
          const k = `${x.l.id},${x.owed},${y.l.id},${y.owed},${win}`;
          const e = ends.get(k);
          if (e) e.p += p;
          else ends.set(k, { x, y, win, p });
        }
        for (const { x, y, win, p } of ends.values()) {
          // Each bleeds (the engine's bleed), which may take it out.
          for (const [lx, px] of bled(0, x.l))
            for (const [ly, py] of bled(1, y.l)) {
              const q = p * px * py;
              if (lx.out !== null || ly.out !== null) {
                if (lx.out !== null && ly.out !== null) both += q;
                else if (ly.out !== null) aW += q;
                else bW += q;
                continue;
              }
              const n = numberOf({
                L: [nextRound(0, lx).id, nextRound(1, ly).id],
                owed: [x.owed, y.owed],
                win,
                first: false,
              });
              to.set(n, (to.get(n) ?? 0) + q);
            }
        }
      }
      return true;
    }
  };

  // The distribution between rounds: the chance of each state by its number, and the states held.
  let dist: Float64Array = new Float64Array(64);
  let held = [
    numberOf({
      L: [codec.of(a, st.round).id, codec.of(b, st.round).id],
      owed: [0, 0],
      win: 0,
      first: st.opt.weaponModifiers,
    }),
  ];
  dist[held[0] as number] = 1;
  let aWins = 0;
  let bWins = 0;
  let bothDead = 0;
  const byRound: number[] = [];
  let states = held.length;
  const mass = () => {
    let n = 0;
    for (const i of held) n += dist[i] as number;
    return n;
  };
  const grown = (v: Float64Array): Float64Array => {
    if (v.length >= outers.length) return v;
    const w = new Float64Array(Math.max(outers.length, 2 * v.length));
    w.set(v);
    return w;
  };
  for (let round = 1; round <= cap && held.length > 0 && mass() > NEGLIGIBLE; round++) {
    let next: Float64Array = new Float64Array(Math.max(outers.length, 64));
    let marked = new Uint8Array(next.length);
    const nextHeld: number[] = [];
    let endedNow = 0;
    for (const id of held) {
      const p0 = dist[id] as number;
      let row = rows[id];
      if (!row) {
        const made = rowOf(outers[id] as Outer);
        if (!made) return { stopped: budget.refusal(round, stoppedIn) };
        rows[id] = row = made;
        if (next.length < outers.length) {
          next = grown(next);
          const m = new Uint8Array(next.length);
          m.set(marked);
          marked = m;
        }
      }
      aWins += p0 * row.aWins;
      bWins += p0 * row.bWins;
      bothDead += p0 * row.bothDead;
      endedNow += p0 * (row.aWins + row.bWins + row.bothDead);
      for (let t = 0; t < row.ids.length; t++) {
        const j = row.ids[t] as number;
        if (marked[j] === 0) {
          marked[j] = 1;
          nextHeld.push(j);
        }
        next[j] = (next[j] as number) + p0 * (row.ps[t] as number);
      }
    }
    byRound.push(endedNow);
    dist = next;
    held = nextHeld;
    states = Math.max(states, held.length);
  }
  const unfinished = mass();
  const meanRoundsIfEnded = byRound.reduce((n, p, i) => n + p * (i + 1), 0) + unfinished * cap;
  return {
    sides: [
      { name: st.sides[a.side]?.name ?? a.name, win: aWins },
      { name: st.sides[b.side]?.name ?? b.name, win: bWins },
    ],
    draw: bothDead + unfinished,
    meanRounds: meanRoundsIfEnded,
    states,
    steps: budget.used,
  };
}

/**
 * The chain asks the engine's own functions (may it parry? at what cost?) as within a round of the
 * fight; the state as loaded stands before the first round. Surprise is refused, so any round
 * after the first reads the same: round 1 for the asking, and the state left as it was.
 */
function duelInRound(st: W1State, cap: number): ReturnType<typeof duel> {
  const was = st.round;
  st.round = 1;
  try {
    return duel(st, cap);
  } catch (e) {
    if (e instanceof Uncarried)
      return { stopped: `not computed exactly: ${e.message}. Use fray sim for the whole fight.` };
    throw e;
  } finally {
    st.round = was;
  }
}

/** `fray odds` for WFRP 1e; `cap`: the round cap (the encounter's by default). */
export function wfrp1eOdds(setup: W1Setup, st: W1State, cap = setup.maxRounds): Odds {
  const blows = foePairs(st.combatants, (a, d) => a.side !== d.side && !a.rider && !d.rider).map(([a, d]) =>
    oneBlow(st, a, d),
  );
  const obstacles = duelObstacles(st, setup);
  const solved = obstacles.length === 0 ? duelInRound(st, cap) : null;
  return {
    blows,
    blowMethod:
      'exact: every D100 to-hit roll, its reversed location, every damage D6 and additional-damage chain (to 20 extra dice), and the critical chart, for a first blow: nobody winning, nobody charging, no parry',
    duel: solved && !('stopped' in solved) ? solved : null,
    duelMethod:
      solved === null
        ? `not computed exactly: ${obstacles.join('; ')}. Use fray sim for the whole fight.`
        : 'stopped' in solved
          ? solved.stopped
          : `exact: a Markov chain over (each one's W and what criticals left, who is winning, blows owed to a parry), every blow of the round in the engine's order with its parry and critical, round by round to the round cap of ${cap}`,
  };
}
