// OpenQuest in play, from scripted dice and decisions. The text has no worked examples: these
// follow its rules (and the facts' table), cell by cell.
import { describe, expect, it } from 'vitest';
import { AskingDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import { ScriptedDice } from '../../src/dice/index.js';
import { loadText } from '../helpers.js';
import { has, played, type Decisions } from '../script.js';
import { distanceOf, type OqFighter } from '../../src/rulesets/openquest/state.js';
import { ATT, DEF, duel, fight, oq, PARRY, ROLL } from './scene.js';

describe('OpenQuest: the attack against the reaction, every cell', () => {
  const cases: [keyof typeof ROLL, keyof typeof PARRY | 'none', string, number][] = [
    ['fumble', 'failure', 'the attacker fumbles', 12],
    ['failure', 'failure', 'a miss', 12],
    ['success', 'fumble', 'damage less armour, and the defender fumbles', 9],
    ['success', 'failure', 'damage less armour', 9],
    ['success', 'success', 'blocked or dodged', 12],
    ['success', 'critical', 'no damage', 12],
    ['success', 'none', 'damage less armour', 9],
    // The SRD's combat results: against a fumbled reaction the defender fumbles too.
    ['critical', 'fumble', 'maximum damage, ignoring armour, and the defender fumbles', 4],
    ['critical', 'failure', 'maximum damage, ignoring armour', 4],
    ['critical', 'success', 'maximum damage, ignoring armour', 4],
    ['critical', 'critical', 'damage less armour', 9],
    ['critical', 'none', 'maximum damage, ignoring armour', 4],
  ];
  for (const [a, d, says, hp] of cases) {
    it(`attack ${a} against ${d === 'none' ? 'no reaction' : `a ${d} parry`}: ${says}`, () => {
      const rolled = hp === 9; // 1D8 5 − 2 AP = 3
      // A reaction is rolled only against an attack that would land ("if called for").
      const reacts = a === 'success' || a === 'critical';
      const dice = [ROLL[a], ...(d === 'none' || !reacts ? [] : [PARRY[d]]), ...(rolled ? [5] : [])];
      const r = fight(duel(), dice, [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ...(reacts ? ([['reaction', d === 'none' ? 'none' : 'parry']] as const) : []),
      ]);
      has(r.texts, `: ${says}.`);
      expect(oq(r).combatants.find((f) => f.name === 'Def')?.hp).toBe(hp);
      played(r);
      if (hp === 4) has(r.texts, 'maximum 1D8 8 (armour ignored) = 8 damage: HP 12 → 4');
      if (rolled) has(r.texts, 'Def: 1D8 5 − 2 AP = 3 damage: HP 12 → 9 (a minor wound)');
    });
  }

  it("the dagger's 1D4+1: the die and its modifier, then armour", () => {
    const r = fight(
      duel(ATT.replace('[longsword]', '[dagger]')),
      [ROLL.success, PARRY.failure, 3],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
    );
    has(r.texts, 'Def: 1D4+1 4 − 2 AP = 2 damage: HP 12 → 10 (a minor wound).');
    played(r);
  });

  it('a Master (skill 100% or more): a critical whatever the roll, unless the option says otherwise', () => {
    const master = ATT.replace('close: 60', 'close: 100');
    const moves: Decisions = [
      ['intent', 'attack:@def'],
      ['intent', 'defend'],
      ['reaction', 'parry'],
    ];
    const r = fight(duel(master), [ROLL.failure, PARRY.failure], moves);
    has(r.texts, 'D100 70 against 100 (a Master): a critical');
    has(r.texts, 'maximum 1D8 8 (armour ignored) = 8 damage: HP 12 → 4');
    const plain = fight(duel(master), [ROLL.failure, PARRY.failure, 5], moves, 1, { mastery: 'none' });
    has(plain.texts, 'D100 70 against 100: a success');
    // A bonus makes nobody a Master: Close 60 with +50 is tested at 110, as anyone's test.
    const lifted = fight(
      duel(ATT.replace('weapons:', 'modifier: 50, weapons:')),
      [ROLL.failure, PARRY.failure, 5],
      moves,
    );
    has(lifted.texts, 'D100 70 against 110 (+50 situation): a success');
  });

  it('a dodge works the same way; a fumble costs the next action (ours)', () => {
    const r = fight(
      duel(),
      [ROLL.success, PARRY.fumble, 5, 30, 4],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'dodge'],
        ['intent', 'attack:@def'],
        ['reaction', 'none'],
      ],
      2,
    );
    has(r.texts, 'Def dodges: D100 88 against 40: a fumble: damage less armour, and the defender fumbles');
    has(r.texts, "Def fumbles and loses next round's action");
    has(r.texts, 'Def loses this action to the fumble');
  });

  it('the order counts down by modified skill; one reaction a round (ours), then none left', () => {
    const two = duel(
      ATT,
      DEF,
      '',
      `      - { name: Bea, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 18, INT: 12, POW: 11, CHA: 10 }, skills: { close: 70 }, weapons: [dagger] }\n`,
    );
    const r = fight(
      two,
      [30, 60, 1, 30, 2],
      [
        ['intent', 'attack:@def'],
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
    );
    has(r.texts, 'Order: Bea 70%, Att 60%');
    has(
      r.texts,
      'Att attacks Def with longsword: D100 30 against 60: a success; Def has no reaction left this round: damage less armour',
    );
  });
});

