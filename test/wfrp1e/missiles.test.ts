// § Missile Fire, § Firearms, § Misfires, § Flying Creatures: golden examples and each procedure.
import { describe, expect, it } from 'vitest';
import { AutoDriver, FightContext } from '../../src/core/context.js';
import { ScriptedDice } from '../../src/dice/index.js';
import type { Missile, Weapon } from '../../src/rulesets/wfrp1e/catalogue.js';
import { rateYards } from '../../src/rulesets/wfrp1e/data/scene.js';
import type { W1Setup } from '../../src/rulesets/wfrp1e/encounter.js';
import { bandAt, missileRange } from '../../src/rulesets/wfrp1e/missile/range.js';
import { placeAll } from '../../src/rulesets/wfrp1e/scene.js';
import { newState, type Fighter } from '../../src/rulesets/wfrp1e/state.js';
import {
  encounterPath,
  fightYaml,
  loadFile,
  loadText,
  ofType,
  profile as P,
  runScripted,
  runWith,
  strikers,
} from '../helpers.js';

describe('§ Missiles In Melee Combat: Ragnerek’s shot', () => {
  it('BS 55 − 20 at extreme range is 35; four others add 36-55; 44 hits one of them, picked by D4', () => {
    const loaded = loadFile(encounterPath('ragnerek-fires-into-the-melee.yaml'));
    // 44; D4 2: Goblin 2. 44 reversed is the left arm; D6 6, BS test 10, D6 4: 6 + 4 + 3 − 2 − 2 = 9 on 5 W: +4;
    // Sudden Death 90 kills. Then Helmut and the three goblins left miss: 96, 97, 95, 94.
    const { events, unused } = runScripted(loaded, [44, 2, 6, 10, 4, 90, 96, 97, 95, 94], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'shot')[0]?.text).toBe(
      'Ragnerek shoots the long bow at Goblin 1 (198 yards, extreme range): D100 44 against BS 55 − 20 extreme range = 35.',
    );
    expect(ofType(events, 'stray')[0]?.text).toBe(
      '44 is within 36-55 (4 others × 5%): the missile hits Goblin 2 instead.',
    );
    expect(ofType(events, 'out')[0]?.text).toBe('Goblin 2 is dead (Sudden Death critical).');
  });
});

describe('§ To Hit Modifiers: evading', () => {
  it('M 3 runs 48 yards a round and evades 36', () => {
    expect(rateYards(3, 'running')).toBe(48);
    expect(rateYards(3, 'evading')).toBe(36);
    expect(rateYards(4, 'standard')).toBe(16);
    expect(rateYards(4, 'cautious')).toBe(8);
  });

  it('an evading target moves 75% of a run: from 20 yards it reaches extreme range, out of a shot this round', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 50, I: 20 })}, weapons: [bow], at: [0, 0] }`],
      [`{ name: Dodger, profile: ${P({ M: 3, I: 40 })}, weapons: [sword], at: [0, 22] }`],
    );
    const result = runWith(loadText(yaml), [], 1, (req) => {
      if (req.topic === 'declare' && req.actor === 'dodger') return 'move';
      if (req.topic === 'move') return 'away:evading';
      return undefined;
    });
    expect(ofType(result.events, 'move')[0]?.text).toBe('Dodger evades, zig-zagging: 36 yards to (0, 58).');
    expect(ofType(result.events, 'idle')[0]?.text).toContain('Archer has nothing to shoot at');
  });

  it('shots at a running or evading target take −10 or −20', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 50, I: 20 })}, weapons: [bow], at: [0, 0] }`],
      [`{ name: Dodger, profile: ${P({ M: 1, I: 40 })}, weapons: [sword], at: [0, 10] }`],
    );
    for (const [how, label] of [
      ['away:evading', '− 20 evading target'],
      ['away:running', '− 10 running target'],
    ] as const) {
      const result = runWith(loadText(yaml), [97], 1, (req) => {
        if (req.topic === 'declare' && req.actor === 'dodger') return 'move';
        if (req.topic === 'move') return how;
        return undefined;
      });
      expect(ofType(result.events, 'shot')[0]?.text).toContain(label);
    }
  });
});

