// Exact odds (fray odds) against the engine itself: enumeration and simulation must agree.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encounterPath, fray, loadFile, ROOT } from './helpers.js';

const examples = (name: string) => join(ROOT, 'data', 'wfrp1e', 'examples', name);
const SD = examples('reference-duel-sudden-death.yaml');
const REF = examples('reference-duel.yaml');

/**
 * The exact value lies within the simulation's interval widened from 95% to 99.9% (z 3.29 for
 * 1.96): with a dozen such checks, a 95% interval would miss now and then by chance alone.
 */
function inside(x: number, ci: [number, number]): void {
  const mid = (ci[0] + ci[1]) / 2;
  const half = ((ci[1] - ci[0]) / 2) * (3.29 / 1.96);
  expect(x, `${x} outside ${mid - half} – ${mid + half}`).toBeGreaterThanOrEqual(mid - half);
  expect(x, `${x} outside ${mid - half} – ${mid + half}`).toBeLessThanOrEqual(mid + half);
}

describe('fray odds', () => {
  it('one blow: the chance to hit is the share of D100 rolls at or under WS; locations and wounds add up', () => {
    const { ruleset, setup } = loadFile(REF);
    const o = (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
    const w = o.blows.find((b) => b.attacker === 'Warrior') as (typeof o.blows)[number];
    expect(w.need).toBe(41);
    expect(w.hit).toBeCloseTo(0.41, 12);
    expect(w.locations.reduce((n, l) => n + l.p, 0)).toBeCloseTo(0.41, 12);
    expect(w.wounds.reduce((n, x) => n + x.p, 0)).toBeCloseTo(0.41, 9);
    // D6 + S 3 − T 4: a 1 does nothing, so one hit in six leaves no wound.
    expect(w.wounds[0]).toEqual({ value: 0, p: expect.closeTo(0.41 / 6, 12) });
    expect(w.critical).toBeGreaterThan(0);
    expect(w.killed).toBeLessThanOrEqual(w.critical);
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toContain('fumbles=off');
  });

  it('one blow agrees with the engine: the first blow of 20,000 one-round fights', async () => {
    const { ruleset, setup } = loadFile(SD);
    const o = (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup);
    const w = o.blows.find((b) => b.attacker === 'Warrior') as (typeof o.blows)[number];
    // The Warrior (I 40) strikes before the Orc (I 20): his blow is the first, at the Orc's full W.
    const j = JSON.parse(
      (await fray(['sim', SD, '--runs', '20000', '--seed', '4', '--max-rounds', '1', '--json'])).out,
    );
    const warrior = j.combatants.find((c: { name: string }) => c.name === 'Warrior');
    const orc = j.combatants.find((c: { name: string }) => c.name === 'Orc');
    inside(w.hit, warrior.stats.hits.ci95);
    inside(w.meanWounds, warrior.stats.woundsDealt.ci95);
    inside(1 - w.killed, orc.survived.ci95);
  });

  it('the duel: the exact chain and 40,000 simulated fights agree within the interval', async () => {
    const r = await fray(['odds', SD, '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(o.schema).toBe('fray-odds/1');
    expect(o.duelMethod).toMatch(/^exact: a Markov chain/);
    const d = o.duel;
    expect(d.sides[0].win + d.sides[1].win + d.draw).toBeCloseTo(1, 9);
    const j = JSON.parse((await fray(['sim', SD, '--runs', '40000', '--seed', '9', '--json'])).out);
    inside(d.sides[0].win, j.sides[0].ci95);
    inside(d.sides[1].win, j.sides[1].ci95);
    inside(d.meanRounds, j.rounds.ci95);
  });

  it('says why the fight is not computed exactly', async () => {
    const r = await fray(['odds', encounterPath('demo.yaml')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('not one against one');
    const { ruleset, setup } = loadFile(SD);
    const odds = ruleset.odds as NonNullable<typeof ruleset.odds>;
    expect(odds(setup).duel).not.toBeNull();
    // The rule options move the blows, and the chain follows them; what it refuses is said.
    for (const [opt, value] of [
      ['multipleAttacks', 'simplified'],
      ['effectiveInitiative', 'on'],
    ] as const) {
      expect(odds(loadFile(SD, { [opt]: value }).setup).duel).not.toBeNull();
    }
    expect(odds(loadFile(SD, { criticals: 'detailed' }).setup).duelMethod).toContain(
      'use -o criticals=sudden-death',
    );
  });

  it('the round cap shortens the chain: at 2 rounds most duels are unfinished draws', () => {
    const { ruleset, setup } = loadFile(SD);
    const d = (ruleset.odds as NonNullable<typeof ruleset.odds>)(setup, 2).duel as NonNullable<
      ReturnType<NonNullable<typeof ruleset.odds>>['duel']
    >;
    expect(d.draw).toBeGreaterThan(0.8);
    expect(d.meanRounds).toBeLessThanOrEqual(2);
  });

  it('a shield counts in the chain as in the engine (1 AP everywhere)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-odds-'));
    const file = join(dir, 'shield.yaml');
    writeFileSync(
      file,
      readFileSync(SD, 'utf8').replace('        weapons: [sword]\n', '        weapons: [sword, shield]\n'),
    );
    const o = JSON.parse((await fray(['odds', file, '--json'])).out);
    const j = JSON.parse((await fray(['sim', file, '--runs', '40000', '--seed', '2', '--json'])).out);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
    expect(o.duel.sides[0].win).toBeGreaterThan(0.6);
  });

  it('Combat Points: one all-out blow against no defence agrees with the first blow of 20,000 one-round fights', async () => {
    const all = join(ROOT, 'data', 'wfrp-cp', 'encounters', 'experiments', 'duel-all-out.yaml');
    const opts = ['-o', 'criticals=sudden-death', '-o', 'fumbles=off'];
    const o = JSON.parse((await fray(['odds', all, ...opts, '--json'])).out);
    const ann = o.blows.find(
      (b: { attacker: string; defender: string }) => b.attacker === 'Ann' && b.defender === 'Bob',
    );
    // Ann: WS 35 + Swords 30 = 65 CP at most an action, against none: 65%.
    expect(ann.hit).toBeCloseTo(0.65, 12);
    // The whole duel is solved too (test/wfrp-cp/exact-duel.test.ts holds it against the simulation).
    expect(o.duelMethod).toMatch(/^exact: a Markov chain/);
    const j = JSON.parse(
      (await fray(['sim', all, ...opts, '--runs', '20000', '--seed', '3', '--max-rounds', '1', '--json']))
        .out,
    );
    const annSim = j.combatants.find((c: { name: string }) => c.name === 'Ann');
    const bobSim = j.combatants.find((c: { name: string }) => c.name === 'Bob');
    expect(annSim.stats.blows.mean).toBe(1);
    inside(ann.hit, annSim.stats.hits.ci95);
    inside(1 - ann.killed, bobSim.survived.ci95);
  });
});

describe('fray odds: OpenQuest', () => {
  const duelFile = join(ROOT, 'data', 'openquest', 'encounters', 'duel.yaml');
  it('one attack: the test against the reaction, cell by cell, adds up; the duel agrees with 40,000 simulated fights', async () => {
    const o = JSON.parse((await fray(['odds', duelFile, '--json'])).out);
    const s = o.blows.find((b: { attacker: string }) => b.attacker === 'Swordsman');
    // Close 60 against the orc's parry (Close 50): damage gets through when the attack succeeds and the parry fails, or on any critical but against a critical.
    expect(s.need).toBe(60);
    expect(s.critical).toBeCloseTo(0.05, 12);
    expect(s.wounds.reduce((n: number, w: { p: number }) => n + w.p, 0)).toBeCloseTo(s.hit, 12);
    expect(o.duelMethod).toMatch(/^exact: a Markov chain over \(HP of each/);
    const j = JSON.parse((await fray(['sim', duelFile, '--runs', '40000', '--seed', '5', '--json'])).out);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
    inside(o.duel.meanRounds, j.rounds.ci95);
  });

  it('a fighter with only fists cannot parry, in the odds as in the engine: it dodges', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-oq-'));
    const file = join(dir, 'brawl.yaml');
    const person = (name: string, close: number, dodge: number, weapon: string) =>
      `      - name: ${name}\n        characteristics: { STR: 12, CON: 12, SIZ: 12, DEX: 12, INT: 12, POW: 12, CHA: 12 }\n        skills: { close: ${close}, dodge: ${dodge}, unarmed: 50 }\n        weapons: [${weapon}]\n`;
    writeFileSync(
      file,
      `ruleset: openquest\nsides:\n  - name: A\n    combatants:\n${person('Ann', 60, 30, 'shortsword')}  - name: B\n    combatants:\n${person('Bob', 90, 10, 'fist')}`,
    );
    const o = JSON.parse((await fray(['odds', file, '--json'])).out);
    const ann = o.blows.find((b: { attacker: string }) => b.attacker === 'Ann');
    // Bob dodges at 10%: Ann's 60 gets through far more often than against a parry at 90.
    expect(ann.hit).toBeGreaterThan(0.5);
    const j = JSON.parse((await fray(['sim', file, '--runs', '20000', '--seed', '8', '--json'])).out);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
  });

  it('at ranged distance: the bow shoots, the swordsman strikes only once closed in, and the chain follows the closing in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-oq-'));
    const file = join(dir, 'apart.yaml');
    const person = (name: string, weapons: string) =>
      `      - name: ${name}\n        characteristics: { STR: 12, CON: 12, SIZ: 12, DEX: 12, INT: 12, POW: 12, CHA: 12 }\n        skills: { close: 38, ranged: 55, unarmed: 27, dodge: 20 }\n        weapons: [${weapons}]\n`;
    writeFileSync(
      file,
      `ruleset: openquest\ndistance: ranged\nsides:\n  - name: A\n    combatants:\n${person('Ann', 'longbow')}  - name: B\n    combatants:\n${person('Bob', 'shortsword')}`,
    );
    const o = JSON.parse((await fray(['odds', file, '--json'])).out);
    const ann = o.blows.find((b: { attacker: string }) => b.attacker === 'Ann');
    const bob = o.blows.find((b: { attacker: string }) => b.attacker.startsWith('Bob'));
    expect(ann.need).toBe(55);
    expect(bob.attacker).toBe('Bob (once closed in: no missile weapon)');
    expect(bob.need).toBe(38);
    expect(o.duelMethod).toMatch(
      /^exact: a Markov chain over \(HP of each, actions lost to fumbles, the distance/,
    );
    const j = JSON.parse((await fray(['sim', file, '--runs', '20000', '--seed', '9', '--json'])).out);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
  });

  it("a weapon's dice modifier and a Master's dodge in the enumeration: the dagger's 1D4+1, critical against critical only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-oq-'));
    const file = join(dir, 'dagger.yaml');
    const person = (name: string, dodge: number, weapon: string) =>
      `      - name: ${name}\n        characteristics: { STR: 12, CON: 12, SIZ: 12, DEX: 12, INT: 12, POW: 12, CHA: 12 }\n        skills: { close: 60, dodge: ${dodge} }\n        weapons: [${weapon}]\n`;
    writeFileSync(
      file,
      `ruleset: openquest\nsides:\n  - name: A\n    combatants:\n${person('Ann', 30, 'dagger')}  - name: B\n    combatants:\n${person('Bob', 100, 'fist')}`,
    );
    const ann = (o: { blows: { attacker: string; hit: number; wounds: { value: number; p: number }[] }[] }) =>
      o.blows.find((b) => b.attacker === 'Ann');
    // Bob dodges at 100%, a Master: every dodge a critical, so only Ann's criticals (11 … 55) get through, rolled.
    const master = ann(JSON.parse((await fray(['odds', file, '--json'])).out));
    expect(master?.hit).toBeCloseTo(0.05, 12);
    expect(master?.wounds.map((w) => w.value)).toEqual([2, 3, 4, 5]);
    for (const w of master?.wounds ?? []) expect(w.p).toBeCloseTo(0.0125, 12);
    // As anyone's: Ann's successes get through on Bob's failed or fumbled dodges too.
    const plain = ann(JSON.parse((await fray(['odds', file, '-o', 'mastery=none', '--json'])).out));
    expect(plain?.hit).toBeGreaterThan(0.05);
  });

  it('without the fumble option the chain follows the engine too', async () => {
    const o = JSON.parse((await fray(['odds', duelFile, '-o', 'fumbles=none', '--json'])).out);
    const j = JSON.parse(
      (await fray(['sim', duelFile, '-o', 'fumbles=none', '--runs', '40000', '--seed', '6', '--json'])).out,
    );
    inside(o.duel.meanRounds, j.rounds.ci95);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
  });

  it('says why a bigger fight is left to simulation', async () => {
    const o = JSON.parse(
      (
        await fray([
          'odds',
          join(ROOT, 'data', 'openquest', 'encounters', 'bandits-at-the-ford.yaml'),
          '--json',
        ])
      ).out,
    );
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toContain('not one against one');
    expect(o.blows.length).toBe(12);
  });
});

