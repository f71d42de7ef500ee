// Exact odds for OpenQuest by enumerating the dice: each pair's attack against the defender's
// reaction, and a one-against-one fight as a Markov chain over (HP, HP, actions lost to fumbles).
import { ChainBudget, foePairs, massOf, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import type { Weapon } from './data.js';
import {
  ATTACK_RESULTS,
  armourPoints,
  maximumModifier,
  mostOf,
  damageModifierWith,
  FIST,
  testResult,
  type Dice,
  type Level,
  masteryOf,
  type Mastery,
  type Skill,
} from './rules.js';
import type { OqFighterSpec, OqSetup } from './state.js';
import { parryWeapon, suggestedReaction, weaponAt } from './tactics.js';

const LEVELS: readonly Level[] = ['critical', 'success', 'failure', 'fumble'];

/** P(each result) of a D100 test against `target`. */
function levels(target: number, mastery: Mastery): Map<Level, number> {
  const m = new Map<Level, number>(LEVELS.map((l) => [l, 0]));
  for (let r = 1; r <= 100; r++) {
    const l = testResult(r, target, mastery);
    m.set(l, (m.get(l) ?? 0) + 0.01);
  }
  return m;
}

/** The distribution of a sum of dice, signed. */
function diceDist(d: Dice): Map<number, number> {
  let dist = new Map<number, number>([[d.count === 0 ? 0 : d.plus, 1]]);
  for (let i = 0; i < d.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist)
      for (let k = 1; k <= d.sides; k++)
        next.set(v + d.sign * k, (next.get(v + d.sign * k) ?? 0) + p / d.sides);
    dist = next;
  }
  return dist;
}

/** The engine's weapon at the encounter's distance; at ranged distance without a missile weapon, the one it closes in with. */
function weaponOf(f: OqFighterSpec, setup: OqSetup): Weapon | null {
  const w = weaponAt(f.weapons, setup.distance);
  return w === undefined ? (weaponAt(f.weapons, 'close') ?? null) : w;
}

/** At ranged distance a fighter with no missile weapon spends its action closing in before it can strike. */
const closesInFirst = (f: OqFighterSpec, setup: OqSetup) => weaponAt(f.weapons, setup.distance) === undefined;

/** The reaction the tactics pick, as the engine does. */
function reactionOf(d: OqFighterSpec, missile: boolean): { skill: Skill; weapon: Weapon | null } | null {
  const pw = parryWeapon(d.weapons, missile);
  const pick = suggestedReaction(d, pw);
  return pick === 'none'
    ? null
    : pick === 'parry'
      ? { skill: 'close', weapon: pw }
      : { skill: 'dodge', weapon: null };
}

/** One attack of `a` at `d`: [damage dealt, attacker fumbled, defender fumbled, p]. */
function attackOutcomes(
  setup: OqSetup,
  a: OqFighterSpec,
  d: OqFighterSpec,
): { outcomes: [number, boolean, boolean, number][]; pCritical: number } {
  const w = weaponOf(a, setup);
  const skill: Skill = w ? w.skill : 'unarmed';
  const missile = skill === 'ranged';
  const reaction = reactionOf(d, missile);
  const att = levels(a.skills[skill] + a.modifier, masteryOf(a.skills[skill], setup.opt.mastery));
  const def = reaction
    ? levels(d.skills[reaction.skill] + d.modifier, masteryOf(d.skills[reaction.skill], setup.opt.mastery))
    : new Map<Level | 'none', number>([['none', 1]]);
  const wd = w ? w.damage : FIST;
  const dm = damageModifierWith(w, a.dm);
  const ap = armourPoints(d.armour);
  const rolled = new Map<number, number>();
  for (const [x, p] of diceDist(wd))
    for (const [y, q] of diceDist(dm)) rolled.set(x + y, (rolled.get(x + y) ?? 0) + p * q);
  const out = new Map<string, [number, boolean, boolean, number]>();
  const put = (dmg: number, af: boolean, df: boolean, p: number) => {
    const k = `${dmg},${af},${df}`;
    const e = out.get(k);
    if (e) e[3] += p;
    else out.set(k, [dmg, af, df, p]);
  };
  for (const [al, pa] of att) {
    for (const [dl, pd] of def as Map<Level | 'none', number>) {
      const cell = ATTACK_RESULTS[al][dl];
      const p = pa * pd;
      if (p === 0) continue;
      const pw = reaction?.weapon ?? null;
      const lets =
        cell.damage === 'none' &&
        pw !== null &&
        dl === 'success' &&
        al === 'success' &&
        setup.opt.parrySize &&
        mostOf(pw.damage) < mostOf(wd);
      if (cell.damage === 'maximum')
        put(
          Math.max(0, mostOf(wd) + maximumModifier(dm, setup.opt.fullPenalty)),
          cell.attackerFumbles,
          cell.defenderFumbles,
          p,
        );
      else if (cell.damage === 'rolled' || lets) {
        const stop = lets ? mostOf((pw as Weapon).damage) : 0;
        for (const [v, q] of rolled)
          put(
            Math.max(0, v - stop - (cell.armour || lets ? ap : 0)),
            cell.attackerFumbles,
            cell.defenderFumbles,
            p * q,
          );
      } else put(0, cell.attackerFumbles, cell.defenderFumbles, p);
    }
  }
  return { outcomes: [...out.values()], pCritical: att.get('critical') ?? 0 };
}

