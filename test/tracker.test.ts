// The tracker (issue 16): the order this round with whose turn it is, W/HP with bars, conditions
// with rounds left, winning and losing, engagements, places, ammunition; the grid's board with
// each model's facing on its square and death zones on doorways.
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver, runFight, type Input } from '../src/core/index.js';
import { bar, drawTracker, trackerLine } from '../src/cli/tracker.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { RULESETS } from '../src/rulesets/index.js';
import { encounterPath, fray, loadFile, loadText, ROOT } from './helpers.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dice = (seed = 1) => new SeededDice(Rng.seeded(seed));

/** The fight stopped at its first question after the inputs, and the tracker there. */
function at(file: string, inputs: Input[] = [], seed = 1) {
  const l = loadFile(file);
  const r = runFight(l.ruleset, l.setup, { inputs, driver: new AskingDriver(dice(seed), () => true) });
  return { r, t: l.ruleset.tracker(r.state) };
}

describe('the tracker of every ruleset', () => {
  const examples = readdirSync(join(ROOT, 'data'))
    .filter((id) => RULESETS.has(id))
    .flatMap((id) =>
      readdirSync(join(ROOT, 'data', id, 'encounters'))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(ROOT, 'data', id, 'encounters', f)),
    );
  it('has a row for everyone, numbers that are numbers, and the order it says, through a whole fight', () => {
    expect(examples.length).toBeGreaterThan(20);
    for (const file of examples) {
      const l = loadFile(file);
      const r = runFight(l.ruleset, l.setup, { driver: new AutoDriver(dice(3)), maxRounds: 3 });
      const t = l.ruleset.tracker(r.state);
      expect(t.rows.map((x) => x.id).sort(), file).toEqual(r.state.combatants.map((c) => c.id).sort());
      for (const row of t.rows) {
        expect(row.gauges.length, `${file} ${row.name}`).toBeGreaterThan(0);
        for (const g of row.gauges)
          expect(Number.isFinite(g.value) && Number.isFinite(g.max), file).toBe(true);
        for (const c of row.conditions)
          if (c.roundsLeft !== undefined) expect(c.roundsLeft, `${file} ${c.name}`).toBeGreaterThanOrEqual(0);
      }
      // Those in the fight first, by the order number where there is one.
      const inFight = t.rows.filter((x) => x.out === null);
      expect(t.rows.slice(0, inFight.length)).toEqual(inFight);
      const numbers = inFight.map((x) => x.order?.value ?? 0);
      expect(numbers, file).toEqual([...numbers].sort((a, b) => b - a));
      expect(drawTracker(t, null).join('\n')).not.toMatch(/NaN|undefined/);
    }
  });
});

describe('WFRP 1e', () => {
  it('EI orders the round; a condition shows its rounds left; winning and losing after an exchange', () => {
    const file = encounterPath('helmut-and-the-skaven.yaml');
    const { t } = at(file, ['!set skaven prone 2 | slipped']);
    const skaven = t.rows.find((x) => x.id === 'skaven');
    expect(skaven?.conditions).toContainEqual({ name: 'prone', roundsLeft: 2 });
    expect(t.rows.map((x) => x.order?.label)).toEqual(['EI', 'EI']);
    // A whole round later somebody won the exchange (or it was even).
    const l = loadFile(file);
    const r = runFight(l.ruleset, l.setup, { driver: new AutoDriver(dice(2)), maxRounds: 1 });
    const after = l.ruleset.tracker(r.state);
    const standing = after.rows.map((x) => x.standing);
    const winner = r.state.combatants.find((c) => (c as unknown as { winning: boolean }).winning);
    if (winner) expect(after.rows.find((x) => x.id === winner.id)?.standing).toBe('winning');
    expect(standing.every((s) => s === null || s === 'winning' || s === 'losing')).toBe(true);
    expect(after.rows.find((x) => x.out === null)?.engaged.length).toBeGreaterThan(0);
  });
  it('shows loaded missile weapons and the ammunition left, and where each stands', () => {
    const { t } = at(encounterPath('archers-and-goblins.yaml'));
    const archer = t.rows.find((x) => x.name === 'Archer 1');
    expect(archer?.gear.some((g) => /bow (loaded|not loaded), \d+ left/.test(g))).toBe(true);
    expect(archer?.place).toMatch(/facing north; [\d.]+ yards from Goblin/);
  });
});

