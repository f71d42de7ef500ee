// The procedures of the text, each driven by scripted dice to the situation it describes.
import { describe, expect, it } from 'vitest';
import { fightYaml, loadText, ofType, profile, runScripted, runWith, strikers } from '../helpers.js';

const P = profile;

describe('§ Initiating Hand-To-Hand Combat: charging', () => {
  it('a charger strikes at once with +10; with equal I both count as charging', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 40 })}, weapons: [sword] }`],
        [`{ name: Bruno, profile: ${P({ I: 40 })}, weapons: [sword] }`],
        'start: charge',
      ),
    );
    // Axel charges and hits (45: left arm) for D6 1; Bruno, charged at the same moment, hits (48: right leg) for D6 2.
    const { events, unused } = runScripted(loaded, [45, 1, 48, 2], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'charge')[0]?.text).toBe(
      'Axel charges Bruno (+10 to hit on the first blow); Bruno turns to meet it.',
    );
    expect(ofType(events, 'charge')[1]?.text).toBe('Bruno charges too: equal I, both count as charging.');
    const blows = ofType(events, 'blow');
    expect(blows[0]?.text).toContain('D100 45 ≤ WS 40 + 10 charging = 50: hit');
    expect(blows[1]?.text).toContain('D100 48 ≤ WS 40 + 10 charging = 50: hit');
  });

  it('a slower target is charged before it can move and gets no bonus; the charger only on the first blow', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 40, A: 2 })}, weapons: [sword] }`],
        [`{ name: Bruno, profile: ${P({ I: 30 })}, weapons: [sword] }`],
        'start: charge',
      ),
    );
    // Axel at 40 and 20, Bruno at 30: three misses.
    const { events, unused } = runScripted(loaded, [97, 96, 95], 1);
    expect(unused).toBe(0);
    const blows = ofType(events, 'blow').map((e) => e.text);
    expect(blows[0]).toContain('WS 40 + 10 charging = 50');
    expect(blows[1]).toBe('Bruno strikes at Axel with sword: D100 96 > WS 40: miss.');
    expect(blows[2]).toBe('Axel strikes at Bruno with sword: D100 95 > WS 40: miss.');
  });

  it('the chargeBonus option gives the +10 to every blow of the charging round', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 40, A: 2 })}, weapons: [sword] }`],
        [`{ name: Bruno, profile: ${P({ I: 30 })}, weapons: [sword] }`],
        'start: charge',
      ),
      { chargeBonus: 'round' },
    );
    const { events } = runScripted(loaded, [97, 96, 95], 1);
    expect(ofType(events, 'blow')[2]?.text).toContain('WS 40 + 10 charging = 50');
  });
});

describe('§ Initiative and Surprise, § Ambush', () => {
  const two = (extraB: string, extraA = '') =>
    fightYaml(
      [`{ name: Axel, profile: ${P({ I: 30 })}, weapons: [sword] }`],
      [`{ name: Bruno, profile: ${P({ I: 40 })}, weapons: [sword] }`],
      '',
      false,
    )
      .replace('name: B\n', `name: B\n    ${extraB}\n`)
      .replace('name: A\n', `name: A\n    ${extraA}\n`);

  it('the surprised do nothing for a round while the others have a free round', () => {
    const { events, unused } = runScripted(loadText(two('surprised: true')), [95, 94, 93], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'surprise')[0]?.text).toBe(
      'B is surprised and can do nothing this round: a free round for the others.',
    );
    expect(strikers(events)).toEqual(['axel', 'bruno', 'axel']);
  });

  it('when both sides are surprised, both gawp for a round', () => {
    const { events, unused } = runScripted(loadText(two('surprised: true', 'surprised: true')), [94, 93], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'surprise')[0]?.text).toContain('Both sides are surprised');
    expect(strikers(events)).toEqual(['bruno', 'axel']);
  });

  it('ambushers have the free round, and their aimed blows lose the targeted penalty', () => {
    const yaml = fightYaml(
      [`{ name: Axel, profile: ${P({ I: 30, WS: 40 })}, weapons: [sword], tactics: { aim: head } }`],
      [`{ name: Bruno, profile: ${P({ I: 40 })}, weapons: [sword] }`],
    ).replace('name: A\n', 'name: A\n    ambush: true\n');
    const { events, unused } = runScripted(loadText(yaml), [95], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toContain(
      'D100 95 > WS 40 (aimed at the head: no penalty, surprise): miss',
    );
  });
});

describe('§ Targeted Blows', () => {
  it('a blow aimed at the head costs −20 and lands there when it hits', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 50 })}, weapons: [sword], tactics: { aim: head } }`],
        [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword] }`],
      ),
    );
    // 27 ≤ 30 hits; reversed it would be 72 (body), but the aimed blow strikes the head. D6 4: 4 W.
    const { events, unused } = runScripted(loaded, [27, 4, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toContain('D100 27 ≤ WS 50 − 20 aimed at the head = 30: hit');
    expect(ofType(events, 'damage')[0]?.text).toBe("Damage to Bruno's head: D6 4 + S 3 − T 3 = 4 W.");
  });

  it('a missed aimed blow strikes nothing else', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 50 })}, weapons: [sword], tactics: { aim: right-arm } }`],
        [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword] }`],
      ),
    );
    const { events } = runScripted(loaded, [31, 96], 1);
    expect(ofType(events, 'blow')[0]?.text).toContain(
      'D100 31 > WS 50 − 20 aimed at the right arm = 30: miss',
    );
    expect(ofType(events, 'damage')).toHaveLength(0);
  });
});

describe('§ Prone and Static Targets', () => {
  it('a sleeping enemy is hit automatically, on the part the attacker chooses, for double damage', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50 })}, weapons: [sword] }`],
        [
          `{ name: Guard, profile: ${P({ I: 20 })}, weapons: [sword], armour: [helmet, mail-shirt], asleep: true }`,
        ],
      ),
    );
    // No to-hit roll. The least armoured part is an arm. D6 3: (3 + 3 − 3) × 2 = 6.
    const { events, unused, result } = runScripted(loaded, [3], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toBe(
      'Axel strikes the sleeping Guard with sword: hit automatically.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Guard's right arm: D6 3 + S 3 − T 3 = 3, doubled against a helpless target = 6 W.",
    );
    expect(ofType(events, 'wake')[0]?.text).toBe('Guard wakes up.');
    expect(result.state?.combatants[1]?.out).toBe(null);
  });
});

