// § The Scene Of Battle, § Positioning and Detection, movement, pushing back; and bad positions.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/core/document.js';
import { distance } from '../../src/space/plane.js';
import {
  fightYaml,
  loadText,
  ofType,
  profile as P,
  runScripted,
  runSeeded,
  runWith,
  strikers,
} from '../helpers.js';
import { wfrp1e } from '../../src/rulesets/wfrp1e/index.js';

describe('starting positions', () => {
  it('rolls the starting distance when the encounter gives dice (the text’s 4D6)', () => {
    const yaml = fightYaml(
      [`{ name: A1, profile: ${P({ I: 30 })}, weapons: [sword], tactics: { melee: hold } }`],
      [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], tactics: { melee: hold } }`],
      "start: { distance: '4D6' }",
    );
    const { events, unused, result } = runScripted(loadText(yaml), [14], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'distance')[0]?.text).toBe('The sides start 14 yards apart (4D6).');
    const [a, b] = result.state?.combatants as unknown as { pos: { x: number; y: number } }[];
    expect(distance(a!.pos, b!.pos)).toBe(16);
  });

  it('places wanderers in front or behind in a corridor (D6), by the clock outdoors (D12)', () => {
    const yaml = (approach: string) =>
      fightYaml(
        [`{ name: A1, profile: ${P()}, weapons: [sword], tactics: { melee: hold } }`],
        [`{ name: W1, profile: ${P()}, weapons: [sword], tactics: { melee: hold } }`],
        `start: { distance: 30 }\nwandering: { side: B, approach: ${approach} }`,
      );
    const behind = runScripted(loadText(yaml('corridor')), [5], 1);
    expect(ofType(behind.events, 'direction')[0]?.text).toBe('B come from behind (D6 5).');
    const w = (behind.result.state?.combatants[1] as unknown as { pos: { y: number } }).pos;
    expect(w.y).toBeLessThan(-30);
    // The party still faces the way it was going: the wanderers are at its back.
    expect(ofType(behind.events, 'positions')[0]?.text).toMatch(/^Positions: A1 \(0, 1\) facing north; /);
    const three = runScripted(loadText(yaml('outdoors')), [3], 1);
    expect(ofType(three.events, 'direction')[0]?.text).toBe("B come from 3 o'clock (east).");
    const e = (three.result.state?.combatants[1] as unknown as { pos: { x: number } }).pos;
    expect(e.x).toBeGreaterThan(30);
  });

  it('asks the GM whether the room is surprised when a party bursts through the door', () => {
    const yaml = fightYaml(
      [`{ name: A1, profile: ${P({ I: 30 })}, weapons: [sword] }`],
      [`{ name: B1, profile: ${P({ I: 40 })}, weapons: [sword] }`],
      'door: { side: A }',
    );
    const surprised = runWith(loadText(yaml), [95], 1, (req) =>
      req.topic === 'door' ? 'surprised' : undefined,
    );
    expect(ofType(surprised.events, 'door')[0]?.text).toBe(
      "A burst through the door: B are surprised (the GM's call).",
    );
    expect(strikers(surprised.events)).toEqual(['a1']);
    const ready = runWith(loadText(yaml), [95, 94], 1, () => undefined);
    expect(strikers(ready.events)).toEqual(['b1', 'a1']);
  });
});

describe('§ Positioning and Detection: sight in the dark', () => {
  const yaml = (light: string, kit: string) =>
    fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 50, I: 40 })}, weapons: [bow], at: [0, 0] }`],
      [`{ name: Orc, use: orc, weapons: [${kit}], at: [0, 20], tactics: { melee: hold } }`],
      `light: ${light}`,
    );
  it('in daylight everyone is seen; in the dark a human sees nobody 20 yards off, unless it carries a light', () => {
    expect(ofType(runScripted(loadText(yaml('daylight', 'axe')), [97], 1).events, 'shot')).toHaveLength(1);
    const dark = runScripted(loadText(yaml('dark', 'axe')), [], 1);
    expect(ofType(dark.events, 'shot')).toHaveLength(0);
    expect(ofType(runScripted(loadText(yaml('dark', 'axe, torch')), [97], 1).events, 'shot')).toHaveLength(1);
  });
});

