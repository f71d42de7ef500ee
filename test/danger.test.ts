// `fray danger` (issue 48): the party's chances are fray sim's figures of the same fights, the
// band is read from them by the limits the docs state, the runs stop when the band is sure (the
// same stop on any number of threads), and a GM's own limits are read as strictly as any file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../src/rulesets/index.js';
import {
  assessDanger,
  bandOf,
  brokenLimits,
  OUR_BAND_LIMITS,
  type DangerJob,
  type DangerReport,
} from '../src/sim/danger.js';
import { proposeChanges } from '../src/sim/danger-target.js';
import { runJob } from '../src/sim/parallel.js';
import { Totals, type RunRecord } from '../src/sim/totals.js';
import { loadVariant, type Variant } from '../src/sim/variant.js';
import { danger, dangerTarget, loadEncounterFile } from '../src/index.js';
import { fray, ROOT } from './helpers.js';

const variantOf = (path: string): Variant => ({ file: join(ROOT, path), options: {}, tables: {}, edits: [] });

/** One example of each ruleset, with a party. */
const EXAMPLES = [
  'data/wfrp1e/campaign/ambush.yaml',
  'data/wfrp-cp/encounters/hans-and-the-goblins.yaml',
  'data/openquest/encounters/bandits-at-the-ford.yaml',
  'data/fantasy-wargaming/encounters/raid.yaml',
  'data/ahq-house/encounters/crypt.yaml',
];

/** `fray danger`'s job for a variant: seed 5, on this thread, unless told otherwise. */
function jobOf(variant: Variant, more: Partial<DangerJob> = {}): DangerJob {
  return {
    variant,
    loaded: loadVariant(variant),
    seed: 5,
    maxRuns: 40_000,
    precision: 0.01,
    workers: 1,
    ...more,
  };
}

async function dangerOf(path: string, more: Partial<DangerJob> = {}): Promise<DangerReport> {
  return assessDanger(jobOf(variantOf(path), { maxRuns: 3000, ...more }));
}

describe('the band', () => {
  it('is the mildest whose limits the figures keep, and says which limit of the milder one they break', () => {
    const at = (win: number, someoneDown: number, someoneDies: number) => ({ win, someoneDown, someoneDies });
    expect(bandOf(at(0.99, 0.05, 0))).toBe('easy');
    expect(bandOf(at(0.99, 0.2, 0))).toBe('fair');
    expect(bandOf(at(0.9, 0.05, 0.06))).toBe('hard');
    expect(bandOf(at(0.59, 0, 0))).toBe('deadly');
    expect(bandOf(at(0.95, 0.1, 0.02))).toBe('easy'); // the limits are the band's own
    expect(brokenLimits(at(0.9, 0.05, 0.06), 'hard', OUR_BAND_LIMITS)).toEqual([
      { band: 'fair', figure: 'someoneDies', value: 0.06, limit: 0.05 },
    ]);
    expect(brokenLimits(at(0.99, 0, 0), 'easy', OUR_BAND_LIMITS)).toEqual([]);
  });
});

describe('how each side ended, fight by fight', () => {
  const rec = (winner: number | null, outs: (RunRecord['combatants'][number]['out'] | [null, number])[]) =>
    ({
      winner,
      rounds: 3,
      tallies: [],
      combatants: outs.map((o, i) => ({ out: Array.isArray(o) ? o[0] : o, side: i < 2 ? 0 : 1, stats: {} })),
    }) as RunRecord;
  it('wiped out, fled, someone down, someone dead: counted as the fights end', () => {
    const t = new Totals(2);
    t.add(rec(1, ['dead', 'unconscious', null]), []); // wiped, down, dead
    t.add(rec(1, ['fled', 'dead', null]), []); // fled, down, dead
    t.add(rec(0, ['unconscious', null, 'dead']), []); // won, down
    t.add(rec(0, [null, null, 'fled']), []); // won, unharmed
    expect(t.sides[0]).toEqual({ wiped: 1, fled: 1, someDown: 3, someDead: 2 });
    expect(t.sides[1]).toEqual({ wiped: 1, fled: 1, someDown: 1, someDead: 1 });
    expect(t.combatants.map((c) => [c.down, c.dead])).toEqual([
      [2, 1],
      [2, 1],
      [1, 1],
    ]);
  });
});

