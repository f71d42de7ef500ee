// fray serve's store and API (issue 17): the campaign in SQLite, the JSON API with located 4xx
// refusals that change nothing, fights played to the end through it in every ruleset, saves
// going from the command line to the store and back.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { FightView } from '../src/server/fights.js';
import { SCHEMA_VERSION, Store } from '../src/server/store.js';
import { closeApps, startApp } from './app.js';
import { encounterPath, fray, ROOT } from './helpers.js';

afterEach(closeApps);

async function server(path?: string) {
  const s = await startApp('store', path);
  return { ...s, call: s.gm };
}

const text = (file: string) => readFileSync(file, 'utf8');

/** Answers every question with its suggestion (or a middling roll) until the fight ends. */
async function playOut(call: Awaited<ReturnType<typeof server>>['call'], v: FightView): Promise<FightView> {
  for (let i = 0; v.question && i < 2000; i++) {
    const q = v.question;
    const answer =
      q.kind === 'roll'
        ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6) + (q.count ?? 1)) / 2)
        : (q.suggested as string | number);
    const r = await call('POST', `/api/fights/${v.id}/answer`, { answer });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    v = r.body as FightView;
  }
  return v;
}

describe('the campaign store', () => {
  it('applies its migrations once and keeps what it was given across a reopen', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fray-store-')), 'c.db');
    const s = new Store(path);
    expect(s.version).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    const id = s.addEncounter('A', 'wfrp1e', 'ruleset: wfrp1e');
    s.close();
    const again = new Store(path);
    expect(again.version).toBe(SCHEMA_VERSION);
    expect(again.encounter(id)?.title).toBe('A');
    expect(new Database(path).pragma('journal_mode', { simple: true })).toBe('wal');
    again.close();
  });
  it('refuses a campaign file made by a newer Fray', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fray-store-')), 'c.db');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new Store(path)).toThrow(/made by a newer Fray \(schema 99/);
  });
});

