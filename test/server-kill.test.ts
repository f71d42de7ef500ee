// kill -9 of `fray serve` mid-fight (issue 17): no acknowledged answer is lost, and on restart
// the fight reopens at its last step, the same fight the answers made.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FightView } from '../src/server/fights.js';
import { encounterPath, ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

let token = '';
const auth = () => ({ authorization: `Bearer ${token}` });

/** Starts the server on a free port; resolves with its address once it listens (and keeps the GM's token it prints). */
function start(db: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--campaign', db, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Open (http:\/\/\S+) /.exec(out);
      if (m) {
        const address = new URL(m[1] as string);
        token = address.searchParams.get('token') ?? '';
        done({ child, url: address.origin });
      }
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${out}`)));
  });
}

async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; body: FightView & { id: number } }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth() },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as FightView & { id: number } };
}

describe('kill -9 of fray serve', () => {
  it('loses no acknowledged answer, and reopens each fight at its last step', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'fray-serve-kill-')), 'c.db');
    let { child, url } = await start(db);
    await post(`${url}/api/encounters`, { text: readFileSync(encounterPath('demo.yaml'), 'utf8') });
    let v = (await post(`${url}/api/fights`, { encounterId: 1, seed: 9 })).body;
    const id = v.id;
    let checked = 0;
    for (const ms of [40, 90, 160, 250]) {
      let acked: FightView | null = null;
      const answering = (async () => {
        for (;;) {
          const q = v.question;
          if (!q) return;
          const answer = q.kind === 'roll' ? (q.count ?? 1) : (q.suggested as string | number);
          const r = await post(`${url}/api/fights/${id}/answer`, { answer });
          v = r.body;
          acked = r.body;
        }
      })().catch(() => undefined);
      await new Promise((r) => setTimeout(r, ms));
      child.kill('SIGKILL');
      await answering;
      ({ child, url } = await start(db));
      const again = (await (await fetch(`${url}/api/fights/${id}`, { headers: auth() })).json()) as FightView;
      if (acked) {
        const last = acked as FightView;
        // Every acknowledged answer is there: the fight is at least as far, and it is the same fight.
        expect(again.inputs).toBeGreaterThanOrEqual(last.inputs);
        expect(again.events.slice(0, last.events.length)).toEqual(last.events);
        checked++;
      }
      v = again;
      if (!v.question) break;
    }
    child.kill('SIGKILL');
    expect(checked).toBeGreaterThan(0);
  }, 60_000);
});
