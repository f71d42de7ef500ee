// Strangers on the network (issue 44): the names fray serve answers to. A page of another site
// that points its own name at this computer (DNS rebinding) still sends that name as its Host, and
// is refused; the GM reaching the server by loopback, by an address of the computer, or by a name
// given with --allow-host is answered.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../src/server/app.js';
import { hostName } from '../src/server/hosts.js';
import { Store } from '../src/server/store.js';
import { fray, ROOT } from './helpers.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
});

/** An app on a new campaign, not listening (requests injected). */
async function app(o: AppOptions = {}): Promise<{ app: FastifyInstance; store: Store }> {
  const store = new Store(join(mkdtempSync(join(tmpdir(), 'fray-hosts-')), 'c.db'));
  const a = await buildApp(store, { webRoot: null, ...o });
  closing.push(async () => {
    await a.close();
    store.close();
  });
  return { app: a, store };
}

/** The status a request for the rulesets gets when it names `host`. */
async function statusFor(a: FastifyInstance, store: Store, host: string): Promise<number> {
  const r = await a.inject({
    method: 'GET',
    url: '/api/rulesets',
    headers: { host, authorization: `Bearer ${store.gmToken()}` },
  });
  return r.statusCode;
}

describe('the Host a request names', () => {
  it('is answered for the loopback names and this computer’s addresses, refused with 421 for any other, saying how to add one', async () => {
    const { app: a, store } = await app();
    const own = Object.values(networkInterfaces())
      .flat()
      .map((i) => (i?.family === 'IPv6' ? `[${i.address}]` : (i?.address ?? '')));
    for (const host of ['localhost', 'localhost:4400', '127.0.0.1:4400', '[::1]:4400', 'LOCALHOST', ...own])
      expect(await statusFor(a, store, host), host).toBe(200);
    for (const host of [
      'rebound.example',
      'rebound.example:4400',
      '127.0.0.1.nip.io:4400',
      'localhost.evil',
    ]) {
      const r = await a.inject({
        method: 'POST',
        url: '/api/encounters',
        headers: { host, authorization: `Bearer ${store.gmToken()}` },
        payload: { text: 'nothing' },
      });
      expect(r.statusCode, host).toBe(421);
      expect(r.headers['content-type']).toContain('text/plain');
      expect(r.body).toContain(`does not answer to the name '${host.replace(/:\d+$/, '')}'`);
      expect(r.body).toContain(`fray serve --allow-host ${host.replace(/:\d+$/, '')}`);
    }
    // The page and the players' part are refused alike: the join page would let it guess codes.
    const page = await a.inject({ method: 'GET', url: '/join/ABC', headers: { host: 'rebound.example' } });
    expect(page.statusCode).toBe(421);
    expect(store.encounters()).toEqual([]);
  });

  it('answers to the names it is given (--allow-host, --host) and to no other', async () => {
    const { app: a, store } = await app({ hosts: ['fray.lan', 'Table.Example', '0.0.0.0'] });
    for (const host of ['fray.lan', 'fray.lan:4400', 'table.example', '0.0.0.0:4400'])
      expect(await statusFor(a, store, host), host).toBe(200);
    expect(await statusFor(a, store, 'fray.lan.example')).toBe(421);
  });

  it('refuses the live socket opened by another name before it opens', async () => {
    const { app: a } = await app();
    const origin = await a.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(origin);
    const status = await new Promise<number>((done) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`, {
        headers: { host: `rebound.example:${port}` },
      });
      ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0));
      ws.on('open', () => done(101));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(421);
  });
});

/** What opening the live socket from a page of `origin` (none: no Origin header) comes to: 101, or the refusal. */
function opening(url: string, origin?: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((done) => {
    const ws = new WebSocket(url, { ...(origin ? { origin } : {}), ...(host ? { headers: { host } } : {}) });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => {
      ws.terminate();
      done({ status: 101, body: '' });
    });
    ws.on('error', () => undefined);
  });
}

describe('the Origin of a page opening the live socket', () => {
  it("takes this server's own pages and clients that are no page; refuses every other with 403 before the socket opens", async () => {
    const { app: a } = await app({ hosts: ['fray.lan'] });
    const { port } = new URL(await a.listen({ port: 0, host: '127.0.0.1' }));
    const url = `ws://127.0.0.1:${port}/api/live`;
    expect((await opening(url, `http://127.0.0.1:${port}`)).status).toBe(101);
    expect((await opening(url)).status).toBe(101);
    expect((await opening(url, `http://fray.lan:${port}`, `fray.lan:${port}`)).status).toBe(101);
    // Behind a proxy of the GM's that serves it over https on its own port, as the page sees it.
    expect((await opening(url, 'https://fray.lan', 'fray.lan')).status).toBe(101);
    for (const origin of [
      'https://stranger.example',
      `http://127.0.0.1:${Number(port) + 1}`,
      `http://localhost:${port}`,
      `http://fray.lan:${port}`,
      'null',
      'file://',
    ]) {
      const r = await opening(url, origin);
      expect(r.status, origin).toBe(403);
      expect(JSON.parse(r.body).error, origin).toContain('the live socket is for the pages of this server');
    }
  });

  it("a site's pages cannot take the GM's places: dozens refused, the GM's own page is welcomed", async () => {
    const { app: a, store } = await app();
    const { port } = new URL(await a.listen({ port: 0, host: '127.0.0.1' }));
    const url = `ws://127.0.0.1:${port}/api/live`;
    // Kept open, as a page would keep them, and opened again when closed.
    const strangers = Array.from(
      { length: 40 },
      () => new WebSocket(url, { origin: 'https://stranger.example' }),
    );
    const outcomes = strangers.map(
      (ws) =>
        new Promise<number>((done) => {
          ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0));
          ws.on('open', () => done(101));
          ws.on('error', () => undefined);
        }),
    );
    expect(new Set(await Promise.all(outcomes))).toEqual(new Set([403]));
    const gm = new WebSocket(url, { origin: `http://127.0.0.1:${port}` });
    const heard: string[] = [];
    gm.on('message', (d: Buffer) => heard.push(d.toString()));
    gm.on('open', () => gm.send(JSON.stringify({ type: 'hello', token: store.gmToken() })));
    await expect.poll(() => heard.join('')).toContain('"welcome"');
    gm.terminate();
    for (const ws of strangers) ws.terminate();
  });
});

