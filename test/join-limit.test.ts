// Strangers on the network (issue 44): join codes guessed without end. Wrong codes are counted per
// address and per code; past the limit every join is refused with 429 and when to try again, the
// right code too (else the refusals would tell which is right). A player's few mistakes and any
// number of right codes pass; the addresses remembered are bounded.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { JoinGuard, type JoinLimits } from '../src/server/join-limit.js';
import { Store } from '../src/server/store.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
});

/** An app whose join guard runs on a clock the test moves. */
async function table(limits: JoinLimits = {}) {
  const clock = { ms: 1_000_000 };
  const store = new Store(join(mkdtempSync(join(tmpdir(), 'fray-joins-')), 'c.db'));
  const app: FastifyInstance = await buildApp(store, {
    webRoot: null,
    joins: { ...limits, now: () => clock.ms },
  });
  closing.push(async () => {
    await app.close();
    store.close();
  });
  const gm = { authorization: `Bearer ${store.gmToken()}` };
  const code = async () =>
    (await app.inject({ method: 'GET', url: '/api/table', headers: gm })).json().code as string;
  /** A join from `address`: the join page's question (GET) or a display taking a seat (POST). */
  const joinAs = async (address: string, code: string, method: 'GET' | 'POST' = 'GET') => {
    const r = await app.inject({
      method,
      url: `/api/join/${code}`,
      remoteAddress: address,
      ...(method === 'POST' ? { payload: { display: true, player: 'TV' } } : {}),
    });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() };
  };
  const newCode = async () => {
    await app.inject({ method: 'POST', url: '/api/table/code', headers: gm });
    return code();
  };
  return { clock, code, joinAs, newCode };
}

describe('wrong join codes', () => {
  it('from one address: a few pass, then every join from it waits (429, Retry-After), other addresses do not', async () => {
    const t = await table();
    const code = await t.code();
    // Right codes cost nothing, however many.
    for (let i = 0; i < 20; i++) expect((await t.joinAs('10.0.0.1', code)).status).toBe(200);
    // A player who mistypes a few times still gets in.
    for (const method of ['GET', 'POST', 'GET', 'GET'] as const)
      expect((await t.joinAs('10.0.0.1', 'WRONGCDE', method)).status).toBe(403);
    expect((await t.joinAs('10.0.0.1', code)).status).toBe(200);
    expect((await t.joinAs('10.0.0.1', 'WRONGCDE')).status).toBe(403);
    // The sixth wrong code: now every join from the address waits, the right code too.
    for (const c of ['WRONGCDE', code]) {
      const r = await t.joinAs('10.0.0.1', c, 'POST');
      expect(r.status).toBe(429);
      expect(r.retryAfter).toBe('12');
      expect(r.body).toEqual({
        error:
          "too many wrong join codes from this device: try again in 12 s (check the code on the GM's screen, or scan its QR code)",
        retryAfter: 12,
      });
    }
    expect((await t.joinAs('10.0.0.2', code, 'POST')).status).toBe(201);
    t.clock.ms += 5_000;
    expect((await t.joinAs('10.0.0.1', code)).retryAfter).toBe('7');
    t.clock.ms += 7_000;
    expect((await t.joinAs('10.0.0.1', code, 'POST')).status).toBe(201);
  });

  it('against one code from many addresses: past the cap every join waits, until the GM makes a new code', async () => {
    const t = await table({ perCode: 30 });
    const code = await t.code();
    for (let i = 0; i < 30; i++) expect((await t.joinAs(`10.1.0.${i}`, `WRONG${i}`)).status).toBe(403);
    const refused = await t.joinAs('10.2.0.1', code);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      "too many wrong join codes were tried at this table: ask the GM for a new code (the table's panel on the GM's screen), or try again in 60 s",
    );
    expect(refused.retryAfter).toBe('60');
    const fresh = await t.newCode();
    expect((await t.joinAs('10.2.0.1', fresh)).status).toBe(200);
    expect((await t.joinAs('10.2.0.1', code)).status).toBe(403);
  });
});

describe('the join guard', () => {
  it('remembers a bounded number of addresses, however many send a wrong code', () => {
    let ms = 0;
    const guard = new JoinGuard({ addresses: 100, perCode: 1e9, now: () => ms });
    for (let i = 0; i < 10_000; i++) {
      guard.failed(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 'CODE');
      ms += 1;
    }
    expect(guard.remembered).toBeLessThanOrEqual(100);
    // The last heard from are kept: they are the ones guessing now.
    for (let i = 0; i < 5; i++) guard.failed('10.0.39.15', 'CODE');
    expect(guard.refusal('10.0.39.15', 'CODE')?.retryAfter).toBeGreaterThan(0);
  });
});