describe('movement', () => {
  it('charges from within M yards with +10; a standard move into contact fights without it; further, a run stops short', () => {
    const yaml = (y: number) =>
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, M: 4 })}, weapons: [sword], at: [0, 0] }`],
        [
          `{ name: Bruno, profile: ${P({ I: 10 })}, weapons: [sword], at: [0, ${y}], tactics: { melee: hold } }`,
        ],
      );
    const charge = runScripted(loadText(yaml(6)), [97, 96], 1);
    expect(ofType(charge.events, 'move')[0]?.text).toBe('Axel charges Bruno: 4 yards to (0, 4), in contact.');
    expect(ofType(charge.events, 'blow')[0]?.text).toContain('+ 10 charging');
    const close = runScripted(loadText(yaml(14)), [97, 96], 1);
    expect(ofType(close.events, 'move')[0]?.text).toBe(
      'Axel closes with Bruno: 12 yards to (0, 12), in contact.',
    );
    expect(ofType(close.events, 'blow')[0]?.text).not.toContain('charging');
    const run = runScripted(loadText(yaml(40)), [], 1);
    expect(ofType(run.events, 'move')[0]?.text).toBe(
      'Axel runs toward Bruno: 37 yards to (0, 37), 1 yard short.',
    );
    expect(ofType(run.events, 'blow')).toHaveLength(0);
  });

  it('the loser of a round steps back 2 yards; a winner who presses follows', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 50, WS: 60, W: 12 })}, weapons: [sword] }`],
      [`{ name: Bruno, profile: ${P({ I: 20, W: 12 })}, weapons: [sword] }`],
      'start: { distance: 0 }',
    );
    // Axel hits (27: body) for D6 4; Bruno misses (97). Bruno steps back; in round 2 Axel presses.
    const { events, result } = runScripted(loadText(yaml), [27, 4, 97, 96, 95], 2);
    expect(ofType(events, 'push')[0]?.text).toBe('Bruno steps back 2 yards to (0, 3).');
    expect(ofType(events, 'press')[0]?.text).toBe('Axel presses Bruno, following the 2-yard step back.');
    const [a, b] = result.state?.combatants as unknown as { pos: { x: number; y: number } }[];
    expect(distance(a!.pos, b!.pos)).toBeCloseTo(2, 5);
  });
});

describe('bad positions and missile kit are refused, located', () => {
  const refuse = (yaml: string): string => {
    try {
      loadText(yaml);
    } catch (e) {
      if (e instanceof ValidationError) return e.message;
      throw e;
    }
    throw new Error('accepted');
  };
  it('two models in one place', () => {
    expect(
      refuse(fightYaml(['{ name: A1, use: human, at: [0, 0] }'], ['{ name: B1, use: orc, at: [1, 0] }'])),
    ).toMatch(
      /sides\[1\]\.combatants: B1 at \(1, 0\) stands where A1 stands \(0, 0\): bases may not overlap/,
    );
  });
  it('loading a weapon that has no ammunition, ammo for a weapon not carried, a damp bow, a walker in the air', () => {
    const msg = refuse(
      fightYaml(
        [
          '{ name: A1, use: human, weapons: [crossbow], loaded: [crossbow], ammo: { crossbow: 0, pistol: 3 }, damp: [crossbow], altitude: 5, at: [0, 0] }',
        ],
        ['{ name: B1, use: orc, at: [0, 10] }'],
      ),
    );
    expect(msg).toContain('loaded[0]: cannot load the crossbow: no bolts (ammo 0)');
    expect(msg).toContain("ammo: ammo for 'pistol', which is not a missile weapon this combatant has");
    expect(msg).toContain("damp[0]: 'crossbow' is not a firearm this combatant has");
    expect(msg).toContain('altitude: only fliers and riders of flying mounts can be off the ground');
  });
  it('positions with start: engaged, and an unknown side for the wanderers', () => {
    expect(
      refuse(
        fightYaml(
          ['{ name: A1, use: human, at: [0, 0] }'],
          ['{ name: B1, use: orc, at: [0, 2] }'],
          'start: engaged',
        ),
      ),
    ).toContain('positions (`at:`) and `start: engaged` do not go together');
    expect(
      refuse(
        fightYaml(
          ['{ use: human }'],
          ['{ use: orc }'],
          'start: { distance: 10 }\nwandering: { side: Orcs, approach: corridor }',
        ),
      ),
    ).toContain("wandering.side: no side named 'Orcs'");
  });
  it('the stand-and-fire shortcut with surprise', () => {
    expect(
      refuse(
        fightYaml(
          ['{ use: human }'],
          ['{ use: orc }'],
          'start: { distance: 60, shortcut: true }\ndoor: { side: B }',
        ),
      ),
    ).toContain(
      'start.shortcut: the stand-and-fire shortcut resolves the approach without rounds, and surprise (`surprised`, `ambush`, `door`) needs its first round: drop one of them',
    );
  });
  it('a missile table whose ranges do not run outward', async () => {
    const { parseMissiles } = await import('../../src/rulesets/wfrp1e/catalogue.js');
    const bad = {
      file: 'm.yaml',
      text: 'missiles:\n  - { id: x, name: X, kind: bow, hands: 2, draw: round, loadRounds: 0, bands: [[short, 30, 3], [long, 20, 3]] }\n',
    };
    expect(() => parseMissiles(bad, new Map())).toThrow(
      'm.yaml:2:96 missiles[0].bands[1]: range bands must run outward: long 20 after short 30',
    );
  });
});

