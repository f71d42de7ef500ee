// § Mounted Combat, § Non-Humanoid Opponents, § Especially Tall Opponents, § Attacks From Flying Creatures.
import { describe, expect, it } from 'vitest';
import { AutoDriver, FightContext } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import { Rng, ScriptedDice, SeededDice } from '../../src/dice/index.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { hitLocation } from '../../src/rulesets/wfrp1e/locate.js';
import { newState, type Fighter } from '../../src/rulesets/wfrp1e/state.js';
import { fightYaml, loadText, ofType, profile as P, runScripted, runWith, strikers } from '../helpers.js';

/** The two first combatants of a fight between `a` and `b`, and a context rolling `dice`. */
function pair(
  a: string,
  b: string,
  dice: number[],
): { a: Fighter; b: Fighter; ctx: FightContext; left: () => number } {
  const loaded = loadText(fightYaml([a], [b]));
  const st = newState(loaded.setup as W1Setup);
  const script = new ScriptedDice(dice);
  const ctx = new FightContext([], new AutoDriver(script), true, true);
  return {
    a: st.combatants[0] as Fighter,
    b: st.combatants[1] as Fighter,
    ctx,
    left: () => script.remaining,
  };
}

const man = `{ name: Man, profile: ${P()}, weapons: [sword] }`;

describe('§ Non-Humanoid Opponents: hit locations', () => {
  it('octopus: D10, 1-8 a tentacle, 9-10 the body', () => {
    const t = pair(man, '{ use: giant-octopus }', [3, 10]);
    expect(hitLocation(t.ctx, t.a, t.b, 27, false).part.id).toBe('tentacle-3');
    expect(hitLocation(t.ctx, t.a, t.b, 27, false).part.id).toBe('body');
    expect(t.left()).toBe(0);
  });
  it('snake: D4, 1-3 body, 4 head', () => {
    const t = pair(man, '{ use: giant-snake }', [3, 4]);
    expect(hitLocation(t.ctx, t.a, t.b, 5, false).part.id).toBe('body');
    expect(hitLocation(t.ctx, t.a, t.b, 5, false).part.id).toBe('head');
  });
  it('flightless bird: arm hits become body hits', () => {
    const t = pair(man, '{ use: giant-flightless-bird }', []);
    expect(hitLocation(t.ctx, t.a, t.b, 20, false).part.id).toBe('body');
    expect(hitLocation(t.ctx, t.a, t.b, 95, false).part.id).toBe('left-leg');
  });
  it('winged humanoid: a quarter of arm hits on wings, three quarters of body hits from the rear', () => {
    const t = pair(man, '{ use: harpy, profile: { I: 40, A: 2 } }', [1, 2, 5, 8]);
    expect(hitLocation(t.ctx, t.a, t.b, 20, false).part.id).toBe('right-wing');
    expect(hitLocation(t.ctx, t.a, t.b, 40, false).part.id).toBe('left-arm');
    expect(hitLocation(t.ctx, t.a, t.b, 60, true).part.id).toBe('left-wing');
    expect(hitLocation(t.ctx, t.a, t.b, 60, true).part.id).toBe('body');
    expect(hitLocation(t.ctx, t.a, t.b, 60, false).part.id).toBe('body');
    expect(t.left()).toBe(0);
  });
  it('centaur: 60% of body hits on the horse body; legs are forelegs unless struck from the rear', () => {
    const t = pair(man, '{ use: centaur }', [6, 7]);
    expect(hitLocation(t.ctx, t.a, t.b, 60, false).part.id).toBe('horse-body');
    expect(hitLocation(t.ctx, t.a, t.b, 60, false).part.id).toBe('body');
    expect(hitLocation(t.ctx, t.a, t.b, 85, false).part.id).toBe('right-foreleg');
    expect(hitLocation(t.ctx, t.a, t.b, 85, true).part.id).toBe('right-hind-leg');
  });
  it('hydra: 90% of hits on the heads (each as likely), 10% on the body; reversed from the rear', () => {
    const t = pair(man, '{ use: hydra }', [9, 4, 10, 1, 2, 2]);
    expect(hitLocation(t.ctx, t.a, t.b, 50, false).part.id).toBe('head-4');
    expect(hitLocation(t.ctx, t.a, t.b, 50, false).part.id).toBe('body');
    expect(hitLocation(t.ctx, t.a, t.b, 50, true).part.id).toBe('head-2');
    expect(hitLocation(t.ctx, t.a, t.b, 50, true).part.id).toBe('body');
  });
  it('many heads: head hits are shared among the heads', () => {
    const t = pair(man, '{ use: ettin }', [2]);
    const r = hitLocation(t.ctx, t.a, t.b, 1, false);
    expect(r.part.id).toBe('head-2');
    expect(r.steps).toEqual(['01 → head', 'D2 2 → head 2']);
  });
  it('tails: from behind, a head result strikes the tail', () => {
    const t = pair(man, '{ use: skaven }', []);
    expect(hitLocation(t.ctx, t.a, t.b, 5, true).part.id).toBe('tail');
    expect(hitLocation(t.ctx, t.a, t.b, 5, false).part.id).toBe('head');
  });
  it('quadrupeds: arms count as forelimbs, legs as rear limbs', () => {
    const t = pair(man, '{ use: wolf }', []);
    expect(hitLocation(t.ctx, t.a, t.b, 20, false).part.id).toBe('right-forelimb');
    expect(hitLocation(t.ctx, t.a, t.b, 95, false).part.id).toBe('left-rear-limb');
  });
});