describe('OpenQuest: surprise attacks', () => {
  const ambush = (players: 'attack' | 'unaware') =>
    `ruleset: openquest\nsurprise: { side: ${players === 'attack' ? 'A' : 'D'}, kind: ambush }\nsides:\n  - name: A\n    players: true\n    combatants:\n      - { name: Att, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 14, INT: 12, POW: 11, CHA: 10 }, skills: { close: 60, perception: 50, deception: 60 }, weapons: [longsword] }\n  - name: D\n    combatants:\n      - { name: Def, characteristics: { STR: 10, CON: 12, SIZ: 12, DEX: 10, INT: 12, POW: 12, CHA: 10 }, skills: { close: 50, perception: 40, deception: 70 }, weapons: [shortsword] }\n`;

  it('the unaware who fail their Perception may only parry or dodge for the round', () => {
    const r = fight(
      ambush('unaware'),
      [60, 30, 35, 45],
      [
        ['distance', 'close'],
        ['intent', 'attack:@att'],
        ['reaction', 'parry'],
      ],
      1,
    );
    expect(r.asked[0]).toBe('distance: D: the surprise worked: at which distance do you strike?');
    has(
      r.texts,
      "Att's Perception 60 (a failure) against Def's deception 30 (a success): surprised: may only parry or dodge this round",
    );
    has(r.texts, 'Att is surprised: may only parry or dodge this round');
    expect(r.asked.filter((q) => q.startsWith('intent'))).toHaveLength(1);
  });

  it('a fumbled Perception: not even a defence', () => {
    const r = fight(
      ambush('unaware'),
      [99, 30, 20, 4],
      [
        ['distance', 'close'],
        ['intent', 'attack:@att'],
      ],
      1,
    );
    has(r.texts, 'surprised, and cannot even defend this round');
    has(r.texts, 'Att cannot defend (surprised)');
  });

  it('spotting the ambush: the better result wins, no surprise', () => {
    const r = fight(
      ambush('unaware'),
      [33, 40],
      [
        ['intent', 'attack:@def'],
        ['intent', 'attack:@att'],
      ],
      0,
    );
    has(r.texts, "Att's Perception 33 (a critical) against Def's deception 40 (a success): not surprised");
  });

  it('the characters attacking: Deception against the best Perception; beaten, the opponent may only defend', () => {
    const r = fight(ambush('attack'), [20, 55], [['distance', 'ranged']], 0);
    has(
      r.texts,
      "Att's deception 20 (a success) against Def's Perception 55 (a fumble): the opposition is surprised and cannot even defend",
    );
    // The players each choose their distance (Surprise Attack Procedure 5).
    has(r.texts, 'Att strikes from ranged distance');
    expect(r.asked).toContain('distance: Att: the surprise worked: strike from which distance?');
  });
});

