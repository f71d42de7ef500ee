// Exact odds for Fantasy Wargaming by enumerating the dice (`fray odds`): each pair's blow (luck die,
// Striking Table, location, damage), and a one-against-one fight as a Markov chain, phase by phase,
// over all that a fighter carries from one melee phase to the next: endurance, what it holds, what
// happened to it last phase (damaged, stunned, knocked down, charged or lunged, its flurry's
// band, what it did), the melee phases it has fought (for exhaustion), and its morale (the result
// that binds it, demoralized, fleeing, berserk). Every rule is the engine's own function. This file
// is the report; its parts: a blow (odds-blow.ts), the state (odds-state.ts), what a fighter does
// and keeps from phase to phase (odds-phase.ts), the melee phase (odds-melee.ts) and the chain
// (odds-chain.ts).
import { foePairs, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow } from '../../core/ruleset.js';
import { chartResult } from './charts.js';
import { armOf, blowOutcomes, reachOf } from './odds-blow.js';
import { chain } from './odds-chain.js';
import { ID, TooManyStates } from './odds-state.js';
import { firstStrike } from './rules.js';
import type { FwSetup } from './state.js';

/** What keeps a fight out of the chain; empty when the chain models it. */
function obstacles(setup: FwSetup): string[] {
  const why: string[] = [];
  const fs = setup.fighters;
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  if (setup.volleys > 0)
    why.push(
      'it opens with a ranged exchange (volleys: 0 starts with the melee; the chain follows no missiles)',
    );
  for (const f of fs) {
    const shoots = f.tactics.shoot;
    if (shoots && f.weapons.some((w) => w.kind === 'missile' && (w.range ?? 0) >= setup.distance))
      why.push(
        `${f.name} looses a missile before the melee (the chain follows no missiles: tactics shoot: false, or a distance beyond its range, keeps it out)`,
      );
    if (shoots && f.magic)
      why.push(
        `${f.name} casts a spell before the melee (the chain follows no magic: tactics shoot: false keeps it out)`,
      );
    if (f.weapons.filter((w) => w.kind === 'melee').length > 7)
      why.push(`${f.name} carries more than 7 melee weapons`);
    if (f.endurance > 255) why.push(`${f.name}'s endurance is over 255`);
  }
  return why;
}

export function fwOdds(setup: FwSetup, maxRounds?: number): Odds {
  const cap = maxRounds ?? setup.maxRounds;
  const blows: OddsBlow[] = [];
  for (const [a, d] of foePairs(setup.fighters)) {
    const arm = armOf(setup, a, 0, a.shield !== null);
    const dArm = armOf(setup, d, 0, d.shield !== null);
    const fs = firstStrike(reachOf(arm), reachOf(dArm), setup.opt.firstStrikeAgility) ? 1 : 0;
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
  let duel: ReturnType<typeof chain>;
  try {
    duel = chain(setup, cap);
  } catch (e) {
    if (!(e instanceof TooManyStates)) throw e;
    duel = {
      stopped: `not computed: a fighter passed ${ID.toLocaleString('en')} states of its own; fewer endurance or fewer rules followed make it smaller, and fray sim estimates it`,
    };
  }
  if ('stopped' in duel) return { blows, blowMethod, duel: null, duelMethod: duel.stopped };
  const parts = [
    'endurance',
    'weapon and shield in hand',
    'damaged, stunned and knocked down in the last phase',
    'charged or lunged',
    "the last flurry's band",
    ...(setup.opt.exhaustion ? ['melee phases fought'] : []),
    ...(setup.opt.morale ? ['the morale result that binds it', 'fleeing'] : []),
    'berserk',
  ];
  return {
    blows,
    blowMethod,
    duel,
    duelMethod: `exact: a Markov chain over each fighter's ${parts.join(', ')}, phase by phase: ${setup.opt.morale ? 'morale and ' : ''}berserk checks, declarations as the tactics make them, first strikes and counter-attacks, lunges, flurries with parries, dodges and disengages, breakage and the carried-over blow, to the round cap of ${cap}`,
  };
}