describe('§ Missile Weapon Chart: the repeating crossbow', () => {
  const yaml = fightYaml(
    [
      `{ name: Xbow, profile: ${P({ BS: 40, I: 50 })}, weapons: [repeating-crossbow], skills: [Specialist Weapon - Repeating Crossbow], ammo: { repeating-crossbow: 30 }, at: [0, 0] }`,
    ],
    [
      `{ name: Target, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 20], tactics: { melee: hold } }`,
    ],
  );

  it('fires 2 shots a round from a magazine of 10, and takes 8 rounds to refill it', () => {
    // Five rounds of two misses each empty the magazine; then eight rounds of refilling.
    const misses = Array.from({ length: 10 }, (_, i) => 90 + (i % 9));
    const result = runWith(
      loadText(yaml),
      misses.filter((m) => m % 11 !== 0),
      13,
      () => undefined,
    );
    const shots = ofType(result.events, 'shot');
    expect(shots.filter((e) => e.round === 1)).toHaveLength(2);
    expect(shots.filter((e) => e.round <= 5)).toHaveLength(10);
    expect(ofType(result.events, 'load').map((e) => e.round)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(ofType(result.events, 'load').at(-1)?.text).toBe(
      "Xbow's magazine is full again: 10 shots (8 rounds to refill).",
    );
  });

  it('has no long range: past short range is extreme', () => {
    const rc = loadText(yaml).setup as W1Setup;
    const m = (rc.catalogue.weapons.get('repeating-crossbow') as Weapon).missile as Missile;
    expect(bandAt(m, 32, false, false)?.band).toBe('short');
    expect(bandAt(m, 33, false, false)?.band).toBe('extreme');
    expect(bandAt(m, 101, false, false)).toBe(null);
  });
});

/** A state with its models placed, and a context, to ask the scene and missile functions directly. */
function placed(yaml: string): { a: Fighter; b: Fighter; all: Fighter[] } {
  const loaded = loadText(yaml);
  const st = newState(loaded.setup as W1Setup);
  placeAll(st, new FightContext([], new AutoDriver(new ScriptedDice([])), false, false));
  return { a: st.combatants[0] as Fighter, b: st.combatants[1] as Fighter, all: [...st.combatants] };
}

describe('ranges and damage', () => {
  it('a bow: short to 24, long to 48, extreme to 250, none beyond', () => {
    const loaded = loadText(fightYaml(['{ use: human }'], ['{ use: orc }']));
    const bow = ((loaded.setup as W1Setup).catalogue.weapons.get('bow') as Weapon).missile as Missile;
    expect([24, 25, 48, 49, 250, 251].map((y) => bandAt(bow, y, false, false)?.band ?? null)).toEqual([
      'short',
      'long',
      'long',
      'extreme',
      'extreme',
      null,
    ]);
    expect(bandAt(bow, 24, true, false)?.band).toBe('long');
    expect(bandAt(bow, 200, true, false)).toBe(null);
    expect(bandAt(bow, 30, false, true)?.band).toBe('extreme');
  });

  it('hits at long range lose 1 damage, at extreme 2; firearms use the band’s ES instead', () => {
    const yaml = (weapon: string, y: number) =>
      fightYaml(
        [
          `{ name: Shot, profile: ${P({ BS: 60, I: 50 })}, weapons: [${weapon}], loaded: [${weapon}], skills: [Specialist Weapon - Firearms], at: [0, 0] }`,
        ],
        [
          `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, ${y + 2}], tactics: { melee: hold } }`,
        ],
      );
    // Bow at 30 yards (long): 27 hits the body (72); D6 4 + ES 3 − 1 − T 3 = 3.
    const bow = runScripted(loadText(yaml('bow', 30)), [27, 4], 1);
    expect(ofType(bow.events, 'damage')[0]?.text).toBe(
      "Damage to Mark's body: D6 4 + ES 3 − 1 long range − T 3 = 3 W.",
    );
    // Pistol at 20 yards (long, ES 3): D6 4 + 3 − 3 = 4, no further drop.
    const pistol = runScripted(loadText(yaml('pistol', 20)), [27, 4], 1);
    expect(ofType(pistol.events, 'damage')[0]?.text).toBe("Damage to Mark's body: D6 4 + ES 3 − T 3 = 4 W.");
    expect(ofType(pistol.events, 'shot')[0]?.text).toContain('(22 yards, long range)');
  });

  it('thrown weapons hit with the thrower’s S', () => {
    const yaml = fightYaml(
      [`{ name: Thrower, profile: ${P({ BS: 60, I: 50, S: 4 })}, weapons: [javelin], at: [0, 0] }`],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 8], tactics: { melee: hold } }`,
      ],
    );
    const { events } = runScripted(loadText(yaml), [27, 4], 1);
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Mark's body: D6 4 + ES 4 (thrower’s S) − T 3 = 5 W.",
    );
    expect(ofType(events, 'item')[0]?.text).toBe('Thrower has no more javelins to throw.');
  });
});

describe('§ Flying Creatures', () => {
  it('at a flier: horizontal plus vertical, one band further; from above: the horizontal only', () => {
    const { a, b } = placed(
      fightYaml(
        [`{ name: Archer, profile: ${P()}, weapons: [bow], at: [0, 0] }`],
        [`{ use: harpy, at: [0, 20], altitude: 10 }`],
      ),
    );
    const bow = a.right as Weapon;
    const up = missileRange(a, b, bow);
    expect(up.yards).toBe(30);
    expect(up.band?.band).toBe('extreme');
    const down = missileRange(b, a, bow);
    expect(down.yards).toBe(20);
    expect(down.band?.band).toBe('short');
  });
});

describe('§ Misfires: gunpowder', () => {
  const duel = (extra = '') =>
    fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50 })}, weapons: [pistol], loaded: [pistol], skills: [Specialist Weapon - Firearms], at: [0, 0] ${extra} }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
      ],
    );
  const misfireText = (events: readonly { type: string; text: string }[]) =>
    ofType(events as never, 'misfire').map((e) => e.text);

  it('01-20 partial burn: range and ES halved for this shot', () => {
    // 22 is a double: misfire, D100 10. Halved, the pistol's long band runs to 12 yards at ES 2:
    // 22 hits, reversed 22 is the right arm; D6 3 + 2 − 3 = 2.
    const { events, unused } = runScripted(loadText(duel()), [22, 10, 3], 1);
    expect(unused).toBe(0);
    expect(misfireText(events)[0]).toBe(
      'Misfire (a double, 22): D100 10: a partial burn: range and effective strength are halved for this shot.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Mark's right arm: D6 3 + ES 2 (halved) − T 3 = 2 W.",
    );
  });

  it('21-50 fails to ignite but stays loaded; 51-70 must be reloaded', () => {
    const kept = runScripted(loadText(duel()), [22, 30, 97], 2);
    expect(kept.unused).toBe(0);
    expect(misfireText(kept.events)[0]).toContain('the charge fails to ignite; no need to reload');
    expect(ofType(kept.events, 'shot').map((e) => e.round)).toEqual([1, 2]);
    const lost = runScripted(loadText(duel()), [22, 60], 2);
    expect(lost.unused).toBe(0);
    expect(ofType(lost.events, 'load')[0]?.text).toBe('Gunner loads the pistol: round 1 of 2.');
  });

  it('71-80 hang fire: the weapon goes off in the next round', () => {
    const { events, unused } = runScripted(loadText(duel()), [22, 75, 97], 2);
    expect(unused).toBe(0);
    expect(misfireText(events)).toEqual([
      'Misfire (a double, 22): D100 75: hang fire: the priming goes off and nothing seems to happen, but the weapon will fire next round.',
      'The hung pistol goes off at last.',
    ]);
  });

  it('81-90 flash in the pan: a round to reprime, then −10 on the shot', () => {
    const { events, unused } = runScripted(loadText(duel()), [22, 85, 97], 3);
    expect(unused).toBe(0);
    expect(ofType(events, 'load')[0]?.text).toBe('Gunner reprimes the pistol.');
    expect(ofType(events, 'shot')[1]?.text).toContain('− 10 reprimed after a flash in the pan = 50');
  });

  it('91-99 burn-round: useless, and 50% to explode when tried again; 00 explodes at once', () => {
    const burnt = runScripted(loadText(duel()), [22, 95, 40, 80, 3], 2);
    expect(misfireText(burnt.events)).toContain('Gunner tries the ruined pistol: D100 40 ≤ 50, it explodes.');
    const boom = runScripted(loadText(duel()), [22, 100, 80, 3], 1);
    expect(boom.unused).toBe(0);
    expect(ofType(boom.events, 'damage')[0]?.text).toBe(
      "The exploding pistol hits Gunner's body: D6 3 + ES 3 − T 3 − 0 armour = 3 W.",
    );
    expect(ofType(boom.events, 'item')[0]?.text).toBe("Gunner's pistol is destroyed (exploded).");
  });

  it('damp powder does not fire until the weapon is reloaded', () => {
    const { events } = runScripted(loadText(duel(', damp: [pistol]')), [], 1);
    expect(misfireText(events)[0]).toBe("Gunner's pistol clicks: the powder is damp. It must be reloaded.");
  });
});

describe('§ Misfires: bombs', () => {
  const toss = fightYaml(
    [
      `{ name: Bomber, profile: ${P({ BS: 60, I: 50 })}, weapons: [bomb], ammo: { bomb: 2 }, at: [0, 0], tactics: { melee: hold } }`,
    ],
    [
      `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
    ],
  );
  it('01-50 fails; 81-95 bursts half way; 96-00 in the hand', () => {
    expect(ofType(runScripted(loadText(toss), [33, 25], 1).events, 'misfire')[0]?.text).toBe(
      'Misfire (a double, 33): D100 25: the bomb fails to explode.',
    );
    const half = runScripted(loadText(toss), [33, 90], 1);
    expect(ofType(half.events, 'burst')[0]?.text).toBe('The bomb bursts at (0, 5): nobody caught in it.');
    const hand = runScripted(loadText(toss), [33, 98, 60, 2], 1);
    expect(ofType(hand.events, 'burst')[0]?.text).toBe('The bomb bursts at (0, 0): Bomber caught in it.');
    expect(ofType(hand.events, 'damage')[0]?.text).toBe(
      "The bomb hits Bomber's body: D6 2 + ES 6 − T 3 − 0 armour = 5 W.",
    );
  });
  it('51-80 sputters: a D6 each round, on a 6 it goes off where it lies', () => {
    // Round 1: a double, 60: it sputters at Mark's feet. Round 2: D6 3; the second bomb misses (97).
    // Round 3: D6 6: it bursts; Mark is hit on the left arm (50) for D6 4.
    const { events, unused } = runScripted(loadText(toss), [33, 60, 3, 97, 6, 50, 4], 3);
    expect(unused).toBe(0);
    expect(ofType(events, 'bomb')[0]?.text).toBe('The bomb sputters on (D6 3).');
    expect(ofType(events, 'burst')[0]?.text).toBe('The bomb bursts at (0, 10): Mark caught in it.');
  });
  it('a bomb that hits bursts on its target and everyone within 2 yards', () => {
    const { events } = runScripted(loadText(toss), [40, 50, 4], 1);
    expect(ofType(events, 'burst')[0]?.text).toBe('The bomb bursts at (0, 10): Mark caught in it.');
  });
});

