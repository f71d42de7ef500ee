// kill -9 of `fray serve` with a GM and six players connected (issue 18): when the server comes back
// on the same address, every device reconnects by itself, signed in with the token it had (the
// seats are kept in the campaign), at the same step, with the same log, and play goes on.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FightView } from '../src/server/fights.js';
import { Device, HEROES, scripted, SIX_AT_THE_GATE } from './device.js';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

function start(db: string, port: number): Promise<{ child: ChildProcess; token: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--campaign', db, '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Open (http:\/\/\S+) /.exec(out);
      if (m) done({ child, token: new URL(m[1] as string).searchParams.get('token') ?? '' });
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${out}`)));
  });
}

describe('kill -9 of fray serve with the table connected', () => {
  it('brings every device back by itself, at the same step and with the same log', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'fray-table-kill-')), 'c.db');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    let { child, token } = await start(db, port);
    const gm = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const r = await fetch(origin + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await r.json()) as T;
    };
    const e = await gm<{ id: number }>('POST', '/api/encounters', { text: SIX_AT_THE_GATE });
    const f = await gm<FightView>('POST', '/api/fights', { encounterId: e.id, seed: 3 });
    await gm('PUT', '/api/table', { fight: f.id });
    const code = (await gm<{ code: string }>('GET', '/api/table')).code;
    const devices: { id: string; token: string; device: Device }[] = [];
    for (const name of HEROES) {
      const r = await fetch(`${origin}/api/join/${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ character: name.toLowerCase(), player: name }),
      });
      const seat = (await r.json()) as { token: string };
      const device = new Device(origin, seat.token);
      devices.push({ id: name.toLowerCase(), token: seat.token, device });
      device.connect();
    }
    // The GM's page: a socket that comes back by itself too.
    let gmWelcomes = 0;
    let gmStopped = false;
    const gmSocket = () => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/live`);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
      ws.on('message', (d: Buffer) => {
        if ((JSON.parse(d.toString()) as { type?: string }).type === 'welcome') gmWelcomes++;
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!gmStopped) setTimeout(gmSocket, 200);
      });
      return ws;
    };
    gmSocket();
    await expect.poll(() => devices.every((d) => d.device.live) && gmWelcomes === 1).toBe(true);

    /** Plays `n` answers: the players' on their devices' views, the GM's through the API. */
    let turn = 0;
    const play = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const v = await gm<FightView>('GET', `/api/fights/${f.id}`);
        if (!v.question) return;
        const mine = devices.find((d) => d.id === v.question?.actor);
        if (mine) {
          await expect.poll(() => mine.device.view?.step).toBe(v.inputs);
          const q = mine.device.view?.question as NonNullable<FightView['question']>;
          const r = await fetch(`${origin}/api/seat/answer`, {
            method: 'POST',
            headers: { authorization: `Bearer ${mine.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ step: v.inputs, answer: scripted(q, turn++) }),
          });
          expect(r.status).toBe(200);
        } else {
          const q = v.question;
          await gm('POST', `/api/fights/${f.id}/answer`, {
            answer: q.kind === 'roll' ? (q.count ?? 1) : q.suggested,
            step: v.inputs,
          });
        }
      }
    };
    await play(30);
    const before = await gm<FightView>('GET', `/api/fights/${f.id}`);
    for (const d of devices) await expect.poll(() => d.device.view?.step).toBe(before.inputs);
    const logs = devices.map((d) => [...d.device.events]);
    expect(logs[0]?.length).toBeGreaterThan(10);
    // The views each device had before the kill: the one it gets back must come after them (its
    // last one before may be at the same step, carrying the last few entries).
    const heard = devices.map((d) => d.device.views.length);

    child.kill('SIGKILL');
    await expect.poll(() => devices.every((d) => !d.device.live)).toBe(true);
    // Down for a while: the devices keep trying.
    await new Promise((r) => setTimeout(r, 700));
    ({ child, token } = await start(db, port));

    // Every device back by itself, with its own token, at the same step and with the same log.
    await expect
      .poll(() => devices.every((d) => d.device.live && d.device.hellos === 2), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => gmWelcomes, { timeout: 15_000 }).toBe(2);
    for (const [i, d] of devices.entries()) {
      await expect.poll(() => d.device.views.length).toBeGreaterThan(heard[i] ?? 0);
      await expect.poll(() => d.device.views.at(-1)?.step).toBe(before.inputs);
      const back = d.device.views.at(-1);
      // It said what it had: nothing of the log was sent again.
      expect(back?.events.from).toBe(logs[i]?.length);
      expect(back?.events.items).toEqual([]);
      expect(d.device.events).toEqual(logs[i]);
    }
    expect((await gm<FightView>('GET', `/api/fights/${f.id}`)).inputs).toBe(before.inputs);
    // And play goes on from there.
    await play(8);
    const after = await gm<FightView>('GET', `/api/fights/${f.id}`);
    expect(after.inputs).toBeGreaterThan(before.inputs);
    for (const d of devices) await expect.poll(() => d.device.view?.step).toBe(after.inputs);
    gmStopped = true;
    for (const d of devices) d.device.close();
    child.kill('SIGKILL');
  }, 120_000);
});
