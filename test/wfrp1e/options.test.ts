// The optional rules and the GM's switches, each against the text's numbers.
import { describe, expect, it } from 'vitest';
import { fightYaml, loadText, ofType, profile as P, runScripted, runWith, strikers } from '../helpers.js';

describe('§ Weapon Modifiers (weaponModifiers: on)', () => {
  it('a spear gives +10 I in the first round and when winning; not otherwise', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 30 })}, weapons: [spear] }`],
      [`{ name: Bruno, profile: ${P({ I: 35 })}, weapons: [sword] }`],
    );
    const { events, unused } = runScripted(loadText(yaml, { weaponModifiers: 'on' }), [97, 96, 95, 94], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'order')[0]?.text).toContain('Axel EI: I 30 + 10 spear = 40');
    expect(ofType(events, 'order')[1]?.text).toContain('Axel EI: I 30, A 1');
    expect(strikers(events)).toEqual(['axel', 'bruno', 'bruno', 'axel']);
  });

  it('a halberd costs −10 I, but gives +20 against a mounted opponent in the first round', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 30 })}, weapons: [halberd] }`],
      [`{ name: Knight, profile: ${P({ I: 35 })}, weapons: [sword], mount: { use: horse } }`],
    );
    const { events } = runWith(
      loadText(yaml, { weaponModifiers: 'on' }),
      [97, 96, 95, 94, 93, 92],
      2,
      () => undefined,
    );
    expect(ofType(events, 'order')[0]?.text).toContain('Axel EI: I 30 + 20 halberd = 50');
    expect(ofType(events, 'order')[1]?.text).toContain('Axel EI: I 30 − 10 halberd = 20');
  });

  it('the table changes damage and parries: a two-handed sword +2 damage', () => {
    const yaml = fightYaml(
      [
        `{ name: Axel, profile: ${P({ I: 50, WS: 60 })}, weapons: [two-handed-sword], skills: [Specialist Weapon - Two-handed Weapon] }`,
      ],
      [`{ name: Bruno, profile: ${P({ I: 20, W: 12 })}, weapons: [sword] }`],
    );
    // I 50 − 10 = 40. 27 (body), D6 3 + S 3 + 2 − T 3 = 5.
    const { events, unused } = runScripted(loadText(yaml, { weaponModifiers: 'on' }), [27, 3, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Bruno's body: D6 3 + S 3 + 2 two-handed sword − T 3 = 5 W.",
    );
  });

  it('a lance is fully effective only mounted and charging; otherwise it is a hand weapon', () => {
    const yaml = fightYaml(
      [
        `{ name: Konrad, profile: ${P({ I: 50, WS: 50 })}, weapons: [lance], skills: [Specialist Weapon - Lance], mount: { use: horse, tactics: { parry: never } } }`,
      ],
      [`{ name: Bruno, profile: ${P({ I: 20, W: 20 })}, weapons: [sword] }`],
      'start: charge',
    );
    // Charging on horseback: +10 charging, +10 lance; damage +2.
    const { events } = runWith(
      loadText(yaml, { weaponModifiers: 'on' }),
      [27, 3, 96, 95, 94],
      1,
      () => undefined,
    );
    expect(ofType(events, 'blow')[0]?.text).toContain('WS 50 + 10 charging + 10 lance = 70');
    expect(ofType(events, 'damage')[0]?.text).toContain('+ 2 lance');
  });
});

describe('§ Weapons: specialist weapons', () => {
  it('without the skill a specialist weapon is used at WS 10, with it at WS', () => {
    const yaml = (skills: string) =>
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 50 })}, weapons: [flail], skills: [${skills}] }`],
        [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword] }`],
      );
    expect(ofType(runScripted(loadText(yaml('')), [98, 97], 1).events, 'blow')[0]?.text).toContain(
      '> WS (unskilled: specialist weapon) 10: miss',
    );
    expect(
      ofType(runScripted(loadText(yaml('Specialist Weapon - Flail')), [98, 97], 1).events, 'blow')[0]?.text,
    ).toContain('> WS 50: miss');
    expect(
      ofType(runScripted(loadText(yaml(''), { specialistWeapons: 'off' }), [98, 97], 1).events, 'blow')[0]
        ?.text,
    ).toContain('> WS 50: miss');
  });
});

