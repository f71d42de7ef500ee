// The exact duel of fray odds for the Combat Points rules (src/rulesets/wfrp-cp/odds.ts): the
// pieces of the round it shares with the engine, what it solves and what it refuses, and, in a
// short slice of `npm run agree`, its figures against simulated fights.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blowChance, defenceRoom, dodgeTest } from '../../src/rulesets/wfrp-cp/melee.js';
import { attackAmount, mayStrikeForcefully } from '../../src/rulesets/wfrp-cp/round/actions.js';
import { priority, quickestOfTied } from '../../src/rulesets/wfrp-cp/round/exchanges.js';
import { newCpState, type CpFighter, type CpSetup, type CpState } from '../../src/rulesets/wfrp-cp/state.js';
import { dismountFall } from '../../src/rulesets/wfrp-cp/round/falls-and-fire.js';
import { notCarried } from '../../src/rulesets/wfrp1e/odds-carried.js';
import { agreeSlice, loadFile, loadText, ROOT } from '../helpers.js';

const EXPERIMENTS = join(ROOT, 'data', 'wfrp-cp', 'encounters', 'experiments');
const ENCOUNTERS = join(ROOT, 'data', 'wfrp-cp', 'encounters');
const SD = { criticals: 'sudden-death', fumbles: 'off' };