describe('loading, aiming and carrying loaded weapons', () => {
  it('a crossbow: a round to load, a round to fire; carried loaded it fires at once with +10 I', () => {
    const yaml = (loaded: string) =>
      fightYaml(
        [`{ name: Xbow, profile: ${P({ BS: 40, I: 30 })}, weapons: [crossbow], ${loaded} at: [0, 0] }`],
        [
          `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 20], tactics: { melee: hold } }`,
        ],
      );
    const cold = runScripted(loadText(yaml('')), [97, 96], 4);
    expect(ofType(cold.events, 'load').map((e) => e.round)).toEqual([1, 3]);
    expect(ofType(cold.events, 'shot').map((e) => e.round)).toEqual([2, 4]);
    const warm = runScripted(loadText(yaml('loaded: [crossbow],')), [97], 1);
    expect(ofType(warm.events, 'order')[0]?.text).toContain(
      'Xbow EI: I 30 + 10 carried loaded = 40: shoots at 40',
    );
  });

  it('extreme range takes a round of aiming first', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 60, I: 30 })}, weapons: [bow], at: [0, 0] }`],
      [
        `{ name: Far, profile: ${P({ I: 10, M: 0 })}, weapons: [sword], at: [0, 102], tactics: { melee: hold } }`,
      ],
    );
    const { events } = runScripted(loadText(yaml), [97], 2);
    expect(ofType(events, 'aim')[0]?.text).toBe('Archer aims at Far: the shot comes next round.');
    expect(ofType(events, 'shot')[0]?.text).toContain(
      '(102 yards, extreme range): D100 97 against BS 60 − 20 extreme range = 40',
    );
  });

  it('sharpshooting: short range only, a round more, the targeted-blow penalty, and a miss hits nothing', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 60, I: 30 })}, weapons: [bow], at: [0, 0] }`],
      [
        `{ name: Near, profile: ${P({ I: 10, M: 0, W: 30 })}, weapons: [sword], at: [0, 12], tactics: { melee: hold } }`,
      ],
    );
    const run = (dice: number[]) => {
      let declared = 0;
      return runWith(loadText(yaml), dice, 2, (req) => {
        if (req.topic === 'declare' && req.actor === 'archer' && declared++ === 0) return 'aim';
        if (req.topic === 'aim') return '@near:head';
        return undefined;
      });
    };
    const miss = run([41]);
    expect(ofType(miss.events, 'aim')[0]?.text).toBe(
      "Archer aims at Near's head: the shot comes next round.",
    );
    expect(ofType(miss.events, 'shot')[0]?.text).toContain(
      'D100 41 against BS 60 − 20 sharpshooting at the head = 40',
    );
    expect(ofType(miss.events, 'miss')[0]?.text).toBe('Missed: a sharpshot that misses hits nothing.');
    const hit = run([30, 5]);
    expect(ofType(hit.events, 'damage')[0]?.text).toBe("Damage to Near's head: D6 5 + ES 3 − T 3 = 5 W.");
  });
});