describe('OpenQuest: wounds', () => {
  const hurt = DEF.replace('armour: [leather]', 'armour: [leather], hp: 2');
  it('a mortal wound: out of the fight, dead at the end of the next round unless helped', () => {
    const r = fight(
      duel(ATT, hurt),
      [30, 60, 8],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
      2,
    );
    has(r.texts, 'Def: 1D8 8 − 2 AP = 6 damage: HP 2 → -4');
    has(
      r.texts,
      'Def is mortally wounded: unconscious, and dies unless stabilised or healed by the end of round 2',
    );
    expect(oq(r).combatants.find((f) => f.name === 'Def')?.out).toBe('dying');
    expect(r.result.outcome?.winner).toBe(0);
  });

  it('healing magic from a friend who can cast it (its caster decides), then a Resilience test to wake', () => {
    const yaml = duel(
      ATT,
      hurt,
      '',
      `      - { name: Cleric, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 10, INT: 12, POW: 14, CHA: 10 }, weapons: [mace] }\n`,
    ).replace(
      '  - name: D\n    combatants:\n      - ' + hurt,
      `  - name: D\n    combatants:\n      - ${hurt}\n      - { name: Bob, characteristics: { STR: 10, CON: 12, SIZ: 12, DEX: 10, INT: 12, POW: 12, CHA: 10 }, skills: { close: 10 }, weapons: [club], healingMagic: true }`,
    );
    const r = fight(
      yaml,
      [30, 60, 8, 90, 40],
      [
        ['intent', 'attack:@def'],
        ['intent', 'attack:@bob'],
        ['intent', 'defend'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
        ['heal-magic', 'yes'],
      ],
      1,
    );
    has(r.texts, 'Def is healed (HP 1); Resilience D100 40 against 50: regains consciousness');
    expect(r.asked).toContain(
      'heal-magic: Bob: cast strong healing magic (Heal 6, Divine Heal, Treat Wounds) on the dying Def this round?',
    );
    expect(oq(r).combatants.find((f) => f.name === 'Def')).toMatchObject({ out: null, hp: 1 });
    played(r);
  });

  it('with the option, the mortally wounded linger instead of dying', () => {
    const r = fight(
      duel(ATT, hurt).replace('sides:', 'maxRounds: 3\nsides:'),
      [30, 60, 8],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
      1,
      { mortalWounds: 'linger' },
    );
    expect(r.texts.some((t) => t.includes('was not stabilised'))).toBe(false);
    expect(oq(r).combatants.find((f) => f.name === 'Def')?.out).toBe('dying');
  });

  const withBob = (bob: string) =>
    duel(ATT, hurt).replace(`      - ${hurt}\n`, `      - ${hurt}\n      - ${bob}\n`);
  const BOB =
    '{ name: Bob, characteristics: { STR: 10, CON: 12, SIZ: 12, DEX: 10, INT: 12, POW: 12, CHA: 10 }, skills: { close: 30, healing: 60 }, weapons: [club] }';

  it('unhelped by the end of the next round, the mortally wounded die', () => {
    const r = fight(
      withBob(BOB),
      [30, 60, 8, 70],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
        ['intent', 'attack:@bob'],
        ['intent', 'defend'],
      ],
      2,
    );
    has(r.texts, 'Def was not stabilised or healed by the end of the next round, and dies');
    expect(oq(r).combatants.find((f) => f.name === 'Def')?.out).toBe('dead');
    played(r);
  });

  it('a Healing test within the time stabilises them', () => {
    const r = fight(
      withBob(BOB),
      [30, 60, 8, 70, 30],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
        ['intent', 'attack:@bob'],
        ['intent', 'stabilise:@def'],
      ],
      2,
    );
    has(
      r.texts,
      'Bob tends Def: Healing D100 30 against 60: a success: stabilised (surgery after the fight)',
    );
    expect(oq(r).combatants.find((f) => f.name === 'Def')?.out).toBe('unconscious');
    expect(r.texts.some((t) => t.includes('was not stabilised'))).toBe(false);
  });
});

describe('OpenQuest: encounter distance', () => {
  it('at ranged distance only missiles reach; a fighter without one spends the action closing in (ours)', () => {
    const archer =
      '{ name: Att, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 14, INT: 12, POW: 11, CHA: 10 }, skills: { ranged: 60 }, weapons: [light-crossbow, dagger] }';
    const r = fight(
      duel(archer, DEF, 'distance: ranged'),
      [30, 5],
      [
        ['intent', 'attack:@def'],
        ['intent', 'close'],
        ['reaction', 'none'],
      ],
    );
    has(r.texts, 'The fight opens at ranged distance');
    has(r.texts, 'Att attacks Def with light crossbow: D100 30 against 60: a success.');
    has(r.texts, 'Def does not react: damage less armour.');
    has(r.texts, 'Def: 1D8 5 (a mechanism: no damage modifier) − 2 AP = 3 damage');
    has(r.texts, 'Def closes in: within 2 m of the enemy from now on');
    expect(oq(r).near.size).toBe(1);
  });
});