describe('§ Parrying: creatures controlled by the GM', () => {
  // W 2: the tactics' auto would parry every blow (any could bring W to 0).
  const yaml = (int: number, tactics = '') =>
    fightYaml(
      [`{ name: Axel, profile: ${P({ I: 50, WS: 60 })}, weapons: [sword] }`],
      [`{ name: Orc, profile: ${P({ I: 20, Int: int, W: 2 })}, weapons: [sword]${tactics} }`],
    );
  it('do not parry by default', () => {
    const { events, unused } = runScripted(loadText(yaml(40)), [27, 3, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')).toHaveLength(0);
  });
  it('with Int over 30 may parry when the option allows', () => {
    const { events, unused } = runScripted(
      loadText(yaml(31), { monsterParry: 'int-over-30' }),
      [27, 20, 2, 3],
      1,
    );
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')[0]?.text).toContain('Orc parries with the sword: D100 20 < WS 40');
    const dull = runScripted(loadText(yaml(30), { monsterParry: 'int-over-30' }), [27, 3, 96], 1);
    expect(ofType(dull.events, 'parry')).toHaveLength(0);
  });
  it("a combatant's own tactics.parry in the file overrides the option, humans and monsters alike", () => {
    const { events, unused } = runScripted(
      loadText(yaml(10, ', tactics: { parry: always }')),
      [27, 20, 2, 3],
      1,
    );
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')[0]?.text).toContain('Orc parries with the sword: D100 20 < WS 40');
  });
});

describe('§ More About Rounds: delaying', () => {
  it('a character may act later than its I, never earlier', () => {
    const yaml = fightYaml(
      [
        `{ name: Axel, profile: ${P({ I: 50 })}, weapons: [sword] }`,
        `{ name: Bert, profile: ${P({ I: 10 })}, weapons: [sword] }`,
      ],
      [`{ name: Orc, profile: ${P({ I: 30 })}, weapons: [sword] }`],
    );
    let delayed = false;
    const result = runWith(loadText(yaml), [97, 96, 95], 1, (req) => {
      if (req.topic === 'blow' && req.actor === 'axel' && !delayed) {
        delayed = true;
        return 'delay';
      }
      return undefined;
    });
    expect(ofType(result.events, 'delay')[0]?.text).toBe('Axel delays.');
    expect(strikers(result.events)).toEqual(['orc', 'axel', 'bert']);
  });

  it('blows of a multiple-attack sequence cannot be delayed, only let go', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 50, A: 2 })}, weapons: [sword] }`],
      [`{ name: Orc, profile: ${P({ I: 30 })}, weapons: [sword] }`],
    );
    const result = runWith(loadText(yaml), [96, 95], 1, (req) => {
      if (req.topic === 'blow' && req.actor === 'axel') {
        expect(req.choices.map((c) => c.key)).not.toContain('delay');
        return 'pass';
      }
      return undefined;
    });
    expect(ofType(result.events, 'pass').map((e) => e.text)).toEqual([
      'Axel lets the blow at 50 go.',
      'Axel lets the blow at 25 go.',
    ]);
  });
});

describe('§ Multiple Opponents: switching by choice', () => {
  it('turning to another opponent in mid-round costs the blow', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 60, A: 3 })}, weapons: [sword] }`],
      ['{ use: goblin, count: 2 }'],
    );
    let n = 0;
    const result = runWith(loadText(yaml), [96, 95, 94, 93], 1, (req) => {
      if (req.topic === 'blow' && req.actor === 'axel' && n++ === 1) return 'switch:goblin-2';
      return undefined;
    });
    expect(ofType(result.events, 'switch')[0]?.text).toBe(
      'Axel turns from Goblin 1 to Goblin 2, losing this blow.',
    );
    expect(ofType(result.events, 'blow').map((e) => e.who?.[1])).toEqual([
      'goblin-1',
      'axel',
      'axel',
      'goblin-2',
    ]);
  });
});

describe('§ Take-Up Actions: pack items', () => {
  it('takes a round to open the pack and one per 30 ENC to find the item', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 45 })}, weapons: [], pack: { enc: 45, items: [dagger] } }`],
      [`{ name: Orc, profile: ${P({ I: 30, WS: 10 })}, weapons: [sword] }`],
    );
    const result = runWith(loadText(yaml), [96, 95, 94, 93, 92], 4, (req) =>
      req.topic === 'declare' && req.choices.some((c) => c.key === 'pack:dagger') ? 'pack:dagger' : undefined,
    );
    expect(ofType(result.events, 'take-up').map((e) => e.text)).toEqual([
      'Axel opens the pack for the dagger: 1 round to open + 2 for 45 ENC = 3 rounds.',
      'Axel finds the dagger.',
    ]);
    expect(strikers(result.events)).toEqual(['orc', 'orc', 'orc', 'axel', 'orc']);
  });
});
