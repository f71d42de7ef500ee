// The designer's studies (issue 18): simulations, comparisons, sweeps and exact odds of the
// campaign's encounters, run on worker threads through the API, give the command line's figures
// for the same text, seed and parameters; a stop keeps the fights added up so far in block order;
// a re-run gives the same figures; bad parameters are refused where they are wrong and nothing is
// kept; a server that stops leaves no study running. The workers run dist/: `npm run build` first.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store, type StudyRow } from '../src/server/store.js';
import { runJob } from '../src/sim/parallel.js';
import { BLOCK, summarize } from '../src/sim/run.js';
import { svgOf, type SweepResult } from '../src/sim/sweep.js';
import type { Totals } from '../src/sim/totals.js';
import { closeApps, release, startApp, type Method } from './app.js';
import { encounterPath, fray, ROOT } from './helpers.js';

afterEach(closeApps);

type Msg = { type?: string; study?: number; status?: string; done?: number; total?: number };
type Study = StudyRow & {
  text: string;
  result: Record<string, unknown> | null;
  plots: { title: string; html: string }[];
};

async function server(path?: string) {
  const s = await startApp('studies', path);
  const { app, store } = s;
  const call = s.gm as (
    method: Method,
    url: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Record<string, unknown> & { error?: string } }>;
  // What the GM's pages hear: every message of the live socket, in order.
  const heard: Msg[] = [];
  const socket = await app.injectWS('/api/live');
  socket.on('message', (d: Buffer) => heard.push(JSON.parse(d.toString()) as Msg));
  socket.send(JSON.stringify({ type: 'hello', token: store.gmToken() }));
  await expect.poll(() => heard.length).toBe(1);
  const addEncounter = async (file: string) => {
    const r = await call('POST', '/api/encounters', { text: readFileSync(file, 'utf8') });
    expect(r.status, r.body.error).toBe(201);
    return r.body.id as number;
  };
  const start = async (body: Record<string, unknown>) => {
    const r = await call('POST', '/api/studies', body);
    expect(r.status, r.body.error).toBe(202);
    return r.body.id as number;
  };
  /** The study once it has ended. */
  const ended = async (id: number): Promise<Study> => {
    await expect
      .poll(
        () =>
          heard.some(
            (m) => m.type === 'study' && m.study === id && /done|stopped|failed/.test(m.status ?? ''),
          ),
        {
          timeout: 50_000,
        },
      )
      .toBe(true);
    return (await call('GET', `/api/studies/${id}`)).body as unknown as Study;
  };
  return { store, app, call, heard, addEncounter, start, ended, path, socket };
}

const DEMO = encounterPath('demo.yaml');
const WS = 'sides[0].combatants[0].profile.WS';

async function cli(args: string[]): Promise<unknown> {
  const r = await fray(args);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as unknown;
}

describe('runJob stopped by its signal', () => {
  it('deals out no block after the stop and keeps the blocks added up, in order: the figures of that many runs', async () => {
    const abort = new AbortController();
    const variants = [{ file: DEMO, options: {}, tables: {}, edits: [] }];
    const r = await runJob({
      variants,
      seed: 11,
      from: 0,
      to: 50_000_000,
      workers: 2,
      progress: () => abort.abort(),
      signal: abort.signal,
    });
    expect(r.stopped).toBe(true);
    const runs = (r.totals[0] as Totals).runs;
    expect(runs).toBeGreaterThan(0);
    expect(runs % BLOCK).toBe(0);
    const whole = await runJob({ variants, seed: 11, from: 0, to: runs, workers: 2 });
    expect(whole.stopped).toBe(false);
    expect(summarize(r.totals[0] as Totals, r.roster, 11, null)).toEqual(
      summarize(whole.totals[0] as Totals, whole.roster, 11, null),
    );
  });
});