// The Fantasy Wargaming chain carries morale, weapons in hand and exhaustion: a duel-bare solve is
// some 20 million steps, seconds each (docs/performance.md), more on a busy machine.
describe('fray odds: Fantasy Wargaming', { timeout: 240_000 }, () => {
  const bare = join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel-bare.yaml');
  it('one blow: luck die and Striking Table in the column add up; the bare duel agrees with 30,000 simulated fights', async () => {
    const o = JSON.parse((await fray(['odds', bare, '--json'])).out);
    const w = o.blows.find((b: { attacker: string }) => b.attacker === 'Wulfstan');
    // WF 5 (see the sheet), no first strike: column 5 + luck; our D20 table hits from 15 − column.
    const hit = [-2, -1, 0, 0, 1, 2].reduce((n, l) => n + (20 - (15 - (5 + l)) + 1) / 20 / 6, 0);
    expect(w.hit).toBeCloseTo(hit, 12);
    expect(w.wounds.reduce((n: number, x: { p: number }) => n + x.p, 0)).toBeCloseTo(w.hit, 12);
    expect(w.locations.reduce((n: number, x: { p: number }) => n + x.p, 0)).toBeCloseTo(w.hit, 12);
    expect(o.duelMethod).toMatch(
      /^exact: a Markov chain over each fighter's endurance, weapon and shield in hand/,
    );
    const total = o.duel.sides[0].win + o.duel.sides[1].win + o.duel.draw;
    expect(total).toBeCloseTo(1, 9);
    const j = JSON.parse((await fray(['sim', bare, '--runs', '30000', '--seed', '8', '--json'])).out);
    inside(o.duel.sides[0].win, j.sides[0].ci95);
    inside(o.duel.sides[1].win, j.sides[1].ci95);
    inside(o.duel.meanRounds, j.rounds.ci95);
  });

  it('with first strikes (firstStrike=4) the chain still follows the engine, counter-attacks and all', async () => {
    const o = JSON.parse((await fray(['odds', bare, '-o', 'firstStrike=4', '--json'])).out);
    const j = JSON.parse(
      (await fray(['sim', bare, '-o', 'firstStrike=4', '--runs', '30000', '--seed', '9', '--json'])).out,
    );
    inside(o.duel.sides[0].win, j.sides[0].ci95);
    inside(o.duel.sides[1].win, j.sides[1].ci95);
    inside(o.duel.meanRounds, j.rounds.ci95);
  });

  it('a chain past the budget (endurance 40 against 40) stops within it, is left to simulation, and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-fw-'));
    const file = join(dir, 'big.yaml');
    const bare = readFileSync(
      join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel-bare.yaml'),
      'utf8',
    );
    writeFileSync(file, bare.replace(/endurance: \d+/g, 'endurance: 40'));
    const o = JSON.parse((await fray(['odds', file, '--json'])).out);
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toMatch(
      /^not computed: the chain passed its budget of [\d,]+ steps \(about 4 s of work\) in round \d+, at [\d,]+ states; fewer W, HP or endurance make it smaller, and fray sim estimates it$/,
    );
    expect(o.blows.length).toBe(2);
  });

  it('names what keeps a fight out of the chain', async () => {
    const o = JSON.parse(
      (await fray(['odds', join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'raid.yaml'), '--json']))
        .out,
    );
    expect(o.duel).toBeNull();
    // Of a fight of many, that it is no duel is all there is to say.
    expect(o.duelMethod).toBe('not computed: not one against one (3 against 2); fray sim estimates it');
    expect(o.blows.length).toBe(12);
    const duel = JSON.parse(
      (
        await fray([
          'odds',
          join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel-bare.yaml'),
          '-o',
          'morale=on',
          '--json',
        ])
      ).out,
    );
    // Morale is within the chain now: what is left to say is its budget, never morale.
    expect(duel.duelMethod).toMatch(/^(exact: a Markov chain|not computed: the chain passed its budget)/);
    expect(duel.duelMethod).not.toContain('morale');
  });
});