describe('OpenQuest: before the fight', () => {
  const scoutYaml = (cover: string) =>
    duel(
      ATT.replace('skills: { close: 60, dodge: 30 }', 'skills: { close: 60, dodge: 30, perception: 40 }'),
      DEF,
      `scouting: { scouts: [Att], cover: ${cover} }`,
    );

  it('scouting: Perception with the cover modifier; a success chooses the distance', () => {
    const r = fight(scoutYaml('some'), [45], [['distance', 'ranged']], 0);
    has(
      r.texts,
      'Att scouts ahead: Perception D100 45 against 40 + 20 cover = 60: a success, the opposition spotted',
    );
    expect(oq(r).near.size).toBe(0);
  });

  it('a critical look reveals numbers and positions and allows a second look at +20%, cover ignored', () => {
    const r = fight(scoutYaml('clear'), [44, 50], [['distance', 'close']], 0);
    has(r.texts, 'a second look, D100 50 against 60: a success: the rest of the opponents too');
  });

  it('a failed scout is spotted approaching: the fight opens at ranged distance', () => {
    const r = fight(scoutYaml('hidden'), [30], [], 0);
    has(r.texts, 'Perception D100 30 against 40 − 20 cover = 20: a failure: spotted approaching');
    has(r.texts, 'The fight opens at ranged distance');
  });

  it('a fumbling scout is split off: the GM says how close', () => {
    const r = fight(scoutYaml('good'), [77], [['distance', 'close']], 0);
    has(r.texts, 'a fumble: split off from the party');
    expect(r.asked[0]).toContain('GM: Att is split off from the party');
  });

  const runYaml = (chase: boolean) =>
    duel(
      ATT.replace('skills: { close: 60, dodge: 30 }', 'skills: { close: 60, dodge: 30, athletics: 50 }'),
      DEF.replace(
        'skills: { close: 50, dodge: 40, resilience: 50 }',
        'skills: { close: 50, dodge: 40, resilience: 50, athletics: 45 }',
      ),
      `avoid: { side: A, by: run, chase: ${chase} }`,
    );

  it('running away unchased gets away', () => {
    const r = fight(runYaml(false), [], [], 1);
    has(r.texts, 'A run and are not chased: they get away');
    expect(r.result.outcome?.winner).toBe(1);
  });

  it('a chase: opposed Athletics; winning escapes', () => {
    const r = fight(runYaml(true), [40, 30], [], 1);
    has(r.texts, "Att runs: Athletics 40 (a success) against Def's 30 (a success): escapes");
  });

  it('caught: the catchers get +20% on their next action; a fumbled run is also surprised', () => {
    const r = fight(
      runYaml(true),
      [88, 30, 65, 5],
      [
        ['intent', 'attack:@att'],
        ['reaction', 'none'],
      ],
      1,
    );
    has(r.texts, 'caught, and surprised: may only defend in the first round');
    has(r.texts, 'Def attacks Att with shortsword: D100 65 against 70 (+20 caught them): a success');
  });

  it('intimidation: an Influence test, and the GM says whether the opposition gives up', () => {
    const yaml = duel(ATT, DEF, 'avoid: { side: A, by: intimidate }');
    const r = fight(yaml, [10], [['social', 'yes']], 1);
    has(r.texts, 'the GM rules the fight is avoided');
    expect(r.result.outcome?.winner).toBe(0);
    expect(() =>
      fight(duel(ATT, DEF, 'surprise: { side: D, kind: ambush }\navoid: { side: A, by: run }'), [], [], 0),
    ).toThrow(/cannot avoid the fight/);
  });
});

