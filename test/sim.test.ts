// Simulation at scale: the same totals whatever the workers, the stopping rule, shards and their
// merge, a failed run's address, and the totals' arithmetic.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tailStart } from '../src/sim/report.js';
import type { Ruleset, SetupCore } from '../src/core/ruleset.js';
import type { FightState } from '../src/core/state.js';
import { Streams } from '../src/dice/index.js';
import { BLOCK, RunError, runBlock, rosterOf, runVariantsBlock } from '../src/sim/run.js';
import { Totals, type RunRecord } from '../src/sim/totals.js';
import { gridOf, parseAxis } from '../src/sim/sweep.js';
import { csvCell } from '../src/core/csv.js';
import { encounterPath, fray, loadFile, ROOT } from './helpers.js';

const demo = encounterPath('demo.yaml');
const duel = encounterPath('helmut-and-the-skaven.yaml');
const tmp = () => mkdtempSync(join(tmpdir(), 'fray-sim-'));

describe('fray sim on worker threads', () => {
  it('prints the same numbers with 1 worker and with 2 (run i always on substream i)', async () => {
    const one = await fray(['sim', demo, '--runs', '2500', '--seed', '11', '--workers', '1', '--json']);
    const two = await fray(['sim', demo, '--runs', '2500', '--seed', '11', '--workers', '2', '--json']);
    expect(one.code).toBe(0);
    expect(two.err).toBe('');
    expect(two.out).toBe(one.out);
    const j = JSON.parse(one.out);
    expect(j.runs).toBe(2500);
    expect(j.sides[0].wins + j.sides[1].wins + j.draws).toBe(2500);
  });

  it('reports per combatant and the rounds distribution', async () => {
    const j = JSON.parse(
      (await fray(['sim', demo, '--runs', '400', '--seed', '2', '--workers', '1', '--json'])).out,
    );
    expect(j.combatants.map((c: { name: string }) => c.name)).toEqual([
      'Helmut',
      'Skallier',
      'Orc 1',
      'Orc 2',
      'Goblin',
    ]);
    const helmut = j.combatants[0];
    expect(helmut.side).toBe('Adventurers');
    for (const k of ['woundsDealt', 'woundsTaken', 'criticalsDealt', 'criticalsTaken', 'fumbles'])
      expect(helmut.stats[k].mean).toBeGreaterThanOrEqual(0);
    expect(helmut.survived.rate).toBeGreaterThan(0);
    expect(helmut.survived.ci95[0]).toBeLessThanOrEqual(helmut.survived.rate);
    const fights = j.rounds.distribution.reduce((n: number, d: { fights: number }) => n + d.fights, 0);
    expect(fights).toBe(400);
    const mean =
      j.rounds.distribution.reduce(
        (n: number, d: { rounds: number; fights: number }) => n + d.rounds * d.fights,
        0,
      ) / 400;
    expect(j.meanRounds).toBeCloseTo(mean, 10);
  });

  it('--until-ci stops at the first block where every interval is that narrow, the same with any workers', async () => {
    const a = JSON.parse(
      (
        await fray([
          'sim',
          duel,
          '--runs',
          '100000',
          '--seed',
          '5',
          '--until-ci',
          '0.02',
          '--workers',
          '1',
          '--json',
        ])
      ).out,
    );
    const b = JSON.parse(
      (
        await fray([
          'sim',
          duel,
          '--runs',
          '100000',
          '--seed',
          '5',
          '--until-ci',
          '0.02',
          '--workers',
          '2',
          '--json',
        ])
      ).out,
    );
    expect(a).toEqual(b);
    expect(a.untilCi).toEqual({ target: 0.02, reached: true });
    expect(a.runs % BLOCK).toBe(0);
    expect(a.runs).toBeLessThan(100000);
    for (const s of a.sides) expect((s.ci95[1] - s.ci95[0]) / 2).toBeLessThanOrEqual(0.02);
    // One block fewer was not narrow enough.
    const shorter = JSON.parse(
      (await fray(['sim', duel, '--runs', String(a.runs - BLOCK), '--seed', '5', '--workers', '1', '--json']))
        .out,
    );
    const widest = Math.max(
      ...[...shorter.sides.map((s: { ci95: number[] }) => s.ci95), shorter.drawRate.ci95].map(
        (c: number[]) => ((c[1] as number) - (c[0] as number)) / 2,
      ),
    );
    expect(widest).toBeGreaterThan(0.02);
  });

  it('fray fight --run i plays fight i exactly as the simulation did', async () => {
    const { ruleset, setup } = loadFile(demo);
    const streams = new Streams(9);
    for (const i of [0, 3, 41]) {
      const t = runBlock(ruleset, setup, 2, i, i + 1, streams);
      const f = JSON.parse((await fray(['fight', demo, '--seed', '9', '--run', String(i), '--json'])).out);
      expect(f.outcome.rounds).toBe(t.rounds.findIndex((n) => n > 0));
      const winner = t.wins.findIndex((n) => n > 0);
      expect(f.outcome.winner).toBe(winner < 0 ? null : ['Adventurers', 'Orcs'][winner]);
    }
  });

  it('a fight that fails names its seed and run, to be replayed with fray fight --run', () => {
    const { ruleset, setup } = loadFile(demo);
    let fights = 0;
    const breaking: Ruleset<SetupCore, FightState> = {
      ...ruleset,
      start(st, ctx) {
        if (fights++ === 2) throw new Error('boom');
        ruleset.start(st, ctx);
      },
    };
    expect(() => runBlock(breaking, setup, 2, 0, 5, new Streams(5))).toThrow(RunError);
    fights = 0;
    expect(() => runBlock(breaking, setup, 2, 0, 5, new Streams(5))).toThrow(
      'run 2 of seed 5 failed: boom (reproduce it with fray fight FILE --seed 5 --run 2)',
    );
  });

  it('rejects bad numbers for the new options, with exit code 2', async () => {
    for (const args of [
      ['--workers', '0'],
      ['--until-ci', '0.7'],
      ['--until-ci', 'x'],
      ['--shard', '3/2', '--out', join(tmp(), 'p.json')],
      ['--shard', '1/2'],
    ]) {
      const r = await fray(['sim', demo, '--runs', '10', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^fray: /);
    }
  });
});

describe('shards and fray merge', () => {
  it('N shards merged give exactly the totals of one whole run', async () => {
    const dir = tmp();
    const parts: string[] = [];
    for (const k of [1, 2, 3]) {
      const p = join(dir, `part-${k}.json`);
      const r = await fray([
        'sim',
        demo,
        '--runs',
        '2600',
        '--seed',
        '4',
        '--shard',
        `${k}/3`,
        '--out',
        p,
        '--workers',
        k === 2 ? '2' : '1',
      ]);
      expect(r.code).toBe(0);
      parts.push(p);
    }
    const whole = await fray(['sim', demo, '--runs', '2600', '--seed', '4', '--json']);
    const merged = await fray(['merge', ...parts.reverse(), '--json']);
    expect(merged.code).toBe(0);
    // The merge has the parts, not the encounter: all but the data note is the same, to the byte.
    const { data, ...rest } = JSON.parse(whole.out);
    expect(data.length).toBeGreaterThan(0);
    expect(merged.out).toBe(`${JSON.stringify(rest)}\n`);
  });

  it('refuses missing, repeated and foreign parts, naming the file', async () => {
    const dir = tmp();
    const part = (name: string, seed: string, shard: string) => {
      const p = join(dir, name);
      return fray([
        'sim',
        demo,
        '--runs',
        '1000',
        '--seed',
        seed,
        '--shard',
        shard,
        '--out',
        p,
        '--workers',
        '1',
      ]).then(() => p);
    };
    const a = await part('a.json', '1', '1/2');
    const b = await part('b.json', '1', '2/2');
    const other = await part('c.json', '2', '2/2');
    const missing = await fray(['merge', a]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('shards missing: 2/2');
    const twice = await fray(['merge', a, b, b]);
    expect(twice.err).toContain('shard 2/2 is given twice');
    const foreign = await fray(['merge', a, other]);
    expect(foreign.code).toBe(2);
    expect(foreign.err).toContain('c.json');
    expect(foreign.err).toContain('not a part of the same run');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, readFileSync(a, 'utf8').replace('"draws":', '"draws":-1,"x":'));
    const broken = await fray(['merge', bad, b]);
    expect(broken.code).toBe(2);
    expect(broken.err).toContain('bad.json');
  });
});

describe('totals', () => {
  const record = fc.record({
    winner: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    rounds: fc.integer({ min: 1, max: 40 }),
    combatants: fc.array(
      fc.record({
        out: fc.constantFrom(null, 'dead', 'fled', 'unconscious'),
        side: fc.integer({ min: 0, max: 2 }),
        stats: fc.record({
          woundsTaken: fc.integer({ min: 0, max: 30 }),
          fumbles: fc.integer({ min: 0, max: 3 }),
        }),
      }),
      { minLength: 2, maxLength: 2 },
    ),
    tallies: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 1 }),
  });

  it('adding up in any grouping and order gives the same totals (whole-number sums)', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        (recs, k) => {
          const all = new Totals(3);
          for (const r of recs) all.add(r as RunRecord, ['t']);
          const groups: Totals[] = [];
          recs.forEach((r, i) => (groups[i % k] ??= new Totals(3)).add(r as RunRecord, ['t']));
          const merged = new Totals(3);
          for (const g of [...groups].reverse()) if (g) merged.merge(g.toJSON());
          expect(merged.toJSON()).toEqual(all.toJSON());
        },
      ),
    );
  });

  it('rosterOf names the combatants without playing a round', () => {
    const { ruleset, setup } = loadFile(demo);
    const r = rosterOf(ruleset, setup);
    expect(r.sides).toEqual(['Adventurers', 'Orcs']);
    expect(r.combatants).toHaveLength(5);
  });
});