describe('§ Missiles In Melee Combat and other modifiers', () => {
  it('an engaged combatant may loose a loaded crossbow at its opponent, but cannot reload in melee', () => {
    const yaml = fightYaml(
      [
        `{ name: Xbow, profile: ${P({ BS: 50, I: 50 })}, weapons: [crossbow], loaded: [crossbow], carried: [dagger], tactics: { dropMissile: false } }`,
      ],
      [`{ name: Orc, profile: ${P({ I: 10, W: 20 })}, weapons: [sword] }`],
      'start: { distance: 0 }',
    );
    // Round 1: the loaded crossbow at point-blank range (2 yards): 27 hits the body; D6 3 + 4 − 3 = 4. The orc misses (97).
    // Round 2: it cannot reload while engaged: it drops the crossbow and draws the dagger instead.
    const result = runWith(loadText(yaml), [27, 3, 97], 1, () => undefined);
    expect(ofType(result.events, 'shot')[0]?.text).toContain('(2 yards, short range)');
    expect(strikers(result.events)).toEqual(['orc']);
  });

  it('firing into a group: +5 per creature beyond the first, and the D-roll picks who is hit', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 30, I: 50 })}, weapons: [bow], at: [0, 0] }`],
      [
        '{ name: G1, use: goblin, at: [0, 20], tactics: { melee: hold } }',
        '{ name: G2, use: goblin, at: [2, 20], tactics: { melee: hold } }',
        '{ name: G3, use: goblin, at: [4, 20], tactics: { melee: hold } }',
      ],
    );
    const result = runWith(loadText(yaml), [38, 3, 4], 1, (req) =>
      req.topic === 'shoot' ? 'group:g1' : undefined,
    );
    expect(ofType(result.events, 'shot')[0]?.text).toContain('BS 30 + 10 a group of 3 = 40');
    expect(ofType(result.events, 'damage')[0]?.text).toContain("Damage to G3's");
  });

  it('an unskilled firer uses BS 10 with a specialist weapon; cover, size and a moving mount change the chance', () => {
    const yaml = fightYaml(
      [
        `{ name: Archer, profile: ${P({ BS: 50, I: 50 })}, weapons: [long-bow], at: [0, 0], mount: { use: horse } }`,
      ],
      [`{ name: Rat, use: giant-rat, at: [0, 20], situation: { cover: soft }, tactics: { melee: hold } }`],
    );
    const { events } = runScripted(loadText(yaml), [97], 1);
    expect(ofType(events, 'shot')[0]?.text).toContain(
      'BS (unskilled: specialist weapon) 10 − 10 small target − 10 soft cover = -10',
    );
  });

  it('missile criticals use Sudden Death unless the option asks for the detailed chart', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 60, I: 50 })}, weapons: [bow], at: [0, 0] }`],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 1, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
      ],
    );
    const sd = runScripted(loadText(yaml), [27, 4, 20], 1);
    expect(ofType(sd.events, 'critical')[0]?.text).toContain('Sudden Death critical +3');
    const detailed = runScripted(loadText(yaml, { missileCriticals: 'detailed' }), [27, 4, 20], 1);
    expect(ofType(detailed.events, 'critical')[0]?.text).toContain(
      'Critical +3 on the body: D100 20, column +3 → effect 6 (body chart)',
    );
  });

  it('the lasso catches: no damage, entangled until an S test frees it (ours)', () => {
    const yaml = fightYaml(
      [
        `{ name: Roper, profile: ${P({ BS: 60, I: 50 })}, weapons: [lasso], skills: [Specialist Weapon - Lasso], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, M: 0, S: 3 })}, weapons: [sword], at: [0, 6], tactics: { melee: hold } }`,
      ],
    );
    const { events, unused } = runScripted(loadText(yaml), [27, 80], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'entangle').map((e) => e.text)).toEqual([
      'Mark is caught in the lasso: entangled until an S test frees it (ours).',
      'Mark is still entangled: S test D100 80 > 30.',
    ]);
    expect(ofType(events, 'load')[0]?.text).toBe('Roper loads the lasso: round 1 of 2.');
  });
});

