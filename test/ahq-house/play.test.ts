// The house rules in play, on boards after the text's diagrams, from scripted dice and decisions.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fray, loadText, ROOT } from '../helpers.js';
import { engagedWith } from '../../src/rulesets/ahq-house/zones.js';
import { has } from '../script.js';
import { AskingDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import type { Input } from '../../src/core/request.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import type { AhqFighter, AhqState } from '../../src/rulesets/ahq-house/state.js';

const HERO = 'profile: { WS: 8, BS: 6, DS: 6, T: 4, W: 10, Sp: 6, St: 6, Br: 8 }';
const ORC = 'profile: { WS: 6, BS: 4, DS: 6, T: 4, W: 3, Sp: 6, St: 4, Br: 7 }';

function enc(map: string, heroes: string[], monsters: string[], head = ''): string {
  const m = map
    .split('\n')
    .map((r) => `  ${r}`)
    .join('\n');
  return `ruleset: ahq-house\noptions: { board: 'off' }\n${head}map: |\n${m}\nsides:\n  - name: Heroes\n    players: true\n    combatants:\n${heroes.map((h) => `      - ${h}\n`).join('')}  - name: Monsters\n    combatants:\n${monsters.map((h) => `      - ${h}\n`).join('')}`;
}
/** Plays the inputs (decisions and dice, in the order asked) and stops at the first request past them. */
function play(yaml: string, inputs: Input[]) {
  const loaded = loadText(yaml);
  const r = runFight(loaded.ruleset, loaded.setup, {
    inputs,
    driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
    explain: true,
    maxRounds: 5,
  });
  return { texts: r.events.map((e) => e.text), state: r.state, pending: r.pending };
}
const model = (r: { state: unknown }, name: string) =>
  (r.state as AhqState).combatants.find((f) => f.name === name);

describe('ahq-house: facing and engaging (the first diagram)', () => {
  it('A runs to engage B in a straight line (a charge, +1); B, facing down, turns to face A; engaged, neither has a death zone', () => {
    const map = ['#########', '#.B....A#', '#.......#', '#########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: A, at: A, facing: W, ${HERO}, weapons: [sword] }`],
      [`{ name: B, at: B, facing: S, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['attack:@b', 3]);
    has(r.texts, 'A moves 4 squares to (3, 1), in a straight line: a charge.');
    has(r.texts, 'B turns east to face A, the first enemy in its death zone.');
    // WS 8 against DS 6: 7 + 6 − 8 = 5, − 1 charge = 4; D12 3 misses.
    has(
      r.texts,
      'A at B: WS 8 against DS 6: need 5 (7 + DS − WS: the monster cards) − 1 charge; D12 3: a miss.',
    );
    expect(model(r, 'B')?.facing).toBe('E');
    expect(r.pending?.label).toBe('B (W 3): what this turn?');
  });
});

describe('ahq-house: evading a combat', () => {
  const map = ['#######', '#.....#', '#.AB..#', '#..C..#', '#######'].join('\n');
  it('by Stealth: D12 at or under St evades, costs no action, and A goes for another foe', () => {
    const yaml = enc(
      map,
      [`{ name: A, at: A, facing: E, ${HERO}, weapons: [sword] }`],
      [
        `{ name: B, at: B, facing: W, ${ORC}, weapons: [axe] }`,
        `{ name: C, at: C, facing: N, ${ORC}, weapons: [axe] }`,
      ],
    );
    const r = play(yaml, ['attack:@c', 5, 2]);
    has(r.texts, 'A tries to evade B: D12 5 against St 6: evades.');
    has(r.texts, 'A at C');
  });
  it('a failed Stealth roll gives the faced enemy a free attack, and A may still attack the one it faces', () => {
    const yaml = enc(
      map,
      [`{ name: A, at: A, facing: E, ${HERO}, weapons: [sword] }`],
      [
        `{ name: B, at: B, facing: W, ${ORC}, weapons: [axe] }`,
        `{ name: C, at: C, facing: N, ${ORC}, weapons: [axe] }`,
      ],
    );
    const r = play(yaml, ['attack:@c', 9, 2, 'attack', 2]);
    has(r.texts, 'A tries to evade B: D12 9 against St 6: fails, and B gets a free attack.');
    has(r.texts, "B's free attack at A");
    has(r.texts, 'A at B');
  });
  it('by a critical hit: forfeit the free attack and evade', () => {
    const yaml = enc(
      map,
      [`{ name: A, at: A, facing: E, ${HERO}, weapons: [sword], tactics: { critical: evade } }`],
      [`{ name: B, at: B, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['attack:@b', 12, 1, 1, 1, 'withdraw']);
    has(r.texts, 'D12 12: a critical hit');
    has(r.texts, 'A forfeits the free attack and evades the combat.');
    has(r.texts, 'A withdraws and runs to');
    expect(model(r, 'A')?.at.x).toBeLessThan(2);
  });
});

describe('ahq-house: evading to face another, and to shoot', () => {
  const map = ['#########', '#..C....#', '#.BA....#', '#.......#', '#......D#', '#########'].join('\n');
  const yaml = (kit: string) =>
    enc(
      map,
      [`{ name: A, at: A, facing: W, ${HERO}, weapons: ${kit} }`],
      [
        `{ name: B, at: B, facing: E, ${ORC}, weapons: [axe] }`,
        `{ name: C, at: C, facing: S, ${ORC}, weapons: [axe] }`,
        `{ name: D, at: D, facing: W, ${ORC}, weapons: [axe] }`,
      ],
    );
  it('situation 2: A evades B to face C; A and C are engaged, and B, still facing A, is at its back', () => {
    const r = play(yaml('[sword]'), ['turn:@c', 4]);
    has(r.texts, 'A tries to evade B: D12 4 against St 6: evades.');
    has(r.texts, 'A turns north, away from B: death zones return.');
    const st = r.state as AhqState;
    const [a, b, c] = ['A', 'B', 'C'].map((n) => model(r, n)) as [AhqFighter, AhqFighter, AhqFighter];
    expect(engagedWith(a, st.combatants)).toEqual([c]);
    expect(b.facing).toBe('E');
  });
  it("situation 3: A evades B to shoot D, then must face B again; with E at B's back, B turns to E and A is free", () => {
    const open = ['#########', '#.......#', '#.BA....#', '#.......#', '#......D#', '#########'].join('\n');
    const one = enc(
      open,
      [`{ name: A, at: A, facing: W, ${HERO}, weapons: [sword, bow], tactics: { keepAway: false } }`],
      [
        `{ name: B, at: B, facing: E, ${ORC}, weapons: [axe] }`,
        `{ name: D, at: D, facing: W, ${ORC}, weapons: [axe] }`,
      ],
    );
    const r = play(one, ['shoot:@d', 4, 3]);
    has(r.texts, 'A tries to evade B: D12 4 against St 6: evades.');
    has(r.texts, 'A turns east, away from B: death zones return.');
    has(r.texts, 'A shoots D with the bow');
    has(r.texts, 'A turns west to face B, the first enemy in its death zone.');
    const [a, b] = ['A', 'B'].map((n) => model(r, n)) as [AhqFighter, AhqFighter];
    expect(engagedWith(a, (r.state as AhqState).combatants)).toEqual([b]);
    const withE = open.replace('#.BA....#', '#EBA....#');
    const two = enc(
      withE,
      [
        `{ name: A, at: A, facing: W, ${HERO}, weapons: [sword, bow], tactics: { keepAway: false } }`,
        `{ name: E, at: E, facing: E, ${HERO}, weapons: [sword] }`,
      ],
      [
        `{ name: B, at: B, facing: E, ${ORC}, weapons: [axe] }`,
        `{ name: D, at: D, facing: W, ${ORC}, weapons: [axe] }`,
      ],
    );
    const s = play(two, ['shoot:@d', 4, 3]);
    has(s.texts, 'B turns west to face E, the first enemy in its death zone.');
    const [a2, b2, e2] = ['A', 'B', 'E'].map((n) => model(s, n)) as [AhqFighter, AhqFighter, AhqFighter];
    expect(engagedWith(b2, (s.state as AhqState).combatants)).toEqual([e2]);
    // A faces B's back: free of any combat.
    expect(a2.facing).toBe('W');
    expect(engagedWith(a2, (s.state as AhqState).combatants)).toEqual([]);
  });
});

describe('ahq-house: rear attacks, helmets, critical wounds, the ranged table in play', () => {
  it('moving behind an enemy not engaged: it turns to face, but the rear attack holds for this turn', () => {
    const map = ['########', '#.O..H.#', '########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: W, ${HERO}, weapons: [sword] }`],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['attack:@orc', 9, 1, 1, 1, 1]);
    has(r.texts, 'Hero moves 2 squares to (3, 1), in a straight line: a charge, behind Orc.');
    has(r.texts, 'Orc turns east to face Hero, the first enemy in its death zone.');
    has(r.texts, 'Hero from the rear at Orc');
    has(r.texts, 'sword 3 DD + 1 rear attack.');
  });
  it("a helmet's Toughness counts only when the to-hit roll is exactly the number needed; a 12 rolls one more die (ours)", () => {
    const map = ['#####', '#HO.#', '#####'].join('\n');
    const yaml = (opt = '') =>
      enc(
        map,
        [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [sword] }`],
        [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe], armour: [war-helm] }`],
        opt,
      );
    // WS 8 against DS 6: need 5. A 5 exactly: T 4 + 2 helmet = 6.
    const exact = play(yaml(), ['attack:@orc', 5, 12, 3, 6, 2]);
    has(
      exact.texts,
      "4 damage dice 12, 3, 6, 2 against T 6 (with the helmet's 2: the roll was exactly the number needed): 2 wounds, 1 critical",
    );
    const over = play(yaml(), ['attack:@orc', 6, 5, 3, 4]);
    has(over.texts, '3 damage dice 5, 3, 4 against T 4: 2 wounds');
    const plain = play(
      yaml("options: { board: 'off', criticalWound: none }\n").replace("options: { board: 'off' }\n", ''),
      ['attack:@orc', 6, 12, 3, 4],
    );
    has(plain.texts, '3 damage dice 12, 3, 4 against T 4: 2 wounds, 1 critical');
  });
  it('a starred cell of the ranged table allows no critical: a 12 is a plain hit', () => {
    const map = ['#######', '#H..O.#', '#######'].join('\n');
    const yaml = enc(
      map,
      [
        `{ name: Hero, at: H, facing: E, profile: { WS: 5, BS: 1, DS: 5, T: 4, W: 8, Sp: 5, St: 5, Br: 7 }, weapons: [bow], tactics: { keepAway: false } }`,
      ],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['shoot:@orc', 12, 1, 1, 1]);
    has(
      r.texts,
      'Hero shoots Orc with the bow: BS 1 at 3 squares (3-5): need 12, no critical possible; D12 12: hit.',
    );
  });
  it('an archer keeping out of reach steps back before shooting; engaged, it cannot shoot the one it fights', () => {
    const map = ['##########', '#.....HO.#', '#........#', '##########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [bow] }`],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    // Situation 3 is evading to shoot another model: the one it is engaged with is not on offer.
    expect(() => play(yaml, ['shoot:@orc'])).toThrow(/"shoot:@orc" is not a choice/);
    const free = enc(
      ['##########', '#....H.O.#', '#........#', '##########'].join('\n'),
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [bow] }`],
      [`{ name: Orc, at: O, facing: N, ${ORC}, weapons: [axe] }`],
    );
    const s = play(free, ['shoot:@orc', 2]);
    has(s.texts, 'Hero steps back');
    expect(model(s, 'Hero')?.at.x).toBeLessThan(5);
  });
});

describe('ahq-house: surrounding, rear attacks, long weapons', () => {
  it('a hero surrounded by eight Nurglings (Infestation) is at DS −7 against all their attacks', () => {
    const map = ['#####', '#abc#', '#dHe#', '#fgh#', '#####'].join('\n');
    const nurglings = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(
      (m, i) =>
        `{ use: nurgling, name: N${i + 1}, at: ${m}, facing: ${m === 'b' ? 'S' : m === 'g' ? 'N' : m === 'd' ? 'E' : m === 'e' ? 'W' : 'N'} }`,
    );
    const yaml = `ruleset: ahq-house\noptions: { board: 'off' }\nmap: |\n${map
      .split('\n')
      .map((r) => `  ${r}`)
      .join(
        '\n',
      )}\nsides:\n  - name: Nurglings\n    players: true\n    combatants:\n${nurglings.map((n) => `      - ${n}\n`).join('')}  - name: Hero\n    combatants:\n      - { name: Hero, at: H, facing: N, ${HERO}, weapons: [sword] }\n`;
    const r = play(yaml, ['attack:@hero', 'attack:@hero', 2]);
    // N1, in a corner, cannot strike (no long weapon) and every square beside the hero is taken.
    has(r.texts, 'N1 cannot reach Hero this turn.');
    // Nurgling WS 3 against DS 6 − 7 = −1: 7 − 1 − 3 = 3.
    has(
      r.texts,
      'N2 at Hero: WS 3 against DS 6 − 7 surrounded by 8: need 3 (7 + DS − WS: the monster cards); D12 2: a miss.',
    );
  });

  it('a rear attack on an engaged enemy: one more damage die; Backstab two', () => {
    const map = ['#######', '#.....#', '#AOB..#', '#.....#', '#######'].join('\n');
    const yaml = (rules: string) =>
      enc(
        map,
        [
          `{ name: Ally, at: A, facing: E, ${HERO}, weapons: [sword] }`,
          `{ name: Sneak, at: B, facing: W, ${HERO}, weapons: [dagger]${rules} }`,
        ],
        [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
      );
    const r = play(yaml(''), ['attack:@orc', 2, 'attack:@orc', 10, 1, 1, 1]);
    has(r.texts, 'Sneak from the rear at Orc');
    has(r.texts, 'dagger 2 DD + 1 rear attack.');
    const b = play(yaml(', rules: [backstab]'), ['attack:@orc', 2, 'attack:@orc', 10, 1, 1, 1, 1]);
    has(b.texts, 'dagger 2 DD + 2 backstab.');
  });

  it('the damage dice are asked one by one, each numbered: "damage die 2 of 3", not three alike', () => {
    const map = ['#######', '#.....#', '#AOB..#', '#.....#', '#######'].join('\n');
    const yaml = enc(
      map,
      [
        `{ name: Ally, at: A, facing: E, ${HERO}, weapons: [sword] }`,
        `{ name: Sneak, at: B, facing: W, ${HERO}, weapons: [dagger] }`,
      ],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    // Sneak hits from the rear: the dagger's 2 dice and 1 more, each asked in its turn.
    const hit = ['attack:@orc', 2, 'attack:@orc', 10];
    const asked = [0, 1, 2].map((n) => play(yaml, [...hit, ...Array<Input>(n).fill(1)]).pending?.label);
    expect(asked).toEqual([
      'Sneak: damage die 1 of 3 against T 4',
      'Sneak: damage die 2 of 3 against T 4',
      'Sneak: damage die 3 of 3 against T 4',
    ]);
    // A 12 rolls one more die (ours): the count grows with it.
    expect(play(yaml, [...hit, 12, 1, 1]).pending?.label).toBe('Sneak: damage die 4 of 4 against T 4');
  });

  it('a long weapon strikes diagonally only at an enemy already engaged, and does not engage it', () => {
    const map = ['######', '#....#', '#AO..#', '#.S..#', '######'].join('\n');
    const yaml = enc(
      map,
      [
        `{ name: Ally, at: A, facing: E, ${HERO}, weapons: [sword] }`,
        `{ name: Spear, at: S, facing: N, ${HERO}, weapons: [spear] }`,
      ],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const diag = yaml.replace('#.S..#', '#..S.#');
    const r = play(diag, ['attack:@orc', 2, 'attack:@orc', 2]);
    has(r.texts, 'Spear at Orc: WS 8 against DS 6 − 1 surrounded by 2');
    const s = model(r, 'Spear');
    expect(s?.at).toEqual({ x: 3, y: 3 });
    const st = r.state as AhqState;
    expect(engagedWith(s as never, st.combatants)).toEqual([]);
  });
});

describe('ahq-house: monster rules', () => {
  it('Run Amok: a failed Bravery sends the creature at the closest model within 5 squares, friend or foe', () => {
    const map = ['########', '#H....T#', '#.....g#', '########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [sword] }`],
      [
        `{ name: Troll, at: T, facing: W, profile: { WS: 7, BS: 1, DS: 5, T: 8, W: 8, Sp: 6, St: 2, Br: 5 }, rules: [run-amok], dd: 4 }`,
        `{ use: goblin, at: g, facing: W }`,
      ],
    );
    const r = play(yaml, ['hold', 12, 5, 1, 1, 1, 1]);
    has(r.texts, 'Troll rolls Bravery for Run Amok: D12 12 against Br 5: fails.');
    has(r.texts, 'Troll runs amok and goes for Goblin, a friend.');
  });

  it('Panic: a failed Bravery flees as far as possible; a slavemaster in range cancels the check', () => {
    const map = ['##########', '#H..s....#', '#........#', '##########'].join('\n');
    const yaml = (master: string) =>
      enc(
        map,
        [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [sword] }`],
        [`{ use: goblin-slave, at: s, facing: W }`, ...(master ? [master] : [])],
      );
    const r = play(yaml(''), ['hold', 12]);
    has(r.texts, 'Goblin Slave rolls Bravery for Panic: D12 12 against Br 4: fails.');
    has(r.texts, 'Goblin Slave panics and runs to');
    const m = play(yaml(`{ use: slavemaster, at: [8, 2], facing: W }`), ['hold']);
    expect(m.texts.some((t) => t.includes('Bravery for Panic'))).toBe(false);
    expect(m.pending?.label).toBe('Goblin Slave (W 1): what this turn?');
  });
});

describe('ahq-house: bad input', () => {
  const map = ['#####', '#A.B#', '#####'].join('\n');
  it('names the field: a mark not on the map, a square taken, a wall, a bad map', () => {
    expect(() => loadText(enc(map, [`{ name: A, at: Z, ${HERO} }`], [`{ use: orc, at: B }`]))).toThrow(
      /at: no 'Z' on the map; marks: A, B/,
    );
    expect(() => loadText(enc(map, [`{ name: A, at: A, ${HERO} }`], [`{ use: orc, at: A }`]))).toThrow(
      /square \(1, 1\) is taken by A/,
    );
    expect(() => loadText(enc(map, [`{ name: A, at: [0, 0], ${HERO} }`], [`{ use: orc, at: B }`]))).toThrow(
      /square \(0, 0\) is not floor/,
    );
    expect(() =>
      loadText(enc('#?#', [`{ name: A, at: [1, 0], ${HERO} }`], [`{ use: orc, at: [1, 0] }`])),
    ).toThrow(/map: row 1, column 2: '\?' is not a map square/);
    expect(() =>
      loadText(enc(map, [`{ name: A, at: A, profile: { WS: 8 } }`], [`{ use: orc, at: B }`])),
    ).toThrow(/profile: missing BS, DS, T, W, Sp, St, Br/);
  });
});

describe('ahq-house through the fray command', () => {
  const crypt = join(ROOT, 'data', 'ahq-house', 'encounters', 'crypt.yaml');
  it('fray fight draws the board after each turn, death zones on request', async () => {
    const r = await fray(['fight', crypt, '--seed', '3', '--option', 'board=zones']);
    expect(r.code).toBe(0);
    // Columns and rows numbered; each model's facing drawn beside its glyph on the board.
    expect(r.out).toContain(
      'The board:\n       0 1 2 3 4 5 6 7 8 9 0 1 2 3\n     0 ############################\n     1 ##. * . . ##. . . * . . . ##\n     2 ##* B>* . + . . * c<* * . ##',
    );
    expect(r.out).toContain("After Heroes' turn:");
    expect(r.out).toMatch(/A[<>^v] Barbarian W \d+/);
  });
  it('fray sim and fray sweep run with a map', async () => {
    const s = await fray(['sim', crypt, '--runs', '200', '--seed', '1', '--workers', '1', '--json']);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out).runs).toBe(200);
    const w = await fray([
      'sweep',
      crypt,
      '--vary',
      'sides[0].combatants[0].profile.WS=5..9:4',
      '--runs',
      '100',
      '--seed',
      '1',
      '--workers',
      '1',
      '--json',
    ]);
    expect(w.code).toBe(0);
    expect(JSON.parse(w.out).points.length).toBe(2);
  });
});

describe('ahq-house: what the review found', () => {
  it('a closed door opens to a model walking through it, and is drawn open', () => {
    const map = ['#########', '#H..+..O#', '#########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [sword] }`],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['attack:@orc']);
    has(r.texts, 'Hero moves 5 squares to (6, 1), in a straight line: a charge.');
    expect((r.state as AhqState).opened.has('4,1')).toBe(true);
  });
  it("the rear-attack bonus lasts only the mover's turn", () => {
    const map = ['########', '#.O..H.#', '########'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: W, ${HERO}, weapons: [sword] }`],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    // The hero moves behind the orc (which turns) and misses; on the orc's turn its evasion fails, and the hero's free attack is not from the rear.
    const r = play(yaml, ['attack:@orc', 2, 'flee', 12, 9, 1, 1, 1]);
    has(r.texts, "Hero's free attack at Orc");
    expect(r.texts.some((t) => t.includes('free attack from the rear'))).toBe(false);
  });
  it('a ranged critical (not in a starred cell) gives a free shot', () => {
    const map = ['#######', '#H..O.#', '#######'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [bow], tactics: { keepAway: false } }`],
      [`{ name: Orc, at: O, facing: W, ${ORC}, weapons: [axe] }`],
    );
    const r = play(yaml, ['shoot:@orc', 12, 1, 1, 1, 2]);
    has(r.texts, 'D12 12: a critical hit.');
    has(r.texts, "Hero's free shot at Orc with the bow");
  });
  it('a mover arriving beside two enemies faces the one it came for', () => {
    const map = ['#######', '#...X.#', '#H...T#', '#######'].join('\n');
    const yaml = enc(
      map,
      [`{ name: Hero, at: H, facing: E, ${HERO}, weapons: [sword] }`],
      [
        `{ name: T, at: T, facing: W, ${ORC}, weapons: [axe] }`,
        `{ name: X, at: X, facing: S, ${ORC}, weapons: [axe] }`,
      ],
    );
    const r = play(yaml, ['attack:@t', 2]);
    has(r.texts, 'Hero moves 3 squares to (4, 2), in a straight line: a charge.');
    has(r.texts, 'Hero at T');
    expect(model(r, 'Hero')?.facing).toBe('E');
  });
  it('a two-handed weapon and a shield are refused together', () => {
    const map = ['#####', '#A.B#', '#####'].join('\n');
    expect(() =>
      loadText(
        enc(
          map,
          [`{ name: A, at: A, ${HERO}, weapons: [two-handed-sword], armour: [shield] }`],
          [`{ use: orc, at: B }`],
        ),
      ),
    ).toThrow(/a two-handed weapon leaves no hand for a shield/);
  });
});