describe('the grid', () => {
  const map = ['#########', '#.......#', '#.A..+B.#', '#.......#', '#########'].join('\n');
  const enc = `ruleset: ahq-house
map: |
${map
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}
sides:
  - name: Heroes
    players: true
    combatants:
      - { name: Hero, at: A, facing: E, profile: { WS: 8, BS: 6, DS: 6, T: 7, W: 9, Sp: 6, St: 4, Br: 7 }, weapons: [sword] }
  - name: Orcs
    combatants:
      - { use: orc, at: B, facing: W }
`;
  it('draws each model with its facing on its square, and a death zone on a doorway', () => {
    const l = loadText(enc);
    const st = l.ruleset.create(l.setup);
    const t = l.ruleset.tracker(st);
    const board = (t.board ?? []).join('\n');
    // The orc at (6, 2) faces west: its death zone takes in the door at (5, 2).
    expect(board).toContain('A>');
    expect(board).toContain('+*B<');
    expect(board).toMatch(/^ {3}0 1 2 3 4 5 6 7 8$/m);
    expect(t.rows.find((x) => x.name === 'Hero')?.place).toBe('(2, 2) facing east');
    expect(t.rows.find((x) => x.name === 'Orc')?.conditions).toEqual([]);
  });
});

describe('drawing', () => {
  it('bars are full at the most and empty at 0 or below', () => {
    expect(bar({ label: 'W', value: 8, max: 8 })).toBe('██████████');
    expect(bar({ label: 'W', value: 4, max: 8 })).toBe('█████░░░░░');
    expect(bar({ label: 'HP', value: -3, max: 10 })).toBe('░░░░░░░░░░');
  });
  it('marks whose turn it is, in the full tracker and the line', () => {
    const { r, t } = at(encounterPath('demo.yaml'), ['fight', 'fight', 'fight', 'fight', 'fight']);
    const who = r.pending?.actor ?? null;
    expect(who).not.toBeNull();
    const name = r.state.combatants.find((c) => c.id === who)?.name as string;
    expect(drawTracker(t, who).some((l) => l.startsWith(`▶ ${name}`))).toBe(true);
    expect(trackerLine(t, who)).toContain(`▶${name} W `);
  });
});

describe('through the fray command', () => {
  it('status prints the tracker; --tracker a line after each turn; tracker off stops it', async () => {
    const r = await fray(
      ['fight', encounterPath('demo.yaml'), '-i', '--auto', 'Orcs', '--tracker', '--seed', '2', '--no-cites'],
      ['', '', 'status', 'tracker off', '', '', 'quit'],
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Round 1 — order: EI, highest first/);
    expect(r.out).toMatch(/▶ \w+ +Adventurers +EI \d+ +W 8\/8 ██████████/);
    expect(r.out).toMatch(/\[round 1\] .*▶/);
    expect(r.out).toContain('The tracker line is off.');
    const after = r.out.slice(r.out.indexOf('The tracker line is off.'));
    expect(after).not.toContain('[round ');
  });
  it('--tracker goes with --interactive', async () => {
    const r = await fray(['fight', encounterPath('demo.yaml'), '--tracker']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--tracker goes with --interactive');
  });
  it('fight --json carries the tracker at the end', async () => {
    const r = await fray(['fight', encounterPath('demo.yaml'), '--seed', '1', '--json']);
    const j = JSON.parse(r.out) as { tracker: { rows: { gauges: { label: string }[] }[] } };
    expect(j.tracker.rows[0]?.gauges[0]?.label).toBe('W');
  });
});