describe('what a designer counts: who came to hand-to-hand, who is standing', () => {
  const tallies = (r: ReturnType<typeof runScripted>) => {
    const loaded = r.result.state as never;
    return Object.fromEntries((wfrp1e.tallies?.(loaded) ?? []).map((t) => [t.label, t.value]));
  };
  const yaml = (W: number) =>
    fightYaml(
      [
        `{ name: Archer, profile: ${P({ BS: 60, I: 50 })}, weapons: [bow], loaded: [bow], carried: [sword], at: [0, 0] }`,
      ],
      [`{ name: Gob, profile: ${P({ I: 10, W, T: 1 })}, weapons: [sword], at: [0, 10] }`],
    );
  it('a goblin shot down on its way counts as standing 0, come to hand-to-hand 0', () => {
    // 27 hits the body; D6 6 (its extra-damage test, 99, fails) + ES 3 − T 1 = 8 against W 1;
    // the Sudden Death roll, 10, kills.
    const r = runScripted(loadText(yaml(1)), [27, 6, 99, 10], 1);
    expect(r.unused).toBe(0);
    expect(r.result.outcome?.winner).toBe(0);
    expect(tallies(r)).toEqual({
      'A: standing at the end': 1,
      'A: came to hand-to-hand': 0,
      'B: standing at the end': 0,
      'B: came to hand-to-hand': 0,
    });
  });
  it('one that reaches the archer counts for both sides', () => {
    // 97 misses; the goblin closes and strikes (96, a miss).
    const r = runScripted(loadText(yaml(10)), [97, 96], 1);
    expect(r.unused).toBe(0);
    expect(tallies(r)).toEqual({
      'A: standing at the end': 1,
      'A: came to hand-to-hand': 1,
      'B: standing at the end': 1,
      'B: came to hand-to-hand': 1,
    });
  });
});

describe('a crowd in the scene of battle', () => {
  const crowd = (goblins: number) =>
    `ruleset: wfrp1e\nstart: { distance: 150 }\nsides:\n  - name: Archers\n    players: true\n    combatants:\n      - { name: Archer, use: human, count: 4, profile: { BS: 40 }, weapons: [bow], carried: [sword], ammo: { bow: 24 }, loaded: [bow] }\n  - name: Goblins\n    combatants:\n      - { use: goblin, count: ${goblins} }\n      - { use: goblin, count: ${goblins} }\n`;
  it('a hundred goblins overrun four archers: the fallen are stepped over, nobody is walled in', () => {
    // With the fallen in the way, the goblins who fell round the last archer walled it in and the
    // fight ran to the round cap; standing models alone block a move.
    for (const seed of [1, 2, 3]) {
      const r = runSeeded(loadText(crowd(50)), seed, false);
      expect(r.outcome?.winner, `seed ${seed}`).toBe(1);
      expect(r.outcome?.rounds, `seed ${seed}`).toBeLessThan(30);
    }
  });
  it('entries of one creature are numbered on, and more than 500 combatants are refused', () => {
    const names = (loadText(crowd(3)).setup as unknown as { fighters: { name: string }[] }).fighters.map(
      (f) => f.name,
    );
    expect(names.slice(4)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4', 'Goblin 5', 'Goblin 6']);
    expect(() =>
      loadText(
        crowd(100).replace(
          'count: 100 }\n',
          'count: 100 }\n' + '      - { use: goblin, count: 100 }\n'.repeat(3),
        ),
      ),
    ).toThrow(/sides: expected at most 500 combatants in all; the sides make 504/);
  });
});
