// The worked examples of WFRP 1e (1986), Combat, replayed from the dice the text names (or dice
// chosen to reach the situation it describes), asserting the numbers it prints.
import { describe, expect, it } from 'vitest';
import { canCharge } from '../../src/rulesets/wfrp1e/rules.js';
import { encounterPath, loadFile, loadText, ofType, profile, runScripted, strikers } from '../helpers.js';

describe('§ Multiple Attacks: Serafin and the Ogre', () => {
  it('falls at 72, 48, 24 and 30, 15: Elf, Elf, Ogre, Elf, Ogre', () => {
    const loaded = loadFile(encounterPath('serafin-and-the-ogre.yaml'));
    // Edge: D6 1 (the players' side), D10 2 → EI 72. Then five misses, none a double.
    const { events, unused } = runScripted(loaded, [1, 2, 98, 97, 96, 94, 93], 1);
    expect(unused).toBe(0);
    const order = ofType(events, 'order')[0]?.text ?? '';
    expect(order).toContain('Serafin EI: I 70 + 2 edge = 72, A 3: blows at 72, 48, 24');
    expect(order).toContain('Ogre EI: I 30, A 2: blows at 30, 15');
    expect(strikers(events)).toEqual(['serafin', 'serafin', 'ogre', 'serafin', 'ogre']);
  });

  it('with the halving reading, EI 70 and 3 A strike at 70, 35 and 18', () => {
    const loaded = loadFile(encounterPath('serafin-and-the-ogre.yaml'), { blowSpacing: 'halving' });
    // Edge to the Ogre's side (D6 4) so Serafin keeps EI 70; the Ogre gets +1 (D10 1): 31, 16.
    const { events, unused } = runScripted(loaded, [4, 1, 98, 97, 96, 94, 93], 1);
    expect(unused).toBe(0);
    const order = ofType(events, 'order')[0]?.text ?? '';
    expect(order).toContain('blows at 70, 35, 18');
    expect(order).toContain('Ogre EI: I 30 + 1 edge = 31, A 2: blows at 31, 16');
    expect(strikers(events)).toEqual(['serafin', 'serafin', 'ogre', 'serafin', 'ogre']);
  });

  it('the Giant (I 20) lands none of its five blows before the Elf has struck all three', () => {
    const loaded = loadFile(encounterPath('serafin-and-the-giant.yaml'));
    const { events, unused } = runScripted(loaded, [98, 97, 94, 96, 95, 93, 92, 91 - 1], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'order')[0]?.text).toContain('Giant EI: I 20, A 5: blows at 20, 16, 12, 8, 4');
    expect(strikers(events)).toEqual([
      'serafin',
      'serafin',
      'serafin',
      'giant',
      'giant',
      'giant',
      'giant',
      'giant',
    ]);
  });
});

describe('§ Effective Initiative: Helmut and the Skaven', () => {
  it('the Skaven that nicked Helmut for 1 W strikes first in round two, at EI 50 to his 45', () => {
    const loaded = loadFile(encounterPath('helmut-and-the-skaven.yaml'));
    // Round 1: Helmut misses (60); the Skaven hits (22: right arm), D6 1 + S 3 − T 3 = 1 W.
    // Round 2: the Skaven (EI 50) misses (90), then Helmut (45) misses (80).
    const { events, unused } = runScripted(loaded, [60, 22, 1, 90, 80], 2);
    expect(unused).toBe(0);
    expect(ofType(events, 'damage')[0]?.text).toBe("Damage to Helmut's right arm: D6 1 + S 3 − T 3 = 1 W.");
    expect(ofType(events, 'winning')[0]?.text).toContain('Skaven caused 1, received 0: winning');
    const round2 = ofType(events, 'order')[1]?.text ?? '';
    expect(round2).toContain('Skaven EI: I 40 + 10 winning = 50');
    expect(round2).toContain('Helmut EI: I 45, A 1');
    expect(strikers(events)).toEqual(['helmut', 'skaven', 'skaven', 'helmut']);
  });
});