describe('§ Unarmed Combat', () => {
  it('fists: −20, always to stun (−20 more without Strike To Stun), −3 damage, metal armour doubled', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 60, S: 4 })}, weapons: [] }`],
        [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword], armour: [helmet] }`],
      ),
    );
    // 15 ≤ 60 − 20 − 20: hit. (D6 5 + 4 − 3 − 3) − 2 (helmet doubled) = 1: 5% to stun; 50 misses it.
    const { events, unused } = runScripted(loaded, [15, 5, 50, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toBe(
      'Axel strikes at Bruno with fists: D100 15 ≤ WS 60 − 20 unarmed − 20 stun without Strike To Stun = 20: hit.',
    );
    expect(ofType(events, 'stun')[0]?.text).toBe(
      "Stun on Bruno's head: D6 5 + S 4 − T 3 − 3 unarmed − 2 head armour (unarmed rules) = 1; × 5 = 5% to stun.",
    );
    expect(ofType(events, 'stun')[1]?.text).toContain('keeps his feet');
  });

  it('Street Fighting spares the unarmed −20; leather counts 1 against fists', () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Axel, profile: ${P({ I: 50, WS: 50, S: 4 })}, weapons: [], skills: [Street Fighting, Strike to Stun] }`,
        ],
        [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword], armour: [leather-coif] }`],
      ),
    );
    // 50 ≤ WS 50: hit. D6 6 + 4 − 3 − 3 − 1 = 3; WS test 70 fails; 3 × 5 + 20 = 35%; 36 misses.
    const { events, unused } = runScripted(loaded, [50, 6, 70, 36, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toContain('D100 50 ≤ WS 50: hit');
    expect(ofType(events, 'stun')[0]?.text).toContain(
      '− 1 head armour (unarmed rules) = 3; × 5 + 20 Strike To Stun = 35% to stun',
    );
  });
});

