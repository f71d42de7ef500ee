// The table (issue 18): a fight opened to the players' own devices. A device joins with the table's
// code and gets a seat's token; it reads the fight as the players may see it and answers only its
// character's questions. Another character's token, a forged answer, an old answer sent again or a
// malformed message is refused with a 4xx or an error frame and changes nothing.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { Fights, type FightView, type PlayersView } from '../src/server/fights.js';
import { lanAddresses } from '../src/server/table.js';
import { LOG_HASH_START, logHash } from '../src/core/veil.js';
import { closeApps, startApp } from './app.js';
import { encounterPath } from './helpers.js';

afterEach(closeApps);

const server = () => startApp('table');

/** The demo fight (Helmut and Skallier, the players', against two orcs and a goblin), open to the table. */
async function tableWithDemo(seed = 7) {
  const s = await server();
  const e = await s.gm('POST', '/api/encounters', { text: readFileSync(encounterPath('demo.yaml'), 'utf8') });
  const f = await s.gm('POST', '/api/fights', { encounterId: e.body.id, seed });
  expect((await s.gm('PUT', '/api/table', { fight: f.body.id })).status).toBe(200);
  const code = (await s.gm('GET', '/api/table')).body.code as string;
  const join = async (character: string, player: string) => {
    const r = await s.as(null)('POST', `/api/join/${code}`, { character, player });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.token as string;
  };
  return { ...s, fight: f.body.id as number, code, join };
}

/** Rolls that go round the die's faces, the same every run. */
let turn = 0;

/** What a device would answer: a roll going round the faces, or the suggestion. */
function answerTo(q: NonNullable<PlayersView['question']> | NonNullable<FightView['question']>) {
  if ('waiting' in q && q.waiting) throw new Error('not a question to answer');
  const x = q as NonNullable<FightView['question']>;
  const count = x.count ?? 1;
  return x.kind === 'roll'
    ? count + ((turn++ * 37) % (count * (x.sides ?? 6) - count + 1))
    : (x.suggested as string | number);
}

/** The GM answers until the question is for one of these characters (or the fight ends). */
async function gmUntil(
  gm: Awaited<ReturnType<typeof server>>['gm'],
  fight: number,
  whose: readonly string[],
): Promise<FightView> {
  let v = (await gm('GET', `/api/fights/${fight}`)).body as FightView;
  for (let i = 0; i < 500 && v.question && !whose.includes(v.question.actor ?? ''); i++)
    v = (await gm('POST', `/api/fights/${fight}/answer`, { answer: answerTo(v.question), step: v.inputs }))
      .body as FightView;
  return v;
}