function oneBlow(setup: OqSetup, a: OqFighterSpec, d: OqFighterSpec): OddsBlow {
  const { outcomes, pCritical } = attackOutcomes(setup, a, d);
  const w = weaponOf(a, setup);
  const wounds = new Map<number, number>();
  let hit = 0;
  let killed = 0;
  for (const [dmg, , , p] of outcomes) {
    wounds.set(dmg, (wounds.get(dmg) ?? 0) + p);
    if (dmg > 0) hit += p;
    if (d.hp - dmg <= 0) killed += p;
  }
  const reaction = reactionOf(d, w?.skill === 'ranged');
  return {
    attacker: closesInFirst(a, setup) ? `${a.name} (once closed in: no missile weapon)` : a.name,
    defender: `${d.name}${reaction ? ` (${reaction.skill === 'dodge' ? 'dodging' : 'parrying'})` : ''}`,
    need: a.skills[w ? w.skill : 'unarmed'] + a.modifier,
    hit,
    locations: [],
    // Hit locations are not OpenQuest's; a "hit" here is damage that gets through.
    wounds: [...wounds]
      .filter(([v]) => v > 0)
      .sort((x, y) => x[0] - y[0])
      .map(([value, p]) => ({ value, p })),
    meanWounds: [...wounds].reduce((n, [v, p]) => n + v * p, 0),
    critical: pCritical,
    criticalValues: [],
    killed,
    outAtOnce: killed,
  };
}

function obstacles(setup: OqSetup): string[] {
  const why: string[] = [];
  const fs = setup.fighters.filter((f) => !f.standsAside);
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  if (setup.surprise) why.push('a surprise attack opens it');
  if (setup.distance !== 'close') why.push('it opens at ranged distance');
  if (setup.scouting) why.push('scouting may change the distance');
  if (setup.avoid) why.push('a side tries to avoid the fight');
  for (const f of fs) if (f.hp <= 0) why.push(`${f.name} starts mortally wounded`);
  for (const f of fs)
    if (f.tactics.fleeAt > 0 || f.tactics.surrenderAt > 0)
      why.push(`${f.name} flees or surrenders at low HP`);
  return why;
}

/** The chain's steps a second on large states (HP 21 against 21), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 17_000_000;

/**
 * The duel round by round: the higher skill acts first (ties: DEX, then as listed), each attack
 * meets the other's reaction, a fumble costs the fumbler's next action, and hit points at 0 or
 * below (a mortal wound) end it.
 */
