// Exact odds for WFRP 1e by enumerating the dice (`fray odds`): one blow between every attacker and
// defender, and, for a plain duel, the whole fight as a Markov chain over (each one's W and what
// criticals left, who is winning). This file is the report; its parts: the blow's model
// (odds-blow.ts), what the chain carries and refuses (odds-carried.ts), and the chain
// (odds-chain.ts: its rounds, odds-round.ts; the order of their blows, odds-timeline.ts; a blow's
// outcomes, odds-outcomes.ts; the effects on a lasting state, odds-effects.ts; the state within a
// round, odds-sides.ts; a fighter's lasting state, odds-lasting.ts).
import { foePairs } from '../../core/odds.js';
import type { Odds, OddsBlow } from '../../core/ruleset.js';
import type { W1Setup } from './encounter.js';
import { applyWounds } from './rules.js';
import { current, type Fighter, type W1State } from './state.js';
import { blowOutcome, entryOf, type BlowOutcome } from './creatures.js';
import { formatCite } from '../../core/events.js';
import { blowModel, criticalOut, type BlowModel } from './odds-blow.js';
import { duelObstacles } from './odds-carried.js';
import { duelInRound } from './odds-chain.js';

/** Percent with two decimals, as `fray odds` prints its figures. */
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** One blow's figures, as `fray odds` prints them: to hit, where it lands, the wounds, criticals and kills. */
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