describe('joining the table', () => {
  it("offers the players' characters to a device with the code, gives each one seat, and refuses the rest", async () => {
    const t = await tableWithDemo();
    const anon = t.as(null);
    const page = await anon('GET', `/api/join/${t.code}`);
    expect(page.status).toBe(200);
    expect(page.body.title).toBe('The bridge at Grissenwald');
    expect(page.body.characters.map((c: { name: string }) => c.name)).toEqual(['Helmut', 'Skallier']);
    // A wrong code, or one the GM has replaced, opens nothing.
    expect((await anon('GET', '/api/join/NOTTHEONE')).status).toBe(403);
    expect((await anon('POST', '/api/join/NOTTHEONE', { character: 'helmut', player: 'Anna' })).status).toBe(
      403,
    );
    const token = await t.join('helmut', 'Anna');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // Taken is taken; an orc is the GM's; nothing else is made.
    expect((await anon('POST', `/api/join/${t.code}`, { character: 'helmut', player: 'Bob' })).status).toBe(
      409,
    );
    expect((await anon('POST', `/api/join/${t.code}`, { character: 'orc-1', player: 'Bob' })).status).toBe(
      404,
    );
    expect((await anon('POST', `/api/join/${t.code}`, { player: 'Bob' })).status).toBe(400);
    expect(
      (await anon('POST', `/api/join/${t.code}`, { character: 'skallier', display: true, player: 'Bob' }))
        .status,
    ).toBe(400);
    expect(t.store.seats().map((x) => x.combatant)).toEqual(['helmut']);
    const later = await anon('GET', `/api/join/${t.code}`);
    expect(later.body.characters.find((c: { id: string }) => c.id === 'helmut').taken).toBe(true);
    // The table display takes no character.
    const display = await anon('POST', `/api/join/${t.code}`, { display: true, player: 'TV' });
    expect(display.status).toBe(201);
    // A new code: the old link opens nothing, the seats stay.
    const fresh = await t.gm('POST', '/api/table/code');
    expect(fresh.body.code).not.toBe(t.code);
    expect((await anon('GET', `/api/join/${t.code}`)).status).toBe(403);
    expect((await t.as(token)('GET', '/api/seat')).status).toBe(200);
    // The GM frees a seat: its token is worth nothing.
    const seat = t.store.seats().find((x) => x.combatant === 'helmut');
    expect((await t.gm('DELETE', `/api/table/seats/${seat?.id}`)).status).toBe(200);
    expect((await t.as(token)('GET', '/api/seat')).status).toBe(401);
  });

  it("needs the GM's token for the table's settings, and a seat's for a seat", async () => {
    const t = await tableWithDemo();
    const token = await t.join('helmut', 'Anna');
    for (const [method, url, body] of [
      ['GET', '/api/table', undefined],
      ['PUT', '/api/table', { fight: null }],
      ['POST', '/api/table/seats', { character: 'skallier' }],
      ['PUT', `/api/fights/${t.fight}/see`, { health: 'numbers', rolls: 'shown', intents: 'shown' }],
      ['GET', `/api/fights/${t.fight}`, undefined],
      ['POST', `/api/fights/${t.fight}/answer`, { answer: 1 }],
    ] as const) {
      expect((await t.as(token)(method, url, body)).status, url).toBe(401);
      expect((await t.as(null)(method, url, body)).status, url).toBe(401);
    }
    const other = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const bad of [null, 'nope', t.store.gmToken(), other])
      expect((await t.as(bad)('GET', '/api/seat')).status).toBe(401);
    expect(t.store.setting('table_fight')).toBe(String(t.fight));
  });

  it('gives a seat from the GM’s screen with its own link and a QR code for it', async () => {
    const t = await tableWithDemo();
    const r = await t.gm('POST', '/api/table/seats', { character: 'skallier', player: 'Carl' });
    expect(r.status).toBe(201);
    // Not listening yet: the link has no address before it.
    expect(r.body.link).toBe(`/play#${r.body.token}`);
    expect((await t.as(r.body.token)('GET', '/api/seat')).body.view.you.name).toBe('Skallier');
    // Nor is there one to put in a QR code.
    expect((await t.gm('GET', '/api/table/qr.svg')).status).toBe(409);
  });
});