describe('§ Especially Tall Opponents', () => {
  it('a halfling reaches only the legs and the attacking limb of a giant: other results are re-rolled', () => {
    const t = pair('{ use: halfling }', '{ use: giant }', [60, 25, 95]);
    // 60 → body: out of reach, re-roll 25 → right arm (the club arm): reachable.
    expect(hitLocation(t.ctx, t.a, t.b, 60, false).part.id).toBe('right-arm');
    // 95 → left leg at once.
    expect(hitLocation(t.ctx, t.a, t.b, 95, false).part.id).toBe('left-leg');
    expect(t.left()).toBe(1);
  });
  it('a giant that bites can be struck on the head', () => {
    const t = pair('{ use: halfling }', '{ use: giant, weapons: [bite] }', []);
    expect(hitLocation(t.ctx, t.a, t.b, 10, false).part.id).toBe('head');
  });
});

describe('§ Mounted Combat', () => {
  const knight = `{ name: Konrad, profile: ${P({ I: 20, W: 10 })}, weapons: [sword], mount: { use: warhorse, tactics: { parry: never } }, tactics: { parry: never } }`;

  it('a blow at a rider strikes rider or mount by the table (01-40 the rider, for a man against a horse)', () => {
    const loaded = loadText(
      fightYaml([`{ name: Ork, profile: ${P({ I: 50, WS: 50 })}, weapons: [axe] }`], [knight]),
    );
    // Ork hits (30, reversed 03: head). Rider or mount: 41 > 40 → the warhorse. D6 3: 3 + 3 − 4 = 2.
    // The knight (20) and the horse (30, A 2: 30, 15) miss: 96, 97, 95.
    const { events, unused } = runScripted(loaded, [30, 41, 3, 96, 97, 95], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'mounted')[0]?.text).toBe(
      "Rider or mount: D100 41 > 40: the blow strikes Konrad's warhorse.",
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Konrad's warhorse's head: D6 3 + S 3 − T 4 = 2 W.",
    );
  });

  it('a slain mount throws, traps or dismounts its rider', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Ork, profile: ${P({ I: 50, WS: 50, S: 6 })}, weapons: [axe] }`],
        [knight],
        'options: { criticals: sudden-death }',
      ),
    );
    // Round 1: the Ork hits (30), 90 > 40 strikes the horse; D6 6, WS test 60 fails: 6 + 6 − 4 = 8, its
    // 8 W gone. The horse (30, 15) and the knight (20) miss: 96, 97, 95.
    // Round 2: 30 hits, 90 the horse again; D6 2: 2 + 6 − 4 = 4 beyond W; Sudden Death 60 ≥ 21 kills it;
    // the rider's D100 95: trapped under it, 4 W; trapped, the knight cannot strike.
    const { events } = runScripted(loaded, [30, 90, 6, 60, 96, 97, 95, 30, 90, 2, 60, 95], 2);
    expect(ofType(events, 'wounds')[0]?.text).toBe("Konrad's warhorse: W 8 − 8 = 0.");
    expect(ofType(events, 'out')[0]?.text).toBe("Konrad's warhorse is dead (Sudden Death critical).");
    expect(ofType(events, 'slain-mount')[0]?.text).toContain(
      "D100 95 (91-00): trapped under it, 4 W (the mount's S)",
    );
  });
});

describe('§ Attacks From Flying Creatures', () => {
  it('one with nobody in reach may wait for the dive (§ More About Rounds) and strikes back when it comes', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Helga, profile: ${P({ I: 60 })}, weapons: [spear] }`],
        ['{ use: harpy, profile: { I: 40, A: 2 } }'],
      ),
    );
    const asked: string[] = [];
    // Helga waits at 60; the harpy dives at 40 and the two swap blows: the harpy at 40, Helga at 60's
    // blow now, the harpy at 20: 96, 95, 94.
    const { events } = runWith(loaded, [96, 95, 94], 1, (req) => {
      if (req.topic === 'wait') asked.push(req.choices.map((c) => c.key).join(' '));
      return undefined;
    });
    expect(asked).toEqual(['wait pass']);
    expect(ofType(events, 'delay')[0]?.text).toBe('Helga waits for the dive.');
    expect(ofType(events, 'dive')[0]?.text).toBe('Harpy dives at Helga.');
    expect(strikers(events)).toContain('helga');
  });

  it('two waiting on one flier wait once each, then the one not dived at has nobody to strike', () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Helga, profile: ${P({ I: 60 })}, weapons: [spear] }`,
          `{ name: Ulf, profile: ${P({ I: 50 })}, weapons: [axe] }`,
        ],
        ['{ use: harpy, profile: { I: 40, A: 1 } }'],
      ),
    );
    // Helga and Ulf both wait (each after the harpy's turn, not after each other); the harpy dives
    // at one of them and the two swap blows (96, 95); the other has nobody to strike.
    const { events, unused } = runScripted(loaded, [96, 95], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'delay').map((e) => e.text)).toEqual([
      'Helga waits for the dive.',
      'Ulf waits for the dive.',
    ]);
    expect(ofType(events, 'idle')).toHaveLength(1);
  });

  it('waiting always moves on: over many fights, each waits at most once a dive, winners too', () => {
    const yaml = fightYaml(
      [
        `{ name: Helga, profile: ${P({ I: 30 })}, weapons: [spear] }`,
        `{ name: Ulf, profile: ${P({ I: 20 })}, weapons: [axe] }`,
      ],
      ['{ use: harpy, profile: { I: 10 } }'],
    );
    for (let seed = 1; seed <= 25; seed++) {
      const loaded = loadText(yaml);
      const r = runFight(loaded.ruleset, loaded.setup, {
        driver: new AutoDriver(new SeededDice(Rng.seeded(seed))),
        explain: true,
        maxRounds: 12,
      });
      const perRound = new Map<number, number>();
      for (const e of ofType(r.events, 'delay')) perRound.set(e.round, (perRound.get(e.round) ?? 0) + 1);
      for (const [round, n] of perRound) expect(n, `seed ${seed}, round ${round}`).toBeLessThanOrEqual(2);
    }
  });

  it('a flier dives, swaps blows with a target that has not acted, and climbs away', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Helga, profile: ${P({ I: 30 })}, weapons: [spear] }`],
        ['{ use: harpy, profile: { I: 40, A: 2 } }'],
      ),
    );
    // The harpy (I 40, A 2: 40, 20) dives at 40: its blows at 40 and 20 and Helga's at 30, in order: 96, 95, 94.
    const { events, unused } = runScripted(loaded, [96, 95, 94], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'dive').map((e) => e.text)).toEqual([
      'Harpy dives at Helga.',
      'Harpy climbs away.',
    ]);
    expect(strikers(events)).toEqual(['harpy', 'helga', 'harpy']);
  });

  it('a target that has had its turn may only parry; fliers leave without a free blow', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Helga, profile: ${P({ I: 60 })}, weapons: [spear] }`],
        ['{ use: harpy, profile: { I: 40, A: 2 } }'],
      ),
    );
    // Helga (I 60) has nobody to strike: the harpy is in the air. She lets her blow go rather than
    // wait for the dive; the harpy dives at 40: 96, 95.
    const { events } = runWith(loaded, [96, 95], 1, (req) => (req.topic === 'wait' ? 'pass' : undefined));
    expect(ofType(events, 'dive')[0]?.text).toBe(
      'Harpy dives at Helga (Helga has had its turn: it may only parry).',
    );
    expect(strikers(events)).toEqual(['harpy', 'harpy']);
  });
});
