// Exact odds for Fantasy Wargaming by enumerating the dice: each pair's blow (luck die, Striking
// Table, location, damage), and a one-against-one melee as a Markov chain over the state the
// modifiers read: (endurance, damaged in the last phase, stunned, disarmed) of each fighter.
import { sumTerms } from '../../core/arith.js';
import { ChainBudget, foePairs, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import type { Dice } from '../../dice/notation.js';
import { chartResult, type SpecialEffect } from './charts.js';
import type { Weapon } from './data.js';
import { weaponFactor } from './fighter.js';
import { firstStrike, luck, mustCheckBerserk, strikeTerms, type Band } from './rules.js';
import { FIST, type FwFighterSpec, type FwSetup } from './state.js';

/** The distribution of a sum of dice, plus the dice's own addition. */
function diceDist(d: Dice): Map<number, number> {
  let dist = new Map<number, number>([[d.plus, 1]]);
  for (let i = 0; i < d.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist)
      for (let k = 1; k <= d.sides; k++) next.set(v + k, (next.get(v + k) ?? 0) + p / d.sides);
    dist = next;
  }
  return dist;
}

const firstMelee = (f: FwFighterSpec): Weapon =>
  f.weapons.find((w) => w.kind === 'melee') ?? f.weapons.find((w) => w.kind === 'natural') ?? FIST;

interface Arm {
  readonly weapon: Weapon;
  readonly wf: number;
  readonly surplusAgility: number;
  readonly bonus: number;
}

function armOf(setup: FwSetup, f: FwFighterSpec, disarmed: boolean): Arm {
  const weapon = disarmed ? FIST : firstMelee(f);
  const carried = disarmed ? f.weapons.filter((w) => w !== firstMelee(f)) : f.weapons;
  const x = weaponFactor(
    { ch: f.ch, combatLevel: f.combatLevel, favoured: f.favoured },
    { carried, shield: f.shield, armour: f.armour, wielded: weapon },
    weapon,
    setup.charts.damageStep,
  );
  return { weapon, wf: x.value, surplusAgility: x.surplusAgility, bonus: x.damageBonus };
}

/** One blow's outcomes: harm after armour, whether a total success, and the special effects, with their chances. */
interface Outcome {
  readonly harm: number;
  readonly band: Band;
  readonly location: string | null;
  readonly effects: readonly SpecialEffect[];
  readonly p: number;
}

function blowOutcomes(setup: FwSetup, arm: Arm, d: FwFighterSpec, modifiers: number): Outcome[] {
  const c = setup.charts;
  const out: Outcome[] = [];
  const damage = diceDist(arm.weapon.damage);
  for (let l = 1; l <= 6; l++) {
    const col = arm.wf + modifiers + luck(l);
    for (let r = 1; r <= c.striking.die; r++) {
      const p = 1 / 6 / c.striking.die;
      const band = chartResult(c.striking, col, r);
      if (band === 'failure') {
        out.push({ harm: 0, band, location: null, effects: [], p });
        continue;
      }
      const how = c.strikeBands[band];
      const protection = how.armourIgnored ? 0 : (d.armour?.protection ?? 0);
      for (const row of c.locations.rows) {
        const pl = (row.hi - row.lo + 1) / c.locations.die;
        for (const [v, pd] of damage) {
          const adjusted = Math.max(0, v + arm.bonus);
          const dealt =
            how.damage === 'half'
              ? Math.ceil(adjusted / 2)
              : how.damage === 'double'
                ? adjusted * 2
                : adjusted;
          const harm = Math.max(0, dealt - protection);
          const effects =
            harm > 0
              ? c.effects.filter((e) => e.location === row.value && harm >= e.atLeast).map((e) => e.effect)
              : [];
          out.push({ harm, band, location: row.value, effects, p: p * pl * pd });
        }
      }
    }
  }
  return out;
}

/** Outcomes the chain cannot tell apart (same harm and effects) merged into one. */
function merged(os: readonly Outcome[]): Outcome[] {
  const m = new Map<string, Outcome>();
  for (const o of os) {
    const k = `${o.harm}|${o.effects.join(',')}`;
    const e = m.get(k);
    m.set(k, e ? { ...e, p: e.p + o.p } : { ...o, band: o.harm > 0 ? 'partial' : 'failure', location: null });
  }
  return [...m.values()];
}