describe('OpenQuest: bad input', () => {
  const bad = (yaml: string) => () => loadText(yaml);
  it('names the file, line and field', () => {
    expect(
      bad(
        'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: tarrasque }\n  - name: B\n    combatants:\n      - { use: orc }\n',
      ),
    ).toThrow(/inline\.yaml:5:\d+ sides\[0\]\.combatants\[0\]\.use: unknown creature 'tarrasque'/);
    expect(
      bad(
        'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { name: X, characteristics: { STR: 10 } }\n  - name: B\n    combatants:\n      - { use: orc }\n',
      ),
    ).toThrow(/characteristics: missing CON, SIZ, DEX, INT, POW, CHA/);
    expect(
      bad(
        'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: orc, weapons: [lightsaber] }\n  - name: B\n    combatants:\n      - { use: orc }\n',
      ),
    ).toThrow(/weapons\[0\]: unknown weapon 'lightsaber'/);
    expect(
      bad(
        'ruleset: openquest\nsurprise: { side: C, kind: ambush }\nsides:\n  - name: A\n    combatants:\n      - { use: orc }\n  - name: B\n    combatants:\n      - { use: orc }\n',
      ),
    ).toThrow(/surprise\.side: no side named 'C'/);
    expect(
      bad(
        'ruleset: openquest\nsides:\n  - name: A\n    combatants:\n      - { use: orc, skills: { close: 500 } }\n  - name: B\n    combatants:\n      - { use: orc }\n',
      ),
    ).toThrow(/skills\.close: expected a skill % 0\.\.300/);
  });
});

describe('OpenQuest: distance for each character', () => {
  it('springing a surprise, each player picks a distance; hand to hand reaches only the close ones', () => {
    const yaml = `ruleset: openquest\nsurprise: { side: A, kind: sneak }\nsides:\n  - name: A\n    players: true\n    combatants:\n      - { name: Ann, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 14, INT: 12, POW: 11, CHA: 10 }, skills: { ranged: 60, deception: 60 }, weapons: [short-bow] }\n      - { name: Bea, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 12, INT: 12, POW: 11, CHA: 10 }, skills: { close: 50, deception: 60 }, weapons: [shortsword] }\n  - name: D\n    combatants:\n      - { name: Def, characteristics: { STR: 10, CON: 12, SIZ: 12, DEX: 10, INT: 12, POW: 12, CHA: 10 }, skills: { close: 50, perception: 30 }, weapons: [club] }\n`;
    // Ann's Deception 20 beats Def's Perception 70; Bea's 25 too (Def's 80 fails).
    const r = fight(
      yaml,
      [20, 70, 25, 80],
      [
        ['distance', 'ranged'],
        ['distance', 'close'],
      ],
      0,
    );
    has(r.texts, 'Ann strikes from ranged distance');
    has(r.texts, 'Bea strikes from close distance');
    const st = oq(r);
    const [ann, bea, def] = st.combatants as [OqFighter, OqFighter, OqFighter];
    expect(distanceOf(st, ann, def)).toBe('ranged');
    expect(distanceOf(st, bea, def)).toBe('close');
  });
});

describe('OpenQuest: modifiers, rushes and surrender', () => {
  it('a situational modifier changes the test and the order', () => {
    const r = fight(
      duel(ATT.replace('weapons: [longsword]', 'weapons: [longsword], modifier: -20'), DEF),
      [45, 60],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
    );
    has(r.texts, 'Order: Att 40%');
    has(r.texts, 'Att attacks Def with longsword: D100 45 against 40 (−20 situation): a failure');
  });

  it('a mounted rush is made with Ride', () => {
    const yaml = duel(
      ATT.replace('skills: { close: 60, dodge: 30 }', 'skills: { close: 60, dodge: 30, ride: 70 }'),
      DEF,
      'surprise: { side: A, kind: rush, by: ride }',
    );
    const r = fight(yaml, [30, 80], [['distance', 'close']], 0);
    has(r.texts, 'A rush attack by A: Perception against Ride');
    has(
      r.texts,
      "Att's ride 30 (a success) against Def's Perception 80 (a failure): the opposition is surprised",
    );
    expect(() => loadText(duel(ATT, DEF, 'surprise: { side: A, kind: ambush, by: ride }'))).toThrow(
      /only a rush/,
    );
  });

  it('a fighter set to surrender at low hit points gives up: the fight is over', () => {
    const r = fight(
      duel(ATT, DEF.replace('armour: [leather]', 'armour: [leather], hp: 2, tactics: { surrenderAt: 3 }')),
      [],
      [
        ['intent', 'attack:@def'],
        ['intent', 'surrender'],
      ],
    );
    has(r.texts, 'Def surrenders');
    expect(r.result.outcome?.winner).toBe(0);
  });
});