describe("§ 'Effective Initiative' Modifier: Helmut, Skallier and Ragnerek", () => {
  it('D6 2 gives the PCs the edge and D10 7 makes their EIs 52, 70 and 46: all act before the Skaven', () => {
    const loaded = loadFile(encounterPath('helmut-and-friends.yaml'));
    const { events, unused } = runScripted(loaded, [2, 7, 95, 94, 93, 92, 91, 90], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'edge')[0]?.text).toBe(
      'Effective Initiative: D6 2 gives Adventurers the edge; D10 7: +7 EI this round.',
    );
    const order = ofType(events, 'order')[0]?.text ?? '';
    expect(order).toContain('Helmut EI: I 45 + 7 edge = 52');
    expect(order).toContain('Skallier EI: I 63 + 7 edge = 70');
    expect(order).toContain('Ragnerek EI: I 39 + 7 edge = 46');
    expect(order).toContain('Skaven 1 EI: I 40, A 1: blows at 40');
    expect(strikers(events)).toEqual(['skallier', 'helmut', 'ragnerek', 'skaven-1', 'skaven-2', 'skaven-3']);
  });
});

describe('§ Multiple Opponents: three A against two Goblins', () => {
  it('strikes one, loses a blow turning to the other, then strikes it', () => {
    const loaded = loadFile(encounterPath('two-goblins.yaml'));
    // 75: 10 hits Goblin 1 on the head (01); D6 6, additional-damage test 90 fails: 6 + 4 − 2 = 8,
    // 3 beyond its 5 W; critical D100 89 in column +3 → 16, killed. 50: the turn costs the blow.
    // 40: Goblin 2 misses (95). 25: Brunhilde misses Goblin 2 (96).
    const { events, unused } = runScripted(loaded, [10, 6, 90, 89, 95, 96], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'order')[0]?.text).toContain('Brunhilde EI: I 75, A 3: blows at 75, 50, 25');
    expect(ofType(events, 'critical')[0]?.text).toContain('D100 89, column +3 → effect 16');
    expect(ofType(events, 'switch')[0]?.text).toBe('Brunhilde turns to Goblin 2, losing this blow.');
    const blows = ofType(events, 'blow').map((e) => e.who);
    expect(blows).toEqual([
      ['brunhilde', 'goblin-1'],
      ['goblin-2', 'brunhilde'],
      ['brunhilde', 'goblin-2'],
    ]);
  });
});

/** A one-against-one fight; both sides are players' characters unless `gm` says the second is the GM's. */
function duel(attacker: string, defender: string, gm = false): string {
  return `
ruleset: wfrp1e
sides:
  - name: A
    players: true
    combatants:
      - ${attacker}
  - name: B
    players: ${gm ? 'false' : 'true'}
    combatants:
      - ${defender}
`;
}

describe('§ Combat Procedure and Armour', () => {
  it('a helmet worth one point against a head hit for three points: 3 − 1 = 2', () => {
    const loaded = loadFile(encounterPath('a-helmet-worth-one-point.yaml'));
    // 10 hits; reversed 01 is the head; D6 3 + S 3 − T 3 = 3, − 1 helmet = 2. The reply misses (97).
    const { events, unused } = runScripted(loaded, [10, 3, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'location')[0]?.text).toBe('Hit location: 10 reversed is 01 → head.');
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Defender's head: D6 3 + S 3 − T 3 − 1 metal armour = 2 W.",
    );
    expect(ofType(events, 'wounds')[0]?.text).toBe('Defender: W 7 − 2 = 5.');
  });

  it('a character with M 3 charges from 3 yards, not from 4 (the shield-wall dwarfs)', () => {
    const loaded = loadFile(encounterPath('charge.yaml'));
    const dwarf = (loaded.setup as unknown as { fighters: { profile: { M: number } }[] }).fighters[0];
    expect(dwarf?.profile.M).toBe(3);
    expect(canCharge(3, 3)).toBe(true);
    expect(canCharge(4, 3)).toBe(false);
  });
});