describe("the players' view", () => {
  it("is the fight as the players may see it: their own sheet, the GM side's numbers kept, no seed", async () => {
    const t = await tableWithDemo();
    const token = await t.join('helmut', 'Anna');
    const v = await gmUntil(t.gm, t.fight, ['helmut', 'skallier']);
    // Play on until an orc is hurt, with the GM's rolls in the log.
    let gmView = v;
    const hurt = (x: FightView) => x.events.some((e) => /^Orc \d: W \d/.test(e.text));
    for (let i = 0; i < 200 && gmView.question && !hurt(gmView); i++)
      gmView = (
        await t.gm('POST', `/api/fights/${t.fight}/answer`, {
          answer: answerTo(gmView.question),
          step: gmView.inputs,
        })
      ).body as FightView;
    const seen = (await t.as(token)('GET', '/api/seat')).body as {
      seat: { player: string };
      view: PlayersView;
    };
    expect(seen.seat.player).toBe('Anna');
    const view = seen.view;
    expect(view.you?.name).toBe('Helmut');
    expect(view.you?.sheet.join('\n')).toMatch(/sword \(right hand\): to hit WS 45/);
    expect(view.step).toBe(gmView.inputs);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/"seed"/);
    expect(view.events.total).toBeGreaterThan(5);
    // The orcs: a rough state, no gauges, no order number; their rolls and wounds masked in the log.
    const orc = view.tracker.rows.find((r) => r.id === 'orc-1');
    expect(orc?.gauges).toEqual([]);
    expect(orc?.rough).toMatch(/unhurt|hurt|badly hurt/);
    expect(orc?.order).toBeNull();
    const helmut = view.tracker.rows.find((r) => r.id === 'helmut');
    expect(helmut?.gauges[0]?.label).toBe('W');
    const gmEvents = gmView.events.map((e) => e.text);
    const orcWounds = gmEvents.filter((x) => /^Orc \d: W \d/.test(x));
    expect(orcWounds.length).toBeGreaterThan(0);
    for (const w of orcWounds) expect(text).not.toContain(w);
    expect(view.events.items.some((e) => /^Orc \d: W ▒ − ▒ = ▒/.test(e.text))).toBe(true);
    // The GM shows the numbers: now they are there.
    await t.gm('PUT', `/api/fights/${t.fight}/see`, { health: 'numbers', rolls: 'shown', intents: 'shown' });
    const open = (await t.as(token)('GET', '/api/seat')).body.view as PlayersView;
    expect(open.events.items.map((e) => e.text)).toEqual(gmEvents);
    expect(open.tracker.rows.find((r) => r.id === 'orc-1')?.gauges.length).toBeGreaterThan(0);
  });

  it("shows the GM side's questions as whose turn it is, and nothing of them", async () => {
    const t = await tableWithDemo();
    const token = await t.join('helmut', 'Anna');
    let v = (await t.gm('GET', `/api/fights/${t.fight}`)).body as FightView;
    for (let i = 0; i < 200 && v.question; i++) {
      const seen = (await t.as(token)('GET', '/api/seat')).body.view as PlayersView;
      const q = seen.question;
      expect(q?.actor ?? null).toBe(v.question.actor);
      if (v.question.actor?.startsWith('orc') || v.question.actor === 'goblin') {
        expect(q && 'waiting' in q && q.waiting).toBe(true);
        expect(JSON.stringify(q)).not.toContain(v.question.label);
      }
      v = (
        await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: answerTo(v.question), step: v.inputs })
      ).body as FightView;
    }
    expect(v.outcome).toMatch(/victory|draw/);
  });
});

describe('answers from the players’ devices', () => {
  it("takes a seat's answer to its own question and refuses everything else, changing nothing", async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const skallier = await t.join('skallier', 'Carl');
    const v = await gmUntil(t.gm, t.fight, ['helmut']);
    expect(v.question?.actor).toBe('helmut');
    const before = t.store.inputs(t.fight);
    const asked = v.question as NonNullable<FightView['question']>;
    const a = answerTo(asked);
    const refused = async (token: string | null, body: unknown, status: number, message?: RegExp) => {
      const r = await t.as(token)('POST', '/api/seat/answer', body);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      if (message) expect(r.body.error).toMatch(message);
      expect(t.store.inputs(t.fight)).toEqual(before);
    };
    // Another character's token: not its question.
    await refused(skallier, { step: v.inputs, answer: a }, 403, /Helmut's/);
    // No token, a wrong one, the GM's.
    await refused(null, { step: v.inputs, answer: a }, 401);
    await refused('0'.repeat(32), { step: v.inputs, answer: a }, 401);
    await refused(t.store.gmToken(), { step: v.inputs, answer: a }, 401);
    // Forged: an answer the question does not take.
    await refused(helmut, { step: v.inputs, answer: asked.kind === 'roll' ? 1000 : 'strike:@nobody' }, 400);
    await refused(helmut, { step: v.inputs, answer: 'x'.repeat(300) }, 400);
    // Malformed: no step, a step of another type, fields it does not know, not JSON at all.
    await refused(helmut, { answer: a }, 400, /step/);
    await refused(helmut, { step: 'now', answer: a }, 400);
    await refused(helmut, { step: v.inputs, answer: a, as: 'gm' }, 400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/seat/answer',
      headers: { authorization: `Bearer ${helmut}`, 'content-type': 'application/json' },
      payload: '{"step": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(t.store.inputs(t.fight)).toEqual(before);
    // A step to come is not this one.
    await refused(helmut, { step: v.inputs + 1, answer: a }, 409);
    // The right one.
    const ok = await t.as(helmut)('POST', '/api/seat/answer', { step: v.inputs, answer: a });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = t.store.inputs(t.fight);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length + 1)).toEqual([...before, a]);
    expect(t.store.givers(t.fight).get(before.length)).toMatch(/^seat:\d+:Anna \(Helmut\)$/);
    // The same answer again (a double tap, a message replayed): refused, nothing added.
    const again = await t.as(helmut)('POST', '/api/seat/answer', { step: v.inputs, answer: a });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/answered already/);
    expect(t.store.inputs(t.fight)).toEqual(after);
    // The GM sees who answered what, and may take it back.
    const g = (await t.gm('GET', `/api/fights/${t.fight}`)).body as FightView;
    expect(g.answers.at(-1)).toMatchObject({
      index: before.length,
      by: 'Anna (Helmut)',
      question: asked.label,
    });
    const undone = (await t.gm('POST', `/api/fights/${t.fight}/undo`)).body as FightView;
    expect(undone.inputs).toBe(v.inputs);
    expect(undone.question?.actor).toBe('helmut');
  });

  it("refuses the GM's answer for a step that is gone (a player answered first)", async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const v = await gmUntil(t.gm, t.fight, ['helmut']);
    const a = answerTo(v.question as NonNullable<FightView['question']>);
    expect((await t.as(helmut)('POST', '/api/seat/answer', { step: v.inputs, answer: a })).status).toBe(200);
    const stored = t.store.inputs(t.fight);
    const late = await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: a, step: v.inputs });
    expect(late.status).toBe(409);
    expect(t.store.inputs(t.fight)).toEqual(stored);
  });
});