describe('§ Firearm Reload Times: reloading under stress (optional)', () => {
  it('a failed Dex test with enemies near brings a mishap; the ramrod shot does triple damage', () => {
    const yaml = fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50, Dex: 30 })}, weapons: [pistol], skills: [Specialist Weapon - Firearms], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
      ],
    );
    // Two rounds of loading; the Dex test 90 fails by 60: the ramrod. Round 3: 27 hits; D6 2 + 3 − 3 = 2, ×3 = 6.
    const { events, unused } = runScripted(loadText(yaml, { reloadStress: 'on' }), [90, 27, 2], 3);
    expect(unused).toBe(0);
    expect(ofType(events, 'stress')[0]?.text).toBe(
      'Gunner fumbles the reload (Dex test D100 90 > 30, by 60): the ramrod left in the barrel: fires at triple damage, then useless.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Mark's body: D6 2 + ES 3 − T 3 = 2, tripled by the ramrod = 6 W.",
    );
  });
});

describe('§ Timekeeping: stand and fire', () => {
  it('resolves the shots at an advancing enemy in one step, then the fight goes on round by round', () => {
    const yaml = `ruleset: wfrp1e
start: { distance: 100, shortcut: true }
sides:
  - name: Archers
    players: true
    combatants:
      - { name: Archer, use: human, profile: { BS: 40 }, weapons: [bow], carried: [sword] }
  - name: Goblins
    combatants:
      - { use: goblin, count: 2 }
`;
    // Round 1: the goblins are at extreme range: the archer aims; they run 64 yards (to 38 and 39).
    // Round 2: a shot at 38 yards (long range, a running target): 97 misses; they close to charging
    // distance. The cap of 2 rounds ends it there.
    const result = runWith(loadText(yaml), [97], 2, () => undefined);
    expect(ofType(result.events, 'timekeeping').map((e) => e.text)).toEqual([
      'Stand and fire: Archer shoots while Goblin 1, Goblin 2 come on, until within charging distance.',
      'After 2 rounds of fire the survivors are within charging distance; the fight goes on round by round.',
    ]);
    expect(ofType(result.events, 'aim')[0]?.text).toBe('Archer aims at Goblin 1: the shot comes next round.');
    expect(ofType(result.events, 'shot')[0]?.text).toContain(
      'BS 40 − 10 running target − 10 long range = 20',
    );
    expect(result.outcome?.reason).toBe('round-cap');
  });
});