describe('fray compare: two variants on the same dice', () => {
  it('a variant against itself differs by exactly nothing (the same dice give the same fights)', async () => {
    const r = await fray([
      'compare',
      demo,
      '--a',
      'criticals=detailed',
      '--b',
      'criticals=detailed',
      '--runs',
      '1000',
      '--seed',
      '3',
      '--workers',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.schema).toBe('fray-compare/1');
    for (const d of [...j.difference.sides, j.difference.draws])
      expect(d).toMatchObject({ diff: 0, ci95: [0, 0] });
    expect(j.difference.meanRounds.diff).toBe(0);
  });

  it("each variant's figures are those of fray sim with the same seed; the difference is paired run by run", async () => {
    const j = JSON.parse(
      (
        await fray([
          'compare',
          demo,
          '--a',
          'criticals=detailed',
          '--b',
          'criticals=sudden-death',
          '--runs',
          '2000',
          '--seed',
          '8',
          '--workers',
          '2',
          '--json',
        ])
      ).out,
    );
    const simA = JSON.parse(
      (
        await fray([
          'sim',
          demo,
          '-o',
          'criticals=detailed',
          '--runs',
          '2000',
          '--seed',
          '8',
          '--workers',
          '1',
          '--json',
        ])
      ).out,
    );
    const simB = JSON.parse(
      (
        await fray([
          'sim',
          demo,
          '-o',
          'criticals=sudden-death',
          '--runs',
          '2000',
          '--seed',
          '8',
          '--workers',
          '1',
          '--json',
        ])
      ).out,
    );
    expect({ ...j.a.summary, data: j.data.a }).toEqual(simA);
    expect({ ...j.b.summary, data: j.data.b }).toEqual(simB);
    const d = j.difference.sides[0];
    expect(d.diff).toBeCloseTo(simB.sides[0].winRate - simA.sides[0].winRate, 12);
    expect(d.ci95[0]).toBeLessThan(d.diff);
    expect(d.ci95[1]).toBeGreaterThan(d.diff);
    // Paired on the same dice, the interval is narrower than two independent runs' would be.
    const independent =
      1.96 *
      Math.sqrt(
        (simA.sides[0].winRate * (1 - simA.sides[0].winRate) +
          simB.sides[0].winRate * (1 - simB.sides[0].winRate)) /
          2000,
      );
    expect((d.ci95[1] - d.ci95[0]) / 2).toBeLessThan(independent);
  });

  it('edits the encounter by path: a better WS wins more, and the report says by how much', async () => {
    const r = await fray([
      'compare',
      duel,
      '--b',
      'sides[0].combatants[0].profile.WS=70',
      '--runs',
      '2000',
      '--seed',
      '1',
      '--workers',
      '1',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('B: sides[0].combatants[0].profile.WS=70');
    expect(r.out).toMatch(/Heroes wins +[\d.]+% .+ \+\d+\.\d \(\+\d+\.\d to \+\d+\.\d\)/);
  });

  it('refuses a path the encounter does not have, a value that fails validation, and nothing to compare', async () => {
    const far = await fray(['compare', duel, '--b', 'sides[5].combatants[0].profile.WS=70', '--runs', '10']);
    expect(far.code).toBe(2);
    expect(far.err).toContain('sides[5]: the encounter has 2 there');
    const bad = await fray(['compare', duel, '--b', 'sides[0].combatants[0].profile.WS=700', '--runs', '10']);
    expect(bad.code).toBe(2);
    // The value came from the command line: the flag is blamed, not the file's line.
    expect(bad.err).toContain(
      'command line --b: sides[0].combatants[0].profile.WS=700: expected a whole number',
    );
    expect((await fray(['compare', duel, '--runs', '10'])).code).toBe(2);
  });
});

describe('fray sweep', () => {
  it('reads ranges and lists, and builds the grid with the last axis fastest', () => {
    expect(parseAxis('sides[0].combatants[0].profile.WS=25..45:10')).toEqual({
      path: 'sides[0].combatants[0].profile.WS',
      values: [25, 35, 45],
    });
    expect(parseAxis('options.criticals=detailed,sudden-death').values).toEqual(['detailed', 'sudden-death']);
    expect(parseAxis('x.y=0.1..0.3:0.1').values).toEqual([0.1, 0.2, 0.3]);
    expect(gridOf([parseAxis('a.b=1..2'), parseAxis('c.d=x,y')])).toEqual([
      [1, 'x'],
      [1, 'y'],
      [2, 'x'],
      [2, 'y'],
    ]);
    expect(() => parseAxis('a.b=5..1')).toThrow(/below it/);
    expect(() => parseAxis('nonsense')).toThrow(/expected path=/);
  });

  it('each point is the encounter with that value, on the same dice: as fray compare gives it', async () => {
    const dir = tmp();
    const csv = join(dir, 't.csv');
    const svg = join(dir, 't.svg');
    const r = await fray([
      'sweep',
      duel,
      '--vary',
      'sides[0].combatants[0].profile.WS=30..50:20',
      '--runs',
      '600',
      '--seed',
      '2',
      '--workers',
      '2',
      '--csv',
      csv,
      '--svg',
      svg,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.schema).toBe('fray-sweep/1');
    expect(j.axes[0].label).toBe('Helmut: WS');
    expect(j.points.map((p: { values: number[] }) => p.values)).toEqual([[30], [50]]);
    const c = JSON.parse(
      (
        await fray([
          'compare',
          duel,
          '--a',
          'sides[0].combatants[0].profile.WS=30',
          '--b',
          'sides[0].combatants[0].profile.WS=50',
          '--runs',
          '600',
          '--seed',
          '2',
          '--workers',
          '1',
          '--json',
        ])
      ).out,
    );
    expect(j.points[0].sides[0].winRate).toBe(c.a.summary.sides[0].winRate);
    expect(j.points[1].sides[0].winRate).toBe(c.b.summary.sides[0].winRate);
    expect(j.points[1].sides[0].winRate).toBeGreaterThan(j.points[0].sides[0].winRate);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'sides[0].combatants[0].profile.WS,Heroes win rate,Heroes ci95 low,Heroes ci95 high,Skaven win rate,Skaven ci95 low,Skaven ci95 high,draw rate,mean rounds',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(`30,${j.points[0].sides[0].winRate},`)).toBe(true);
    const plot = readFileSync(svg, 'utf8');
    expect(plot).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(plot.match(/<polyline /g)).toHaveLength(2);
    expect(plot).toContain('Helmut: WS');
  });

  it('no CSV cell starts a formula: names and values beginning =, +, -, @ are text; numbers stay numbers (issue 44)', async () => {
    const dir = tmp();
    const enc = join(dir, 'formula.yaml');
    writeFileSync(
      enc,
      readFileSync(duel, 'utf8').replace('name: Heroes', 'name: \'=HYPERLINK("http://evil.example","x")\''),
    );
    const r = await fray([
      'sweep',
      enc,
      '--vary',
      'sides[1].name=@SUM(A1),+cmd,-2+3',
      '--runs',
      '20',
      '--seed',
      '1',
      '--workers',
      '1',
      '--csv',
      '-',
    ]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^sides\[1\]\.name,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\) win rate",/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([`"'@SUM(A1)"`, `"'+cmd"`, `"'-2+3"`]);
    // No cell of the file begins a formula once a spreadsheet takes the quotes off.
    for (const line of lines)
      for (const cell of line.match(/("([^"]|"")*"|[^,]*)/g) ?? [])
        expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?(e[+-]?\d+)?$)/);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('two parameters give a heat map, one cell a point', async () => {
    const svg = join(tmp(), 'h.svg');
    const r = await fray([
      'sweep',
      duel,
      '--vary',
      'sides[0].combatants[0].profile.WS=30..50:20',
      '--vary',
      'sides[0].combatants[0].profile.T=2..4',
      '--runs',
      '200',
      '--seed',
      '2',
      '--workers',
      '1',
      '--svg',
      svg,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('6 points × 200 fights');
    const cells = readFileSync(svg, 'utf8').match(/<rect class="cell" /g);
    expect(cells).toHaveLength(6);
  });

  it('refuses a value the encounter does not allow before running anything', async () => {
    const svg = join(tmp(), 'never.svg');
    const r = await fray([
      'sweep',
      duel,
      '--vary',
      'sides[0].combatants[0].profile.WS=90..110:10',
      '--runs',
      '100',
      '--svg',
      svg,
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/profile\.WS/);
    expect(existsSync(svg)).toBe(false);
  });
});

describe('fray sweep --method', () => {
  const sd = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml');
  const WS = 'sides[0].combatants[0].profile.WS';

  it('solves every point exactly when each is a duel fray odds solves (auto), each point the odds of its encounter', async () => {
    const r = await fray(['sweep', sd, '--vary', `${WS}=30,50`, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.method, j.runs]).toEqual(['exact', 0]);
    expect(j.methodNote).toMatch(/solved exactly/);
    // Each point is fray odds of the encounter with that value written into it.
    const dir = tmp();
    for (const [k, ws] of [30, 50].entries()) {
      const file = join(dir, `ws-${ws}.yaml`);
      writeFileSync(file, readFileSync(sd, 'utf8').replace('WS: 41', `WS: ${ws}`));
      const odds = JSON.parse((await fray(['odds', file, '--json'])).out);
      expect(j.points[k].sides.map((x: { winRate: number }) => x.winRate)).toEqual(
        odds.duel.sides.map((x: { win: number }) => x.win),
      );
      expect(j.points[k].drawRate).toBe(odds.duel.draw);
      expect(j.points[k].sides[0].ci95).toEqual([odds.duel.sides[0].win, odds.duel.sides[0].win]);
    }
    expect(j.points[1].sides[0].winRate).toBeGreaterThan(j.points[0].sides[0].winRate);
    // And the simulation of the same points agrees within 3.29 standard errors (99.9%).
    const sim = JSON.parse(
      (
        await fray([
          'sweep',
          sd,
          '--vary',
          `${WS}=30,50`,
          '--method',
          'sim',
          '--runs',
          '20000',
          '--seed',
          '5',
          '--json',
        ])
      ).out,
    );
    expect(sim.method).toBe('sim');
    for (const [k, p] of (j.points as { sides: { winRate: number }[] }[]).entries()) {
      const exact = p.sides[0]?.winRate ?? NaN;
      const se = Math.sqrt((exact * (1 - exact)) / 20000);
      expect(Math.abs(sim.points[k].sides[0].winRate - exact)).toBeLessThan(3.29 * se);
    }
    const text = await fray(['sweep', sd, '--vary', `${WS}=30,50`]);
    expect(text.out.split('\n')[0]).toContain('2 points, solved exactly');
    expect(text.out).not.toContain('95% CI');
  });

  it('simulates when a point has no exact solution, and says why; --method exact refuses it', async () => {
    const vary = ['--vary', `${WS}=30,40`];
    const noRuns = await fray(['sweep', demo, ...vary]);
    expect(noRuns.code).toBe(2);
    expect(noRuns.err).toMatch(/give --runs N to simulate \(no exact solution at .*not one against one/);
    const auto = JSON.parse(
      (await fray(['sweep', demo, ...vary, '--runs', '50', '--seed', '1', '--json'])).out,
    );
    expect([auto.method, auto.runs]).toEqual(['sim', 50]);
    expect(auto.methodNote).toMatch(
      /^simulated: no exact solution at .*: WS = 30 \(not one against one \(2 against 3\)/,
    );
    const exact = await fray(['sweep', demo, ...vary, '--method', 'exact', '--runs', '50']);
    expect(exact.code).toBe(2);
    expect(exact.err).toMatch(/sweep --method exact: no exact solution at .*not one against one/);
    expect(exact.out).toBe('');
    const bad = await fray(['sweep', demo, ...vary, '--method', 'markov']);
    expect([bad.code, bad.err]).toEqual([
      2,
      expect.stringContaining("--method: expected auto, exact, sim, got 'markov'"),
    ]);
  });
});

describe('fray compare --method', () => {
  const sd = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml');
  const WS = 'sides[0].combatants[0].profile.WS';

  it('solves A and B exactly when both are duels fray odds solves, B − A with no interval', async () => {
    const r = await fray(['compare', sd, '--a', `${WS}=35`, '--b', `${WS}=45`, '--json']);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.out);
    expect([c.method, c.runs]).toEqual(['exact', 0]);
    const sweep = JSON.parse((await fray(['sweep', sd, '--vary', `${WS}=35,45`, '--json'])).out);
    const [a, b] = sweep.points as { sides: { winRate: number }[]; drawRate: number; meanRounds: number }[];
    expect(c.a.summary.sides[0].winRate).toBe(a?.sides[0]?.winRate);
    expect(c.b.summary.sides[0].winRate).toBe(b?.sides[0]?.winRate);
    const d = c.difference.sides[0];
    expect(d.diff).toBeCloseTo((b?.sides[0]?.winRate ?? 0) - (a?.sides[0]?.winRate ?? 0), 12);
    expect(d.ci95).toEqual([d.diff, d.diff]);
    expect(c.difference.meanRounds.diff).toBeCloseTo((b?.meanRounds ?? 0) - (a?.meanRounds ?? 0), 12);
    const text = await fray(['compare', sd, '--a', `${WS}=35`, '--b', `${WS}=45`]);
    expect(text.out.split('\n')[0]).toContain('solved exactly');
    expect(text.out).toMatch(/Warrior wins\s+\d+\.\d\d%\s+\d+\.\d\d%\s+\+\d+\.\d\d\n/);
    expect(text.out).not.toContain('95% CI');
  });

  it("answers docs/simulation.md's question, does the parry pay, with the figures it prints", async () => {
    const r = await fray(['compare', sd, '--b', 'sides[1].combatants[0].tactics.parry=always']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Orc wins\s+48\.30%\s+38\.38%\s+−9\.92\n/);
    expect(r.out).toMatch(/mean rounds\s+6\.50\s+9\.03\s+\+2\.53\n/);
    const docs = readFileSync(join(ROOT, 'docs', 'simulation.md'), 'utf8').replace(/\s+/g, ' ');
    expect(docs).toContain('wins 38.38% of the duel against 48.30% when it never parries, 9.92 points less');
    expect(docs).toContain('lasts 2.53 rounds longer');
  });

  it('simulates when A or B has no exact solution, and says which; --method exact refuses', async () => {
    const noRuns = await fray(['compare', demo, '--b', 'criticals=sudden-death']);
    expect([noRuns.code, noRuns.out]).toEqual([2, '']);
    expect(noRuns.err).toContain(
      'give --runs N to simulate (no exact solution for A (not one against one (2 against 3)))',
    );
    const sim = JSON.parse(
      (
        await fray([
          'compare',
          demo,
          '--b',
          'criticals=sudden-death',
          '--runs',
          '100',
          '--seed',
          '1',
          '--json',
        ])
      ).out,
    );
    expect([sim.method, sim.runs, sim.methodNote]).toEqual([
      'sim',
      100,
      'simulated: no exact solution for A (not one against one (2 against 3))',
    ]);
    const exact = await fray([
      'compare',
      demo,
      '--b',
      'criticals=sudden-death',
      '--method',
      'exact',
      '--runs',
      '9',
    ]);
    expect(exact.code).toBe(2);
    expect(exact.err).toContain('compare --method exact: no exact solution for A');
  });
});

describe('fray sim --report', () => {
  it('writes one self-contained HTML page: intervals, fight lengths and wounds drawn inline, no script, no link out', async () => {
    const page = join(tmp(), 'report.html');
    const r = await fray([
      'sim',
      demo,
      '--runs',
      '1500',
      '--seed',
      '6',
      '--workers',
      '1',
      '--report',
      page,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const html = readFileSync(page, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
    expect(html.match(/<svg viewBox/g)?.length).toBe(4);
    const a = j.sides[0];
    expect(html).toContain(
      `${(a.winRate * 100).toFixed(1)}% (${(a.ci95[0] * 100).toFixed(1)}%–${(a.ci95[1] * 100).toFixed(1)}%)`,
    );
    expect(html).toContain('The bridge at Grissenwald');
    expect(html).toContain('<td>Helmut</td><td>Adventurers</td>');
    // Where it went is said (on stderr, so the JSON stays clean).
    expect(r.err).toContain(`report written to ${page}`);
  });

  it("the wound bars end where 99.5% of each series' fights do, and the page says how far the rest went", () => {
    // 1000 fights: 990 with 0..24 wounds, a thin tail to 70.
    const hist: number[] = Array.from({ length: 71 }, (_, v) =>
      v < 25 ? (v < 22 ? 45 : 10) : v === 70 ? 1 : 0,
    );
    hist[0] = 990 - hist.slice(1, 25).reduce((n, x) => n + x, 0);
    hist[30] = 9;
    expect(hist.reduce((n, x) => n + x, 0)).toBe(1000);
    expect(tailStart(hist, 1000, 0.005)).toBe(30);
    expect(tailStart([10], 10, 0.005)).toBe(0);
  });
});

describe('review findings', () => {
  it('a sweep too big is refused before the grid is built', async () => {
    const t = Date.now();
    const r = await fray([
      'sweep',
      duel,
      '--vary',
      'sides[0].combatants[0].profile.WS=1..5000',
      '--vary',
      'sides[0].combatants[0].profile.T=1..5000',
      '--runs',
      '10',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('25000000 points: at most 10000');
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it('--out goes with a fixed number of runs, not --until-ci', async () => {
    const r = await fray([
      'sim',
      demo,
      '--runs',
      '5000',
      '--until-ci',
      '0.05',
      '--out',
      join(tmp(), 'p.json'),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot go with --until-ci');
  });

  it('merge takes options spelled in any order or left as defaults, and refuses other tables', async () => {
    const dir = tmp();
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    await fray([
      'sim',
      demo,
      '--runs',
      '1000',
      '--seed',
      '1',
      '--shard',
      '1/2',
      '--out',
      a,
      '--workers',
      '1',
      '-o',
      'fumbles=on',
      '-o',
      'criticals=detailed',
    ]);
    await fray([
      'sim',
      demo,
      '--runs',
      '1000',
      '--seed',
      '1',
      '--shard',
      '2/2',
      '--out',
      b,
      '--workers',
      '1',
    ]);
    expect((await fray(['merge', a, b])).code).toBe(0);
    const fumbles = join(dir, 'fumbles.yaml');
    writeFileSync(
      fumbles,
      readFileSync(join(ROOT, 'data', 'wfrp1e', 'fumbles.yaml'), 'utf8').replace(
        'source: ours',
        'source: "ours, edited"',
      ),
    );
    const c = join(dir, 'c.json');
    await fray([
      'sim',
      demo,
      '--runs',
      '1000',
      '--seed',
      '1',
      '--shard',
      '2/2',
      '--out',
      c,
      '--workers',
      '1',
      '--table',
      `fumbles=${fumbles}`,
    ]);
    const r = await fray(['merge', a, c]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('encounter and tables');
  });

  it('edits cannot reach an object prototype', async () => {
    const r = await fray(['compare', duel, '--b', '__proto__.polluted=1', '--runs', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("'__proto__' is not a field of an encounter");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a failed run in a comparison names its variant and the command that plays it again', () => {
    const { ruleset, setup } = loadFile(demo);
    const breaking: Ruleset<SetupCore, FightState> = {
      ...ruleset,
      start() {
        throw new Error('boom');
      },
    };
    expect(() =>
      runVariantsBlock(
        [
          { ruleset, setup },
          { ruleset: breaking, setup, replay: 'fray fight demo.yaml -o criticals=sudden-death' },
        ],
        2,
        7,
        8,
        new Streams(3),
      ),
    ).toThrow(
      'run 7 of seed 3 (variant B) failed: boom (reproduce it with fray fight demo.yaml -o criticals=sudden-death --seed 3 --run 7)',
    );
  });
});
