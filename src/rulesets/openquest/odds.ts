// Exact odds for OpenQuest by enumerating the dice: each pair's attack against the defender's
// reaction, and a one-against-one fight as a Markov chain over what a duel's state holds: the hit
// points, actions lost to fumbles, the distance, and the opening's surprise and catchers' bonus.
import { ChainBudget, foePairs, massOf, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import type { Weapon } from './data.js';
import {
  ATTACK_RESULTS,
  armourPoints,
  CAUGHT_BONUS,
  COVER,
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
import { chase, talksOut } from './round/avoiding.js';
import { actionSkill, byOrder } from './round/order.js';
import { smallerParryLets } from './round/reactions.js';
import { carriesMissile, chosenDistance, scouted } from './round/scouting.js';
import { caughtUnaware } from './round/surprise.js';
import type { OqFighterSpec, OqSetup } from './state.js';
import { leavesTheFight, parryWeapon, suggestedReaction, weaponAt } from './tactics.js';

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

/** Every D100 of a fighter's test of `skill` as the engine rolls it (no situation modifier), with its result: for opposed tests, which read the roll too. */
function rolls(setup: OqSetup, f: OqFighterSpec, skill: Skill): { roll: number; level: Level }[] {
  const mastery = masteryOf(f.skills[skill], setup.opt.mastery);
  return Array.from({ length: 100 }, (_, i) => ({
    roll: i + 1,
    level: testResult(i + 1, f.skills[skill], mastery),
  }));
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

/** One outcome of an attack: damage dealt, attacker fumbled, defender fumbled, its probability. */
type Outcome = [number, boolean, boolean, number];

/**
 * One attack of `a` with `w` at `d`: `bonus` on the attack (the catchers' +20%), and the
 * defender's reaction unless it `cannotReact` (surprised and helpless).
 */
function attackOutcomes(
  setup: OqSetup,
  a: OqFighterSpec,
  w: Weapon | null,
  d: OqFighterSpec,
  bonus = 0,
  cannotReact = false,
): { outcomes: Outcome[]; pCritical: number } {
  const skill: Skill = w ? w.skill : 'unarmed';
  const missile = skill === 'ranged';
  const reaction = cannotReact ? null : reactionOf(d, missile);
  const att = levels(a.skills[skill] + bonus + a.modifier, masteryOf(a.skills[skill], setup.opt.mastery));
  const def = reaction
    ? levels(d.skills[reaction.skill] + d.modifier, masteryOf(d.skills[reaction.skill], setup.opt.mastery))
    : new Map<Level | 'none', number>([['none', 1]]);
  const wd = w ? w.damage : FIST;
  const dm = damageModifierWith(w, a.dm);
  const ap = armourPoints(d.armour);
  const rolled = new Map<number, number>();
  for (const [x, p] of diceDist(wd))
    for (const [y, q] of diceDist(dm)) rolled.set(x + y, (rolled.get(x + y) ?? 0) + p * q);
  const out = new Map<string, Outcome>();
  const put = (dmg: number, af: boolean, df: boolean, p: number) => {
    const k = `${dmg},${af},${df}`;
    const e = out.get(k);
    if (e) e[3] += p;
    else out.set(k, [dmg, af, df, p]);
  };
  // The reaction is rolled only against an attack that lands; a miss's or a fumble's row is the
  // same in every column, so enumerating the reaction under them changes nothing.
  for (const [al, pa] of att) {
    for (const [dl, pd] of def as Map<Level | 'none', number>) {
      const cell = ATTACK_RESULTS[al][dl];
      const p = pa * pd;
      if (p === 0) continue;
      const pw = reaction?.weapon ?? null;
      const lets = cell.damage === 'none' && smallerParryLets(setup.opt.parrySize, al, dl, pw, wd);
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
  const w = weaponOf(a, setup);
  const { outcomes, pCritical } = attackOutcomes(setup, a, w, d);
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

/** What no finite chain holds: the engine's fight with more than two, or one the GM must bring in. */
function obstacles(setup: OqSetup): string[] {
  const fs = setup.fighters.filter((f) => !f.standsAside);
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  return fs
    .filter((f) => setup.entersLater?.includes(f.id))
    .map((f) => `${f.name} enters later, when the GM brings them in; fray fight plays that`);
}

/**
 * The chain's steps a second on large states (CON and SIZ 30 and 40 against the same), for the
 * odds' budget (docs/performance.md): its rows are played once and read again each round.
 */
const CHAIN_STEPS_PER_SECOND = 8_000_000;

/**
 * A duel's state at the start of a round: each one's hit points and whether a fumble costs it
 * this round's action; whether they are still apart (ranged distance); and, from the opening, each
 * one's surprise (0 none, 1 may only defend, 2 helpless: round 1 only) and the catchers' +20% not
 * yet spent on an action.
 */
interface DuelState {
  hp: [number, number];
  lose: [boolean, boolean];
  apart: boolean;
  surprised: [number, number];
  bonus: [boolean, boolean];
}

/** The end of the opening, before round 1: a state the rounds go on from, or the fight decided (the winner's index, or null for nobody standing). */
type Opening = { p: number; state: DuelState } | { p: number; ends: 0 | 1 | null };

/**
 * The engine's startOq, outcome by outcome: scouting (each scout's Perception with the cover's
 * modifier), then a surprise attack (opposed Perception against the sneak's skill, roll by roll),
 * then avoiding the fight (Influence, or the chase's opposed Athletics).
 */
function opening(setup: OqSetup, fs: readonly [OqFighterSpec, OqFighterSpec]): Opening[] {
  const start: DuelState = {
    hp: [fs[0].hp, fs[1].hp],
    lose: [false, false],
    apart: setup.distance === 'ranged',
    surprised: [0, 0],
    bonus: [false, false],
  };
  // Mortally wounded before the fight: out from the start, and nothing in the opening helps.
  const down = fs.map((f) => f.hp <= 0);
  if (down[0] || down[1]) return [{ p: 1, ends: down[0] && down[1] ? null : down[0] ? 1 : 0 }];
  const copy = (s: DuelState): DuelState => ({
    ...s,
    hp: [...s.hp],
    lose: [...s.lose],
    surprised: [...s.surprised],
    bonus: [...s.bonus],
  });
  // Scouting Ahead: the spotters' side, or null, rides along with each state.
  let paths: { p: number; state: DuelState; spotters: number | null }[] = [
    { p: 1, state: start, spotters: null },
  ];
  const sc = setup.scouting;
  const scouts = sc ? fs.filter((f) => sc.scouts.includes(f.id)) : [];
  if (sc && scouts.length > 0) {
    const side = (scouts[0] as OqFighterSpec).side;
    let found: { p: number; results: ReturnType<typeof scouted>[] }[] = [{ p: 1, results: [] }];
    for (const s of scouts) {
      const lv = levels(
        s.skills.perception + COVER[sc.cover],
        masteryOf(s.skills.perception, setup.opt.mastery),
      );
      found = found.flatMap((f) =>
        [...lv]
          .filter(([, p]) => p > 0)
          .map(([l, p]) => ({ p: f.p * p, results: [...f.results, scouted(l)] })),
      );
    }
    paths = found.map(({ p, results }) => {
      const state = copy(start);
      const spotted = results.includes('spots');
      // As scout(): the spotters choose; else a scout seen approaching puts both at ranged distance; a stray scout stumbles in close.
      if (spotted)
        state.apart = chosenDistance(fs.some((f) => f.side === side && carriesMissile(f))) === 'ranged';
      else if (results.includes('seen')) state.apart = true;
      if (results.includes('strays')) state.apart = false;
      return { p, state, spotters: spotted ? side : null };
    });
  }
  const su = setup.surprise;
  const ai = su ? fs.findIndex((f) => f.side === su.side) : -1;
  if (su && ai >= 0) {
    const sneak = fs[ai] as OqFighterSpec;
    const ui = 1 - ai;
    const caught = new Map<'defend-only' | 'helpless' | null, number>();
    for (const w of rolls(setup, fs[ui] as OqFighterSpec, 'perception'))
      for (const r of rolls(setup, sneak, su.by)) {
        const got = caughtUnaware(w, r);
        caught.set(got, (caught.get(got) ?? 0) + 1);
      }
    paths = paths.flatMap((path) => {
      // Surprise Attack Procedure 1: no surprise on a side whose scouts saw them coming.
      if (path.spotters !== null && path.spotters !== su.side) return [path];
      return [...caught].map(([got, n]) => {
        const p = n / 10_000;
        const state = copy(path.state);
        if (got) {
          state.surprised[ui] = got === 'helpless' ? 2 : 1;
          state.apart = chosenDistance(carriesMissile(sneak)) === 'ranged';
        }
        return { p: path.p * p, state, spotters: path.spotters };
      });
    });
  }
  const av = setup.avoid;
  const ri = av ? fs.findIndex((f) => f.side === av.side) : -1;
  if (!av || ri < 0) return paths.map(({ p, state }) => ({ p, state }));
  const runner = fs[ri] as OqFighterSpec;
  const ci = 1 - ri;
  const other = ri === 0 ? 1 : 0;
  if (av.by !== 'run') {
    // The GM's ruling as the engine suggests it: the fight is avoided on a successful Influence test.
    let works = 0;
    for (const [l, p] of levels(
      runner.skills.influence,
      masteryOf(runner.skills.influence, setup.opt.mastery),
    ))
      if (talksOut(l)) works += p;
    // Intimidated, the opposition leaves; talked round, it lets the runners go.
    const ends = av.by === 'intimidate' ? (ri as 0 | 1) : other;
    return paths.flatMap(({ p, state }) => [
      { p: p * works, ends },
      { p: p * (1 - works), state },
    ]);
  }
  if (!av.chase || av.faster) return [{ p: 1, ends: other }];
  const ran = new Map<ReturnType<typeof chase>, number>();
  for (const r of rolls(setup, runner, 'athletics'))
    for (const c of rolls(setup, fs[ci] as OqFighterSpec, 'athletics')) {
      const got = chase(r, c);
      ran.set(got, (ran.get(got) ?? 0) + 1);
    }
  return paths.flatMap(({ p, state }) =>
    [...ran].map(([got, n]): Opening => {
      const q = n / 10_000;
      if (got === 'away') return { p: p * q, ends: other };
      const s = copy(state);
      s.bonus[ci] = true;
      if (got === 'caught-surprised') s.surprised[ri] = 1;
      return { p: p * q, state: s };
    }),
  );
}

/**
 * The duel round by round, as playOqRound plays it: intents (a fighter surprised or losing its
 * action to a fumble only defends; one whose tactics say so surrenders or flees; apart, one with
 * no missile weapon closes in), the order by the action's skill, one action each, each attack
 * against the other's reaction, and the end when one is out (0 HP or below, fled, surrendered).
 */
function duel(setup: OqSetup, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const fs = setup.fighters.filter((f) => !f.standsAside) as [OqFighterSpec, OqFighterSpec];
  const missile = fs.map((f) => weaponAt(f.weapons, 'ranged'));
  const hand = fs.map((f) => weaponAt(f.weapons, 'close') ?? null);
  // Without the fumble option, a fumble costs nothing beyond the failure.
  const noFumbles = (o: Outcome[]): Outcome[] =>
    setup.opt.fumbleLosesAction ? o : o.map(([d, , , p]) => [d, false, false, p]);
  const attacks = new Map<number, Outcome[]>();
  const attackOf = (i: number, apart: boolean, bonus: boolean, helpless: boolean): Outcome[] => {
    const k = i * 8 + Number(apart) * 4 + Number(bonus) * 2 + Number(helpless);
    let o = attacks.get(k);
    if (!o) {
      const w = apart ? (missile[i] ?? null) : (hand[i] ?? null);
      const a = fs[i] as OqFighterSpec;
      const d = fs[1 - i] as OqFighterSpec;
      o = noFumbles(attackOutcomes(setup, a, w, d, bonus ? CAUGHT_BONUS : 0, helpless).outcomes);
      attacks.set(k, o);
    }
    return o;
  };
  // State as one number: HP stay within their starting values (a state with HP at 0 or below has ended).
  const h1 = fs[1].hp + 1;
  const enc = (s: DuelState): number => {
    let k = s.hp[0] * h1 + s.hp[1];
    k = k * 2 + Number(s.lose[0]);
    k = k * 2 + Number(s.lose[1]);
    k = k * 2 + Number(s.apart);
    k = k * 3 + s.surprised[0];
    k = k * 3 + s.surprised[1];
    k = k * 2 + Number(s.bonus[0]);
    return k * 2 + Number(s.bonus[1]);
  };
  const dec = (k: number): DuelState => {
    const b1 = k % 2;
    k = (k - b1) / 2;
    const b0 = k % 2;
    k = (k - b0) / 2;
    const s1 = k % 3;
    k = (k - s1) / 3;
    const s0 = k % 3;
    k = (k - s0) / 3;
    const ap = k % 2;
    k = (k - ap) / 2;
    const l1 = k % 2;
    k = (k - l1) / 2;
    const l0 = k % 2;
    k = (k - l0) / 2;
    const hp1 = k % h1;
    return {
      hp: [(k - hp1) / h1, hp1],
      lose: [l0 === 1, l1 === 1],
      apart: ap === 1,
      surprised: [s0, s1],
      bonus: [b0 === 1, b1 === 1],
    };
  };
  const wins = [0, 0];
  let draws = 0;
  let rounds = 0;
  let dist = new Map<number, number>();
  for (const o of opening(setup, fs)) {
    if ('ends' in o) {
      if (o.ends === null) draws += o.p;
      else wins[o.ends] = (wins[o.ends] ?? 0) + o.p;
    } else if (o.p > 0) dist.set(enc(o.state), (dist.get(enc(o.state)) ?? 0) + o.p);
  }
  let states = Math.max(1, dist.size);
  // One round from one state: its actions in order, each attack branching on its outcomes.
  type Intent = 'attack' | 'flee' | 'close' | 'defend';
  /**
   * A state's row: its round played once (nothing in it reads the round's number) and kept for every
   * later round, as the states it leaves and who is out, with their chances, and the steps it took.
   */
  interface Row {
    readonly to: readonly number[];
    readonly ps: readonly number[];
    readonly won: readonly [number, number];
    readonly draw: number;
    readonly steps: number;
  }
  const rows = new Map<number, Row>();
  const rowOf = (k: number): Row => {
    const known = rows.get(k);
    if (known) return known;
    const next = new Map<number, number>();
    const won: [number, number] = [0, 0];
    let draw = 0;
    const s = dec(k);
    // 1. Statements of intent, in the list's order: a surrender takes one out as it is stated.
    const out = [false, false];
    const intent: Intent[] = ['defend', 'defend'];
    for (const i of [0, 1]) {
      if (s.surprised[i] || s.lose[i] || out[1 - i]) continue;
      const f = fs[i] as OqFighterSpec;
      const leaves = leavesTheFight(f.tactics, s.hp[i] as number);
      if (leaves === 'surrender') out[i] = true;
      else intent[i] = leaves ?? (!s.apart || missile[i] !== undefined ? 'attack' : 'close');
    }
    // 2-3. The order by the stated action's skill.
    const order = [0, 1]
      .filter((i) => intent[i] !== 'defend')
      .map((i) => ({
        i,
        f: { spec: fs[i] as OqFighterSpec },
        skill: actionSkill(
          fs[i] as OqFighterSpec,
          s.bonus[i] ? CAUGHT_BONUS : 0,
          intent[i] as Intent,
          s.apart ? (missile[i] ?? null) : (hand[i] ?? null),
        ),
      }))
      .sort(byOrder)
      .map((o) => o.i);
    let steps = 0;
    // 4. The actions; `lose`: 0 none, 1 this round's action, 2 next round's.
    const step = (
      at: number,
      p: number,
      hp: [number, number],
      gone: boolean[],
      lose: number[],
      willAct: boolean[],
      apart: boolean,
      bonus: [boolean, boolean],
    ): void => {
      if (at === order.length) {
        // 5. The round's end: one side out decides it.
        if (gone[0] || gone[1]) {
          if (gone[0] && gone[1]) draw += p;
          else won[gone[0] ? 1 : 0] = (won[gone[0] ? 1 : 0] as number) + p;
          return;
        }
        const key = enc({
          hp,
          lose: [lose[0] === 2, lose[1] === 2],
          apart,
          surprised: [0, 0],
          bonus,
        });
        next.set(key, (next.get(key) ?? 0) + p);
        return;
      }
      const i = order[at] as number;
      const d = 1 - i;
      if (gone[i]) return step(at + 1, p, hp, gone, lose, willAct, apart, bonus);
      const acts = [...willAct];
      acts[i] = false;
      const kind = intent[i] as Intent;
      const b: [boolean, boolean] = [...bonus];
      if (kind !== 'attack') b[i] = false;
      if (lose[i] === 1) return step(at + 1, p, hp, gone, lose, acts, apart, b);
      if (kind === 'flee') {
        const g = [...gone];
        g[i] = true;
        return step(at + 1, p, hp, g, lose, acts, apart, b);
      }
      if (kind === 'close') return step(at + 1, p, hp, gone, lose, acts, false, b);
      // A foe already out: nobody left to attack.
      if (gone[d]) return step(at + 1, p, hp, gone, lose, acts, apart, b);
      const outcomes = attackOf(i, apart, b[i] as boolean, s.surprised[d] === 2);
      b[i] = false;
      steps += outcomes.length;
      for (const [dmg, af, df, q] of outcomes) {
        const h: [number, number] = [...hp];
        h[d] = (h[d] as number) - dmg;
        const l = [...lose];
        if (af) l[i] = 2;
        if (df) l[d] = acts[d] ? 1 : 2;
        const g = [...gone];
        if ((h[d] as number) <= 0) g[d] = true;
        step(at + 1, p * q, h, g, l, acts, apart, b);
      }
    };
    step(
      0,
      1,
      [...s.hp],
      out,
      s.lose.map((l) => (l ? 1 : 0)),
      intent.map((x) => x !== 'defend'),
      s.apart,
      [...s.bonus],
    );
    const row: Row = { to: [...next.keys()], ps: [...next.values()], won, draw, steps };
    rows.set(k, row);
    return row;
  };
  for (let round = 1; round <= cap && dist.size > 0 && massOf(dist) > NEGLIGIBLE; round++) {
    const next = new Map<number, number>();
    for (const [k, p0] of dist) {
      const fresh = !rows.has(k);
      const row = rowOf(k);
      for (let j = 0; j < row.to.length; j++) {
        const n = row.to[j] as number;
        next.set(n, (next.get(n) ?? 0) + p0 * (row.ps[j] as number));
      }
      wins[0] = (wins[0] as number) + p0 * row.won[0];
      wins[1] = (wins[1] as number) + p0 * row.won[1];
      draws += p0 * row.draw;
      rounds += p0 * round * (row.won[0] + row.won[1] + row.draw);
      // A row played costs its steps; one read again, a step an entry.
      if (!budget.spend(Math.max(1, fresh ? row.steps : row.to.length)))
        return { stopped: budget.refusal(round, Math.max(states, dist.size)) };
    }
    dist = next;
    states = Math.max(states, dist.size);
  }
  const unfinished = massOf(dist);
  // Sums of many small chances may pass 1 (or fall below 0) in the last bit: a chance is within [0, 1].
  const chance = (p: number) => Math.min(1, Math.max(0, p));
  return {
    sides: [
      { name: setup.sides[fs[0].side]?.name ?? fs[0].name, win: chance(wins[0] as number) },
      { name: setup.sides[fs[1].side]?.name ?? fs[1].name, win: chance(wins[1] as number) },
    ],
    draw: chance(draws + unfinished),
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
          : `exact: a Markov chain over (HP of each, actions lost to fumbles, the distance, and the opening's surprise and catchers' bonus), round by round to the round cap of ${cap}; the opening (scouting, a surprise attack, avoiding the fight) every D100 of it, and each side's choices as its tactics make them (fleeing or surrendering at low HP, closing in, the reaction)`,
  };
}