/** What keeps a fight out of the chain; empty when the chain models it. */
function obstacles(setup: FwSetup): string[] {
  const why: string[] = [];
  const fs = setup.fighters;
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  if (setup.volleys > 0) why.push('it opens with a ranged exchange');
  if (setup.opt.morale)
    why.push('morale checks change what a fighter does (run with --option morale=off for the bare combat)');
  if (setup.opt.exhaustion)
    why.push('exhaustion depends on how many phases each fought (run with --option exhaustion=off)');
  for (const f of fs) {
    if (
      mustCheckBerserk({
        viking: f.viking,
        bravery: f.ch.bravery,
        intelligence: f.ch.intelligence,
        combatLevel: f.combatLevel,
        isLeader: f.leader,
      })
    )
      why.push(`${f.name} may go berserk`);
    if (f.weapons.some((w) => w.kind === 'missile') || f.magic) why.push(`${f.name} has missiles or magic`);
    if (f.weapons.filter((w) => w.kind === 'melee').length > 1)
      why.push(`${f.name} carries more than one melee weapon`);
    // One against one nobody is outnumbered, so "when-outnumbered" never defends.
    if (f.tactics.defence !== 'never' && f.tactics.defence !== 'when-outnumbered')
      why.push(`${f.name} defends (the chain models attacks only)`);
    if (f.tactics.lunge !== 'never') why.push(`${f.name} may lunge (the chain models tactics lunge: never)`);
    if (f.endurance !== f.maxEndurance) why.push(`${f.name} starts hurt`);
  }
  return why;
}

/** A fighter's part of the chain's state. */
interface Side {
  readonly en: number;
  readonly damaged: boolean;
  readonly stunned: boolean;
  readonly disarmed: boolean;
}
const flags = (x: Side) => +x.damaged + 2 * +x.stunned + 4 * +x.disarmed;
/** A state as one number: endurance (1..127 while standing) and three flags per fighter. */
const keyOf = (a: Side, b: Side) => ((a.en * 8 + flags(a)) * 1024 + b.en) * 8 + flags(b);

export function fwOdds(setup: FwSetup, maxRounds?: number): Odds {
  const cap = maxRounds ?? setup.maxRounds;
  const blows: OddsBlow[] = [];
  for (const [a, d] of foePairs(setup.fighters)) {
    const arm = armOf(setup, a, false);
    const mine = { length: arm.weapon.length, surplusAgility: arm.surplusAgility };
    const dArm = armOf(setup, d, false);
    const fs = firstStrike(
      mine,
      { length: dArm.weapon.length, surplusAgility: dArm.surplusAgility },
      setup.opt.firstStrikeAgility,
    )
      ? 1
      : 0;
    const os = blowOutcomes(setup, arm, d, fs + a.astrology);
    const hit = os.filter((o) => o.band !== 'failure').reduce((s, o) => s + o.p, 0);
    const wounds = new Map<number, number>();
    const locations = new Map<string, number>();
    for (const o of os) {
      if (o.band === 'failure') continue;
      wounds.set(o.harm, (wounds.get(o.harm) ?? 0) + o.p);
      if (o.location) locations.set(o.location, (locations.get(o.location) ?? 0) + o.p);
    }
    const need = (() => {
      const col = arm.wf + fs + a.astrology;
      for (let r = 1; r <= setup.charts.striking.die; r++)
        if (chartResult(setup.charts.striking, col, r) !== 'failure') return r;
      return setup.charts.striking.die + 1;
    })();
    blows.push({
      attacker: a.name,
      defender: d.name,
      need,
      needText: `D${setup.charts.striking.die} ≥ ${need} with luck 0`,
      hit,
      locations: [...locations].map(([part, p]) => ({ part, p })),
      wounds: [...wounds].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p })),
      meanWounds: os.reduce((s, o) => s + o.harm * o.p, 0),
      critical: os.filter((o) => o.band === 'total').reduce((s, o) => s + o.p, 0),
      criticalValues: [],
      killed: os.filter((o) => o.harm >= d.endurance).reduce((s, o) => s + o.p, 0),
      outAtOnce: os
        .filter((o) => o.harm >= d.endurance || o.effects.includes('knocked-out'))
        .reduce((s, o) => s + o.p, 0),
    });
  }
  const blowMethod = `exact: the luck die, every Striking Table roll (D${setup.charts.striking.die}) in the attacker's column (WF with a first strike's +1 where it has one), every location and damage roll, armour; a flurry at a foe who does not defend; "critical" is a total success, "killed" brings endurance to 0 or below from full`;
  const why = obstacles(setup);
  if (why.length)
    return {
      blows,
      blowMethod,
      duel: null,
      duelMethod: `not computed: ${why.join('; ')}; fray sim estimates it`,
    };
  const duel = chain(setup, cap);
  if ('stopped' in duel) return { blows, blowMethod, duel: null, duelMethod: duel.stopped };
  return {
    blows,
    blowMethod,
    duel,
    duelMethod: `exact: a Markov chain over (endurance, damaged in the last phase, stunned, disarmed) of each fighter, phase by phase, first strikes and counter-attacks in their steps, to the round cap of ${cap}`,
  };
}