describe("the GM's token", () => {
  it('is kept in the campaign across a reopen, and every GM call without it (or with another) is refused with 401, changing nothing', async () => {
    const { app, store, path, call } = await server();
    const token = store.gmToken();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const again = new Store(path);
    expect(again.gmToken()).toBe(token);
    again.close();
    const text = readFileSync(encounterPath('demo.yaml'), 'utf8');
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${token}x`, token]) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/encounters',
        payload: { text },
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toMatch(/GM's token/);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/fights',
            headers: { authorization: authorization ?? '' },
          })
        ).statusCode,
      ).toBe(401);
    }
    expect(store.encounters()).toEqual([]);
    expect((await call('POST', '/api/encounters', { text })).status).toBe(201);
    // The page itself is public: it holds no secret.
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });

  it('the live socket says nothing until it is told the GM token, and closes on a wrong one', async () => {
    const { app, store, call } = await server();
    const wrong = await app.injectWS('/api/live');
    const closed = new Promise<number>((r) => wrong.on('close', (code: number) => r(code)));
    const said: string[] = [];
    wrong.on('message', (d: Buffer) => said.push(d.toString()));
    wrong.send(JSON.stringify({ type: 'hello', token: 'nope' }));
    expect(await closed).toBe(4401);
    expect(said.map((m) => JSON.parse(m).type)).toEqual(['error']);
    const right = await app.injectWS('/api/live');
    const heard: { type?: string; what?: string }[] = [];
    right.on('message', (d: Buffer) => heard.push(JSON.parse(d.toString())));
    right.send(JSON.stringify({ type: 'hello', token: store.gmToken() }));
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]?.type).toBe('welcome');
    await call('POST', '/api/encounters', { text: readFileSync(encounterPath('demo.yaml'), 'utf8') });
    await expect.poll(() => heard.some((m) => m.what === 'encounters')).toBe(true);
    right.terminate();
  });
});

describe('the API: encounters', () => {
  it('takes a valid encounter, refuses a broken one at its line, and lists, shows, replaces, exports, deletes', async () => {
    const { call } = await server();
    const demo = text(encounterPath('demo.yaml'));
    const made = await call('POST', '/api/encounters', { text: demo });
    expect(made).toEqual({
      status: 201,
      body: { id: 1, title: 'The bridge at Grissenwald', ruleset: 'wfrp1e' },
    });
    const bad = await call('POST', '/api/encounters', { text: demo.replace('WS: 45', 'WS: 450') });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(
      /^encounter:11:\d+ sides\[0\]\.combatants\[0\]\.profile\.WS: /,
    );
    expect((await call('POST', '/api/encounters', { txt: demo })).body).toMatchObject({
      error: expect.stringContaining('request body'),
    });
    expect(
      (
        await call('POST', '/api/encounters', {
          text: 'ruleset: wfrp1e\ntables: { fumbles: /etc/passwd }\nsides: []',
        })
      ).status,
    ).toBe(400);
    const list = await call('GET', '/api/encounters');
    expect((list.body as unknown[]).length).toBe(1);
    expect((await call('GET', '/api/encounters/2')).status).toBe(404);
    expect((await call('GET', '/api/encounters/x')).status).toBe(400);
    const renamed = demo.replace('title: The bridge at Grissenwald', 'title: The ford');
    expect((await call('PUT', '/api/encounters/1', { text: renamed })).body).toMatchObject({
      title: 'The ford',
    });
    expect((await call('GET', '/api/encounters/1/export')).body).toBe(renamed);
    expect((await call('DELETE', '/api/encounters/1')).status).toBe(200);
    expect((await call('GET', '/api/encounters')).body).toEqual([]);
  });
});

describe('the API: fights', () => {
  it('plays a fight: a wrong answer or ruling is refused and changes nothing; undo; export resumes in the CLI', async () => {
    const { call, store, app, headers } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    const started = await call('POST', '/api/fights', { encounterId: 1, seed: 3 });
    expect(started.status).toBe(201);
    let v = started.body as FightView;
    expect(v.question).toMatchObject({ kind: 'roll', actorName: 'Skallier', sides: 100 });
    expect(v.tracker.rows.length).toBe(5);
    const before = store.inputs(v.id).length;
    const wrong = await call('POST', `/api/fights/${v.id}/answer`, { answer: 500 });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: string }).error).toContain('expected 1..100');
    const ruling = await call('POST', `/api/fights/${v.id}/rulings`, {
      kind: 'set',
      who: 'helmut',
      what: 'W',
      value: 30,
    });
    expect(ruling).toEqual({ status: 400, body: { error: "Helmut's W: expected 0..8, got 30" } });
    expect(store.inputs(v.id).length).toBe(before);
    v = (await call('POST', `/api/fights/${v.id}/answer`, { answer: 37 })).body as FightView;
    expect(v.question?.label).toContain('damage');
    const mod = await call('POST', `/api/fights/${v.id}/rulings`, {
      kind: 'set',
      who: 'helmut',
      what: 'W',
      value: 5,
      why: 'an old wound',
    });
    expect(mod.status).toBe(200);
    expect(
      (mod.body as FightView).events.some((e) =>
        e.text.includes("Helmut's W: 8 → 5 (GM's ruling: an old wound)"),
      ),
    ).toBe(true);
    const undone = (await call('POST', `/api/fights/${v.id}/undo`)).body as FightView;
    expect(undone.events.some((e) => e.text.includes("GM's ruling"))).toBe(false);
    // The store says what the view says, after an undo and after only looking.
    expect(store.inputs(v.id).length).toBe(undone.inputs);
    expect(((await call('GET', `/api/fights/${v.id}`)).body as FightView).inputs).toBe(undone.inputs);
    expect(store.inputs(v.id).length).toBe(undone.inputs);
    v = await playOut(call, undone);
    expect(v.outcome).toMatch(/victory|draw/);
    expect((await call('POST', `/api/fights/${v.id}/answer`, { answer: 1 })).status).toBe(409);

    // The exported save is the CLI's: it resumes there to the same end.
    const exported = (await app.inject({ method: 'GET', url: `/api/fights/${v.id}/export`, headers })).body;
    const dir = mkdtempSync(join(tmpdir(), 'fray-export-'));
    writeFileSync(join(dir, 's.json'), exported);
    const r = await fray(['fight', '--resume', join(dir, 's.json'), '--json']);
    expect(r.code, r.err).toBe(0);
    expect((JSON.parse(r.out) as { outcome: { text: string } }).outcome.text).toBe(v.outcome);
  });

  it('takes a roll with the dice typed with it in one request; one undo takes both back (issue 31)', async () => {
    const { call, store } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    const start = (await call('POST', '/api/fights', { encounterId: 1, seed: 3 })).body as FightView;
    const q = start.question as { then?: { label: string } };
    expect(q.then?.label).toContain('damage');
    const answer = (body: object) => call('POST', `/api/fights/${start.id}/answer`, body);
    // Dice the damage cannot show: refused whole, the to-hit not kept either.
    const bad = await answer({ answer: 37, then: 99, step: start.inputs });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(/^the dice rolled with it: /);
    expect(store.inputs(start.id).length).toBe(start.inputs);
    // A hit: the damage typed with it is taken, the next question is past both.
    const hit = (await answer({ answer: 37, then: 4, step: start.inputs })).body as FightView;
    expect(hit.inputs).toBeGreaterThanOrEqual(start.inputs + 2);
    expect(hit.question?.label ?? '').not.toContain('Skallier: damage');
    expect(hit.events.some((e) => /Skallier/.test(e.text) && /\b4\b/.test(e.text))).toBe(true);
    // One undo: the to-hit is asked again, nothing of the pair left.
    const undone = (await call('POST', `/api/fights/${start.id}/undo`)).body as FightView;
    expect(undone.inputs).toBe(start.inputs);
    expect(undone.question?.label).toBe(start.question?.label);
    // A miss asks for no damage: the dice typed with it are dropped, and undo goes back one.
    const miss = (await answer({ answer: 99, then: 4, step: start.inputs })).body as FightView;
    expect(miss.question?.label ?? '').not.toContain('Skallier: damage');
    expect(((await call('POST', `/api/fights/${start.id}/undo`)).body as FightView).inputs).toBe(
      start.inputs,
    );
  });

  it('imports a save of the command line at its last step, and refuses a broken one where it breaks', async () => {
    const { call, store } = await server();
    const dir = mkdtempSync(join(tmpdir(), 'fray-import-'));
    const save = join(dir, 's.json');
    await fray(
      ['fight', encounterPath('demo.yaml'), '-i', '--seed', '5', '--save', save],
      ['', '', '', 'quit'],
    );
    const saved = JSON.parse(readFileSync(save, 'utf8')) as { inputs: unknown[] };
    const imported = await call('POST', '/api/fights/import', { text: readFileSync(save, 'utf8') });
    expect(imported.status).toBe(201);
    expect((imported.body as FightView).inputs).toBeGreaterThanOrEqual(saved.inputs.length);
    const broken = readFileSync(save, 'utf8').replace(/"inputs": \[\n {4}"fight"/, '"inputs": [\n    "fly"');
    const refused = await call('POST', '/api/fights/import', { text: broken });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(/^save:\d+:\d+ inputs\[0\]: /);
    expect(store.fights().length).toBe(1);
  });

  it.each([
    'openquest/encounters/duel.yaml',
    'fantasy-wargaming/encounters/duel.yaml',
    'ahq-house/encounters/crypt.yaml',
    'wfrp-cp/encounters/hans-and-the-goblins.yaml',
    'wfrp1e/encounters/two-goblins.yaml',
  ])('%s plays to the end through the API', async (file) => {
    const { call } = await server();
    const e = await call('POST', '/api/encounters', { text: text(join(ROOT, 'data', file)) });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    const v = await playOut(
      call,
      (await call('POST', '/api/fights', { encounterId: 1, seed: 2 })).body as FightView,
    );
    expect(v.question).toBeNull();
    expect(v.outcome).not.toBeNull();
  });
});

describe('the API: reinforcements', () => {
  it('brings a newcomer from the bestiary onto a side, kept in the fight’s save; a bad one is refused', async () => {
    const { call, store } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    const v = (await call('POST', '/api/fights', { encounterId: 1, seed: 3 })).body as FightView;
    const before = store.inputs(v.id).length;
    const bad = await call('POST', `/api/fights/${v.id}/combatants`, { side: 1, entry: { use: 'orcc' } });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(/unknown creature 'orcc'.*orc/);
    expect(store.inputs(v.id).length).toBe(before);
    const ok = await call('POST', `/api/fights/${v.id}/combatants`, {
      side: 1,
      entry: { use: 'orc', name: 'Orc chief' },
      why: 'up from the river',
    });
    expect(ok.status).toBe(200);
    const after = ok.body as FightView;
    expect(after.tracker.rows.some((r) => r.name === 'Orc chief' && r.out === null)).toBe(true);
    expect(after.events.some((e) => e.text.includes('up from the river'))).toBe(true);
    // The save carries the newcomer: the fight reopens with it.
    expect(store.fight(v.id)?.save).toContain('Orc chief');
    expect(((await call('GET', `/api/fights/${v.id}`)).body as FightView).tracker.rows.length).toBe(6);
  });
});

describe('the API: the tactics play a side', () => {
  it('takes the monsters’ decisions and dice off the table, and gives them back', async () => {
    const { call } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    const v = (await call('POST', '/api/fights', { encounterId: 1, seed: 3 })).body as FightView;
    expect((await call('PUT', `/api/fights/${v.id}/auto`, { sides: [5] })).status).toBe(400);
    const auto = (await call('PUT', `/api/fights/${v.id}/auto`, { sides: [1] })).body as FightView;
    expect(auto.sides.map((s) => s.auto)).toEqual([false, true]);
    // Played out, no question is ever for an orc or the goblin.
    let w = auto;
    for (let i = 0; w.question && i < 500; i++) {
      expect(['helmut', 'skallier']).toContain(w.question.actor);
      const q = w.question;
      w = (
        await call('POST', `/api/fights/${v.id}/answer`, {
          answer: q.kind === 'roll' ? (q.count ?? 1) : (q.suggested as string | number),
        })
      ).body as FightView;
    }
    expect(w.outcome).not.toBeNull();
    // Every side to the tactics: a new fight plays itself to the end at once.
    const other = (await call('POST', '/api/fights', { encounterId: 1, seed: 4 })).body as FightView;
    const all = (await call('PUT', `/api/fights/${other.id}/auto`, { sides: [0, 1] })).body as FightView;
    expect(all.question).toBeNull();
    expect(all.outcome).not.toBeNull();
  });
});

describe('the API: characters', () => {
  const firstOf = (file: string) => {
    const doc = parse(readFileSync(join(ROOT, 'data', file), 'utf8')) as {
      ruleset: string;
      sides: { combatants: Record<string, unknown>[] }[];
    };
    const { at: _at, facing: _facing, ...entry } = doc.sides[0]?.combatants[0] ?? {};
    return { ruleset: doc.ruleset, entry };
  };
  it.each([
    'wfrp1e/encounters/demo.yaml',
    'wfrp-cp/encounters/hans-and-the-goblins.yaml',
    'openquest/encounters/duel.yaml',
    'fantasy-wargaming/encounters/duel.yaml',
    'ahq-house/encounters/crypt.yaml',
  ])('%s: its first combatant is a character the campaign keeps', async (file) => {
    const { call } = await server();
    const { ruleset, entry } = firstOf(file);
    const made = await call('POST', '/api/characters', { ruleset, text: stringify(entry) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((made.body as { entry: unknown }).entry).toEqual(entry);
    expect((await call('POST', '/api/characters', { ruleset, text: stringify(entry) })).status).toBe(409);
    expect(((await call('GET', `/api/characters?ruleset=${ruleset}`)).body as unknown[]).length).toBe(1);
  });
  it('refuses a character that does not fit, at its line in the text given, and keeps nothing', async () => {
    const { call, store } = await server();
    const r = await call('POST', '/api/characters', {
      ruleset: 'wfrp1e',
      text: 'name: Helmut\nprofile: { M: 4, WS: 450, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1 }\nweapons: [sword]\n',
    });
    expect(r.status).toBe(400);
    expect((r.body as { error: string }).error).toMatch(/^character:2:\d+ profile\.WS: /);
    expect(
      (await call('POST', '/api/characters', { ruleset: 'wfrp1e', text: 'weapons: [sword]' })).body,
    ).toMatchObject({
      error: expect.stringContaining('a character needs a name'),
    });
    expect(store.characters()).toEqual([]);
  });
});

describe('the API: the party as a party file', () => {
  const heroes = () => readFileSync(join(ROOT, 'data', 'wfrp1e', 'campaign', 'heroes.yaml'), 'utf8');
  it('imports a party file whole or not at all, and exports the party as one the command line reads', async () => {
    const { call, store, app, headers } = await server();
    const broken = heroes().replace('weapons: [axe]', 'weapons: [axxe]');
    const refused = await call('POST', '/api/characters/import', { text: broken });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(/^party:\d+:\d+ members\[2\]/);
    expect((refused.body as { error: string }).error).toContain("unknown weapon 'axxe'");
    expect(store.characters()).toEqual([]);
    const made = await call('POST', '/api/characters/import', { text: heroes() });
    expect(made.status).toBe(201);
    expect(store.characters('wfrp1e').map((c) => c.name)).toEqual(['Gunnar', 'Helmut', 'Skallier']);
    expect((await call('POST', '/api/characters/import', { text: heroes() })).status).toBe(409);
    expect(store.characters().length).toBe(3);
    const exported = (
      await app.inject({ method: 'GET', url: '/api/characters/party?ruleset=wfrp1e', headers })
    ).body;
    // The exported file is a party the command line brings into an encounter.
    const dir = mkdtempSync(join(tmpdir(), 'fray-party-export-'));
    writeFileSync(join(dir, 'party.yaml'), exported);
    writeFileSync(
      join(dir, 'e.yaml'),
      'ruleset: wfrp1e\ntitle: Road\nsides:\n  - name: Party\n    players: true\n    party: party.yaml\n  - name: Orcs\n    combatants:\n      - { use: orc, count: 3 }\n',
    );
    const r = await fray(['fight', join(dir, 'e.yaml'), '--seed', '1', '--json']);
    expect(r.code, r.err).toBe(0);
    const names = (JSON.parse(r.out) as { combatants: { name: string }[] }).combatants.map((c) => c.name);
    expect(names.slice(0, 3).sort()).toEqual(['Gunnar', 'Helmut', 'Skallier']);
  });
});

describe('the map in the fight view', () => {
  it('carries the grid and, at the plan question, every square judged by the engine; a legal one moves, a refused one changes nothing', async () => {
    const { call, store } = await server();
    await call('POST', '/api/encounters', { text: text(join(ROOT, 'data/ahq-house/encounters/crypt.yaml')) });
    let v = (await call('POST', '/api/fights', { encounterId: 1, seed: 1 })).body as FightView;
    expect(v.question).toMatchObject({ kind: 'choice', topic: 'plan', actor: 'barbarian' });
    expect(v.map).toMatchObject({ kind: 'grid', unit: 'square', bounds: { maxX: 14, maxY: 6 } });
    expect(v.map?.models.find((m) => m.id === 'barbarian')).toMatchObject({ at: { x: 2, y: 3 }, path: [] });
    const t = v.question?.targets;
    expect(t?.mover).toBe('barbarian');
    expect(t?.points).toHaveLength(14 * 6);
    const at = (x: number, y: number) => t?.points.find((p) => p[0] === x && p[1] === y)?.[2] ?? NaN;
    expect(at(5, 3)).toBe(-1);
    expect(t?.reasons[at(5, 1)]).toBe('(5, 1) is a wall');

    const before = store.inputs(v.id).length;
    const refused = await call('POST', `/api/fights/${v.id}/answer`, { answer: 'to:5,1' });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toContain('(5, 1) is a wall');
    expect(store.inputs(v.id).length).toBe(before);

    v = (await call('POST', `/api/fights/${v.id}/answer`, { answer: 'to:5,3' })).body as FightView;
    const barbarian = v.map?.models.find((m) => m.id === 'barbarian');
    expect(barbarian?.at).toEqual({ x: 5, y: 3 });
    expect(barbarian?.path.at(0)).toEqual({ x: 2, y: 3 });
    expect(barbarian?.path.at(-1)).toEqual({ x: 5, y: 3 });
    expect(v.tracker.rows.find((r) => r.id === 'barbarian')?.place).toBe('(5, 3) facing east');
  });

  it('carries the scene in yards; only a movement question has targets, and a touching point closes with the foe', async () => {
    const { call } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('pistol-duel.yaml')) });
    let v = (await call('POST', '/api/fights', { encounterId: 1, seed: 1 })).body as FightView;
    expect(v.map?.kind).toBe('plane');
    expect(v.question).toMatchObject({ topic: 'declare', actor: 'count-von-blitz' });
    expect(v.question?.targets).toBeUndefined();
    v = (await call('POST', `/api/fights/${v.id}/answer`, { answer: 'fight' })).body as FightView;
    for (let i = 0; i < 20 && v.question && !v.question.targets; i++) {
      const q = v.question;
      const answer = q.kind === 'roll' ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6) + 1) / 2) : q.suggested;
      v = (await call('POST', `/api/fights/${v.id}/answer`, { answer })).body as FightView;
    }
    expect(v.question).toMatchObject({ topic: 'engage', actor: 'count-von-blitz' });
    const t = v.question?.targets;
    expect(t?.step).toBe(0.5);
    expect(t?.points.some((p) => p[2] === -1)).toBe(true);
    const contact = t?.contacts.find((c) => c.model === 'baron-strahl');
    expect(contact?.answer).toMatch(/^to:/);
    v = (await call('POST', `/api/fights/${v.id}/answer`, { answer: contact?.answer })).body as FightView;
    expect(v.events.some((e) => /Count von Blitz moves .* in contact with Baron Strahl/.test(e.text))).toBe(
      true,
    );
    expect(v.map?.models.find((m) => m.id === 'count-von-blitz')?.path).toHaveLength(2);
  });
});

describe('files strangers send, rows damaged, a full disk (issue 29)', () => {
  /** A second connection to the campaign file, to damage its rows as a hand or a disk fault would. */
  const raw = (path: string) => new Database(path);

  it('a character row that is not JSON is reported beside the others, which it does not hide', async () => {
    const { call, path } = await server();
    for (const name of ['Anna', 'Berta'])
      await call('POST', '/api/characters', { ruleset: 'wfrp1e', text: `name: ${name}\nuse: human\n` });
    const db = raw(path);
    db.prepare("UPDATE characters SET entry = 'not json {' WHERE name = 'Anna'").run();
    db.close();
    const r = await call('GET', '/api/characters');
    expect(r.status).toBe(200);
    const byName = new Map((r.body as { name: string; damaged: string | null }[]).map((c) => [c.name, c]));
    expect(byName.get('Berta')?.damaged).toBeNull();
    expect(byName.get('Anna')?.damaged).toContain('its entry cannot be read');
    const party = await call('GET', '/api/characters/party?ruleset=wfrp1e');
    expect(party.status).toBe(200);
    expect(party.body).toContain('# Left out: Anna: its entry cannot be read');
    expect(
      (parse(party.body as string) as { members: { name: string }[] }).members.map((m) => m.name),
    ).toEqual(['Berta']);
  });

  it('a fight whose save or log is damaged is refused (409) saying so; the list keeps it; the table does not open to it', async () => {
    const { call, path, store } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    for (const seed of [1, 2, 3]) await call('POST', '/api/fights', { encounterId: 1, seed });
    await call('PUT', '/api/table', { fight: 3 });
    const db = raw(path);
    db.prepare("UPDATE fights SET save = 'garbage: [' WHERE id = 1").run();
    db.prepare("UPDATE fights SET auto_sides = '{' WHERE id = 2").run();
    db.prepare("UPDATE inputs SET value = 'x{' WHERE fight_id = 3 AND idx = 0").run();
    db.close();
    const list = await call('GET', '/api/fights');
    expect(list.status).toBe(200);
    expect(
      (list.body as { id: number; damaged: string | null }[]).map((f) => [f.id, f.damaged !== null]),
    ).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    const one = await call('GET', '/api/fights/1');
    expect(one.status).toBe(409);
    expect(one.body.error).toMatch(/^fight 1 \(.*\): its save cannot be read/);
    const three = await call('GET', '/api/fights/3');
    expect(three.status).toBe(409);
    expect(three.body.error).toContain('fight 3: input 1 of its log cannot be read');
    // The table stays on what it was: a refused request changes nothing.
    const before = store.setting('table_fight');
    const open = await call('PUT', '/api/table', { fight: 1 });
    expect(open.status).toBe(409);
    expect(store.setting('table_fight')).toBe(before);
    // The fight with a damaged column plays on with its default (no side played by the tactics).
    expect((await call('GET', '/api/fights/2')).status).toBe(200);
  });

  it('a full disk is a 507 in a plain sentence, and nothing of the request is kept', async () => {
    const { call, store } = await server();
    await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) });
    const db = (store as unknown as { db: Database.Database }).db;
    // The file may grow no more: the next page SQLite needs is refused, as on a full disk.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const big = `${text(encounterPath('demo.yaml'))}\n# ${'x'.repeat(200_000)}\n`;
    const r = await call('POST', '/api/encounters', { text: big });
    expect(r.status).toBe(507);
    expect(r.body.error).toMatch(/^the campaign could not be written: the disk it is on is full/);
    expect(r.body.error).not.toMatch(/SQLITE|database or disk/);
    db.pragma('max_page_count = 1073741823');
    expect(((await call('GET', '/api/encounters')).body as unknown[]).length).toBe(1);
  });

  it('a campaign file with a negative schema version, or no database at all, is refused in our words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-store-'));
    const path = join(dir, 'c.db');
    const db = new Database(path);
    db.pragma('user_version = -3');
    db.close();
    expect(() => new Store(path)).toThrow(
      'the campaign file says it has schema -3, which no Fray writes: it was changed outside Fray, or is no campaign',
    );
    const notDb = join(dir, 'notes.db');
    writeFileSync(notDb, 'these are my notes, not a database\n'.repeat(200));
    expect(() => new Store(notDb)).toThrow('it is not a campaign file (not an SQLite database)');
  });
});