describe('§ Grapples', () => {
  const yaml = fightYaml(
    [
      `{ name: Grete, profile: ${P({ I: 50, WS: 40, S: 4 })}, weapons: [], skills: [Wrestling], tactics: { grapple: true } }`,
    ],
    [`{ name: Bruno, profile: ${P({ I: 20, Dex: 30 })}, weapons: [sword] }`],
  );

  it('a hit calls for a Dex test; failed, the victim is held; each round both test S; pressure hurts', () => {
    // R1: 30 ≤ 40 (Wrestling: no −20); Dex test 60 > 30: held. Bruno's blow is gone.
    // R2: Grete S 20 ≤ 40, Bruno S 80 > 30: pressure at 60 (body), D6 4 + 4 − 3 = 5 W.
    const { events, unused, result } = runScripted(loadText(yaml), [30, 60, 20, 80, 60, 4], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toBe(
      'Grete tries to grapple Bruno with fists: D100 30 ≤ WS 40: hit.',
    );
    expect(ofType(events, 'grapple')[0]?.text).toBe("Bruno's Dex test: D100 60 > 30: held by Grete.");
    expect(ofType(events, 'grapple')[1]?.text).toContain('the holder may apply pressure');
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Pressure on Bruno's body: D6 4 + S 4 − T 3 − 0 armour = 5 W.",
    );
    expect(strikers(events)).toEqual(['grete']);
    expect((result.state?.combatants[1] as unknown as { W: number }).W).toBe(2);
  });

  it('the hold breaks when the holder fails and the held passes', () => {
    const { events, unused } = runScripted(loadText(yaml), [30, 60, 70, 10, 96], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'grapple')[1]?.text).toContain('the hold breaks');
    expect(strikers(events)).toEqual(['grete', 'bruno']);
  });

  it('a held combatant is a prone target for everyone else', () => {
    const three = fightYaml(
      [
        `{ name: Grete, profile: ${P({ I: 50, WS: 40, S: 4 })}, weapons: [], skills: [Wrestling], tactics: { grapple: true } }`,
        `{ name: Hans, profile: ${P({ I: 45 })}, weapons: [sword] }`,
      ],
      [`{ name: Bruno, profile: ${P({ I: 20, Dex: 30 })}, weapons: [sword] }`],
    );
    // Grete holds Bruno (30, Dex 60). Hans strikes the held Bruno automatically: D6 2 → (2) × 2 = 4.
    const { events, unused } = runScripted(loadText(three), [30, 60, 2], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[1]?.text).toBe(
      'Hans strikes the grappled Bruno with sword: hit automatically.',
    );
    expect(ofType(events, 'damage')[0]?.text).toContain('doubled against a helpless target = 4 W');
  });
});

describe('§ Winning and Losing', () => {
  it('a winner who holds back leaves the loser off-guard; closing in again from 2 yards is a charge', () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Axel, profile: ${P({ I: 50, WS: 50, M: 4 })}, weapons: [sword], tactics: { press: false } }`,
        ],
        [`{ name: Bruno, profile: ${P({ I: 20, W: 12 })}, weapons: [sword] }`],
      ),
    );
    // R1: Axel hits (30: head) for D6 2 = 2 W; Bruno misses (97). R2: Axel holds back; Bruno is off-guard;
    // Axel closes again from 2 yards: a charge, +10, and +10 for winning: 95 misses.
    const { events, unused } = runScripted(loaded, [30, 2, 97, 95], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'press')[0]?.text).toContain('Bruno is thrown off-guard');
    expect(ofType(events, 'blow')[2]?.text).toContain('WS 50 + 10 charging + 10 winning = 70');
    expect(strikers(events)).toEqual(['axel', 'bruno', 'axel']);
  });

  it('the winning side strikes first when I are equal', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 40, W: 12 })}, weapons: [sword] }`],
        [`{ name: Bruno, profile: ${P({ I: 40, W: 12 })}, weapons: [sword] }`],
        'options: { multipleAttacks: simplified }',
      ),
    );
    // Simplified: winning does not raise EI, so both stay at 40. R1: Axel misses (96), Bruno hits (30) for 2.
    // R2: Bruno, winning, strikes first (95), then Axel (94).
    const { events, unused } = runScripted(loaded, [96, 30, 2, 95, 94], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'order')[1]?.text).toContain('Bruno EI: I 40, A 1');
    expect(strikers(events)).toEqual(['axel', 'bruno', 'bruno', 'axel']);
  });
});