/** A live socket signed in with a token; collects what it is sent. */
async function socket(app: FastifyInstance, hello: Record<string, unknown>) {
  const ws = (await app.injectWS('/api/live')) as unknown as WebSocket;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const heard: any[] = [];
  ws.on('message', (d: Buffer) => heard.push(JSON.parse(d.toString())));
  ws.send(JSON.stringify({ type: 'hello', ...hello }));
  await expect.poll(() => heard.length).toBeGreaterThan(0);
  return { ws, heard, views: () => heard.filter((m) => m.type === 'view').map((m) => m.view as PlayersView) };
}

describe("the players' live socket", () => {
  it('sends each change as the players see it, the log from where the device was; a device back from sleep gets only what it lacks', async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const a = await socket(t.app, { token: helmut });
    expect(a.heard[0]).toMatchObject({ type: 'welcome', role: 'player', seat: { combatant: 'helmut' } });
    await expect.poll(() => a.views().length).toBe(1);
    const first = a.views()[0] as PlayersView;
    expect(first.events.from).toBe(0);
    expect(first.you?.name).toBe('Helmut');
    // The GM plays on: each change comes with only the new entries of the log.
    let log = [...first.events.items];
    let v = (await t.gm('GET', `/api/fights/${t.fight}`)).body as FightView;
    for (let i = 0; i < 12 && v.question; i++) {
      v = (
        await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: answerTo(v.question), step: v.inputs })
      ).body as FightView;
      await expect.poll(() => a.views().length).toBe(i + 2);
      const pushed = a.views().at(-1) as PlayersView;
      expect(pushed.events.from).toBe(log.length);
      log = [...log.slice(0, pushed.events.from), ...pushed.events.items];
      expect(pushed.step).toBe(v.inputs);
    }
    const whole = (await t.as(helmut)('GET', '/api/seat')).body.view as PlayersView;
    expect(log).toEqual(whole.events.items);
    // Asleep: the socket is gone; the fight goes on.
    a.ws.terminate();
    const asleepAt = log.length;
    for (let i = 0; i < 6 && v.question; i++)
      v = (
        await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: answerTo(v.question), step: v.inputs })
      ).body as FightView;
    // Awake: it says what it has, and gets the rest.
    const hashOf = (items: readonly { text: string }[]) =>
      items.reduce((h, e) => logHash(h, e.text), LOG_HASH_START);
    const b = await socket(t.app, { token: helmut, fight: t.fight, since: asleepAt, hash: hashOf(log) });
    await expect.poll(() => b.views().length).toBe(1);
    const caught = b.views()[0] as PlayersView;
    expect(caught.events.from).toBe(asleepAt);
    expect([...log, ...caught.events.items]).toEqual(
      ((await t.as(helmut)('GET', '/api/seat')).body.view as PlayersView).events.items,
    );
    // A device whose log is not this one's (an undo it missed, then other entries) gets it all, even
    // when its last entry reads the same as the log's entry there.
    const other = [...log.slice(0, -2), { text: 'undone' }, log.at(-1) as { text: string }];
    const c = await socket(t.app, { token: helmut, fight: t.fight, since: asleepAt, hash: hashOf(other) });
    await expect.poll(() => c.views().length).toBe(1);
    expect(c.views()[0]?.events.from).toBe(0);
    // An undo: the log is shorter, and the device is told from where.
    const total = (c.views()[0] as PlayersView).events.total;
    await t.gm('POST', `/api/fights/${t.fight}/undo`);
    await expect.poll(() => c.views().length).toBe(2);
    expect(c.views()[1]?.events.from).toBeLessThanOrEqual(total);
    // A socket says nothing after its hello: anything it sends gets an error frame and changes nothing.
    const inputs = t.store.inputs(t.fight);
    c.ws.send(JSON.stringify({ type: 'answer', step: 3, answer: 50 }));
    c.ws.send('not json');
    await expect.poll(() => c.heard.filter((m) => m.type === 'error').length).toBe(2);
    expect(t.store.inputs(t.fight)).toEqual(inputs);
    for (const s of [b, c]) s.ws.terminate();
  });

  it('closes a socket that says another token, or nothing like a hello', async () => {
    const t = await tableWithDemo();
    for (const hello of [{ token: 'f'.repeat(32) }, { token: 42 }, { tokn: 'x' }]) {
      const ws = (await t.app.injectWS('/api/live')) as unknown as WebSocket;
      const heard: { type: string }[] = [];
      const closed = new Promise<number>((r) => ws.on('close', (code: number) => r(code)));
      ws.on('message', (d: Buffer) => heard.push(JSON.parse(d.toString())));
      ws.send(JSON.stringify({ type: 'hello', ...hello }));
      expect(await closed).toBe(4401);
      expect(heard.map((m) => m.type)).toEqual(['error']);
    }
  });

  it("tells the GM's pages each answer a player gave, and who gave it", async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const g = await socket(t.app, { token: t.store.gmToken() });
    const v = await gmUntil(t.gm, t.fight, ['helmut']);
    await t.as(helmut)('POST', '/api/seat/answer', {
      step: v.inputs,
      answer: answerTo(v.question as NonNullable<FightView['question']>),
    });
    await expect.poll(() => g.heard.some((m) => m.what === 'answer' && m.by === 'Anna')).toBe(true);
    g.ws.terminate();
  });
});