/** One fighter's states after each of the blows it may take, the same state once with their probabilities added. */
function settled(
  blows: readonly Outcome[],
  after: (o: Outcome) => { readonly side: Side; readonly out: boolean },
): { side: Side; out: boolean; p: number }[] {
  const by = new Map<number, { side: Side; out: boolean; p: number }>();
  for (const o of blows) {
    const { side, out } = after(o);
    const k = (side.en + 512) * 16 + flags(side) * 2 + Number(out);
    const had = by.get(k);
    if (had) had.p += o.p;
    else by.set(k, { side, out, p: o.p });
  }
  return [...by.values()];
}

/** The chain's steps a second on large states (endurance 40 against 40), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 8_500_000;

/** The duel phase by phase, or why it stopped: past the odds' budget (endurance 60 would take minutes). */
function chain(setup: FwSetup, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const [A, B] = setup.fighters as [FwFighterSpec, FwFighterSpec];
  const memo = new Map<string, Outcome[]>();
  const outcomes = (
    att: FwFighterSpec,
    def: FwFighterSpec,
    s: Side,
    o: Side,
    first: boolean,
    charge: boolean,
  ): Outcome[] => {
    const terms = strikeTerms({
      melee: true,
      carryOver: false,
      berserk: false,
      outnumberedBy: 0,
      damagedLastPhase: s.damaged,
      exhausted: false,
      opponentDamagedLastPhase: o.damaged,
      opponentExhausted: false,
      opponentOutnumberedBy: 0,
      firstStrike: first,
      freeHack: o.stunned,
      astrology: att.astrology,
    });
    // A charge only by a fighter whose tactics charge (as the engine suggests it).
    const mod = sumTerms(charge && att.tactics.charge ? setup.charts.charge : 0, terms);
    const k = `${att.id}|${+s.disarmed}|${mod}`;
    let os = memo.get(k);
    if (!os) memo.set(k, (os = merged(blowOutcomes(setup, arm(att, s.disarmed), def, mod))));
    return os;
  };
  let dist = new Map<number, { a: Side; b: Side; p: number }>();
  const start = (f: FwFighterSpec): Side => ({
    en: f.endurance,
    damaged: false,
    stunned: false,
    disarmed: false,
  });
  dist.set(keyOf(start(A), start(B)), { a: start(A), b: start(B), p: 1 });
  let winA = 0;
  let winB = 0;
  let draw = 0;
  let rounds = 0;
  let states = 1;
  const arms = new Map<string, Arm>();
  const arm = (f: FwFighterSpec, disarmed: boolean) => {
    const k = `${f.id}|${+disarmed}`;
    let x = arms.get(k);
    if (!x) arms.set(k, (x = armOf(setup, f, disarmed)));
    return x;
  };
  let mass = 1;
  // Ends at the cap, or once what is left could not move any figure at the 12th decimal.
  for (let round = 1; round <= cap && dist.size && mass > NEGLIGIBLE; round++) {
    const next = new Map<number, { a: Side; b: Side; p: number }>();
    const add = (a: Side, b: Side, p: number, outA: boolean, outB: boolean) => {
      if (outA || outB) {
        rounds += round * p;
        if (outA && outB) draw += p;
        else if (outA) winB += p;
        else winA += p;
        return;
      }
      const k = keyOf(a, b);
      const e = next.get(k);
      if (e) e.p += p;
      else next.set(k, { a, b, p });
    };
    for (const { a, b, p } of dist.values()) {
      const charge = round === 1;
      const armA = arm(A, a.disarmed);
      const armB = arm(B, b.disarmed);
      const actA = !a.stunned;
      const actB = !b.stunned;
      const fsA =
        actA &&
        firstStrike(
          { length: armA.weapon.length, surplusAgility: armA.surplusAgility },
          { length: armB.weapon.length, surplusAgility: armB.surplusAgility },
          setup.opt.firstStrikeAgility,
        ) !== null;
      const fsB =
        actB &&
        firstStrike(
          { length: armB.weapon.length, surplusAgility: armB.surplusAgility },
          { length: armA.weapon.length, surplusAgility: armA.surplusAgility },
          setup.opt.firstStrikeAgility,
        ) !== null;
      const none: Outcome[] = [{ harm: 0, band: 'failure', location: null, effects: [], p: 1 }];
      // A phase is one or two steps: both at once, or the first striker then the counter-attack.
      const oa = actA ? outcomes(A, B, a, b, fsA, charge) : none;
      const ob = actB ? outcomes(B, A, b, a, fsB, charge) : none;
      const settle = (x: Side, f: FwFighterSpec, hits: readonly Outcome[]) => {
        let en = x.en;
        let stunned = false;
        let disarmed = x.disarmed;
        let out = false;
        for (const h of hits) {
          en -= h.harm;
          if (h.effects.includes('knocked-out')) out = true;
          if (h.effects.includes('stunned')) stunned = true;
          if (h.effects.includes('drops-weapon') && firstMelee(f).kind !== 'natural') disarmed = true;
        }
        const harmed = hits.some((h) => h.harm > 0);
        return {
          side: { en, damaged: harmed, stunned: stunned && en > 0 && !out, disarmed },
          out: out || en <= 0,
        };
      };
      let steps = 0;
      if (fsA === fsB || !actA || !actB) {
        // Simultaneous (both first strikes, or neither; a stunned fighter does not act).
        // Blows that leave the one struck in the same state are added up first: fewer steps.
        const byB = settled(ob, (y) => settle(a, A, [y]));
        const byA = settled(oa, (x) => settle(b, B, [x]));
        steps = byA.length * byB.length;
        for (const sb of byA) for (const sa of byB) add(sa.side, sb.side, p * sb.p * sa.p, sa.out, sb.out);
      } else {
        const [firstOs, counterAtt, counterDef, counterSide, counterSelf] = fsA
          ? [oa, B, A, b, a]
          : [ob, A, B, a, b];
        for (const hit of settled(firstOs, (x) => settle(counterSide, counterAtt, [x]))) {
          steps++;
          if (hit.out) {
            const untouched = settle(counterSelf, counterDef, []);
            if (fsA) add(untouched.side, hit.side, p * hit.p, false, true);
            else add(hit.side, untouched.side, p * hit.p, true, false);
            continue;
          }
          // The counter-attack is struck with what is left in hand after the first strike, while
          // "damaged in the last melee phase" still means the last phase, not this one.
          const counters = outcomes(
            counterAtt,
            counterDef,
            { ...counterSide, disarmed: hit.side.disarmed },
            counterSelf,
            false,
            charge,
          );
          for (const back of settled(counters, (y) => settle(counterSelf, counterDef, [y]))) {
            steps++;
            if (fsA) add(back.side, hit.side, p * hit.p * back.p, back.out, false);
            else add(hit.side, back.side, p * hit.p * back.p, false, back.out);
          }
        }
      }
      if (!budget.spend(steps)) return { stopped: budget.refusal(round, Math.max(states, dist.size)) };
    }
    dist = next;
    states = Math.max(states, dist.size);
    mass = 0;
    for (const e of dist.values()) mass += e.p;
  }
  // What is left at the cap (or below 1e-13 before it) counts as drawn at the cap.
  let left = 0;
  for (const e of dist.values()) left += e.p;
  rounds += cap * left;
  return {
    sides: [
      { name: A.name, win: winA },
      { name: B.name, win: winB },
    ],
    draw: draw + left,
    meanRounds: rounds,
    states,
    steps: budget.used,
  };
}
