// Moving to a chosen square: the plan question's free answer "to:x,y", checked against the move,
// walls, models and death zones; charges and rear attacks earned by where the player goes.
import { describe, expect, it } from 'vitest';
import { fray, loadText } from '../helpers.js';
import { has } from '../script.js';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import { checkInput, InputError, type ChoiceRequest, type Input } from '../../src/core/request.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import type { AhqState } from '../../src/rulesets/ahq-house/state.js';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HERO = 'profile: { WS: 8, BS: 6, DS: 6, T: 4, W: 10, Sp: 6, St: 6, Br: 8 }';
const ORC = 'profile: { WS: 6, BS: 4, DS: 6, T: 4, W: 3, Sp: 6, St: 4, Br: 7 }';

function enc(map: string[], heroes: string[], monsters: string[]): string {
  const m = map.map((r) => `  ${r}`).join('\n');
  return `ruleset: ahq-house\noptions: { board: 'off' }\nmap: |\n${m}\nsides:\n  - name: Heroes\n    players: true\n    combatants:\n${heroes.map((h) => `      - ${h}\n`).join('')}  - name: Monsters\n    combatants:\n${monsters.map((h) => `      - ${h}\n`).join('')}`;
}

function play(yaml: string, inputs: Input[]) {
  const loaded = loadText(yaml);
  const r = runFight(loaded.ruleset, loaded.setup, {
    inputs,
    driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
    explain: true,
    record: true,
    maxRounds: 5,
  });
  return { texts: r.events.map((e) => e.text), state: r.state as AhqState, pending: r.pending, log: r.log };
}
const model = (r: { state: AhqState }, name: string) => r.state.combatants.find((f) => f.name === name);

// B faces south; the square behind it is (2, 1). A stands 5 squares east of B.
const ROOM = ['#########', '#.......#', '#.B....A#', '#.......#', '#########'];
const yaml = enc(
  ROOM,
  [`{ name: A, at: A, facing: W, ${HERO}, weapons: [sword] }`],
  [`{ name: B, at: B, facing: S, ${ORC}, weapons: [axe] }`],
);

/** The plan question A is asked first, and its free answer's verdict on `answer`. */
function refusal(y: string, answer: string): string {
  const req = play(y, []).pending as ChoiceRequest;
  expect(req.topic).toBe('plan');
  try {
    checkInput(req, answer, 'input 1', 0);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  return 'accepted';
}

describe('ahq-house: moving to a chosen square', () => {
  it('offers the reachable squares (death zones stop a walk, so the squares past B are not among them)', () => {
    const req = play(yaml, []).pending as ChoiceRequest;
    expect(req.free?.hint).toContain('to:x,y');
    const opts = req.free?.options ?? [];
    expect(opts).toContain('to:3,2');
    expect(opts).toContain('to:2,1');
    expect(opts).not.toContain('to:1,2');
    expect(opts).not.toContain('to:7,2');
  });

  it('a straight approach of two squares or more, ending with B ahead, is a charge (+1 to hit)', () => {
    const r = play(yaml, ['to:3,2', 'attack:@b', 3]);
    has(r.texts, 'A moves 4 squares to (3, 2), facing west.');
    has(r.texts, 'B turns east to face A, the first enemy in its death zone.');
    has(
      r.texts,
      'A at B: WS 8 against DS 6: need 5 (7 + DS − WS: the monster cards) − 1 charge; D12 3: a miss.',
    );
    expect(model(r, 'A')?.at).toEqual({ x: 3, y: 2 });
    expect(model(r, 'A')?.facing).toBe('W');
  });

  it('a square behind an enemy not engaged: it turns to face, but the attack still counts from the rear', () => {
    const r = play(yaml, ['to:2,1', 'attack:@b', 9, 4]);
    has(r.texts, 'A moves 5 squares to (2, 1), facing west, behind B.');
    has(r.texts, 'B turns north to face A');
    has(r.texts, 'A from the rear at B');
    expect(model(r, 'A')?.facing).toBe('S');
    expect(model(r, 'B')?.facing).toBe('N');
  });

  it('ends facing the way typed; with no enemy in reach, no attack is asked', () => {
    const r = play(yaml, ['to:6,1 S']);
    has(r.texts, 'A moves 1 square to (6, 1), facing south.');
    expect(model(r, 'A')?.facing).toBe('S');
    expect(r.pending?.label).toBe('B (W 3): what this turn?');
  });

  it('refuses an illegal square with the reason', () => {
    expect(refusal(yaml, 'to:1,2')).toContain("every way there crosses an enemy's death zone");
    expect(refusal(yaml, 'to:0,0')).toContain('(0, 0) is a wall');
    expect(refusal(yaml, 'to:2,2')).toContain('(2, 2) is taken by B');
    expect(refusal(yaml, 'to:7,2')).toContain('A is already at (7, 2)');
    expect(refusal(yaml, 'to:40,2')).toContain('off the board');
    expect(refusal(yaml, 'go north')).toContain('expected a square as to:x,y');
    expect(refusal(yaml, 'to:3,2')).toBe('accepted');
    const corridor = enc(
      ['############', '#B........A#', '############'],
      [`{ name: A, at: A, facing: W, ${HERO}, weapons: [sword] }`],
      [`{ name: B, at: B, facing: S, ${ORC}, weapons: [axe] }`],
    );
    expect(refusal(corridor, 'to:2,1')).toContain(
      'too far: 8 squares by the shortest way, and A has 6 left (Sp)',
    );
    const walled = enc(
      ['#######', '#A.#..#', '#..#.B#', '#######'],
      [`{ name: A, at: A, facing: E, ${HERO}, weapons: [sword] }`],
      [`{ name: B, at: B, facing: W, ${ORC}, weapons: [axe] }`],
    );
    expect(refusal(walled, 'to:4,1')).toContain('no way to (4, 1)');
  });

  it('an engaged model is told to evade first', () => {
    const engaged = enc(
      ['#######', '#.AB..#', '#######'],
      [`{ name: A, at: A, facing: E, ${HERO}, weapons: [sword] }`],
      [`{ name: B, at: B, facing: W, ${ORC}, weapons: [axe] }`],
    );
    expect(refusal(engaged, 'to:1,1')).toContain('A is engaged with B and cannot simply move away');
  });

  it('a logged free move replays to the same fight', () => {
    const first = play(yaml, ['to:2,1', 'attack:@b', 9, 4]);
    const loaded = loadText(yaml);
    const again = runFight(loaded.ruleset, loaded.setup, {
      inputs: first.log,
      driver: new AutoDriver(new SeededDice(Rng.seeded(5))),
      explain: true,
      record: true,
      maxRounds: 1,
    });
    expect(again.log.slice(0, first.log.length)).toEqual(first.log);
    expect(again.events.map((e) => e.text).slice(0, first.texts.length)).toEqual(first.texts);
  });
});

describe('ahq-house: moving to a square at the command line', () => {
  it('a typed square is taken; an illegal one is refused with the reason and asked again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-move-'));
    const file = join(dir, 'room.yaml');
    writeFileSync(file, yaml);
    const r = await fray(['fight', file, '--interactive', '--seed', '1'], ['to:1,2', 'to:3,2', 'quit']);
    expect(r.out).toContain('or type a square to move to: to:x,y');
    expect(r.out).toContain("every way there crosses an enemy's death zone");
    expect(r.out).toContain('A moves 4 squares to (3, 2), facing west.');
    expect(r.out).toContain('A: attack from here?');
  });
});
