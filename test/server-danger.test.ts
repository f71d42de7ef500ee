// The builder's danger (issue 48): POST /api/danger gives assessDanger's figures for the same text
// and seed, reads the campaign's party as a saved encounter does, stops an older run when the same
// builder asks again or when its page gives up (a closing server answers 503), and refuses a bad
// encounter with its problems located in the text. The workers run dist/: `npm run build` first.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proposeChanges } from '../src/sim/danger-target.js';
import { assessDanger, DANGER_MAX_RUNS, DANGER_PRECISION } from '../src/sim/danger.js';
import { loadVariant, type Variant } from '../src/sim/variant.js';
import { closeApps, release, startApp } from './app.js';
import { encounterPath } from './helpers.js';

afterEach(closeApps);

const DEMO = readFileSync(encounterPath('demo.yaml'), 'utf8');
/** Forty orcs: a run of seconds, long enough to be overtaken or given up. */
const CROWD = DEMO.replace('{ use: orc, count: 2, armour: [leather-jerkin] }', '{ use: orc, count: 40 }');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the command line's danger gives for a text, played on one thread. */
function expected(text: string, seed: number) {
  const variant: Variant = { file: 'encounter', text, options: {}, tables: {}, edits: [] };
  return assessDanger({
    variant,
    loaded: loadVariant(variant),
    seed,
    maxRuns: DANGER_MAX_RUNS,
    precision: DANGER_PRECISION,
    workers: 1,
  });
}

describe('POST /api/danger', () => {
  it("gives assessDanger's report for the same text and seed, on the server's threads", async () => {
    const { gm } = await startApp('danger');
    const r = await gm('POST', '/api/danger', { text: DEMO, seed: 7 });
    expect(r.status, r.body.error).toBe(200);
    expect(r.body).toEqual(await expected(DEMO, 7));
    expect(r.body.party).toBe('Adventurers');
    expect(r.body.members.map((m: { name: string }) => m.name)).toEqual(['Helmut', 'Skallier']);
  }, 60_000);

  it('with a target band, gives the changes that make it so, as fray danger --target finds them', async () => {
    const { gm } = await startApp('danger-target');
    const text = readFileSync(encounterPath('two-goblins.yaml'), 'utf8');
    const r = await gm('POST', '/api/danger', { text, seed: 5, target: 'fair' });
    expect(r.status, r.body.error).toBe(200);
    const variant: Variant = { file: 'encounter', text, options: {}, tables: {}, edits: [] };
    const mine = await proposeChanges(
      {
        variant,
        loaded: loadVariant(variant),
        seed: 5,
        maxRuns: DANGER_MAX_RUNS,
        precision: DANGER_PRECISION,
        workers: 1,
      },
      'fair',
    );
    expect(r.body).toEqual(mine);
    expect(r.body.proposals.map((p: { change: string }) => p.change)).toEqual(['one goblin fewer (2 → 1)']);
    const bad = await gm('POST', '/api/danger', { text, target: 'gentle' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('expected a band: easy, fair, hard, deadly');
  }, 60_000);

  it("reads the campaign's party as a saved encounter does: its members as they are now", async () => {
    const { gm } = await startApp('danger-party');
    const added = await gm('POST', '/api/characters', {
      ruleset: 'wfrp1e',
      party: true,
      text: 'name: Helmut\nprofile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }\nweapons: [sword, shield]\narmour: [mail-shirt, helmet]\n',
    });
    expect(added.status, added.body.error).toBe(201);
    const text = [
      'ruleset: wfrp1e',
      'title: Helmut alone',
      'sides:',
      '  - name: Heroes',
      '    players: true',
      '    combatants:',
      '      - { use: party-wfrp1e.yaml#Helmut }',
      '  - name: Monsters',
      '    combatants:',
      '      - { use: goblin, count: 2 }',
      '',
    ].join('\n');
    const r = await gm('POST', '/api/danger', { text, seed: 3 });
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.members.map((m: { name: string }) => m.name)).toEqual(['Helmut']);
    // The same figures as the encounter with Helmut written in, which is what the workers played.
    const written = text.replace(
      '{ use: party-wfrp1e.yaml#Helmut }',
      '{ name: Helmut, profile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }, weapons: [sword, shield], armour: [mail-shirt, helmet] }',
    );
    const mine = await expected(written, 3);
    expect({ ...r.body, title: '' }).toEqual({ ...mine, title: '' });
  }, 60_000);

  it('stops the older run when the same key asks again: the older is refused with 409, the newer answered', async () => {
    const { gm } = await startApp('danger-again');
    const older = gm('POST', '/api/danger', { text: CROWD, seed: 1, key: 'builder-1' });
    // Another builder's run is not stopped by it.
    const other = gm('POST', '/api/danger', { text: DEMO, seed: 2, key: 'builder-2' });
    await pause(200);
    const newer = await gm('POST', '/api/danger', { text: DEMO, seed: 1, key: 'builder-1' });
    const o = await older;
    expect(o.status).toBe(409);
    expect(o.body.error).toBe('a newer request with the same key took its place');
    expect(newer.status, newer.body.error).toBe(200);
    expect(newer.body).toEqual(await expected(DEMO, 1));
    expect((await other).status).toBe(200);
  }, 90_000);

  it('stops the run of a request given up (the page closed): no fights are played for nobody', async () => {
    const { app, store } = await startApp('danger-gone');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const giveUp = new AbortController();
    const asked = fetch(`http://127.0.0.1:${port}/api/danger`, {
      method: 'POST',
      headers: { authorization: `Bearer ${store.gmToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: CROWD, seed: 1 }),
      signal: giveUp.signal,
    });
    await pause(300);
    giveUp.abort();
    await expect(asked).rejects.toThrow();
    // Its threads ended, this process (the server's threads with it) spends next to nothing; played
    // out, the run would keep a thread busy for seconds more.
    await pause(300);
    const before = process.cpuUsage();
    await pause(1000);
    const spent = process.cpuUsage(before);
    expect((spent.user + spent.system) / 1000).toBeLessThan(300);
  }, 30_000);

  it('answers a run still going when the server closes with 503', async () => {
    const { app, store, gm } = await startApp('danger-close');
    release(app);
    const asked = gm('POST', '/api/danger', { text: CROWD, seed: 1 });
    await pause(300);
    await app.close();
    store.close();
    const r = await asked;
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('the server stopped while it ran');
  }, 30_000);

  it('refuses a bad encounter with 400 and its problems located in the text, and a bad body at its field', async () => {
    const { gm } = await startApp('danger-bad');
    const bad = DEMO.replace('WS: 45', 'WS: 450');
    const r = await gm('POST', '/api/danger', { text: bad });
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual([
      expect.objectContaining({ file: 'encounter', path: 'sides[0].combatants[0].profile.WS' }),
    ]);
    expect(r.body.issues[0].line).toBe(bad.split('\n').findIndex((l) => l.includes('WS: 450')) + 1);
    const body = await gm('POST', '/api/danger', { text: DEMO, seed: -1 });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe('request body seed: expected a seed of 0 or more');
  });

  it("needs the GM's token, as every GM route", async () => {
    const { as } = await startApp('danger-token');
    expect((await as(null)('POST', '/api/danger', { text: DEMO })).status).toBe(401);
  });
});