describe('runJob stopped again and again', () => {
  it('leaves no thread behind: the threads a stop ended are not replaced (a server stops many runs)', async () => {
    const threads = () => readdirSync('/proc/self/task').length;
    const variants = [{ file: DEMO, options: {}, tables: {}, edits: [] }];
    const stopOnce = async () => {
      const abort = new AbortController();
      const r = await runJob({
        variants,
        seed: 2,
        from: 0,
        to: 50_000_000,
        workers: 2,
        progress: () => abort.abort(),
        signal: abort.signal,
      });
      expect(r.stopped).toBe(true);
    };
    await stopOnce();
    // The first run may start threads of the process's own that stay (file reads); count after it.
    await new Promise((wait) => setTimeout(wait, 1500));
    const after = threads();
    await stopOnce();
    await stopOnce();
    await expect.poll(threads, { timeout: 5000 }).toBeLessThanOrEqual(after);
  });
});

describe('runJob tells the runs played between blocks', () => {
  it('a block of long fights moves before it is added up; the figures are the same as told nothing', async () => {
    // Twelve on a field of 150 yards: a block of 1,000 of them takes seconds on a worker.
    const variants = [
      {
        file: join(ROOT, 'data', 'wfrp1e', 'encounters', 'archers-and-goblins.yaml'),
        options: {},
        tables: {},
        edits: [],
      },
    ];
    const played: number[] = [];
    const added: number[] = [];
    const told = await runJob({
      variants,
      seed: 5,
      from: 0,
      to: BLOCK,
      workers: 2,
      progress: (n) => added.push(n),
      played: (n) => played.push(n),
      playedMs: 20,
    });
    // Told within the block, rising, never past what was run; added up once, at the block's end.
    expect(played.filter((n) => n > 0 && n < BLOCK).length).toBeGreaterThan(0);
    expect(played).toEqual([...played].sort((a, b) => a - b));
    expect(Math.max(...played)).toBeLessThanOrEqual(BLOCK);
    expect(added).toEqual([BLOCK]);
    const quiet = await runJob({ variants, seed: 5, from: 0, to: BLOCK, workers: 1 });
    expect(summarize(told.totals[0] as Totals, told.roster, 5, null)).toEqual(
      summarize(quiet.totals[0] as Totals, quiet.roster, 5, null),
    );
  });
});

describe('a sweep stopped part way', () => {
  it('plots the points it finished: a heat map leaves the cells not run blank, not at 0%', () => {
    const point = (values: number[], rate: number) => ({
      values,
      sides: [
        { name: 'A', winRate: rate, ci95: [rate, rate] as [number, number] },
        { name: 'B', winRate: 1 - rate, ci95: [1 - rate, 1 - rate] as [number, number] },
      ],
      drawRate: 0,
      meanRounds: 3,
    });
    const axes = [
      { path: 'x', label: 'x', values: [1, 2] },
      { path: 'y', label: 'y', values: [1, 2] },
    ];
    const whole: SweepResult = {
      schema: 'fray-sweep/1',
      method: 'sim',
      methodNote: null,
      runs: 10,
      seed: 1,
      axes,
      points: [point([1, 1], 0.1), point([1, 2], 0.2), point([2, 1], 0.3), point([2, 2], 0.4)],
    };
    const cells = (svg: string) =>
      [...svg.matchAll(/<rect class="cell"[^>]*fill="([^"]+)"/g)].map((m) => m[1]);
    expect(cells(svgOf('T', whole))).not.toContain('#eeeeee');
    const part = cells(svgOf('T', { ...whole, points: whole.points.slice(0, 3) }));
    expect(part.filter((c) => c === '#eeeeee')).toHaveLength(1);
    expect(part.filter((c) => c !== '#eeeeee')).toEqual(cells(svgOf('T', whole)).filter((_c, i) => i !== 3));
  });
});