describe("the GM's pages told each step with its view", () => {
  /** A view told with a step, put together with what the page had (as web/src/api.ts viewHeard). */
  const together = (had: FightView | null, m: { view: FightView; from: number; prefix: number }) => {
    if (m.from === 0) return m.view;
    if (!had || m.from > had.events.length) return null;
    const hash = had.events.slice(0, m.from).reduce((h, e) => logHash(h, e.text), LOG_HASH_START);
    return hash === m.prefix
      ? { ...m.view, events: [...had.events.slice(0, m.from), ...m.view.events] }
      : null;
  };
  const hashOf = (v: FightView) => v.events.reduce((h, e) => logHash(h, e.text), LOG_HASH_START);

  it('sends the rest of the log from what the socket was sent, cut back after an undo, equal to a fresh look', async () => {
    const t = await tableWithDemo();
    const g = await socket(t.app, { token: t.store.gmToken() });
    const steps = () => g.heard.filter((m) => m.view !== undefined);
    let page: FightView | null = null;
    let v = (await t.gm('GET', `/api/fights/${t.fight}`)).body as FightView;
    for (let i = 0; i < 6 && v.question; i++) {
      v = (
        await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: answerTo(v.question), step: v.inputs })
      ).body as FightView;
      await expect.poll(() => steps().length).toBe(i + 1);
      const m = steps()[i];
      expect(m).toMatchObject({ fight: t.fight, what: 'answer', inputs: v.inputs, log: hashOf(v) });
      // The first is the whole log; after it, only what the socket was not sent.
      if (i === 0) expect(m.from).toBe(0);
      else expect(m.from).toBe(page?.events.length);
      page = together(page, m);
      expect(page).toEqual(v);
    }
    const undone = (await t.gm('POST', `/api/fights/${t.fight}/undo`)).body as FightView;
    await expect.poll(() => steps().length).toBe(7);
    const m = steps()[6];
    expect(m.what).toBe('undo');
    expect(m.from).toBeLessThan((page as FightView).events.length);
    expect(together(page, m)).toEqual(undone);
    // A page whose log is not the one sent (it missed a step) cannot put it together: it fetches.
    expect(together({ ...undone, events: undone.events.map((e) => ({ ...e, text: `${e.text}!` })) }, m)).toBe(
      null,
    );
    g.ws.terminate();
  });
});

