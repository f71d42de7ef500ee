// How fray serve sends the page and takes what it is sent (issue 31): files only from the page's
// folder, a too-large body answered (not cut off), live messages capped before they are read,
// answers compressed where the browser takes it and the hashed assets cached for good.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { encodingFor } from '../src/server/compress.js';
import { Store } from '../src/server/store.js';
import type { FightView } from '../src/server/fights.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
});

/** A server listening on a port, on a new campaign, with a built page of a few files beside a private folder. */
async function listening() {
  const dir = mkdtempSync(join(tmpdir(), 'fray-serving-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'web-private'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>the GM page</title>');
  writeFileSync(join(web, 'play.html'), '<!doctype html><title>the players page</title>');
  writeFileSync(join(web, 'assets', 'gm-AbC123.js'), `export const x = "${'a'.repeat(4000)}";`);
  writeFileSync(join(dir, 'web-private', 'secret.txt'), 'not for the page');
  const store = new Store(join(dir, 'c.db'));
  const app = await buildApp(store, { webRoot: web });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  closing.push(async () => {
    await app.close();
    store.close();
  });
  return { origin, store };
}

interface Got {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A request as written (the path not tidied by a client library), its body sent in slices with pauses. */
function request(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer,
): Promise<Got | { error: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((done) => {
    const req = http.request({ hostname, port, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    if (!body) return void req.end();
    // A client on a slow link: the server has answered long before the last slice leaves.
    const slice = 256 * 1024;
    let at = 0;
    const next = () => {
      if (at >= body.length) return void req.end();
      req.write(body.subarray(at, (at += slice)));
      setTimeout(next, 5);
    };
    next();
  });
}

describe('the page is served from its folder only', () => {
  it('refuses a path that leaves the folder, or names a sibling beginning the same, or a folder (404)', async () => {
    const { origin } = await listening();
    for (const path of [
      '/..%2fweb-private/secret.txt',
      '/../web-private/secret.txt',
      '/%2e%2e/web-private/secret.txt',
    ]) {
      const got = (await request(origin, 'GET', path)) as Got;
      expect(got.status, path).toBe(404);
      expect(got.body.toString()).not.toContain('not for the page');
    }
    const folder = (await request(origin, 'GET', '/assets')) as Got;
    expect(folder.status).toBe(404);
    expect(folder.body.toString()).toContain('no such file: /assets');
    expect(((await request(origin, 'GET', '/assets/missing-123.js')) as Got).status).toBe(404);
  });

  it("serves the page's files, its own routes as its pages, the hashed assets cached for good and the pages not", async () => {
    const { origin } = await listening();
    const asset = (await request(origin, 'GET', '/assets/gm-AbC123.js')) as Got;
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gm = (await request(origin, 'GET', '/')) as Got;
    expect(gm.body.toString()).toContain('the GM page');
    expect(gm.headers['cache-control']).toBe('no-cache');
    const display = (await request(origin, 'GET', '/display')) as Got;
    expect(display.body.toString()).toContain('the players page');
    expect(((await request(origin, 'GET', '/join/ABCD')) as Got).body.toString()).toContain(
      'the players page',
    );
  });
});

describe('what the pages may load, and who may frame them (issue 44)', () => {
  it('sends every answer with a policy: scripts of its own only, no framing, no sniffing, no referrer', async () => {
    const { origin, store } = await listening();
    const { host } = new URL(origin);
    const gm = { authorization: `Bearer ${store.gmToken()}` };
    for (const [path, headers] of [
      ['/', {}],
      ['/join/ABCD', {}],
      ['/play', {}],
      ['/assets/gm-AbC123.js', {}],
      ['/assets/missing-123.js', {}],
      ['/api/rulesets', gm],
      ['/api/table', {}],
    ] as const) {
      const got = (await request(origin, 'GET', path, headers)) as Got;
      const policy = String(got.headers['content-security-policy']);
      const directives = new Map(
        policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
      );
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('base-uri'), path).toEqual(["'self'"]);
      expect(directives.get('form-action'), path).toEqual(["'self'"]);
      expect(directives.get('connect-src'), path).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(got.headers['x-frame-options'], path).toBe('DENY');
      expect(got.headers['x-content-type-options'], path).toBe('nosniff');
      expect(got.headers['referrer-policy'], path).toBe('no-referrer');
    }
  });
});

describe('a body too large', () => {
  it('is answered 413 with the limit, even to a client still sending it, and keeps nothing', async () => {
    const { origin, store } = await listening();
    const big = Buffer.alloc(10 * 1024 * 1024, 'a');
    const gm = { authorization: `Bearer ${store.gmToken()}`, 'content-type': 'application/json' };
    for (const headers of [{ ...gm, 'content-length': big.length }, gm]) {
      const got = await request(origin, 'POST', '/api/encounters', headers, big);
      expect(got).toMatchObject({ status: 413 });
      expect(JSON.parse((got as Got).body.toString())).toEqual({
        error: 'request body: too large; the API takes bodies up to 4 MB',
      });
    }
    expect(store.encounters()).toEqual([]);
  });
});

describe('the live socket', () => {
  it('closes a socket sending more than a hello needs, before its hello and after (1009)', async () => {
    const { origin, store } = await listening();
    const url = `${origin.replace('http', 'ws')}/api/live`;
    const closed = (ws: WebSocket) =>
      new Promise<number>((done) => ws.on('close', (code: number) => done(code)));
    const stranger = new WebSocket(url);
    await new Promise((r) => stranger.on('open', r));
    const strangerClosed = closed(stranger);
    stranger.send(Buffer.alloc(1024 * 1024, 'x'));
    expect(await strangerClosed).toBe(1009);

    const gm = new WebSocket(url);
    const heard: string[] = [];
    gm.on('message', (d: Buffer) => heard.push(d.toString()));
    gm.on('open', () => gm.send(JSON.stringify({ type: 'hello', token: store.gmToken() })));
    await expect.poll(() => heard.join('')).toContain('"welcome"');
    const gmClosed = closed(gm);
    gm.send(Buffer.alloc(64 * 1024, 'x'));
    expect(await gmClosed).toBe(1009);
  });
});

describe('compression', () => {
  it('reads Accept-Encoding: Brotli where taken, else gzip, else none', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('gzip, br;q=0')).toBe('gzip');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
    expect(encodingFor('*')).toBe('br');
  });

  it('sends a fight view compressed to a browser that takes it, the same JSON once opened; plain to one that does not', async () => {
    const { origin, store } = await listening();
    const gm = { authorization: `Bearer ${store.gmToken()}` };
    const plain = (await request(origin, 'GET', '/api/rulesets', gm)) as Got;
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = (await request(origin, 'GET', '/api/rulesets', {
      ...gm,
      'accept-encoding': 'gzip, br',
    })) as Got;
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = (await request(origin, 'GET', '/assets/gm-AbC123.js', { 'accept-encoding': 'gzip' })) as Got;
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('export const x');
  });
});

describe('starting fray never builds it', () => {
  it('npx fray in the checkout runs the built command as it is: the page and the code are not rebuilt', async () => {
    const { spawnSync } = await import('node:child_process');
    const { statSync } = await import('node:fs');
    const { ROOT } = await import('./helpers.js');
    const page = join(ROOT, 'dist', 'web', 'index.html');
    const before = statSync(page).mtimeMs;
    // A cache of npx's own, as on a machine where npx has never linked this checkout.
    const cache = mkdtempSync(join(tmpdir(), 'fray-npx-'));
    const r = spawnSync('npx', ['--yes', 'fray', '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' },
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(statSync(page).mtimeMs).toBe(before);
  }, 150_000);
});

describe("a fight's view since the step a page has (issue 31)", () => {
  it('sends only the log entries past what the page says it has, the whole log when its hash is not this log’s', async () => {
    const { startApp, closeApps } = await import('./app.js');
    const { readFileSync } = await import('node:fs');
    const { encounterPath } = await import('./helpers.js');
    const { LOG_HASH_START, logHash } = await import('../src/core/veil.js');
    const { gm } = await startApp('delta');
    try {
      await gm('POST', '/api/encounters', { text: readFileSync(encounterPath('demo.yaml'), 'utf8') });
      let v = (await gm('POST', '/api/fights', { encounterId: 1, seed: 3 })).body as FightView;
      const answerOf = (q: NonNullable<FightView['question']>) =>
        q.kind === 'roll'
          ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6)) / 2)
          : (q.suggested as string | number);
      for (let i = 0; i < 8 && v.question; i++)
        v = (await gm('POST', `/api/fights/${v.id}/answer`, { answer: answerOf(v.question), step: v.inputs }))
          .body as FightView;
      const had = v.events.slice(0, v.events.length - 3);
      const hash = had.reduce((h, e) => logHash(h, e.text), LOG_HASH_START);
      const whole = (await gm('GET', `/api/fights/${v.id}`)).body as FightView;
      const since = (await gm('GET', `/api/fights/${v.id}?since=${had.length}&hash=${hash}`))
        .body as FightView;
      expect(since.eventsFrom).toBe(had.length);
      expect([...had, ...since.events]).toEqual(whole.events);
      expect(JSON.stringify(since).length).toBeLessThan(JSON.stringify(whole).length);
      // An answer's view too: the entries it added, after those the page had.
      const next = (
        await gm(
          'POST',
          `/api/fights/${v.id}/answer?since=${whole.events.length}&hash=${whole.events.reduce((h, e) => logHash(h, e.text), LOG_HASH_START)}`,
          {
            answer: answerOf(whole.question as NonNullable<FightView['question']>),
            step: whole.inputs,
          },
        )
      ).body as FightView;
      expect(next.eventsFrom, JSON.stringify(next).slice(0, 300)).toBe(whole.events.length);
      // A log the page has that is not this one's beginning: the whole log.
      const wrong = (await gm('GET', `/api/fights/${v.id}?since=${had.length}&hash=${hash + 1}`))
        .body as FightView;
      expect(wrong.eventsFrom).toBeUndefined();
      expect(wrong.events.length).toBeGreaterThan(had.length);
    } finally {
      await closeApps();
    }
  });
});