describe('studies through the API', () => {
  it('runs a simulation on the workers with progress on the live socket, and gives what fray sim --json gives for the same text', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const id = await s.start({ kind: 'sim', encounterId: enc, runs: 3000, seed: 5 });
    const study = await s.ended(id);
    expect(study).toMatchObject({
      kind: 'sim',
      status: 'done',
      seed: 5,
      done: 3000,
      total: 3000,
      error: null,
    });
    expect(study.params).toEqual({ runs: 3000, options: {} });
    expect(study.text).toBe(readFileSync(DEMO, 'utf8'));
    expect(study.result).toEqual(await cli(['sim', DEMO, '--runs', '3000', '--seed', '5', '--json']));
    // The charts of fray sim --report.
    expect(study.plots.map((p) => p.title)).toEqual([
      'Who wins',
      'Who is standing at the end',
      'How long the fights last',
      'Wounds per fight',
    ]);
    for (const p of study.plots) expect(p.html).toContain('<svg');
    const progress = s.heard.filter((m) => m.type === 'progress' && m.study === id);
    expect(progress.map((m) => m.done)).toEqual([1000, 2000, 3000]);
    expect(progress.every((m) => m.total === 3000)).toBe(true);
    const news = s.heard.filter((m) => m.type === 'study' && m.study === id).map((m) => m.status);
    expect(news).toEqual(['queued', 'running', 'done']);
    const list = (await s.call('GET', '/api/studies')).body as unknown as StudyRow[];
    expect(list.map((x) => [x.id, x.status, x.title])).toEqual([[id, 'done', 'The bridge at Grissenwald']]);
    expect(list[0]).not.toHaveProperty('result');
  });

  it('runs a comparison and a sweep as fray compare and fray sweep do, the sweep with the plot of --svg', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const c = await s.start({
      kind: 'compare',
      encounterId: enc,
      runs: 2000,
      seed: 3,
      a: ['criticals=detailed'],
      b: ['criticals=sudden-death', `${WS}=35`],
    });
    const w = await s.start({
      kind: 'sweep',
      encounterId: enc,
      runs: 1000,
      seed: 3,
      vary: [`${WS}=30..50:10`],
    });
    const compared = await s.ended(c);
    expect(compared.result).toEqual(
      await cli([
        'compare',
        DEMO,
        '--a',
        'criticals=detailed',
        '--b',
        'criticals=sudden-death',
        '--b',
        `${WS}=35`,
        '--runs',
        '2000',
        '--seed',
        '3',
        '--json',
      ]),
    );
    const swept = await s.ended(w);
    const dir = mkdtempSync(join(tmpdir(), 'fray-sweep-'));
    expect(swept.result).toEqual(
      await cli([
        'sweep',
        DEMO,
        '--vary',
        `${WS}=30..50:10`,
        '--runs',
        '1000',
        '--seed',
        '3',
        '--json',
        '--svg',
        join(dir, 'ws.svg'),
      ]),
    );
    expect(swept.plots.map((p) => p.html)).toEqual([readFileSync(join(dir, 'ws.svg'), 'utf8')]);
    expect(swept.total).toBe(3000);
    // One study at a time on the pool: the sweep began after the comparison ended.
    const order = s.heard.filter((m) => m.type === 'study').map((m) => `${m.study} ${m.status}`);
    expect(order.indexOf(`${w} running`)).toBeGreaterThan(order.indexOf(`${c} done`));
  });

  it('solves a sweep of a duel exactly, as fray sweep does, and refuses method exact where a point cannot be', async () => {
    const s = await server();
    const file = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml');
    const duel = await s.addEncounter(file);
    const id = await s.start({ kind: 'sweep', encounterId: duel, runs: 1000, vary: [`${WS}=30,50`] });
    const swept = await s.ended(id);
    expect(swept.result).toEqual(await cli(['sweep', file, '--vary', `${WS}=30,50`, '--json']));
    expect((swept.result as { method: string }).method).toBe('exact');
    expect([swept.total, swept.done, swept.plots.length]).toEqual([0, 0, 1]);
    const demo = await s.addEncounter(DEMO);
    const refused = await s.call('POST', '/api/studies', {
      kind: 'sweep',
      encounterId: demo,
      runs: 10,
      method: 'exact',
      vary: [`${WS}=30,50`],
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).toMatch(/method exact: no exact solution at .*not one against one/);
    const simulated = await s.ended(
      await s.start({ kind: 'sweep', encounterId: demo, runs: 10, seed: 1, vary: [`${WS}=30`] }),
    );
    expect((simulated.result as { method: string; methodNote: string }).methodNote).toMatch(/^simulated: /);
    // A comparison of two duels likewise.
    const compared = await s.ended(
      await s.start({ kind: 'compare', encounterId: duel, runs: 1000, a: [`${WS}=35`], b: [`${WS}=45`] }),
    );
    expect(compared.result).toEqual(
      await cli(['compare', file, '--a', `${WS}=35`, '--b', `${WS}=45`, '--json']),
    );
    expect([(compared.result as { method: string }).method, compared.total]).toEqual(['exact', 0]);
  });

  it('stops a running study: the fights added up in block order are kept, and are the figures of fray sim for that many runs', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const id = await s.start({ kind: 'sim', encounterId: enc, runs: 100_000_000, seed: 9 });
    const queued = await s.start({ kind: 'sim', encounterId: enc, runs: 1000, seed: 1 });
    await expect
      .poll(() => s.heard.some((m) => m.type === 'progress' && m.study === id), { timeout: 30_000 })
      .toBe(true);
    // The second waits its turn; stopping it there keeps nothing and runs nothing.
    expect(((await s.call('GET', `/api/studies/${queued}`)).body as unknown as Study).status).toBe('queued');
    const q = await s.call('POST', `/api/studies/${queued}/stop`);
    expect(q.body).toMatchObject({
      status: 'stopped',
      done: 0,
      result: null,
      error: 'stopped before it ran',
    });
    const r = await s.call('POST', `/api/studies/${id}/stop`);
    expect(r.status).toBe(200);
    const study = r.body as unknown as Study;
    expect(study.status).toBe('stopped');
    const result = study.result as { runs: number; sides: { wins: number }[]; draws: number };
    expect(result.runs).toBe(study.done);
    expect(result.runs).toBeGreaterThan(0);
    expect(result.runs).toBeLessThan(100_000_000);
    expect(result.runs % BLOCK).toBe(0);
    expect(result.sides.reduce((n, x) => n + x.wins, 0) + result.draws).toBe(result.runs);
    expect(result).toEqual(await cli(['sim', DEMO, '--runs', String(result.runs), '--seed', '9', '--json']));
    expect((await s.call('POST', `/api/studies/${id}/stop`)).status).toBe(409);
  });

  it('re-runs a study to the same figures from the text it kept, after the encounter was edited', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const id = await s.start({
      kind: 'sim',
      encounterId: enc,
      runs: 2000,
      seed: 21,
      options: { criticals: 'sudden-death' },
      maxRounds: 30,
    });
    const first = await s.ended(id);
    const edited = readFileSync(DEMO, 'utf8').replace('WS: 45', 'WS: 25');
    expect((await s.call('PUT', `/api/encounters/${enc}`, { text: edited })).status).toBe(200);
    const again = await s.call('POST', `/api/studies/${id}/rerun`);
    expect(again.status).toBe(202);
    expect(again.body.seed).toBe(21);
    const second = await s.ended(again.body.id as number);
    expect(second).toMatchObject({
      status: 'done',
      rerunOf: id,
      seed: 21,
      params: first.params,
      text: first.text,
    });
    expect(second.result).toEqual(first.result);
    expect(second.plots).toEqual(first.plots);
    // A new study of the edited encounter is another fight.
    const fresh = await s.ended(
      await s.start({
        kind: 'sim',
        encounterId: enc,
        runs: 2000,
        seed: 21,
        options: { criticals: 'sudden-death' },
        maxRounds: 30,
      }),
    );
    expect(fresh.result).not.toEqual(first.result);
    // Deleted, it is gone.
    expect((await s.call('DELETE', `/api/studies/${id}`)).body).toEqual({ deleted: true });
    expect((await s.call('GET', `/api/studies/${id}`)).status).toBe(404);
  });

  it('refuses bad parameters where they are wrong, with the command line’s checks, and keeps nothing', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const refused: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: 'sim', encounterId: enc, runs: 0 }, 'runs', /a whole number 1\.\.1000000000/],
      [{ kind: 'sim', encounterId: enc, runs: 2_000_000_000 }, 'runs', /1\.\.1000000000/],
      [{ kind: 'sim', encounterId: enc, runs: 10, seed: -1 }, 'seed', /a seed/],
      [{ kind: 'sim', encounterId: enc, runs: 10, untilCi: 0.7 }, 'untilCi', /between 0 and 0\.5/],
      [
        { kind: 'sim', encounterId: enc, runs: 10, options: { critcals: 'x' } },
        'options',
        /unknown option 'critcals'.*did you mean/,
      ],
      [
        { kind: 'sim', encounterId: enc, runs: 10, options: { criticals: 'bogus' } },
        'options',
        /criticals: expected one of/,
      ],
      [{ kind: 'sim', runs: 10 }, 'encounterId', /expected the id of an encounter/],
      [{ kind: 'nope', encounterId: enc, runs: 10 }, 'kind', /sim, compare, sweep or odds/],
      [{ kind: 'compare', encounterId: enc, runs: 10 }, 'b', /give what differs/],
      [{ kind: 'compare', encounterId: enc, runs: 10, a: ['file=/etc/passwd'] }, 'a', /names no file/],
      [
        { kind: 'compare', encounterId: enc, runs: 10, b: ['criticals=bogus'] },
        'b',
        /criticals: expected one of/,
      ],
      [
        { kind: 'compare', encounterId: enc, runs: 10, b: ['sides[5].name=x'] },
        'b',
        /the encounter has 2 there/,
      ],
      [{ kind: 'sweep', encounterId: enc, runs: 10, vary: [] }, 'vary', /at least one axis/],
      [
        { kind: 'sweep', encounterId: enc, runs: 10, vary: [`${WS}=50..30`] },
        'vary[0]',
        /50 up, and 30 is below it/,
      ],
      [
        { kind: 'sweep', encounterId: enc, runs: 10, vary: [`${WS}=40..200:40`] },
        'vary[0]',
        /WS=120: expected a whole number 0\.\.100/,
      ],
      [
        {
          kind: 'odds',
          encounterId: enc,
          pick: [
            { side: 0, entry: 0 },
            { side: 0, entry: 1 },
          ],
        },
        'pick[1].side',
        /each of two sides/,
      ],
      [
        {
          kind: 'odds',
          encounterId: enc,
          pick: [
            { side: 0, entry: 0 },
            { side: 1, entry: 7 },
          ],
        },
        'pick[1].entry',
        /has 2 combatant entries/,
      ],
      [
        { kind: 'odds', ruleset: 'wfrp9e', pair: [{ use: 'orc' }, { use: 'orc' }] },
        'ruleset',
        /unknown ruleset/,
      ],
      [{ kind: 'odds' }, 'pick', /expected encounterId with pick/],
    ];
    for (const [body, path, message] of refused) {
      const r = await s.call('POST', '/api/studies', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      const issues = r.body.issues as { file: string; path: string; message: string }[];
      expect(issues[0]?.file, JSON.stringify(body)).toBe('request body');
      expect(issues[0]?.path, JSON.stringify(body)).toBe(path);
      expect(r.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect((await s.call('POST', '/api/studies', { kind: 'sim', encounterId: 99, runs: 10 })).status).toBe(
      404,
    );
    // A creature pair on the grid rules has no map to stand on: the encounter's own refusal.
    const grid = await s.call('POST', '/api/studies', {
      kind: 'odds',
      ruleset: 'ahq-house',
      pair: [{ use: 'orc' }, { use: 'goblin-slave' }],
    });
    expect(grid.status).toBe(400);
    expect(grid.body.error).toMatch(/map: missing/);
    expect((await s.call('GET', '/api/studies')).body).toEqual([]);
    expect(s.store.studies()).toEqual([]);
    expect(s.heard.filter((m) => m.type === 'study')).toEqual([]);
  });

  it('gives the exact odds of a pair picked from an encounter’s sides, as fray odds gives them for that duel', async () => {
    const s = await server();
    const duel = join(ROOT, 'data', 'wfrp1e', 'examples', 'reference-duel-sudden-death.yaml');
    const enc = await s.addEncounter(duel);
    const id = await s.start({
      kind: 'odds',
      encounterId: enc,
      pick: [
        { side: 0, entry: 0 },
        { side: 1, entry: 0 },
      ],
    });
    const odds = await s.ended(id);
    expect(odds).toMatchObject({ kind: 'odds', status: 'done', seed: null, total: 0 });
    expect(odds.result).toEqual(await cli(['odds', duel, '--json']));
    const r = odds.result as { duel: { sides: { win: number }[] } | null };
    expect(r.duel?.sides.length).toBe(2);

    // From a larger encounter: Helmut against one of the two orcs; the duel as text is kept.
    const demo = await s.addEncounter(DEMO);
    const pair = await s.ended(
      await s.start({
        kind: 'odds',
        encounterId: demo,
        pick: [
          { side: 0, entry: 0 },
          { side: 1, entry: 0 },
        ],
      }),
    );
    expect(pair.title).toBe('The bridge at Grissenwald: Helmut against Orc');
    expect(pair.text).not.toContain('Skallier');
    expect(pair.text).not.toContain('count');
    const blows = (pair.result as { blows: { attacker: string; defender: string }[] }).blows;
    expect(blows.map((b) => `${b.attacker} at ${b.defender}`)).toEqual(['Helmut at Orc', 'Orc at Helmut']);
    // Fumbles and detailed criticals keep the whole fight from the chain, and the odds say what leaves them out.
    expect(pair.result).toMatchObject({
      duel: null,
      duelMethod: expect.stringMatching(/-o fumbles=off .*-o criticals=sudden-death/),
    });

    // Two creatures of the bestiary, no encounter.
    const orcs = await s.ended(
      await s.start({
        kind: 'odds',
        ruleset: 'wfrp1e',
        pair: [{ use: 'orc' }, { use: 'goblin' }],
        options: { criticals: 'sudden-death' },
      }),
    );
    expect(orcs).toMatchObject({ status: 'done', title: 'Orc against Goblin', encounterId: null });
    expect((orcs.result as { blows: unknown[] }).blows.length).toBe(2);
    const twins = await s.ended(
      await s.start({ kind: 'odds', ruleset: 'wfrp1e', pair: [{ use: 'orc' }, { use: 'orc' }] }),
    );
    expect(twins.title).toBe('Orc 1 against Orc 2');
    // A re-run of odds runs the duel it kept.
    const again = await s.ended((await s.call('POST', `/api/studies/${orcs.id}/rerun`)).body.id as number);
    expect(again.result).toEqual(orcs.result);
  });

  it('marks the studies a server left queued or running as stopped when the campaign is opened again', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fray-studies-')), 'c.db');
    const store = new Store(path);
    const study = {
      kind: 'sim' as const,
      encounterId: null,
      title: 'T',
      ruleset: 'wfrp1e',
      text: 'x',
      params: {},
      seed: 1,
      total: 10,
    };
    const running = store.addStudy(study);
    store.startStudy(running);
    const queued = store.addStudy(study);
    const finished = store.addStudy(study);
    store.endStudy(finished, { status: 'done', done: 10, result: { runs: 10 }, plots: [] });
    store.close();
    const s = await server(path);
    const rows = (await s.call('GET', '/api/studies')).body as unknown as StudyRow[];
    expect(rows.map((r) => [r.id, r.status, r.error])).toEqual([
      [finished, 'done', null],
      [queued, 'stopped', 'the server stopped before it ran'],
      [running, 'stopped', 'the server stopped while it ran'],
    ]);
  });

  it('kill -9 mid-study keeps what was added up: stopped by a restart at N of M, its figures; go on gives the uninterrupted figures (issue 31)', async () => {
    const { spawn } = await import('node:child_process');
    const Database = (await import('better-sqlite3')).default;
    const path = join(mkdtempSync(join(tmpdir(), 'fray-studies-kill-')), 'c.db');
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist', 'cli', 'bin.js'), 'serve', '--campaign', path, '--port', '0'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const address = await new Promise<URL>((done) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Open (http:\/\/\S+) /.exec(out);
        if (m) done(new URL(m[1] as string));
      });
    });
    const headers = {
      authorization: `Bearer ${address.searchParams.get('token')}`,
      'content-type': 'application/json',
    };
    const post = async (url: string, body: unknown) =>
      (
        await fetch(address.origin + url, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json() as Promise<{
        id: number;
      }>;
    const enc = await post('/api/encounters', { text: readFileSync(DEMO, 'utf8') });
    const runs = 60 * BLOCK;
    const id = (await post('/api/studies', { kind: 'sim', encounterId: enc.id, runs, seed: 4 })).id;
    // Killed once something is kept, well before the end.
    const kept = () => {
      const db = new Database(path, { readonly: true });
      try {
        return (
          (
            db.prepare('SELECT done FROM studies WHERE id = ? AND checkpoint IS NOT NULL').get(id) as
              { done: number } | undefined
          )?.done ?? 0
        );
      } finally {
        db.close();
      }
    };
    await expect.poll(kept, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const done = kept();
    expect(done).toBeLessThan(runs);

    const s = await server(path);
    await expect
      .poll(async () => ((await s.call('GET', `/api/studies/${id}`)).body as unknown as Study).result, {
        timeout: 20_000,
      })
      .not.toBeNull();
    const stopped = (await s.call('GET', `/api/studies/${id}`)).body as unknown as Study & {
      goesOn: boolean;
    };
    expect(stopped).toMatchObject({
      status: 'stopped',
      done,
      goesOn: true,
      error: `stopped by a restart at ${done.toLocaleString('en-US')} of ${runs.toLocaleString('en-US')}`,
    });
    expect(stopped.result).toEqual(await cli(['sim', DEMO, '--runs', String(done), '--seed', '4', '--json']));

    // Going on: the same figures as a run that never stopped.
    expect((await s.call('POST', `/api/studies/${id}/go-on`)).status).toBe(202);
    const finished = await s.ended(id);
    expect(finished).toMatchObject({ status: 'done', done: runs, error: null });
    expect(finished.result).toEqual(
      await cli(['sim', DEMO, '--runs', String(runs), '--seed', '4', '--json']),
    );
    // Done: nothing to go on with.
    expect((await s.call('POST', `/api/studies/${id}/go-on`)).status).toBe(409);
  }, 120_000);

  it('a server closing stops its running study, keeping what it ran', async () => {
    const s = await server();
    const enc = await s.addEncounter(DEMO);
    const id = await s.start({ kind: 'sim', encounterId: enc, runs: 100_000_000, seed: 2 });
    await expect
      .poll(() => s.heard.some((m) => m.type === 'progress' && m.study === id), { timeout: 30_000 })
      .toBe(true);
    release(s.app);
    await s.app.close();
    const row = s.store.study(id);
    s.store.close();
    expect(row).toMatchObject({ status: 'stopped', error: 'the server stopped while it ran' });
    expect((row?.result as { runs: number }).runs).toBe(row?.done);
    expect(row?.done).toBeGreaterThan(0);
  });
});