describe('§ Firearms: many barrels', () => {
  it('a duck-foot carried loaded fires every barrel at once, each a shot of its own, then reloads barrel by barrel', () => {
    const yaml = fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50 })}, weapons: [duck-foot], loaded: [duck-foot], skills: [Specialist Weapon - Firearms], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 60, T: 9, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
      ],
    );
    // Four misses at long range (BS 60 − 10 = 50); then two rounds for the first barrel.
    const { events, unused } = runScripted(loadText(yaml), [97, 96, 95, 94], 3);
    expect(unused).toBe(0);
    expect(ofType(events, 'shot').filter((e) => e.round === 1)).toHaveLength(4);
    expect(ofType(events, 'shot')[0]?.text).toContain(
      '(10 yards, long range): D100 97 against BS 60 − 10 long range = 50',
    );
    expect(ofType(events, 'load').map((e) => e.text)).toEqual([
      'Gunner loads the duck-foot: round 1 of 2 for barrel 1.',
      "Gunner's duck-foot is loaded (1 of 4 barrels).",
    ]);
  });
});

describe('§ Flying Creatures: fire from a flying mount', () => {
  it('a rider on a giant eagle shoots down at the horizontal distance, −10 from a moving mount, out of reach of those on foot', () => {
    const yaml = fightYaml(
      [
        `{ name: Rider, profile: ${P({ BS: 60, I: 50 })}, weapons: [bow], loaded: [bow], mount: { use: giant-eagle }, at: [0, 0], altitude: 10, tactics: { melee: hold } }`,
      ],
      [`{ name: Mark, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 20] }`],
    );
    const { events, unused } = runScripted(loadText(yaml), [97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'idle').map((e) => e.text)).toContain(
      'Mark cannot close with Rider: in the air, out of reach of anyone who cannot fly.',
    );
    expect(ofType(events, 'shot')[0]?.text).toBe(
      'Rider shoots the normal bow at Mark (20 yards, short range: firing down: 20 yards across counts): D100 97 against BS 60 − 10 from a moving mount = 50.',
    );
  });
});

describe('the lasso’s hold', () => {
  it('an entangled model neither moves nor strikes until it frees itself', () => {
    const yaml = fightYaml(
      [
        `{ name: Roper, profile: ${P({ BS: 60, I: 50 })}, weapons: [lasso], skills: [Specialist Weapon - Lasso], at: [0, 0], tactics: { melee: hold } }`,
      ],
      [`{ name: Mark, profile: ${P({ I: 10, S: 3 })}, weapons: [sword], at: [0, 12] }`],
    );
    // 27 catches Mark; his S tests 80 and 70 fail while Roper coils the lasso; 20 frees him in
    // round 4. Roper's second throw misses (97) and Mark closes and strikes (96).
    const { events, unused } = runScripted(loadText(yaml), [27, 80, 70, 20, 97, 96], 4);
    expect(unused).toBe(0);
    expect(ofType(events, 'move').map((e) => [e.round, e.text])).toEqual([
      [4, 'Mark closes with Roper: 10 yards to (0, 2), in contact.'],
    ]);
    expect(ofType(events, 'blow').map((e) => e.round)).toEqual([4]);
    expect(ofType(events, 'entangle').at(-1)?.text).toBe('Mark gets free: S test D100 20 ≤ 30.');
  });
});