describe('ahq-house: after evading', () => {
  const hero = `{ name: A, at: A, facing: W, ${HERO}, weapons: [sword] }`;
  it("the evader walks off toward its new target (the old partner's death zone is behind it)", () => {
    const map = ['############', '#..........#', '#.BA.......#', '#.........D#', '############'].join('\n');
    const r = play(
      enc(
        map,
        [hero],
        [
          `{ name: B, at: B, facing: E, ${ORC}, weapons: [axe] }`,
          `{ name: D, at: D, facing: W, ${ORC}, weapons: [axe] }`,
        ],
      ),
      ['attack:@d', 4],
    );
    has(r.texts, 'A tries to evade B: D12 4 against St 6: evades.');
    has(r.texts, 'A moves 6 squares');
  });
  it('turned at once to another enemy in its death zone who faces it, the evader is engaged again and cannot walk off', () => {
    const map = ['############', '#..C.......#', '#.BA.......#', '#.........D#', '############'].join('\n');
    const r = play(
      enc(
        map,
        [hero],
        [
          `{ name: B, at: B, facing: E, ${ORC}, weapons: [axe] }`,
          `{ name: C, at: C, facing: S, ${ORC}, weapons: [axe] }`,
          `{ name: D, at: D, facing: W, ${ORC}, weapons: [axe] }`,
        ],
      ),
      ['attack:@d', 4],
    );
    has(r.texts, 'A turns north to face C, the first enemy in its death zone.');
    has(r.texts, 'A is engaged with C and cannot move off.');
  });
});