describe('§ Additional Damage', () => {
  const yaml = duel(
    `{ name: Attacker, profile: ${profile({ WS: 50, I: 50 })}, weapons: [sword] }`,
    `{ name: Defender, profile: ${profile({ W: 20, I: 20 })}, weapons: [sword], tactics: { parry: never } }`,
  );

  it('a 6 calls for a WS test; a further 6 adds a D6 without another test, until a number under 6', () => {
    // 41 hits (14: head). D6 6; WS test 30 ≤ 50; D6 6, D6 6, D6 2: 6 + 6 + 6 + 2 + 3 − 3 = 20.
    const { events, unused } = runScripted(loadText(yaml), [41, 6, 30, 6, 6, 2, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'additional')).toHaveLength(1);
    expect(ofType(events, 'additional')[0]?.text).toBe(
      'A natural 6: additional damage test D100 30 ≤ WS 50: another D6.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Defender's head: D6 6, additional 6 + 6 + 2 + S 3 − T 3 = 20 W.",
    );
    expect(ofType(events, 'wounds')[0]?.text).toBe('Defender: W 20 − 20 = 0.');
  });

  it('a failed WS test adds nothing', () => {
    const { events, unused } = runScripted(loadText(yaml), [41, 6, 80, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'additional')[0]?.text).toContain('D100 80 > WS 50: no more');
    expect(ofType(events, 'damage')[0]?.text).toBe("Damage to Defender's head: D6 6 + S 3 − T 3 = 6 W.");
  });

  it('is not rolled with the option off', () => {
    const { events, unused } = runScripted(loadText(yaml, { additionalDamage: 'off' }), [41, 6, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'additional')).toHaveLength(0);
  });
});

describe('§ Parrying', () => {
  const yaml = (defenderKit: string) =>
    duel(
      `{ name: Attacker, profile: ${profile({ WS: 60, S: 4, I: 50 })}, weapons: [sword], tactics: { parry: never } }`,
      `{ name: Defender, profile: ${profile({ WS: 40, I: 30, W: 12 })}, ${defenderKit}, tactics: { parry: always } }`,
    );

  it('a D100 less than WS stops D6 damage, and the parrier loses its next attack', () => {
    // 20 hits (02: head). Parry 39 < 40: D6 4 stopped. D6 5 + S 4 − T 3 − 4 = 2 W. The defender's blow is lost.
    const { events, unused } = runScripted(loadText(yaml('weapons: [sword]')), [20, 39, 4, 5], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')[0]?.text).toBe(
      'Defender parries with the sword: D100 39 < WS 40: stops D6 4 damage; the next attack is lost.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Defender's head: D6 5 + S 4 − T 3 − 4 parried = 2 W.",
    );
    expect(strikers(events)).toEqual(['attacker']);
  });

  it('a roll equal to WS fails (the text says less than), unless the option reads it as at most', () => {
    const fail = runScripted(loadText(yaml('weapons: [sword]')), [20, 40, 5], 1);
    expect(fail.unused).toBe(0);
    expect(ofType(fail.events, 'parry')[0]?.text).toContain('D100 40 ≥ WS 40: fails');
    const pass = runScripted(loadText(yaml('weapons: [sword]'), { parryTest: 'at-most' }), [20, 40, 1, 5], 1);
    expect(pass.unused).toBe(0);
    expect(ofType(pass.events, 'parry')[0]?.text).toContain('D100 40 ≤ WS 40: stops D6 1 damage');
  });

  it('a shield adds +20 to the parry and still counts as armour', () => {
    // 20 hits the head; shield parry 55 < 60 stops D6 2; D6 6 → WS test 99 fails; 6 + 4 − 3 − 2 − 1 shield = 4.
    const { events, unused } = runScripted(loadText(yaml('weapons: [shield]')), [20, 55, 2, 6, 99], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'parry')[0]?.text).toBe(
      'Defender parries with the shield: D100 55 < WS 40 + 20 shield = 60: stops D6 2 damage; all further attacks this round are lost.',
    );
    expect(ofType(events, 'damage')[0]?.text).toBe(
      "Damage to Defender's head: D6 6 + S 4 − T 3 − 2 parried − 1 shield = 4 W.",
    );
  });
});