describe('the readings the review tightened', () => {
  it('a sharpshot into a melee that misses hits nothing, not even within the stray chance', () => {
    const yaml = fightYaml(
      [
        `{ name: Archer, profile: ${P({ BS: 60, I: 50 })}, weapons: [bow], at: [0, 0] }`,
        `{ name: Helmut, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 22], tactics: { melee: hold } }`,
      ],
      [
        `{ name: G1, profile: ${P({ I: 5, W: 30 })}, weapons: [sword], at: [0, 20], tactics: { melee: hold } }`,
      ],
    );
    let declared = 0;
    // Round 1: the archer aims at G1's head; Helmut and G1 miss (45, 96). Round 2: 43 misses BS 40,
    // and would be within 41-45 for a plain shot into the melee.
    const result = runWith(loadText(yaml), [45, 96, 43, 94, 93], 2, (req) => {
      if (req.topic === 'declare' && req.actor === 'archer') return declared++ === 0 ? 'aim' : 'shoot';
      if (req.topic === 'aim') return '@g1:head';
      return undefined;
    });
    expect(ofType(result.events, 'shot')[0]?.text).toContain(
      'D100 43 against BS 60 − 20 sharpshooting at the head = 40',
    );
    expect(ofType(result.events, 'miss')[0]?.text).toBe('Missed: a sharpshot that misses hits nothing.');
    expect(ofType(result.events, 'stray')).toHaveLength(0);
  });

  it('a target is running only in the round it ran and, until it moves again, the next; a charge is not a run', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 50, I: 20 })}, weapons: [bow], at: [0, 0] }`],
      [`{ name: Dodger, profile: ${P({ M: 1, I: 40 })}, weapons: [sword], at: [0, 10] }`],
    );
    let moves = 0;
    const result = runWith(loadText(yaml), [97, 96, 95], 3, (req) => {
      if (req.topic === 'declare' && req.actor === 'dodger') return moves++ === 0 ? 'move' : 'wait';
      if (req.topic === 'move') return 'away:running';
      return undefined;
    });
    const shots = ofType(result.events, 'shot').map((e) => e.text.replace(/.*against /, ''));
    // Round 1: it runs 16 yards before the archer's turn; round 2 it has not moved yet; round 3 it stood.
    expect(shots).toEqual([
      'BS 50 − 10 running target − 10 long range = 30.',
      'BS 50 − 10 running target − 10 long range = 30.',
      'BS 50 − 10 long range = 40.',
    ]);
  });

  it('the +10 I of a weapon carried loaded is for the first round, not for every shot after a reload', () => {
    const yaml = fightYaml(
      [
        `{ name: Xbow, profile: ${P({ BS: 40, I: 30 })}, weapons: [crossbow], loaded: [crossbow], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 20], tactics: { melee: hold } }`,
      ],
    );
    const { events } = runScripted(loadText(yaml), [97, 96], 3);
    const orders = ofType(events, 'order').map((e) => e.text);
    expect(orders[0]).toContain('I 30 + 10 carried loaded = 40: shoots at 40');
    expect(orders[2]).toContain('Xbow EI: I 30: shoots at 30');
  });

  it('a group is whoever stands in it, friends too: the choice says so and the pick may strike one', () => {
    const yaml = fightYaml(
      [
        `{ name: Archer, profile: ${P({ BS: 40, I: 50 })}, weapons: [bow], at: [0, 0] }`,
        `{ name: Helmut, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 22], tactics: { melee: hold } }`,
      ],
      [
        '{ name: G1, use: goblin, at: [0, 20], tactics: { melee: hold } }',
        '{ name: G2, use: goblin, at: [2, 20], tactics: { melee: hold } }',
      ],
    );
    let labels: string[] = [];
    // 50 ≤ 40 + 10 hits the group of three (G1, Helmut, G2); the D3 picks Helmut (2): 50 reversed
    // is 05, his head; D6 2.
    const result = runWith(loadText(yaml), [50, 2, 2, 97, 96, 95], 1, (req) => {
      if (req.topic === 'shoot' && req.kind === 'choice') {
        labels = req.choices.map((c) => c.label);
        return 'group:g1';
      }
      return undefined;
    });
    expect(labels).toContain('shoot into the group of 3 around G1 (+10; Helmut among them)');
    expect(ofType(result.events, 'damage')[0]?.text).toMatch(/^Damage to Helmut's head/);
  });

  it('4 yards apart is another group; 3.9 is the same', () => {
    const groupChoices = (x: number) => {
      let labels: string[] = [];
      const yaml = fightYaml(
        [`{ name: Archer, profile: ${P({ BS: 40, I: 50 })}, weapons: [bow], at: [0, 0] }`],
        [
          '{ name: G1, use: goblin, at: [0, 20], tactics: { melee: hold } }',
          `{ name: G2, use: goblin, at: [${x}, 20], tactics: { melee: hold } }`,
        ],
      );
      runWith(loadText(yaml), [97], 1, (req) => {
        if (req.topic === 'shoot' && req.kind === 'choice') labels = req.choices.map((c) => c.label);
        return undefined;
      });
      return labels.filter((l) => l.startsWith('shoot into'));
    };
    expect(groupChoices(6)).toEqual([]);
    expect(groupChoices(5.9)).toHaveLength(1);
  });

  it('a prone or sleeping target is hit automatically, where the firer chooses, for double damage', () => {
    const yaml = fightYaml(
      [`{ name: Archer, profile: ${P({ BS: 25, I: 50 })}, weapons: [bow], at: [0, 0] }`],
      [`{ name: Sleeper, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 12], asleep: true }`],
    );
    const { events, unused } = runScripted(loadText(yaml), [3], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'shot')[0]?.text).toBe(
      'Archer shoots the normal bow at the sleeping Sleeper (12 yards, short range): hit automatically.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Sleeper's head: D6 3 + ES 3 − T 3 = 3, doubled against a helpless target = 6 W.",
    );
  });

  it('when BS and the stray chance pass 100, a second roll after a miss decides: a hit is always the target’s', () => {
    const goblin = (name: string, at: string) =>
      `{ name: ${name}, profile: ${P({ I: 5, W: 30 })}, weapons: [sword], at: ${at}, tactics: { melee: hold } }`;
    const yaml = fightYaml(
      [
        `{ name: Archer, profile: ${P({ BS: 90, I: 50 })}, weapons: [bow], at: [0, 0] }`,
        `{ name: Helmut, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 22], tactics: { melee: hold } }`,
      ],
      [goblin('G1', '[0, 20]'), goblin('G2', '[2, 21]'), goblin('G3', '[-2, 21]'), goblin('G4', '[0, 18]')],
    );
    const atG1 = (req: { topic?: string; kind: string }) =>
      req.topic === 'shoot' && req.kind === 'choice' ? '@g1' : undefined;
    // Four others in the fight: 20%. 95 misses BS 90; the second D100, 10, is within 20: the D4 picks.
    const miss = runWith(loadText(yaml), [95, 10, 2, 1, 97, 96, 95, 94, 93, 92], 1, atG1);
    expect(ofType(miss.events, 'stray')[0]?.text).toMatch(
      /^A miss, but the melee is thick: D100 10 ≤ 20 \(4 others × 5%\): the missile hits /,
    );
    // 85 hits: G1 is struck, with no second roll (85 reversed is 58: the body).
    const hit = runWith(loadText(yaml), [85, 1, 97, 96, 95, 94, 93, 92], 1, atG1);
    expect(ofType(hit.events, 'stray')).toHaveLength(0);
    expect(ofType(hit.events, 'damage')[0]?.text).toMatch(/^Damage to G1's body/);
  });
});

describe('§ Misfires: the rest of the weapon', () => {
  it('a duck-foot barrel that fails and must be reloaded spoils that barrel only: the other three fire', () => {
    const yaml = fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50 })}, weapons: [duck-foot], loaded: [duck-foot], skills: [Specialist Weapon - Firearms], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 60, T: 9, M: 0 })}, weapons: [sword], at: [0, 10], tactics: { melee: hold } }`,
      ],
    );
    const { events, unused } = runScripted(loadText(yaml), [22, 60, 97, 96, 95], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'misfire')[0]?.text).toContain(
      'the charge fails to ignite and the weapon must be reloaded',
    );
    expect(ofType(events, 'shot')).toHaveLength(4);
  });

  it('an incendiary that bursts half way sets fire where it bursts, not a bomb blast', () => {
    const yaml = fightYaml(
      [
        `{ name: Thrower, profile: ${P({ BS: 60, I: 50 })}, weapons: [incendiary], ammo: { incendiary: 1 }, at: [0, 0], tactics: { melee: hold } }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30, M: 0 })}, weapons: [sword], at: [0, 3], tactics: { melee: hold } }`,
      ],
    );
    // 11 is a double: the bomb table, 90: half way, at (0, 1.5): both are within 2 yards of it.
    // D4 2 rounds of burning; 2D4 5 to Thrower, 2D4 3 to Mark.
    const { events, unused } = runScripted(loadText(yaml), [11, 90, 2, 5, 3], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'burst')).toHaveLength(0);
    expect(ofType(events, 'fire').map((e) => e.text)).toEqual([
      'The incendiary bursts at (0, 1.5): Thrower, Mark caught in the fire; the oil burns on for 2 rounds.',
      'Thrower burns: 5 W.',
      'Mark burns: 3 W.',
    ]);
  });

  it('a hang fire in the face of someone looking down the barrel: an automatic point-blank head shot', () => {
    const yaml = fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50 })}, weapons: [pistol], loaded: [pistol], skills: [Specialist Weapon - Firearms], at: [0, 0], tactics: { melee: hold } }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 3], tactics: { melee: hold } }`,
      ],
    );
    // Round 1: 22, a double: hang fire (75). Round 2: the GM says Mark is looking;
    // D6 4 + the pistol's point-blank ES 3 − T 3.
    const result = runWith(loadText(yaml), [22, 75, 4, 95, 94], 2, (req) =>
      req.topic === 'hang-fire' ? '@mark' : undefined,
    );
    expect(ofType(result.events, 'damage')[0]?.text).toBe(
      "Gunner's pistol hits Mark's head: D6 4 + ES 3 − T 3 − 0 armour = 4 W.",
    );
    expect(ofType(result.events, 'wounds')[0]?.text).toBe('Mark: W 30 − 4 = 26.');
  });

  it('a hang fire goes off in the next round even when its firer has gone to hand-to-hand', () => {
    const yaml = fightYaml(
      [
        `{ name: Gunner, profile: ${P({ BS: 60, I: 50 })}, weapons: [pistol], loaded: [pistol], carried: [sword], skills: [Specialist Weapon - Firearms], at: [0, 0] }`,
      ],
      [
        `{ name: Mark, profile: ${P({ I: 10, W: 30 })}, weapons: [sword], at: [0, 3], tactics: { melee: hold } }`,
      ],
    );
    let declared = 0;
    // Round 1: 22, a double: hang fire (75). Round 2: the pistol goes off at Mark (97, a miss) at
    // the start of the round, whatever Gunner declared.
    const result = runWith(loadText(yaml), [22, 75, 97, 96, 95, 94], 2, (req) => {
      if (req.topic === 'declare' && req.actor === 'gunner') return declared++ === 0 ? 'shoot' : 'fight';
      return undefined;
    });
    expect(ofType(result.events, 'misfire').map((e) => [e.round, e.text.slice(0, 30)])).toEqual([
      [1, 'Misfire (a double, 22): D100 7'],
      [2, 'The hung pistol goes off at la'],
    ]);
  });
});
