// Moving to a chosen point on the scene of battle (§ Actions, § Initiating Hand-To-Hand Combat):
// the engage and move questions' free answer, "to:x,y" or "go:bearing,yards", judged and carried out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../../src/core/context.js';
import { runFight } from '../../src/core/fight.js';
import { checkInput, InputError, type ChoiceRequest, type Request } from '../../src/core/request.js';
import { Rng, SeededDice } from '../../src/dice/index.js';
import type { W1State } from '../../src/rulesets/wfrp1e/state.js';
import { fightYaml, fray, loadText, ofType, profile as P } from '../helpers.js';

/** A1 at the origin facing north; B1 6 yards north of it (a 4-yard gap between 2-yard bases), facing south, holding. */
const yaml = fightYaml(
  [`{ name: A1, profile: ${P({ I: 50 })}, weapons: [sword], at: [0, 0] }`],
  [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], at: [0, 6], tactics: { melee: hold } }`],
);

class Answers extends AutoDriver {
  constructor(private readonly answers: Record<string, string[]>) {
    super(new SeededDice(Rng.seeded(3)));
  }
  override choose(req: ChoiceRequest): string {
    const key = `${req.actor}:${req.topic}`;
    return this.answers[key]?.shift() ?? req.suggested;
  }
}

function fight(answers: Record<string, string[]>, rounds = 1, y = yaml) {
  const loaded = loadText(y);
  return runFight(loaded.ruleset, loaded.setup, {
    driver: new Answers(answers),
    explain: true,
    record: true,
    maxRounds: rounds,
  });
}

/** The first question of `topic`, and its verdict on `answer`. */
function refusal(y: string, topic: string, answer: string): string {
  const loaded = loadText(y);
  const r = runFight(loaded.ruleset, loaded.setup, {
    driver: new AskingDriver(
      new SeededDice(Rng.seeded(3)),
      (q: Request) => q.kind === 'choice' && q.topic === topic,
    ),
    explain: true,
    maxRounds: 2,
  });
  const req = r.pending as ChoiceRequest;
  expect(req.topic).toBe(topic);
  try {
    checkInput(req, answer, 'input 1', 0);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  return 'accepted';
}

const a1 = (r: { state: unknown }) => (r.state as W1State).combatants.find((c) => c.name === 'A1');
const said = (r: { events: readonly { text: string }[] }) => r.events.map((e) => e.text).join('\n');

describe('wfrp1e: moving to a chosen point', () => {
  it('a straight approach within M touching the enemy is a charge', () => {
    const r = fight({ 'a1:engage': ['to:0,4'] });
    expect(said(r)).toContain(
      'A1 moves 4 yards to (0, 4), in contact with B1, facing north: straight at it, within M, a charge.',
    );
    expect(ofType(r.events, 'charge')[0]?.text).toContain('A1 charges B1 (+10 to hit on the first blow)');
    expect(a1(r)?.pos).toEqual({ x: 0, y: 4 });
  });

  it('a bearing and distance does the same', () => {
    const r = fight({ 'a1:engage': ['go:0,4'] });
    expect(ofType(r.events, 'charge')[0]?.text).toContain('A1 charges B1');
  });

  it('a glancing approach within M, not straight at the target, closes without the charge bonus', () => {
    const near = fightYaml(
      [`{ name: A1, profile: ${P({ I: 50 })}, weapons: [sword], at: [0, 0] }`],
      [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], at: [0, 4.5], tactics: { melee: hold } }`],
    );
    const r = fight({ 'a1:engage': ['to:1.64,3.35'] }, 1, near);
    expect(said(r)).toContain('A1 moves 3.7 yards to (1.6, 3.4), in contact with B1, facing');
    expect(ofType(r.events, 'charge')).toHaveLength(0);
    expect(ofType(r.events, 'engage')[0]?.text).toContain('A1 closes with B1');
  });

  it('steps round behind an enemy not engaged, out of contact, and charges its back the next round (it turns to meet it)', () => {
    const r = fight({ 'a1:engage': ['to:4,9', 'to:1.2,7.6'] }, 2);
    expect(said(r)).toContain('A1 moves 9.8 yards to (4, 9), facing north-east.');
    // From (4, 9) to B1's rim, straight at its centre: a charge, from behind where it faced.
    expect(said(r)).toMatch(/A1 moves 3.* in contact with B1, .*a charge\./);
    expect(ofType(r.events, 'charge')[0]?.text).toContain('B1 turns to meet it');
  });

  it('closing at the back of an enemy already engaged: it cannot turn, and has no parry against the newcomer', () => {
    const busy = fightYaml(
      [
        `{ name: A1, profile: ${P({ I: 50 })}, weapons: [sword], at: [6, 6] }`,
        `{ name: C1, profile: ${P({ I: 10 })}, weapons: [sword], at: [0, 8] }`,
      ],
      [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], at: [0, 6] }`],
    );
    const r = fight({ 'a1:engage': ['to:1,4.27'] }, 1, busy);
    expect(said(r)).toContain('A1 moves 5.3 yards to (1, 4.3), in contact with B1');
    expect(ofType(r.events, 'engage')[0]?.text).toContain(
      'A1 closes with B1; B1 cannot turn to face it: no parry against it.',
    );
  });

  it('refuses an illegal point with the reason', () => {
    expect(refusal(yaml, 'engage', 'to:0,6')).toContain("(0, 6) is taken: B1's base is there");
    expect(refusal(yaml, 'engage', 'to:0,9')).toContain("the way crosses B1's base");
    expect(refusal(yaml, 'engage', 'to:0,-70')).toContain('too far: 70 yards, and A1 can go 64 yards more');
    expect(refusal(yaml, 'engage', 'to:0,0')).toContain('A1 is already at (0, 0)');
    expect(refusal(yaml, 'engage', 'go:400,2')).toContain('a bearing is 0 to 359');
    expect(refusal(yaml, 'engage', 'north a bit')).toContain('expected a point as to:x,y');
    expect(refusal(yaml, 'engage', 'to:0,4')).toBe('accepted');
    const far = fightYaml(
      [`{ name: A1, profile: ${P({ I: 50 })}, weapons: [sword], at: [0, 0] }`],
      [`{ name: B1, profile: ${P({ I: 20 })}, weapons: [sword], at: [0, 22], tactics: { melee: hold } }`],
    );
    expect(refusal(far, 'engage', 'to:0,20')).toContain(
      'too far to close with B1: 20 yards, and a move into combat is at most a standard move, 16 yards',
    );
  });

  it('a declared move goes to the point, and may not end in contact', () => {
    const r = fight({ 'a1:declare': ['move'], 'a1:move': ['to:-3,-4'] });
    expect(said(r)).toContain('A1 moves 5 yards to (-3, -4), facing south-west.');
    expect(a1(r)?.rate).toBe('cautious');
    const moving = yaml;
    const loaded = loadText(moving);
    const asked = runFight(loaded.ruleset, loaded.setup, {
      driver: new AskingDriver(
        new SeededDice(Rng.seeded(3)),
        (q) => q.kind === 'choice' && q.topic === 'declare',
      ),
      explain: true,
      maxRounds: 1,
    });
    const declare = asked.pending as ChoiceRequest;
    expect(() => checkInput(declare, 'to:1,1', 'x')).toThrow(/is not a choice/);
    const r2 = runFight(loaded.ruleset, loaded.setup, {
      inputs: ['move'],
      driver: new AskingDriver(
        new SeededDice(Rng.seeded(3)),
        (q) => q.kind === 'choice' && q.topic === 'move',
      ),
      explain: true,
      maxRounds: 1,
    });
    expect(() => checkInput(r2.pending as ChoiceRequest, 'to:0,4', 'x')).toThrow(
      /touches B1: a move into contact is a charge or a close, declared as fight/,
    );
  });

  it('a logged free move replays to the same fight', () => {
    const first = fight({ 'a1:engage': ['to:4,9', 'to:1.2,7.6'] }, 2);
    expect(first.log).toContain('to:4,9');
    const loaded = loadText(yaml);
    const again = runFight(loaded.ruleset, loaded.setup, {
      inputs: first.log,
      driver: new AutoDriver(new SeededDice(Rng.seeded(99))),
      explain: true,
      record: true,
      maxRounds: 2,
    });
    expect(again.log).toEqual(first.log);
    expect(again.events.map((e) => e.text)).toEqual(first.events.map((e) => e.text));
  });
});

describe('wfrp1e: moving to a point at the command line', () => {
  it('a typed point is taken; an illegal one is refused with the reason and asked again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-move-'));
    const file = join(dir, 'scene.yaml');
    writeFileSync(file, yaml);
    const lines = ['', 'to:0,9', 'to:0,4', 'quit'];
    const r = await fray(['fight', file, '--interactive', '--seed', '1', '--auto', 'B'], lines);
    expect(r.out).toContain('or type a point: to:x,y');
    expect(r.out).toContain("the way crosses B1's base");
    expect(r.out).toContain('A1 moves 4 yards to (0, 4), in contact with B1');
  });
});