describe('§ More About Rounds: equal I acts at the same time', () => {
  it("the 'dead' character still gets his blow", () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 40, WS: 50, S: 5 })}, weapons: [sword] }`],
        [`{ name: Bruno, profile: ${P({ I: 40, W: 2 })}, weapons: [sword] }`],
        'options: { criticals: sudden-death }',
      ),
    );
    // Axel: 30 (head), D6 5 + 5 − 3 = 7: +5 critical; Sudden Death 50 ≥ 10: killed. Bruno strikes anyway: 96.
    const { events, unused, result } = runScripted(loaded, [30, 5, 50, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'out')[0]?.text).toBe('Bruno is dead (Sudden Death critical).');
    expect(strikers(events)).toEqual(['axel', 'bruno']);
    expect(result.outcome?.winner).toBe(0);
  });
});

describe('§ Fleeing', () => {
  it('each opponent strikes one free blow at +10, no parry, no shield; then the fleer is gone', () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Axel, profile: ${P({ I: 30 })}, wounds: 6, weapons: [sword, shield], tactics: { fleeBelow: 7, parry: always } }`,
        ],
        [`{ name: Bruno, profile: ${P({ I: 40, WS: 40 })}, weapons: [sword] }`],
      ),
    );
    // Bruno's own turn at 40: Axel is fleeing, no ordinary blow. At 30 Axel runs: free blow 45 ≤ 50, D6 2 = 2 W.
    const { events, unused, result } = runScripted(loaded, [45, 2], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'declare')[0]?.text).toBe('Axel declares flight: fleeing from this moment.');
    expect(ofType(events, 'blow')[0]?.text).toContain(
      'D100 45 ≤ WS 40 + 10 winning (free blow at a fleeing back) = 50: hit',
    );
    expect(ofType(events, 'parry')).toHaveLength(0);
    expect(ofType(events, 'damage')[0]?.text).toBe("Damage to Axel's left arm: D6 2 + S 3 − T 3 = 2 W.");
    expect(result.state?.combatants[0]?.out).toBe('fled');
    expect(result.outcome?.winner).toBe(1);
  });

  it('a critical marked * forces the victim to flee at its turn in the next round', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 50 })}, weapons: [sword] }`],
        [`{ name: Vic, profile: ${P({ I: 30, W: 1 })}, weapons: [sword] }`],
      ),
    );
    // 22: right arm; D6 2 = 2 W: +1 critical; D100 65, column +1 → 9* (arm): useless, drops the sword, must flee.
    // R2: Vic flees at 30; Axel's free blow misses (95).
    const { events, unused, result } = runScripted(loaded, [22, 2, 65, 95], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'critical')[0]?.text).toContain(
      'effect 9* (arm chart): arm useless until medical attention; drops what it holds; must flee',
    );
    expect(ofType(events, 'drop')[0]?.text).toBe('Vic drops the sword (critical 9).');
    expect(strikers(events)).toEqual(['axel', 'axel']);
    expect(result.state?.combatants[1]?.out).toBe('fled');
  });
});

describe('§ Take-Up Actions', () => {
  const yaml = (kit: string, options = '') =>
    fightYaml(
      [`{ name: Axel, profile: ${P({ I: 45 })}, ${kit} }`],
      [`{ name: Bruno, profile: ${P({ I: 60, WS: 10 })}, weapons: [sword] }`],
      options,
    );

  it('drawing a sword costs −20 EI on the round it is drawn', () => {
    const { events, unused } = runScripted(loadText(yaml('weapons: [], carried: [sword]')), [95, 94], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'take-up')[0]?.text).toBe('Axel draws the sword: EI -20 this round.');
    expect(ofType(events, 'order')[0]?.text).toContain('Axel EI: I 45, A 1: blows at 25 (take-up -20)');
  });

  it('a two-handed weapon takes the whole round to draw', () => {
    const { events, unused } = runScripted(
      loadText(yaml('weapons: [], carried: [two-handed-sword]')),
      [95, 94, 93],
      2,
    );
    expect(unused).toBe(0);
    expect(ofType(events, 'take-up').map((e) => e.text)).toEqual([
      'Axel draws the two-handed sword: that takes the whole round.',
      'Axel has the two-handed sword ready.',
    ]);
    expect(strikers(events)).toEqual(['bruno', 'bruno', 'axel']);
  });

  it('instant take-up draws at no cost when the GM allows it', () => {
    const { events } = runScripted(
      loadText(yaml('weapons: [], carried: [sword]'), { takeUp: 'instant' }),
      [95, 94],
      1,
    );
    expect(ofType(events, 'take-up')[0]?.text).toBe('Axel takes up the sword at once.');
    expect(ofType(events, 'order')[0]?.text).toContain('Axel EI: I 45, A 1: blows at 45');
  });
});

describe('§ Actions, Drop: lights', () => {
  it('a dropped lantern that stays lit may set a pool of oil burning', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Hans, profile: ${P({ I: 50, WS: 60 })}, weapons: [sword] }`],
        [`{ name: Barman, profile: ${P({ I: 20, W: 1 })}, weapons: [lantern] }`],
      ),
    );
    // 22: right arm, D6 2: +1 critical; D100 5 → arm 1: drops the lantern. 60 > 50: still lit; 20 ≤ 25: fire,
    // 2D4 = 5 feet for D4 = 2 rounds. The Barman's fists miss (95). Nobody stands in the oil.
    const { events, unused } = runScripted(loaded, [22, 2, 5, 60, 20, 5, 2, 95], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'fire')[0]?.text).toBe(
      'The lantern catches fire (D100 20 ≤ 25): a pool of burning oil 5 feet across for 2 rounds, 2D4 W a round to anyone in it.',
    );
  });

  it('whoever the GM puts in the pool takes 2D4 W a round', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Hans, profile: ${P({ I: 50, WS: 60, W: 12 })}, weapons: [sword] }`],
        [`{ name: Barman, profile: ${P({ I: 20, W: 1 })}, weapons: [lantern] }`],
      ),
    );
    let asked = 0;
    const result = runWith(loaded, [22, 2, 5, 60, 20, 5, 2, 95, 6], 1, (req) => {
      if (req.topic !== 'burning-oil') return undefined;
      asked++;
      return asked === 1 ? '@hans' : 'nobody';
    });
    expect(ofType(result.events, 'wounds').map((e) => e.text)).toContain(
      'Hans loses 6 W to burning oil: W 12 → 6.',
    );
  });
});

describe('§ Stuns: sneaking up from behind', () => {
  it('an unaware victim struck from behind is hit automatically and the stun chance doubles', () => {
    const yaml = fightYaml(
      [
        `{ name: Thief, profile: ${P({ I: 50, WS: 40, S: 3 })}, weapons: [club], situation: { behind: true }, tactics: { stun: true } }`,
      ],
      [`{ name: Guard, profile: ${P({ I: 20, T: 3 })}, weapons: [sword] }`],
    ).replace('name: B\n', 'name: B\n    surprised: true\n');
    // No to-hit roll. D6 4 + 3 − 3 = 4: 20%, doubled 40%. D100 33: stunned for 7D10 = 40 minutes.
    const { events, unused, result } = runScripted(loadText(yaml), [4, 33, 40], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toBe(
      'Thief strikes the unaware Guard with club: hit automatically.',
    );
    expect(ofType(events, 'stun')[0]?.text).toContain('= 4; × 5, doubled (static target) = 40% to stun');
    expect(result.state?.combatants[1]?.out).toBe('unconscious');
  });
});

describe('our fumble table is replaceable', () => {
  const yaml = (tables: string) =>
    fightYaml(
      [`{ name: Axel, profile: ${P({ WS: 45, I: 50 })}, weapons: [sword], tactics: { parry: never } }`],
      [`{ name: Bruno, profile: ${P({ I: 20 })}, weapons: [sword] }`],
      tables,
    );

  it('by a file named in the encounter', () => {
    // 55 fumbles: the user's entry knocks Axel down, so Bruno hits him automatically (D6 3, doubled).
    const { events, unused } = runScripted(
      loadText(yaml('tables: { fumbles: fixtures/my-fumbles.yaml }')),
      [55, 3],
      1,
    );
    expect(unused).toBe(0);
    expect(ofType(events, 'fumble')[0]?.text).toBe('Critical fumble 55 (mine): My fumble 55 - you stumble.');
    expect(ofType(events, 'fumble')[0]?.cite?.source).toBe('test/fixtures/my-fumbles.yaml');
  });

  it('by a file named on the command line, which wins', () => {
    const { events } = runScripted(
      loadText(yaml(''), {}, { fumbles: 'test/fixtures/my-fumbles.yaml' }),
      [55, 3],
      1,
    );
    expect(ofType(events, 'fumble')[0]?.text).toContain('(mine)');
  });

  it('and a bad table is refused with its file, line and field', () => {
    expect(() => loadText(yaml('tables: { fumbles: fixtures/bad-fumbles.yaml }'))).toThrow(
      'test/fixtures/bad-fumbles.yaml:6:13 entries[3].roll: expected a double: 11, 22, … 99, or 100 for 00',
    );
  });
});

describe('§ More About Rounds: what happens at one moment spares the blows of that moment', () => {
  it("a parry does not cost the parrier's own blow at the same EI", () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Axel, profile: ${P({ I: 40, WS: 60, W: 12 })}, weapons: [sword], tactics: { parry: never } }`,
        ],
        [`{ name: Bruno, profile: ${P({ I: 40, W: 12 })}, weapons: [sword], tactics: { parry: always } }`],
        '',
        true,
      ),
    );
    // Axel hits (27: body); Bruno parries (20 < 40, D6 2); D6 4: 4 + 3 − 3 − 2 = 2. Bruno still strikes (96).
    const { events, unused } = runScripted(loaded, [27, 20, 2, 4, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')[0]?.text).toContain('the next attack is lost');
    expect(strikers(events)).toEqual(['axel', 'bruno']);
  });
});