describe("the players' log, veiled once a step", () => {
  it('is what a server that never saw the fight before makes of it, step by step, through a change of what they see and an undo', async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const seat = t.store.seatByToken(helmut);
    if (!seat) throw new Error('no seat');
    const fresh = () => new Fights(t.store).players(t.fight, seat);
    const kept = async () => ((await t.as(helmut)('GET', '/api/seat')).body as { view: PlayersView }).view;
    let v = (await t.gm('GET', `/api/fights/${t.fight}`)).body as FightView;
    for (let i = 0; i < 12 && v.question; i++) {
      if (i === 5)
        await t.gm('PUT', `/api/fights/${t.fight}/see`, {
          health: 'numbers',
          rolls: 'shown',
          intents: 'shown',
        });
      v =
        i === 8
          ? ((await t.gm('POST', `/api/fights/${t.fight}/undo`)).body as FightView)
          : ((
              await t.gm('POST', `/api/fights/${t.fight}/answer`, {
                answer: answerTo(v.question),
                step: v.inputs,
              })
            ).body as FightView);
      expect(await kept()).toEqual(JSON.parse(JSON.stringify(fresh())));
    }
    // The veil's change showed in the log: the numbers kept before are there after.
    expect(JSON.stringify(await kept())).not.toContain('▒');
  });
});

describe('the replays the server keeps', () => {
  it('are those of the last four fights looked at; an older one is replayed when looked at again, the same', async () => {
    const t = await tableWithDemo();
    const fights = new Fights(t.store);
    const e = await t.gm('POST', '/api/encounters', {
      text: readFileSync(encounterPath('demo.yaml'), 'utf8'),
    });
    const ids: number[] = [t.fight];
    for (let i = 0; i < 5; i++)
      ids.push((await t.gm('POST', '/api/fights', { encounterId: e.body.id, seed: i })).body.id);
    const first = fights.get(t.fight);
    for (const id of ids.slice(1)) fights.get(id);
    const kept = (fights as unknown as { last: Map<number, unknown> }).last;
    expect([...kept.keys()]).toEqual(ids.slice(-4));
    expect(fights.get(t.fight)).toEqual(first);
    expect([...kept.keys()]).toEqual([...ids.slice(-3), t.fight]);
  });
});

describe('the table on the network', () => {
  it('listens on the network addresses too when the GM opens it, and shows the join link there', async () => {
    const t = await tableWithDemo();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const local = await t.gm('GET', '/api/table');
    expect(local.body.network).toBe(false);
    expect(local.body.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join\/[A-Z2-9]{8}$/);
    const qr = await t.gm('GET', '/api/table/qr.svg');
    expect(qr.status).toBe(200);
    expect(String(qr.body)).toMatch(/^<svg/);
    const lan = lanAddresses();
    const opened = await t.gm('PUT', '/api/table/network', { open: true });
    if (lan.length === 0) {
      expect(opened.status).toBe(409);
      return;
    }
    expect(opened.status).toBe(200);
    expect(opened.body.network).toBe(true);
    const link = opened.body.links[0] as string;
    expect(link).toContain(lan[0]);
    // A device on the network opens the join page's API there.
    const code = link.split('/').at(-1) as string;
    const r = await fetch(`${new URL(link).origin}/api/join/${code}`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { title: string }).title).toBe('The bridge at Grissenwald');
    expect((await t.gm('PUT', '/api/table/network', { open: false })).body.network).toBe(false);
    await expect(fetch(`${new URL(link).origin}/api/join/${code}`)).rejects.toThrow();
  });
});