describe('fray odds: one budget bounds the pairs listed and the chains solved (issue 29)', () => {
  it('refuses 250 against 250 at once, saying how many pairs and what to narrow; prints nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-odds-'));
    const file = join(dir, 'armies.yaml');
    const side = (name: string, use: string) =>
      `  - name: ${name}\n    combatants:\n${[100, 100, 50].map((n) => `      - { use: ${use}, count: ${n} }`).join('\n')}\n`;
    writeFileSync(
      file,
      `ruleset: wfrp1e\ntitle: Two armies\nsides:\n${side('Men', 'human')}${side('Orcs', 'orc')}`,
    );
    const r = await fray(['odds', file]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('at most 800; this encounter has 125,000 (250 against 250)');
    expect(r.err).toContain('Narrow it to the combatants you ask about');
  });

  it('lists exactly as many pairs as the budget holds, and refuses one more', async () => {
    const { foePairs, ODDS_BUDGET, OddsBudgetError } = await import('../src/core/odds.js');
    const army = (a: number, b: number) => [
      ...Array.from({ length: a }, () => ({ side: 0 })),
      ...Array.from({ length: b }, () => ({ side: 1 })),
    ];
    expect(ODDS_BUDGET.pairs).toBe(800);
    // 20 against 20 is 800 pairs (each way); 20 against 21 is 840.
    expect(foePairs(army(20, 20)).length).toBe(800);
    expect(() => foePairs(army(20, 21))).toThrow(OddsBudgetError);
    expect(() => foePairs(army(20, 21))).toThrow('this encounter has 840 (20 against 21)');
  });

  it('a hundred harpies: every blow listed, the fight said to be no duel in a few words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-odds-'));
    const file = join(dir, 'harpies.yaml');
    writeFileSync(
      file,
      'ruleset: wfrp1e\ntitle: Harpies\nsides:\n  - name: Travellers\n    combatants:\n      - { name: Helga, use: human, weapons: [spear] }\n  - name: Harpies\n    combatants:\n      - { use: harpy, count: 100 }\n',
    );
    const o = JSON.parse((await fray(['odds', file, '--json'])).out);
    expect(o.blows.length).toBe(200);
    expect(o.duelMethod).toBe(
      'not computed exactly: not one against one (1 against 100). Use fray sim for the whole fight.',
    );
  });

  it('a round cap of 100,000 costs nothing: the chains stop once what is undecided is negligible', () => {
    for (const file of [
      SD,
      join(ROOT, 'data', 'openquest', 'encounters', 'duel.yaml'),
      join(ROOT, 'data', 'fantasy-wargaming', 'encounters', 'duel-bare.yaml'),
    ]) {
      const { ruleset, setup } = loadFile(file);
      const odds = ruleset.odds as NonNullable<typeof ruleset.odds>;
      const capped = odds(setup, 100).duel;
      const long = odds(setup, 100_000).duel;
      expect(long, file).not.toBeNull();
      expect(long?.sides.map((x) => x.win.toFixed(12))).toEqual(capped?.sides.map((x) => x.win.toFixed(12)));
      // What is left undecided (below 1e-13) counts as lasting to the cap: 1e-13 × 100,000 rounds at most.
      expect(long?.meanRounds).toBeCloseTo(capped?.meanRounds ?? 0, 6);
    }
    // Fantasy Wargaming's duel-bare.yaml is some 20 million steps each time (docs/performance.md).
  }, 300_000);

  it('a chain stops where its budget ends: a step past it is refused, the steps before it are not', async () => {
    const { ChainBudget, ODDS_BUDGET } = await import('../src/core/odds.js');
    const b = new ChainBudget(1000);
    expect(b.spend(ODDS_BUDGET.seconds * 1000)).toBe(true);
    expect(b.spend(1)).toBe(false);
    expect(b.refusal(3, 1234)).toContain(
      'budget of 4,000 steps (about 4 s of work) in round 3, at 1,234 states',
    );
  });
});