describe('§ Stuns', () => {
  const yaml = (skills: string) =>
    duel(
      `{ name: Attacker, profile: ${profile({ WS: 50, S: 4, I: 50 })}, weapons: [club], skills: [${skills}], tactics: { stun: true } }`,
      `{ name: Defender, profile: ${profile({ T: 3, I: 20 })}, weapons: [sword], armour: [helmet], tactics: { parry: never } }`,
    );

  it('−20 without the skill; head only; (D6 + S − T − head armour) × 5 %; unconscious (10 − T) D10 minutes', () => {
    // 25 ≤ 50 − 20: hit. D6 5 + 4 − 3 − 1 = 5 → 25%. D100 20 ≤ 25: stunned; 7D10 = 35 minutes.
    const { events, unused, result } = runScripted(loadText(yaml('')), [25, 5, 20, 35], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toContain(
      'D100 25 ≤ WS 50 − 20 stun without Strike To Stun = 30: hit',
    );
    expect(ofType(events, 'stun')[0]?.text).toBe(
      "Stun on Defender's head: D6 5 + S 4 − T 3 − 1 head armour = 5; × 5 = 25% to stun.",
    );
    expect(ofType(events, 'stun')[1]?.text).toBe(
      'Stun roll D100 20 ≤ 25: Defender is stunned, unconscious for 7D10 = 35 minutes.',
    );
    expect(result.outcome?.winner).toBe(0);
    const defender = result.state?.combatants[1] as unknown as { W: number; out: string };
    expect(defender.W).toBe(7);
    expect(defender.out).toBe('unconscious');
  });

  it('Strike To Stun removes the −20 and adds +20 to the chance; only additional damage costs W', () => {
    // 45 ≤ 50: hit. D6 6; WS test 10: D6 3 more. (6 + 4 − 3 − 1) × 5 + 20 = 50%. Only 3 W lost. D100 60 > 50: not stunned.
    const { events, unused, result } = runScripted(
      loadText(yaml('Strike to Stun')),
      [45, 6, 10, 3, 60, 97],
      1,
    );
    expect(unused).toBe(0);
    expect(ofType(events, 'stun')[0]?.text).toContain('= 6; × 5 + 20 Strike To Stun = 50% to stun');
    expect(ofType(events, 'wounds')[0]?.text).toBe('Defender: W 7 − 3 = 4.');
    expect(result.state?.combatants[1]?.out).toBe(null);
  });
});

describe('§ Critical Fumbles', () => {
  it('WS 45 fumbles on 55 and the entry is applied: the weapon falls at the fumbler’s feet (our entry)', () => {
    const loaded = loadText(
      duel(
        `{ name: Attacker, profile: ${profile({ WS: 45, I: 50 })}, weapons: [sword] }`,
        `{ name: Defender, profile: ${profile({ WS: 45, I: 20 })}, weapons: [sword], tactics: { parry: never } }`,
      ),
    );
    const { events, unused } = runScripted(loaded, [55, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'fumble')[0]?.text).toBe(
      'Critical fumble 55 (our table): Your grip slips and the weapon falls at your feet.',
    );
    expect(ofType(events, 'drop')[0]?.text).toBe('Attacker drops the sword (fumble 55).');
  });

  it('an unskilled specialist (WS 10) fumbling 11 hits its own leg with its own S', () => {
    const loaded = loadText(
      duel(
        `{ name: Attacker, profile: ${profile({ WS: 45, S: 4, T: 3, I: 50 })}, weapons: [flail] }`,
        `{ name: Defender, profile: ${profile({ I: 20 })}, weapons: [sword], tactics: { parry: never } }`,
      ),
    );
    // 11 > WS 10 and a double: White Dwarf 91's entry 11. D6 2 + S 4 − T 3 = 3 W on the right leg.
    const { events, unused } = runScripted(loaded, [11, 2, 97], 1);
    expect(unused).toBe(0);
    expect(ofType(events, 'blow')[0]?.text).toContain('WS (unskilled: specialist weapon) 10: miss');
    expect(ofType(events, 'fumble')[0]?.text).toContain('Critical fumble 11 (White Dwarf 91)');
    expect(ofType(events, 'damage')[0]?.text).toBe(
      'Attacker strikes himself in the right leg: D6 2 + S 4 − T 3 − 0 armour = 3 W.',
    );
  });
});