describe('bodies strangers send (issue 44)', () => {
  const send = async (app: FastifyInstance, headers: Record<string, string>, payload: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/encounters',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    return { status: r.statusCode, error: (r.json() as { error: string }).error };
  };

  it('a key that reaches the prototype is named as such, not called invalid JSON; bad JSON says where', async () => {
    const { app, headers } = await server();
    expect(await send(app, headers, '{"text": "x", "__proto__": {"polluted": true}}')).toEqual({
      status: 400,
      error:
        'request body: the key __proto__ is not taken: a key named __proto__, or prototype under constructor, could change every object of the server; rename it',
    });
    expect((await send(app, headers, '{"a": [{"constructor": {"prototype": {}}}]}')).error).toContain(
      'the key a[0].constructor.prototype is not taken',
    );
    // A key called constructor alone is only a name.
    expect((await send(app, headers, '{"text": "x", "constructor": 1}')).error).not.toContain('not taken');
    const bad = await send(app, headers, '{"text": "x",}');
    expect(bad.status).toBe(400);
    expect(bad.error).toBe(
      'request body: not valid JSON: expected double-quoted property name at line 1, column 14',
    );
    expect((await send(app, headers, '{"text":\n x}')).error).toBe(
      "request body: not valid JSON: 'x' where it cannot stand",
    );
    expect((await send(app, headers, '{"text": "x"')).error).toMatch(
      /not valid JSON: .* at line 1, column 13$/,
    );
    expect(await send(app, headers, '  ')).toEqual({
      status: 400,
      error: 'request body: empty; expected a JSON object',
    });
  });

  it('an encounter of thousands of [ is refused at its 65th level, again and again, and the server answers after', async () => {
    const { call } = await server();
    for (let i = 0; i < 3; i++) {
      const r = await call('POST', '/api/encounters', {
        text: `ruleset: wfrp1e\nsides: ${'['.repeat(2000)}`,
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^encounter:2:71: nested too deeply/);
    }
    expect((await call('POST', '/api/encounters', { text: text(encounterPath('demo.yaml')) })).status).toBe(
      201,
    );
  });
});

describe('live sockets that never say hello (issue 29)', () => {
  /** A socket as the live part needs one, recording what it is sent and how it is closed. */
  class FakeSocket {
    readonly sent: string[] = [];
    closed: number | null = null;
    private readonly on_: Record<string, ((d: Buffer) => void)[]> = {};
    send(d: string) {
      this.sent.push(d);
    }
    close(code?: number) {
      if (this.closed !== null) return;
      this.closed = code ?? 1000;
      for (const f of this.on_.close ?? []) f(Buffer.alloc(0));
    }
    terminate() {
      this.close(1006);
    }
    ping() {}
    on(event: string, f: (d: Buffer) => void) {
      (this.on_[event] ??= []).push(f);
    }
    say(m: unknown) {
      for (const f of this.on_.message ?? []) f(Buffer.from(JSON.stringify(m)));
    }
  }

  it('closes a socket silent past the time for a hello (4408); one that says hello in time stays', async () => {
    const { Live } = await import('../src/server/live.js');
    const live = new Live('t'.repeat(32), null, { helloMs: 40 });
    const silent = new FakeSocket();
    const polite = new FakeSocket();
    live.open(silent, '10.0.0.1');
    live.open(polite, '10.0.0.1');
    polite.say({ type: 'hello', token: 't'.repeat(32) });
    await new Promise((r) => setTimeout(r, 120));
    expect(silent.closed).toBe(4408);
    expect(silent.sent.at(-1)).toContain('said nothing for 0.04 s');
    expect(polite.closed).toBeNull();
    live.close();
  });

  it('caps the signed-in sockets one address holds; a closed one frees its place; other addresses are not counted', async () => {
    const { Live } = await import('../src/server/live.js');
    const gm = 't'.repeat(32);
    const live = new Live(gm, null, { perAddress: 3 });
    const signedIn = (address: string) => {
      const s = new FakeSocket();
      live.open(s, address);
      s.say({ type: 'hello', token: gm });
      return s;
    };
    const mine = Array.from({ length: 4 }, () => signedIn('10.0.0.2'));
    expect(mine.map((s) => s.closed)).toEqual([null, null, null, 4429]);
    expect(mine[3]?.sent[0]).toContain('this address has 3 live sockets open already');
    expect(signedIn('10.0.0.3').closed).toBeNull();
    mine[0]?.close();
    expect(signedIn('10.0.0.2').closed).toBeNull();
    live.close();
  });

  it('sockets that say nothing never keep out a page that signs in: the newest silent one closes the oldest (issue 44)', async () => {
    const { Live, SOCKETS_PER_ADDRESS } = await import('../src/server/live.js');
    const gm = 't'.repeat(32);
    const live = new Live(gm, null, { silentPerAddress: 4 });
    // A page of a stranger's, opening sockets as fast as they are closed, never saying hello.
    const silent = Array.from({ length: SOCKETS_PER_ADDRESS + 8 }, () => new FakeSocket());
    silent.forEach((s) => live.open(s, '10.0.0.4'));
    expect(silent.filter((s) => s.closed === null)).toHaveLength(4);
    expect(silent[0]?.closed).toBe(4429);
    expect(silent[0]?.sent[0]).toContain('this address has 4 live sockets that said nothing');
    // The GM's pages, from the same address, are welcomed all the same, up to the signed-in places.
    const pages = Array.from({ length: SOCKETS_PER_ADDRESS }, () => {
      const s = new FakeSocket();
      live.open(s, '10.0.0.4');
      s.say({ type: 'hello', token: gm });
      return s;
    });
    expect(pages.every((s) => s.closed === null && s.sent[0]?.includes('"welcome"'))).toBe(true);
    // Past them, a new silent socket still opens (closing an older silent one), and is closed at its hello.
    const late = new FakeSocket();
    live.open(late, '10.0.0.4');
    expect(late.closed).toBeNull();
    late.say({ type: 'hello', token: gm });
    expect(late.closed).toBe(4429);
    live.close();
  });

  it('the server closes a real socket that says nothing, and keeps no count of it after', async () => {
    const store = new Store(join(mkdtempSync(join(tmpdir(), 'fray-live-')), 'c.db'));
    const { buildApp } = await import('../src/server/app.js');
    const app = await buildApp(store, {
      webRoot: null,
      live: { helloMs: 100, perAddress: 2, silentPerAddress: 2 },
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${origin.replace('http', 'ws')}/api/live`;
    try {
      const closes: number[] = [];
      for (let i = 0; i < 3; i++) new WebSocket(url).on('close', (code: number) => closes.push(code));
      await expect.poll(() => closes.length, { timeout: 3000 }).toBe(3);
      expect([...closes].sort()).toEqual([4408, 4408, 4429]);
      // Both places are free again: a socket that says hello is welcomed, and stays.
      const ws = new WebSocket(url);
      const heard: string[] = [];
      ws.on('message', (d: Buffer) => heard.push(d.toString()));
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: store.gmToken() })));
      await expect.poll(() => heard.join('')).toContain('"welcome"');
      await new Promise((r) => setTimeout(r, 250));
      expect(ws.readyState).toBe(WebSocket.OPEN);
      ws.terminate();
    } finally {
      await app.close();
      store.close();
    }
  });
});

describe("a GM's own material through the API (issue 30)", () => {
  const block = (name: string) => readFileSync(join(ROOT, 'data', 'blocks', name), 'utf8');

  it('reads a pasted stat block as fray import does, keeping nothing; refuses one that is none at its line', async () => {
    const { call, store } = await server();
    const r = await call('POST', '/api/import', {
      ruleset: 'openquest',
      text: block('oq-elf.txt').replace('Long spear', 'Thornblade'),
    });
    expect(r.status).toBe(200);
    expect(r.body.entry).toMatchObject({
      name: 'Elf',
      characteristics: { DEX: 17 },
      weapons: ['longsword', 'short-bow'],
    });
    expect(r.body.yaml).toContain(
      'characteristics: { STR: 10, CON: 11, SIZ: 10, DEX: 17, INT: 17, POW: 13, CHA: 11 }',
    );
    expect(r.body.warnings[0].message).toContain("'Thornblade (1D8)'");
    expect(store.characters()).toEqual([]);
    const bad = await call('POST', '/api/import', {
      ruleset: 'wfrp1e',
      text: 'Orc\nM WS BS S T W I A Dex Ld Int Cl WP Fel\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'paste:2:1: the profile heading (M WS BS S T W I A Dex Ld Int Cl WP Fel) has no row of values beneath it',
    );
  });

  it("gives the builder's form: the fields, their bounds, the ids each list takes", async () => {
    const { call } = await server();
    const w = await call('GET', '/api/rulesets/wfrp1e/character');
    expect(w.body.fields).toEqual([
      'profile',
      'weapons',
      'carried',
      'armour',
      'skills',
      'leftHanded',
      'tactics',
    ]);
    expect(w.body.schema.properties.profile.properties.WS).toMatchObject({ minimum: 0, maximum: 100 });
    expect(w.body.lists.weapons.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining(['sword', 'bow', 'bite']),
    );
    expect(w.body.skills).toEqual(expect.arrayContaining(['strike to stun', 'specialist weapon flail']));
    expect(new Set(w.body.skills).size).toBe(w.body.skills.length);
    const o = await call('GET', '/api/rulesets/openquest/character');
    expect(o.body.schema.properties.characteristics.properties.INT).toMatchObject({
      minimum: 0,
      maximum: 100,
    });
    expect(o.body.lists.armour.map((x: { id: string }) => x.id)).toContain('natural-4');
    expect((await call('GET', '/api/rulesets/nope/character')).status).toBe(404);
  });

  it("computes a character's sheet as it is written, from the form's entry or its YAML; a problem at its field or line", async () => {
    const { call, store } = await server();
    const entry = { name: 'Helga', use: 'human', weapons: ['spear'] };
    const r = await call('POST', '/api/characters/sheet', { ruleset: 'wfrp1e', entry });
    expect(r.status).toBe(200);
    expect(r.body.sheet.name).toBe('Helga');
    expect(r.body.sheet.lines.join('\n')).toContain('spear');
    const y = await call('POST', '/api/characters/sheet', {
      ruleset: 'wfrp1e',
      text: 'name: Helga\nuse: human\nweapons: [spear]\n',
    });
    expect(y.body.entry).toEqual(entry);
    const bad = await call('POST', '/api/characters/sheet', {
      ruleset: 'wfrp1e',
      text: 'name: Helga\nuse: human\nweapons: [sporn]\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ file: 'character', line: 3, path: 'weapons[0]' });
    expect(store.characters()).toEqual([]);
  });

  it('lists a bestiary by group, each creature with its source and what is not played', async () => {
    const { call } = await server();
    const r = await call('GET', '/api/rulesets/openquest/bestiary');
    const rows = r.body as { id: string; group: string; source: string; notPlayed: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.find((x) => x.id === 'basilisk')).toMatchObject({
      group: 'Creatures',
      source: 'OpenQuest SRD: Creatures',
    });
    expect(rows.find((x) => x.id === 'basilisk')?.notPlayed).toContain('gaze');
    // Grouped: a group's rows together.
    const groups = rows.map((x) => x.group).filter((g, i, a) => a.indexOf(g) === i);
    for (const g of groups) {
      const at = rows.map((x, i) => (x.group === g ? i : -1)).filter((i) => i >= 0);
      expect(at.at(-1)! - at[0]! + 1).toBe(at.length);
    }
    expect(
      ((await call('GET', '/api/rulesets/wfrp-cp/bestiary')).body as unknown[]).length,
    ).toBeGreaterThanOrEqual(60);
  });

  it('loads the shipped examples of a ruleset into the campaign, and not twice', async () => {
    const { call, store } = await server();
    const r = await call('POST', '/api/examples', { ruleset: 'wfrp1e' });
    expect(r.status).toBe(200);
    expect(r.body.encounters).toBeGreaterThanOrEqual(10);
    // The example party file's members, and the players' sides of the encounters.
    expect(store.characters('wfrp1e').map((c) => c.name)).toEqual(
      expect.arrayContaining(['Helmut', 'Skallier', 'Gunnar']),
    );
    const again = await call('POST', '/api/examples', { ruleset: 'wfrp1e' });
    expect(again.body).toEqual({ encounters: 0, characters: 0 });
    const oq = await call('POST', '/api/examples', { ruleset: 'openquest' });
    expect(oq.body.encounters).toBe(2);
    const fight = await call('POST', '/api/fights', { encounterId: store.encounters().at(-1)?.id, seed: 1 });
    expect(fight.status).toBe(201);
  });
});