describe('holes a review looked for', () => {
  it('a request line with a whole URL reaches no GM route without the token', async () => {
    const t = await tableWithDemo();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(origin);
    const raw = (line: string) =>
      new Promise<string>((done, fail) => {
        const c = connect(Number(port), '127.0.0.1', () =>
          // The Host is the server's own (another is refused before any route: test/hosts.test.ts).
          c.write(`${line}\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
        );
        let out = '';
        c.on('data', (d) => (out += d.toString()));
        c.on('end', () => done(out));
        c.on('error', fail);
      });
    const code = t.store.setting('join_code');
    for (const line of [
      'GET http://evil/api/fights HTTP/1.1',
      'GET HTTP://evil/api/table HTTP/1.1',
      'POST http://evil/api/table/code HTTP/1.1',
    ])
      expect((await raw(line)).split('\r\n')[0], line).toBe('HTTP/1.1 401 Unauthorized');
    expect(t.store.setting('join_code')).toBe(code);
    // The players' part stays open to a whole URL too.
    expect((await raw(`GET http://evil/api/join/${code} HTTP/1.1`)).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });

  it('refuses a ruling written as an answer, from a seat or from the GM, changing nothing', async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    const v = await gmUntil(t.gm, t.fight, ['helmut']);
    const before = t.store.inputs(t.fight);
    for (const ruling of ['!set orc-1 W 0', '!leave orc-2', '!set helmut W 8 | healed']) {
      const seat = await t.as(helmut)('POST', '/api/seat/answer', { step: v.inputs, answer: ruling });
      expect(seat.status).toBe(400);
      expect(seat.body.error).toMatch(/a ruling, not an answer/);
      expect((await t.gm('POST', `/api/fights/${t.fight}/answer`, { answer: ruling })).status).toBe(400);
    }
    expect(t.store.inputs(t.fight)).toEqual(before);
  });

  it('gives the players no suggestion while the GM keeps anything (it is worked out from what the GM sees)', async () => {
    const t = await tableWithDemo();
    const helmut = await t.join('helmut', 'Anna');
    let v = await gmUntil(t.gm, t.fight, ['helmut']);
    for (let i = 0; i < 40 && v.question?.kind !== 'choice'; i++) {
      v = (
        await t.as(helmut)('POST', '/api/seat/answer', {
          step: v.inputs,
          answer: answerTo(v.question as never),
        })
      ).body;
      v = await gmUntil(t.gm, t.fight, ['helmut']);
    }
    expect(v.question?.kind).toBe('choice');
    const kept = (await t.as(helmut)('GET', '/api/seat')).body.view as PlayersView;
    expect(kept.question && 'suggested' in kept.question).toBe(false);
    await t.gm('PUT', `/api/fights/${t.fight}/see`, { health: 'numbers', rolls: 'shown', intents: 'shown' });
    const open = (await t.as(helmut)('GET', '/api/seat')).body.view as PlayersView;
    expect(open.question && !open.question.waiting && open.question.suggested).toBe(v.question?.suggested);
  });

  it("keeps the GM's reinforcements held back off the players' tracker, map and log until they come", async () => {
    const s = await server();
    const text = `${readFileSync(encounterPath('helmut-and-the-skaven.yaml'), 'utf8').trimEnd()}
      - { name: Second Skaven, profile: { M: 5, WS: 33, BS: 25, S: 3, T: 3, W: 7, I: 40, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }, weapons: [sword], enters: true }
`;
    const e = await s.gm('POST', '/api/encounters', { text });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    const f = await s.gm('POST', '/api/fights', { encounterId: e.body.id, seed: 3 });
    await s.gm('PUT', '/api/table', { fight: f.body.id });
    const code = (await s.gm('GET', '/api/table')).body.code;
    const token = (await s.as(null)('POST', `/api/join/${code}`, { character: 'helmut', player: 'Anna' }))
      .body.token;
    const gmView = (await s.gm('GET', `/api/fights/${f.body.id}`)).body as FightView;
    expect(JSON.stringify(gmView)).toContain('Second Skaven');
    const seen = (await s.as(token)('GET', '/api/seat')).body.view as PlayersView;
    expect(JSON.stringify(seen)).not.toContain('Second Skaven');
    expect(JSON.stringify(seen)).not.toContain('second-skaven');
    // The GM brings it in: now the players see it.
    const r = await s.gm('POST', `/api/fights/${f.body.id}/rulings`, {
      kind: 'enter',
      who: 'second-skaven',
      why: 'from the sewer',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = (await s.as(token)('GET', '/api/seat')).body.view as PlayersView;
    expect(after.tracker.rows.some((x) => x.id === 'second-skaven')).toBe(true);
    expect(after.events.items.some((x) => x.text.includes('Second Skaven enters the fight'))).toBe(true);
  });

  it("draws the players' map without the GM side's reaches while its rolls are kept", async () => {
    const s = await server();
    const e = await s.gm('POST', '/api/encounters', {
      text: readFileSync(encounterPath('pistol-duel.yaml'), 'utf8'),
    });
    const f = await s.gm('POST', '/api/fights', { encounterId: e.body.id, seed: 1 });
    await s.gm('PUT', '/api/table', { fight: f.body.id });
    const code = (await s.gm('GET', '/api/table')).body.code;
    const token = (
      await s.as(null)('POST', `/api/join/${code}`, { character: 'count-von-blitz', player: 'C' })
    ).body.token;
    const gmMap = ((await s.gm('GET', `/api/fights/${f.body.id}`)).body as FightView).map;
    const baron = gmMap?.models.find((m) => m.id === 'baron-strahl');
    expect(baron?.ranges.length).toBeGreaterThan(0);
    const seen = ((await s.as(token)('GET', '/api/seat')).body.view as PlayersView).map;
    expect(seen?.models.find((m) => m.id === 'baron-strahl')?.ranges).toEqual([]);
    expect(seen?.models.find((m) => m.id === 'count-von-blitz')?.ranges.length).toBeGreaterThan(0);
    expect(seen?.models.find((m) => m.id === 'baron-strahl')?.at).toEqual(baron?.at);
  });

  it('closes the table when its fight is deleted: a new fight given its number is not opened', async () => {
    const t = await tableWithDemo();
    const token = await t.join('helmut', 'Anna');
    expect((await t.gm('DELETE', `/api/fights/${t.fight}`)).status).toBe(200);
    expect((await t.gm('GET', '/api/table')).body.fight).toBeNull();
    const e = (await t.gm('GET', '/api/encounters')).body[0].id;
    const f = await t.gm('POST', '/api/fights', { encounterId: e, seed: 1 });
    expect(f.body.id).toBe(t.fight);
    expect((await t.gm('GET', '/api/table')).body.fight).toBeNull();
    expect((await t.as(token)('GET', '/api/seat')).body.view).toBeNull();
  });

  it("makes a seat nobody in a fight where its character is on the GM's side", async () => {
    const s2 = await server();
    const duel = readFileSync(encounterPath('pistol-duel.yaml'), 'utf8');
    const first = await s2.gm('POST', '/api/encounters', { text: duel });
    const f1 = await s2.gm('POST', '/api/fights', { encounterId: first.body.id, seed: 1 });
    await s2.gm('PUT', '/api/table', { fight: f1.body.id });
    const code = (await s2.gm('GET', '/api/table')).body.code;
    const token = (
      await s2.as(null)('POST', `/api/join/${code}`, { character: 'count-von-blitz', player: 'C' })
    ).body.token as string;
    // A rematch with the sides the other way round: the Count is the GM's now.
    const swapped = duel
      .replace(/\n {4}players: true/, '')
      .replace(/(- name: Baron Strahl\n)/, '$1    players: true\n');
    expect(swapped).not.toBe(duel);
    const second = await s2.gm('POST', '/api/encounters', { text: swapped });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const f2 = await s2.gm('POST', '/api/fights', { encounterId: second.body.id, seed: 2 });
    await s2.gm('PUT', '/api/table', { fight: f2.body.id });
    const seen = (await s2.as(token)('GET', '/api/seat')).body.view as PlayersView;
    expect(seen.you).toBeNull();
    const v = await gmUntil(s2.gm, f2.body.id, ['count-von-blitz']);
    expect(v.question?.actor).toBe('count-von-blitz');
    const before = s2.store.inputs(f2.body.id);
    const r = await s2.as(token)('POST', '/api/seat/answer', {
      step: v.inputs,
      answer: answerTo(v.question as never),
    });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/the GM's/);
    expect(s2.store.inputs(f2.body.id)).toEqual(before);
  });
});