describe('fray odds: ahq-house', () => {
  it('one blow: the damage dice, a 12 rolling one more, agree with counting every roll', async () => {
    const { woundDistribution } = await import('../src/rulesets/ahq-house/odds.js');
    // Follow every sequence of 2 dice against T 5 (1–4 nothing, 5–11 a wound, 12 a wound and one more die), to 14 dice deep.
    const counted = new Map<number, number>();
    const go = (left: number, wounds: number, p: number, depth: number) => {
      if (left === 0 || depth === 14) return void counted.set(wounds, (counted.get(wounds) ?? 0) + p);
      go(left - 1, wounds, (p * 4) / 12, depth + 1);
      go(left - 1, wounds + 1, (p * 7) / 12, depth + 1);
      go(left, wounds + 1, p / 12, depth + 1);
    };
    go(2, 0, 1, 0);
    const exact = woundDistribution(2, 5, true);
    for (const [k, p] of counted) expect(exact.get(k) ?? 0).toBeCloseTo(p, 9);
    expect([...exact.values()].reduce((n, p) => n + p, 0)).toBeCloseTo(1, 12);
    const o = JSON.parse(
      (await fray(['odds', join(ROOT, 'data', 'ahq-house', 'encounters', 'crypt.yaml'), '--json'])).out,
    );
    const b = o.blows.find(
      (x: { attacker: string; defender: string }) => x.attacker === 'Barbarian' && x.defender === 'Orc 1',
    );
    // WS 8 against the orc's DS 6 + 1 shield: 7 + 7 − 8 = 6: rolls 6..12 hit.
    expect(b.need).toBe(6);
    expect(b.hit).toBeCloseTo(7 / 12, 12);
    expect(b.critical).toBeCloseTo(1 / 12, 12);
    expect(b.wounds.reduce((n: number, x: { p: number }) => n + x.p, 0)).toBeCloseTo(b.hit, 9);
    // Six models: the chain solves only two in contact.
    expect(o.duel).toBeNull();
    expect(o.duelMethod).toContain('not one against one (2 against 4)');
  });
});