describe('fray danger', () => {
  it.each(EXAMPLES)('%s: the party’s chances are fray sim’s of the same fights', async (path) => {
    const d = await dangerOf(path);
    expect(d.runs % 1000).toBe(0);
    const variant = variantOf(path);
    const sim = await runJob({ variants: [variant], seed: 5, from: 0, to: d.runs, workers: 1 });
    const t = sim.totals[0] as Totals;
    const party = sim.roster.sides.indexOf(d.party);
    expect(party).toBeGreaterThanOrEqual(0);
    expect(d.win.rate).toBe((t.wins[party] as number) / t.runs);
    const members = sim.roster.combatants.flatMap((c, i) => (c.side === party ? [i] : []));
    expect(d.members.map((m) => m.name)).toEqual(members.map((i) => sim.roster.combatants[i]?.name));
    members.forEach((i, k) => {
      const c = t.combatants[i];
      const m = d.members[k];
      if (!c || !m) throw new Error('no member');
      // Every member is standing, fled or down at the end; dead is one way of being down.
      expect(c.survived + c.fled + m.down.rate * t.runs).toBeCloseTo(t.runs, 6);
      expect(m.dies.rate).toBeLessThanOrEqual(m.down.rate);
      expect(d.someoneDown.rate).toBeGreaterThanOrEqual(m.down.rate);
      expect(d.someoneDies.rate).toBeGreaterThanOrEqual(m.dies.rate);
    });
    expect(d.win.rate + d.fled.rate + d.wiped.rate + d.undecided.rate).toBeCloseTo(1, 12);
    // The band is read from the figures, and a sure one lies within every interval's reach.
    expect(d.band).toBe(
      bandOf({ win: d.win.rate, someoneDown: d.someoneDown.rate, someoneDies: d.someoneDies.rate }),
    );
    if (d.sure) expect(d.between).toEqual([d.band, d.band]);
  });

  it('stops at the first block where the band is sure, the same stop on two threads as on one', async () => {
    const path = 'data/wfrp1e/encounters/two-goblins.yaml';
    const one = await dangerOf(path, { maxRuns: 40_000 });
    expect(one.stopped).toBe('sure');
    const two = await dangerOf(path, { maxRuns: 40_000, workers: 2 });
    expect(two).toEqual(one);
    // A fight whose band lies on a limit runs until every figure is that precise, and says so.
    const edge = await dangerOf(path, {
      maxRuns: 40_000,
      precision: 0.02,
      limits: { ...OUR_BAND_LIMITS, fair: { win: one.win.rate, someoneDown: 1, someoneDies: 1 } },
    });
    expect(edge.sure).toBe(false);
    expect(edge.stopped).toBe('precise');
    expect(edge.between).toEqual(['fair', 'hard']);
  });

  it('prints the band, why it is no milder, and each member; --json gives the same figures', async () => {
    const path = join(ROOT, 'data/wfrp1e/encounters/two-goblins.yaml');
    const text = await fray(['danger', path, '--seed', '5', '--workers', '1']);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(
      /^A warrior and two goblins: HARD for Warrior \(wfrp1e\)\n {2}not fair: someone dead/,
    );
    expect(text.out).toContain('Brunhilde');
    const json = await fray(['danger', path, '--seed', '5', '--workers', '1', '--json']);
    const report = JSON.parse(json.out) as DangerReport;
    expect(report.schema).toBe('fray-danger/1');
    expect(report.band).toBe('hard');
    expect(text.out).toContain(`${(report.someoneDies.rate * 100).toFixed(1)}%`);
  });

  it('--party picks the other side, and refuses a side the encounter lacks, naming those it has', async () => {
    const path = join(ROOT, 'data/wfrp1e/encounters/two-goblins.yaml');
    const flipped = await fray(['danger', path, '--seed', '5', '--workers', '1', '--party', '1', '--json']);
    expect(flipped.code, flipped.err).toBe(0);
    expect((JSON.parse(flipped.out) as DangerReport).members.map((m) => m.name)).not.toContain('Brunhilde');
    const wrong = await fray(['danger', path, '--party', 'Elves']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/no side 'Elves': its sides are 0 \(.+\), 1 \(.+\)/);
  });

  it('--bands reads the GM’s limits, ours for the rest, and refuses one out of range or out of order at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-bands-'));
    const path = join(ROOT, 'data/wfrp1e/encounters/two-goblins.yaml');
    const mine = join(dir, 'mine.yaml');
    writeFileSync(mine, 'fair:\n  someoneDies: 0.1\n');
    const r = await fray(['danger', path, '--seed', '5', '--workers', '1', '--bands', mine, '--json']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as DangerReport;
    expect(report.band).toBe('fair');
    expect(report.limits.fair).toEqual({ ...OUR_BAND_LIMITS.fair, someoneDies: 0.1 });
    expect(report.limitsFrom).toBe(mine);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'easy:\n  win: 0.8\n');
    const refused = await fray(['danger', path, '--bands', bad]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/bad\.yaml.*easy\.win: easy asks fewer wins \(0\.8\) than fair \(0\.85\)/);
    writeFileSync(bad, 'easy:\n  win: 95\n');
    const range = await fray(['danger', path, '--bands', bad]);
    expect(range.code).toBe(2);
    expect(range.err).toMatch(/bad\.yaml:2:\d+ easy\.win: expected a chance from 0 to 1/);
  });

  it('--target proposes the smallest change that lands in the band, each played as the encounter with that edit would be', async () => {
    const path = 'data/wfrp1e/encounters/two-goblins.yaml';
    const variant = variantOf(path);
    const job = jobOf(variant);
    const fair = await proposeChanges(job, 'fair');
    expect(fair.base.band).toBe('hard');
    expect(fair.proposals.map((p) => p.change)).toEqual(['one goblin fewer (2 → 1)']);
    const [one] = fair.proposals;
    if (!one) throw new Error('no proposal');
    expect(one.report.band).toBe('fair');
    // The figures are those of the edited encounter played on the same seed.
    const edited = { ...variant, edits: one.edits };
    const again = await assessDanger(jobOf(edited, { maxRuns: 10_000, precision: 0.02 }));
    expect(again).toEqual(one.report);
    // Harder: more goblins; already in the band: nothing to change.
    const deadly = await proposeChanges(job, 'deadly');
    expect(deadly.proposals.length).toBeGreaterThan(0);
    for (const p of deadly.proposals) expect(p.report.band).toBe('deadly');
    expect(deadly.proposals[0]?.change).toMatch(/goblin more|in place of goblin/);
    expect((await proposeChanges(job, 'hard')).proposals).toEqual([]);
    const text = await fray([
      'danger',
      join(ROOT, path),
      '--seed',
      '5',
      '--workers',
      '1',
      '--target',
      'fair',
    ]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain('To make it FAIR (1 change played, each on the same dice):');
    expect(text.out).toContain("fray compare FILE --b 'sides[1].combatants[0].count=1'");
    const bad = await fray(['danger', join(ROOT, path), '--target', 'gentle']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--target: expected one of easy, fair, hard, deadly, got 'gentle'");
  });

  it('the library gives the same on its own threads, and stops when told', async () => {
    const path = 'data/wfrp1e/encounters/two-goblins.yaml';
    const encounter = loadEncounterFile(join(ROOT, path));
    const mine = await danger(encounter, { seed: 5, workers: 2 });
    expect(mine).toEqual(await dangerOf(path, { maxRuns: 40_000 }));
    const { proposals } = await dangerTarget(encounter, 'fair', { seed: 5, workers: 1 });
    expect(proposals.map((p) => p.change)).toEqual(['one goblin fewer (2 → 1)']);
    const stop = new AbortController();
    stop.abort();
    await expect(danger(encounter, { seed: 5, signal: stop.signal })).rejects.toThrow(/abort/i);
  });

  it('--target weighs the party healed first beside the smallest change of the monsters', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-hurt-'));
    const file = join(dir, 'hurt.yaml');
    const text = readFileSync(join(ROOT, 'data/wfrp1e/encounters/two-goblins.yaml'), 'utf8');
    writeFileSync(file, text.replace('W: 10 }', 'W: 10 }\n        wounds: 2'));
    const variant: Variant = { file, options: {}, tables: {}, edits: [] };
    const job = jobOf(variant);
    const hard = await proposeChanges(job, 'hard');
    expect(hard.base.band).toBe('deadly');
    const [healed, ...fewer] = hard.proposals;
    expect(healed?.change).toBe('the party healed first (Brunhilde wounds 2 → unhurt)');
    expect(healed?.monsters).toBe(0);
    // Healed, it is the encounter as shipped, played on the same dice.
    const unhurt = await dangerOf('data/wfrp1e/encounters/two-goblins.yaml', { maxRuns: 40_000 });
    expect(healed?.report.win).toEqual(unhurt.win);
    expect(healed?.report.someoneDies).toEqual(unhurt.someoneDies);
    // The monsters' smallest changes are still proposed beside it.
    expect(fewer.length).toBeGreaterThan(0);
    for (const p of fewer) expect(p.report.band).toBe('hard');
    // An unhurt party is not proposed to be healed.
    const shipped = variantOf('data/wfrp1e/encounters/two-goblins.yaml');
    const fair = await proposeChanges(jobOf(shipped), 'fair');
    expect(fair.proposals.map((p) => p.change)).not.toContainEqual(expect.stringMatching(/healed/));
  });
});