describe('OpenQuest: review findings', () => {
  it('a missed attack calls for no reaction: the defender still has it for the next', () => {
    const two = duel(
      ATT,
      DEF,
      '',
      `      - { name: Bea, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 18, INT: 12, POW: 11, CHA: 10 }, skills: { close: 70 }, weapons: [dagger] }\n`,
    );
    const r = fight(
      two,
      [90, 30, 40],
      [
        ['intent', 'attack:@def'],
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
    );
    has(r.texts, 'Bea attacks Def with dagger: D100 90 against 70: a failure: a miss');
    has(r.texts, 'Att attacks Def with longsword: D100 30 against 60: a success.');
    has(r.texts, 'Def parries with small shield: D100 40 against 50: a success: blocked or dodged.');
  });

  it('no surprise on a side whose scouts saw them coming', () => {
    const yaml = duel(
      ATT.replace('skills: { close: 60, dodge: 30 }', 'skills: { close: 60, dodge: 30, perception: 60 }'),
      DEF,
      'scouting: { scouts: [Att], cover: some }\nsurprise: { side: D, kind: ambush }',
    );
    const r = fight(yaml, [30], [['distance', 'close']], 0);
    has(r.texts, "No surprise: A's scouts saw them first");
  });

  it('hit points above the maximum are refused; a fighter mortally wounded before the fight dies at the end of round 1 unless helped', () => {
    expect(() => loadText(duel(ATT, DEF.replace('armour: [leather]', 'armour: [leather], hp: 40')))).toThrow(
      /hp: expected at most 12/,
    );
    const yaml = duel(
      ATT,
      DEF,
      '',
      `      - { name: Cid, characteristics: { STR: 10, CON: 12, SIZ: 10, DEX: 10, INT: 12, POW: 11, CHA: 10 }, weapons: [club], hp: 0 }\n`,
    );
    const r = fight(
      yaml,
      [],
      [
        ['intent', 'defend'],
        ['intent', 'defend'],
      ],
      1,
    );
    has(r.texts, 'Cid was not stabilised or healed by the end of the next round, and dies');
  });
});

describe('OpenQuest at the table: what is asked, and when', () => {
  it("the attack's result is told before the defender is asked to react, and the question shows it", () => {
    const { ruleset, setup } = loadText(duel());
    const r = runFight(ruleset, setup, {
      driver: new AskingDriver(new ScriptedDice([11]), (q) => q.kind === 'choice' && q.topic === 'reaction'),
      inputs: ['attack:@def', 'defend'],
      explain: true,
      record: true,
    });
    expect(r.pending?.kind).toBe('choice');
    expect((r.pending as { label: string }).label).toBe("Def: react to Att's attack (D100 11: a critical)?");
    expect(r.events.at(-1)?.text).toBe('Att attacks Def with longsword: D100 11 against 60: a critical.');
  });

  it('nobody is asked about healing magic for a dying fighter whose side has no one to cast it', () => {
    const hurt = DEF.replace('armour: [leather]', 'armour: [leather], hp: 2');
    const r = fight(
      duel(ATT, hurt),
      [30, 60, 8],
      [
        ['intent', 'attack:@def'],
        ['intent', 'defend'],
        ['reaction', 'parry'],
      ],
      3,
    );
    expect(r.asked.some((q) => q.startsWith('heal-magic'))).toBe(false);
  });
});

describe("OpenQuest: a critical's maximum damage with a negative damage modifier", () => {
  const small =
    '{ name: Att, characteristics: { STR: 6, CON: 12, SIZ: 8, DEX: 14, INT: 12, POW: 11, CHA: 10 }, skills: { close: 60, dodge: 30 }, weapons: [rapier] }';
  const script: Decisions = [
    ['intent', 'attack:@def'],
    ['intent', 'defend'],
    ['reaction', 'none'],
  ];
  it('reads −1D4 at its highest roll, −1, by default; at its full size, −4, with the option', () => {
    const least = fight(duel(small), [11], script);
    has(least.texts, 'Def: maximum 1D6 6 − 1 damage modifier (armour ignored) = 5 damage: HP 12 → 7');
    const full = fight(duel(small), [11], script, 1, { maxDamageModifier: 'full-penalty' });
    has(full.texts, 'Def: maximum 1D6 6 − 4 damage modifier (armour ignored) = 2 damage: HP 12 → 10');
  });
});
