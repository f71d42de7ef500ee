// The exact duel of fray odds (src/rulesets/openquest/odds.ts): the rules it shares with the engine
// as small pure functions, what it solves and what it refuses, and, in a short slice of
// `npm run agree`, its figures against simulated fights.
import { describe, expect, it } from 'vitest';
import { chase, talksOut } from '../../src/rulesets/openquest/round/avoiding.js';
import { smallerParryLets } from '../../src/rulesets/openquest/round/reactions.js';
import { scouted } from '../../src/rulesets/openquest/round/scouting.js';
import { caughtUnaware } from '../../src/rulesets/openquest/round/surprise.js';
import { FIST } from '../../src/rulesets/openquest/rules.js';
import { leavesTheFight } from '../../src/rulesets/openquest/tactics.js';
import { agreeSlice, loadText } from '../helpers.js';

type Odds = ReturnType<NonNullable<ReturnType<typeof loadText>['ruleset']['odds']>>;
function oddsOf(yaml: string, options: Record<string, string> = {}): Odds {
  const { ruleset, setup } = loadText(yaml, options);
  return (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
}

/** Ann against Bob, each `extra` lines under their entry; `head`: the encounter's opening lines. */
function duel(head: string, ann = '', bob = ''): string {
  const person = (name: string, weapons: string, more: string) =>
    `      - name: ${name}\n        characteristics: { STR: 12, CON: 10, SIZ: 10, DEX: 12, INT: 12, POW: 12, CHA: 12 }\n        skills: { close: 55, ranged: 50, dodge: 30, athletics: 40, perception: 40, deception: 40 }\n        weapons: [${weapons}]\n${more}`;
  return `ruleset: openquest\n${head}sides:\n  - name: Ann\n    combatants:\n${person('Ann', 'shortsword, short-bow', ann)}  - name: Bob\n    combatants:\n${person('Bob', 'mace', bob)}`;
}
const win = (o: Odds, i: number) => o.duel?.sides[i]?.win ?? NaN;

describe('the rules the chain shares with the engine', () => {
  it('tactics leave the fight at low HP: surrender before flight', () => {
    const t = { target: 'weakest', reaction: 'auto', fleeAt: 4, surrenderAt: 2 } as const;
    expect(leavesTheFight(t, 5)).toBeNull();
    expect(leavesTheFight(t, 4)).toBe('flee');
    expect(leavesTheFight(t, 2)).toBe('surrender');
    expect(leavesTheFight({ ...t, fleeAt: 0, surrenderAt: 0 }, -3)).toBeNull();
  });

  it('surprise: beaten by the sneak, the unaware only defends; after a fumbled Perception, not even that; a tie spots them', () => {
    expect(caughtUnaware({ level: 'failure', roll: 70 }, { level: 'success', roll: 30 })).toBe('defend-only');
    expect(caughtUnaware({ level: 'fumble', roll: 99 }, { level: 'failure', roll: 60 })).toBe('helpless');
    expect(caughtUnaware({ level: 'failure', roll: 70 }, { level: 'failure', roll: 60 })).toBeNull();
    expect(caughtUnaware({ level: 'success', roll: 30 }, { level: 'success', roll: 20 })).toBeNull();
  });

  it('the chase, the talk, the scouting and the smaller parry', () => {
    expect(chase({ level: 'success', roll: 40 }, { level: 'failure', roll: 80 })).toBe('away');
    expect(chase({ level: 'failure', roll: 80 }, { level: 'failure', roll: 70 })).toBe('caught');
    expect(chase({ level: 'fumble', roll: 100 }, { level: 'failure', roll: 70 })).toBe('caught-surprised');
    expect(talksOut('critical')).toBe(true);
    expect(talksOut('failure')).toBe(false);
    expect(['critical', 'success', 'failure', 'fumble'].map((l) => scouted(l as 'success'))).toEqual([
      'spots',
      'spots',
      'seen',
      'strays',
    ]);
    const dagger = { damage: { count: 1, sides: 4, sign: 1, plus: 1 } } as Parameters<
      typeof smallerParryLets
    >[3];
    const d8 = { count: 1, sides: 8, sign: 1, plus: 0 } as const;
    expect(smallerParryLets(true, 'success', 'success', dagger, d8)).toBe(true);
    expect(smallerParryLets(false, 'success', 'success', dagger, d8)).toBe(false);
    expect(smallerParryLets(true, 'success', 'critical', dagger, d8)).toBe(false);
    expect(smallerParryLets(true, 'success', 'success', dagger, FIST)).toBe(false);
  });
});

describe('the exact duel', () => {
  it('solves what the chain once refused, and its figures add up to one', () => {
    for (const [head, ann, bob] of [
      ['distance: ranged\n', '', ''],
      ['surprise: { side: Bob, kind: ambush }\n', '', ''],
      ['scouting: { scouts: [Ann], cover: hidden }\n', '', ''],
      ['avoid: { side: Ann, by: run, chase: true }\n', '', ''],
      ['', '        tactics: { fleeAt: 4, surrenderAt: 2 }\n', ''],
      ['', '', '        hp: 0\n'],
    ] as const) {
      const o = oddsOf(duel(head, ann, bob));
      expect(o.duel, `${head}${ann}${bob}: ${o.duelMethod}`).not.toBeNull();
      expect(win(o, 0) + win(o, 1) + (o.duel?.draw ?? NaN)).toBeCloseTo(1, 9);
    }
  });

  it('each opening moves the odds the way it should', () => {
    const plain = oddsOf(duel(''));
    // Ann's bow shoots while Bob closes in: she does better apart than hand to hand.
    expect(win(oddsOf(duel('distance: ranged\n')), 0)).toBeGreaterThan(win(plain, 0));
    // Bob's ambush costs Ann her first action.
    expect(win(oddsOf(duel('surprise: { side: Bob, kind: ambush }\n')), 0)).toBeLessThan(win(plain, 0));
    // Fleeing at 4 HP gives Bob fights Ann would have won.
    expect(win(oddsOf(duel('', '        tactics: { fleeAt: 4 }\n')), 0)).toBeLessThan(win(plain, 0));
    // Mortally wounded before the fight: it is over before round 1.
    const down = oddsOf(duel('', '', '        hp: 0\n'));
    expect(win(down, 0)).toBe(1);
    expect(down.duel?.meanRounds).toBe(0);
    // Unchased runners get away: the other side wins at once.
    expect(win(oddsOf(duel('avoid: { side: Ann, by: run, chase: false }\n')), 1)).toBe(1);
  });

  it('refuses more than two, and one the GM brings in later, and says why', () => {
    const o = oddsOf(
      duel('').replace(
        '  - name: Bob\n    combatants:\n',
        '  - name: Bob\n    combatants:\n      - { name: Cal, use: orc }\n',
      ),
    );
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toContain('not one against one (1 against 2)');
    const later = oddsOf(duel('', '', '        enters: true\n'));
    expect(later.duel).toBeNull();
    expect(later.duelMethod).toContain('Bob enters later');
  });
});

describe('npm run agree, a short slice', () => {
  it('the example duel and two random ones agree with 20,000 simulated fights each, within the 99.9% interval', () => {
    const r = agreeSlice('openquest', { files: 'duel.yaml' });
    expect(r.stdout).toMatch(/[3-9] duels checked, 0 figures outside the 99.9% interval/);
    expect(r.status).toBe(0);
  }, 600_000);
});