function duel(setup: OqSetup, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const [a, b] = setup.fighters.filter((f) => !f.standsAside) as [OqFighterSpec, OqFighterSpec];
  const skillOf = (f: OqFighterSpec) => f.skills[weaponOf(f, setup)?.skill ?? 'unarmed'] + f.modifier;
  const aFirst =
    skillOf(a) > skillOf(b) || (skillOf(a) === skillOf(b) && a.characteristics.DEX >= b.characteristics.DEX);
  const [x, y] = aFirst ? [a, b] : [b, a];
  // Without the fumble option, a fumble costs nothing beyond the failure.
  const noFumbles = (o: [number, boolean, boolean, number][]): [number, boolean, boolean, number][] =>
    setup.opt.fumbleLosesAction ? o : o.map(([d, , , p]) => [d, false, false, p]);
  const xy = noFumbles(attackOutcomes(setup, x, y).outcomes);
  const yx = noFumbles(attackOutcomes(setup, y, x).outcomes);
  // State: HP of x, HP of y, x loses this round's action, y loses it.
  // As one number: HP stay within their starting values (a state with HP at 0 or below has ended).
  const hyMax = y.hp + 1;
  const enc = (hx: number, hy: number, lx: boolean, ly: boolean) =>
    ((hx * hyMax + hy) * 2 + Number(lx)) * 2 + Number(ly);
  let dist = new Map<number, number>([[enc(x.hp, y.hp, false, false), 1]]);
  let xWins = 0;
  let yWins = 0;
  let rounds = 0;
  let states = 1;
  for (let round = 1; round <= cap && dist.size > 0 && massOf(dist) > NEGLIGIBLE; round++) {
    const next = new Map<number, number>();
    const add = (k: number, p: number) => next.set(k, (next.get(k) ?? 0) + p);
    for (const [k, p0] of dist) {
      const lyN = k & 1;
      const lxN = (k >> 1) & 1;
      const hy = Math.floor(k / 4) % hyMax;
      const hx = Math.floor(k / 4 / hyMax);
      const first: [number, boolean, boolean, number][] = lxN ? [[0, false, false, 1]] : xy;
      let steps = first.length;
      for (const [d1, xf, yf, p1] of first) {
        const hy1 = hy - d1;
        if (hy1 <= 0) {
          xWins += p0 * p1;
          rounds += p0 * p1 * round;
          continue;
        }
        // x has acted: its fumble costs next round's action; y's fumble as defender costs its action now.
        const yLosesNow = lyN === 1 || yf;
        const second: [number, boolean, boolean, number][] = yLosesNow ? [[0, false, false, 1]] : yx;
        steps += second.length;
        for (const [d2, yf2, xf2, p2] of second) {
          const p = p0 * p1 * p2;
          const hx1 = hx - d2;
          if (hx1 <= 0) {
            yWins += p;
            rounds += p * round;
            continue;
          }
          // A defender's fumble after its own action, and an attacker's, fall on next round; y's earlier one was spent now.
          add(enc(hx1, hy1, xf || xf2, yf2 || (yf && lyN === 1)), p);
        }
      }
      if (!budget.spend(steps)) return { stopped: budget.refusal(round, Math.max(states, dist.size)) };
    }
    dist = next;
    states = Math.max(states, dist.size);
  }
  const unfinished = [...dist.values()].reduce((n, p) => n + p, 0);
  const aWins = aFirst ? xWins : yWins;
  const bWins = aFirst ? yWins : xWins;
  return {
    sides: [
      { name: setup.sides[a.side]?.name ?? a.name, win: aWins },
      { name: setup.sides[b.side]?.name ?? b.name, win: bWins },
    ],
    draw: unfinished,
    meanRounds: rounds + unfinished * cap,
    states,
    steps: budget.used,
  };
}

export function oqOdds(setup: OqSetup, maxRounds?: number): Odds {
  const fs = setup.fighters.filter((f) => !f.standsAside);
  const blows: OddsBlow[] = foePairs(fs).map(([a, d]) => oneBlow(setup, a, d));
  const why = obstacles(setup);
  const cap = maxRounds ?? setup.maxRounds;
  const solved = why.length === 0 ? duel(setup, cap) : null;
  return {
    blows,
    blowMethod:
      "exact: every D100 of the attack and of the defender's reaction (the one its tactics pick), the facts' table cell by cell, every damage die with the damage modifier, and the best armour; a hit is damage that gets through, and killed is brought to 0 HP or below (a mortal wound) from full",
    duel: solved && !('stopped' in solved) ? solved : null,
    duelMethod:
      solved === null
        ? `not computed exactly: ${why.join('; ')}. Use fray sim for the whole fight.`
        : 'stopped' in solved
          ? solved.stopped
          : `exact: a Markov chain over (HP of each, actions lost to fumbles), round by round to the round cap of ${cap}`,
  };
}