type Odds = ReturnType<NonNullable<ReturnType<typeof loadText>['ruleset']['odds']>>;
const oddsOfFile = (file: string, options: Record<string, string> = {}): Odds => {
  const { ruleset, setup } = loadFile(file, options);
  return (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
};

/** Ann and Bob, as the round sees them in round 1 (each the other's foe). */
function rig(ann: string, bob: string, options: Record<string, string> = {}) {
  const yaml = `ruleset: wfrp-cp
sides:
  - name: Ann
    combatants:
      - { name: Ann, use: human, ${ann} }
  - name: Bob
    combatants:
      - { name: Bob, use: human, ${bob} }
`;
  const st: CpState = newCpState(loadText(yaml, options).setup as CpSetup, dismountFall);
  st.round = 1;
  const [a, b] = st.combatants as [CpFighter, CpFighter];
  a.target = b;
  b.target = a;
  return { st, a, b };
}
const SWORD = `profile: { WS: 30, S: 3, T: 3, W: 8, I: 40, A: 1 }, abilities: { swords: 30, shields: { base: 10, advance: 20 } }`;

describe('the round, as the chain reads it from the engine', () => {
  it('the chance is the attack less the defence, W at 10 each; a much longer weapon halves the shorter one in the open (rule 16)', () => {
    const { st, a, b } = rig(`${SWORD}, weapons: [sword]`, `${SWORD}, weapons: [sword]`);
    const def = { cp: 20, wounds: 1, shield: 5, cover: 0 };
    expect(blowChance(st, { a, d: b, kind: 'strike', cp: 50 }, def).chance).toBe(50 - 20 - 10 - 5);
    // A dagger (1 m shorter or more than a halberd) tests half its CP; the halberd's defence is whole.
    const long = rig(
      `profile: { WS: 30, S: 3, T: 3, W: 8, I: 40, A: 1 }, abilities: { daggers-and-knives: 30 }, weapons: [dagger]`,
      `profile: { WS: 30, S: 3, T: 3, W: 8, I: 40, A: 1 }, abilities: { polearms: 30 }, weapons: [halberd]`,
    );
    const c = blowChance(long.st, { a: long.a, d: long.b, kind: 'strike', cp: 50 }, def);
    expect([c.halfA, c.attack, c.halfD, c.chance]).toEqual([true, 25, false, 25 - 35]);
  });

  it('what the defender may put up: CP to the cap, the pool, W; nothing but W from the rear; a dodge with the skill, once a round', () => {
    const { st, a, b } = rig(
      `${SWORD}, weapons: [sword]`,
      `${SWORD}, weapons: [sword, shield], skills: [dodge blow]`,
    );
    b.shieldLeft = 20;
    b.spent = 40;
    const room = defenceRoom(st, b, a, 'strike', false);
    expect(room).toMatchObject({ cpRoom: 60 - 40, poolRoom: 20, wRoom: 8, canDodge: true, nothing: false });
    expect(defenceRoom(st, b, a, 'strike', true)).toMatchObject({
      cpRoom: 0,
      poolRoom: 0,
      wRoom: 8,
      canDodge: false,
    });
    b.dodges = 1;
    expect(defenceRoom(st, b, a, 'strike', false).canDodge).toBe(false);
    // The dodge tests I less the armour's and the weapon's modifiers (rule 2).
    expect(dodgeTest(st, a, b)).toBe(40);
  });

  it("an attack spends what the tactics hold back from (40% while the foe has CP); Forceful blow's 10 more", () => {
    const { st, a, b } = rig(`${SWORD}, weapons: [sword]`, `${SWORD}, weapons: [sword]`);
    // CP 60, cap 60: 24 held back while Bob can strike, so 36.
    expect(attackAmount(st, a, b, 'strike', false)).toEqual({ most: 60, suggested: 36 });
    expect(mayStrikeForcefully(st, a, 'strike')).toBe(false);
    b.spent = 60;
    expect(attackAmount(st, a, b, 'strike', false).suggested).toBe(60);
  });

  it('the highest EI goes first; on equal EI the higher I, else a roll-off between the two', () => {
    const { st, a, b } = rig(`${SWORD}, weapons: [sword]`, `${SWORD}, weapons: [sword]`);
    expect(priority(st, a)).toBe(priority(st, b));
    expect(quickestOfTied(st, [a, b])).toEqual([a, b]);
    a.used = 1;
    expect(priority(st, a)).toBe(priority(st, b) - 20);
    // Equal EI, the I behind it unequal (a dagger's +10 against a sword's 0): the higher I goes first.
    const quick = rig(
      `profile: { WS: 30, S: 3, T: 3, W: 8, I: 50, A: 1 }, abilities: { swords: 30 }, weapons: [sword]`,
      `profile: { WS: 30, S: 3, T: 3, W: 8, I: 40, A: 1 }, abilities: { daggers-and-knives: 30 }, weapons: [dagger]`,
    );
    expect(priority(quick.st, quick.a)).toBe(priority(quick.st, quick.b));
    expect(quickestOfTied(quick.st, [quick.a, quick.b])).toEqual([quick.a]);
  });
});

describe('the exact duel', () => {
  it('solves the experiments with Sudden Death and no fumbles; the figures add up to one', () => {
    for (const f of ['sword-alone', 'sword-and-shield', 'two-swords', 'duel-all-out']) {
      const o = oddsOfFile(join(EXPERIMENTS, `${f}.yaml`), SD);
      expect(o.duel, `${f}: ${o.duelMethod}`).not.toBeNull();
      const d = o.duel as NonNullable<Odds['duel']>;
      expect((d.sides[0]?.win ?? NaN) + (d.sides[1]?.win ?? NaN) + d.draw).toBeCloseTo(1, 9);
      expect(o.duelMethod).toMatch(/^exact: a Markov chain/);
    }
  });

  it('the shield pays: the duellist does better with sword and shield than with the sword alone', () => {
    const win = (f: string) =>
      (oddsOfFile(join(EXPERIMENTS, `${f}.yaml`), SD).duel as NonNullable<Odds['duel']>).sides[0]?.win ?? NaN;
    expect(win('sword-and-shield')).toBeGreaterThan(win('sword-alone') + 0.05);
  });

  it('refuses what it does not carry, and says what to change', () => {
    const plain = oddsOfFile(join(EXPERIMENTS, 'sword-alone.yaml'));
    expect(plain.duel).toBeNull();
    expect(plain.duelMethod).toContain('use -o criticals=sudden-death');
    expect(plain.duelMethod).toContain('use -o fumbles=off');
    // In the base ruleset's words (one function says it for both).
    expect(plain.duelMethod).toContain(notCarried('detailed criticals', null));
    expect(plain.duelMethod).toContain(notCarried('fumbles', null));
    const ogre = oddsOfFile(join(ENCOUNTERS, 'ernst-and-the-ogre.yaml'), SD);
    expect(ogre.duelMethod).toContain('not one against one');
    const bombs = oddsOfFile(join(EXPERIMENTS, 'bombs-t3.yaml'), SD);
    expect(bombs.duelMethod).toContain('positions and movement');
    expect(bombs.duelMethod).toContain('missile weapon or bombs');
    expect(bombs.duelMethod).toContain('fray sim');
  });
});

describe('npm run agree, a short slice', () => {
  it('an example duel and two random ones agree with 20,000 simulated fights each, within the 99.9% interval', () => {
    const r = agreeSlice('wfrp-cp', { files: 'sword-and-shield.yaml' });
    expect(r.stdout).toMatch(/3 duels checked, 0 figures outside the 99.9% interval/);
    expect(r.status).toBe(0);
  }, 600_000);
});