describe('fray serve --allow-host', () => {
  it('answers to the name given, and no other', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'fray-allow-host-')), 'c.db');
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'dist', 'cli', 'bin.js'),
        'serve',
        '--campaign',
        db,
        '--port',
        '0',
        '--allow-host',
        'Fray.LAN',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    closing.push(async () => void child.kill());
    const url = await new Promise<URL>((done, fail) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Open (http:\/\/\S+) /.exec(out);
        if (m) done(new URL(m[1] as string));
      });
      child.on('exit', (code) => fail(new Error(`fray serve exited ${code}: ${out}`)));
    });
    const named = (host: string) =>
      new Promise<number>((done) =>
        http.get({ host: url.hostname, port: url.port, path: '/api/join/NONE', headers: { host } }, (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        }),
      );
    expect(await named(`fray.lan:${url.port}`)).toBe(403);
    expect(await named(`other.lan:${url.port}`)).toBe(421);
  });

  it('refuses a name with a scheme or a port, before it opens the campaign', async () => {
    const r = await fray(['serve', '--allow-host', 'http://fray.lan', '--campaign', '/nonexistent/c.db']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('--allow-host: expected a name or address');
    expect(r.err).toContain("got 'http://fray.lan'");
  });

  it('takes a name or an address, and nothing with a scheme or port', () => {
    expect(hostName('Fray.LAN')).toBe('fray.lan');
    expect(hostName('192.168.1.20')).toBe('192.168.1.20');
    expect(hostName('fe80::1')).toBe('[fe80::1]');
    expect(hostName('[FE80::1]')).toBe('[fe80::1]');
    for (const bad of ['http://fray.lan', 'fray.lan:4400', 'fray.lan/x', '', 'a b'])
      expect(hostName(bad), bad).toBeNull();
  });
});