describe('§ Fleeing: more', () => {
  it('a combatant forced to flee but knocked down can still be struck, as a prone target', () => {
    const loaded = loadText(
      fightYaml(
        [`{ name: Axel, profile: ${P({ I: 50, WS: 60, W: 12 })}, weapons: [sword] }`],
        [`{ name: Vic, profile: ${P({ I: 30, W: 1 })}, weapons: [sword] }`],
      ),
    );
    // 19 hits (91: left leg); D6 4 = 4 W on 1: +3; D100 25 → leg 8*: knocked down, bleeds 1, Sudden Death, must flee.
    // End of round 1: the bleeding's +1 on Sudden Death, 40: no effect. Round 2: Vic, down, cannot run;
    // Axel strikes him automatically: D6 2, doubled to 4: +4; Sudden Death 99: killed.
    const { events, unused, result } = runScripted(loaded, [19, 4, 25, 40, 2, 99], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'critical')[0]?.text).toContain('effect 8* (leg chart)');
    expect(result.state?.combatants[1]?.out).toBe('dead');
    const r2 = events.filter((e) => e.round === 2 && e.type === 'blow');
    expect(r2[0]?.text).toBe('Axel strikes the prone Vic with sword: hit automatically.');
  });

  it('the victor stays put in the round an opponent flees; those who cannot attack strike no free blow', () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Axel, profile: ${P({ I: 20, W: 7 })}, wounds: 2, weapons: [sword], tactics: { fleeBelow: 3 } }`,
          `{ name: Carl, profile: ${P({ I: 10 })}, weapons: [sword] }`,
        ],
        [
          `{ name: Bruno, profile: ${P({ I: 40 })}, weapons: [sword] }`,
          `{ name: Dieter, profile: ${P({ I: 35 })}, weapons: [sword] }`,
        ],
      ),
    );
    // Axel (paired with Bruno) declares flight: from that moment Bruno stands (no new opponent at 40).
    // Dieter (35) misses Carl (94); Axel runs at 20 and Bruno strikes the free blow (95); Carl misses (93).
    const { events, unused } = runScripted(loaded, [94, 95, 93], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow').map((e) => e.who?.[0])).toEqual(['dieter', 'bruno', 'carl']);
    expect(ofType(events, 'blow')[1]?.text).toContain('free blow at a fleeing back');
  });
});

describe('§ Initiating Hand-To-Hand Combat: a charge on an engaged target', () => {
  it('a newcomer charging a combatant already engaged strikes where it cannot be parried', () => {
    const yaml = `
ruleset: wfrp1e
start: charge
sides:
  - name: A
    players: true
    combatants:
      - { name: Axel, profile: ${P({ I: 50, WS: 50, W: 12 })}, weapons: [sword] }
      - { name: Carl, profile: ${P({ I: 40, WS: 50 })}, weapons: [sword] }
  - name: B
    players: true
    combatants:
      - { name: Bruno, profile: ${P({ I: 20, W: 12 })}, weapons: [sword], tactics: { parry: always } }
`;
    // Axel charges Bruno (96: miss). Carl charges Bruno, who is engaged with Axel: 30 hits, no parry; D6 3.
    const result = runWith(loadText(yaml), [96, 30, 3, 95], 1, () => undefined);
    expect(ofType(result.events, 'charge')[1]?.text).toBe(
      'Carl charges Bruno (+10 to hit on the first blow); Bruno cannot turn to face it (no parry against it this round).',
    );
    expect(ofType(result.events, 'parry')).toHaveLength(0);
  });
});

describe('§ Attacks From Flying Creatures: a parry in the exchange', () => {
  it("costs the parrier's next blow in the same exchange", () => {
    const loaded = loadText(
      fightYaml(
        [
          `{ name: Helga, profile: ${P({ I: 30, A: 2, W: 12 })}, weapons: [sword], tactics: { parry: always } }`,
        ],
        ['{ use: harpy, profile: { I: 40, A: 2 } }'],
        '',
        true,
      ),
    );
    // Harpy 40, 20; Helga 30, 15. Harpy hits at 40 (10: head); Helga parries (25 < 40, D6 1) and loses her blow
    // at 30; D6 2. Helga strikes at... nothing until 15: 96. Harpy at 20: 95.
    const { events, unused } = runScripted(loaded, [10, 25, 1, 2, 95, 96], 1);
    expect(unused).toBe(0);
    expect(strikers(events)).toEqual(['harpy', 'harpy', 'helga']);
  });
});

describe('§ Especially Tall Opponents: aimed blows', () => {
  it('a small attacker may aim only at what it can reach', () => {
    const loaded = loadText(
      fightYaml(['{ name: Pip, use: halfling, tactics: { aim: head } }'], ['{ use: giant }']),
    );
    const result = runWith(loaded, [98, 97, 96, 95, 94, 93], 1, (req) => {
      if (req.topic === 'aim')
        expect(req.choices.map((c) => c.key)).toEqual(['right-arm', 'right-leg', 'left-leg']);
      return undefined;
    });
    expect(ofType(result.events, 'blow')[0]?.text).toContain('aimed at the right arm');
  });
});
