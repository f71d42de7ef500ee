// The table under load (issue 18): a GM and six players connected over the network, each player's
// device answering its own character's questions as the live socket brings them, some answers
// sent twice (a double tap). A thousand of the players' answers arrive in order, none lost and
// none taken twice; each fight that ends is followed by another, the seats following their
// characters into it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/server/app.js';
import type { FightView } from '../src/server/fights.js';
import { Store } from '../src/server/store.js';
import { Device, HEROES, scripted, SIX_AT_THE_GATE } from './device.js';

describe('the table under load', () => {
  it('takes 1,000 answers from six players in order, none lost and none twice', async () => {
    const store = new Store(join(mkdtempSync(join(tmpdir(), 'fray-load-')), 'c.db'));
    const app = await buildApp(store, { webRoot: null });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const gmToken = store.gmToken();
    const gm = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const r = await fetch(origin + path, {
        method,
        headers: { authorization: `Bearer ${gmToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await r.json()) as T;
    };
    const encounter = (await gm<{ id: number }>('POST', '/api/encounters', { text: SIX_AT_THE_GATE })).id;
    let seed = 1;
    const newFight = async () => {
      const f = await gm<FightView>('POST', '/api/fights', { encounterId: encounter, seed: seed++ });
      await gm('PUT', '/api/table', { fight: f.id });
      return f.id;
    };
    let fight = await newFight();
    const code = (await gm<{ code: string }>('GET', '/api/table')).code;

    // Six players join, each on a device of its own.
    const devices: { name: string; id: string; token: string; device: Device }[] = [];
    for (const name of HEROES) {
      const id = name.toLowerCase();
      const r = await fetch(`${origin}/api/join/${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ character: id, player: name }),
      });
      const { token } = (await r.json()) as { token: string };
      devices.push({ name, id, token, device: new Device(origin, token) });
    }

    /** Every answer a player's device sent, and what became of it. */
    const sent: { fight: number; step: number; seat: string; answer: number | string; status: number }[] = [];
    let turn = 0;
    let accepted = 0;
    let inFlight = 0;
    let done = false;
    const answering = new Set<string>();
    for (const d of devices) {
      d.device.onView = (v) => {
        const q = v.question;
        if (done || !q || q.waiting || q.actor !== d.id) return;
        const key = `${v.id}:${v.step}`;
        if (answering.has(key)) return;
        answering.add(key);
        const answer = scripted(q, turn++);
        const post = () => {
          inFlight++;
          return fetch(`${origin}/api/seat/answer`, {
            method: 'POST',
            headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ step: v.step, answer }),
          })
            .then((r) => {
              sent.push({ fight: v.id, step: v.step, seat: d.id, answer, status: r.status });
              if (r.status === 200) accepted++;
            })
            .finally(() => inFlight--);
        };
        // Every fifth answer is tapped twice: the second must be refused.
        void post().then(() => (turn % 5 === 0 ? post() : undefined));
      };
      d.device.connect();
    }

    // The GM is connected too: it answers the GM's questions, and starts the next fight when one ends.
    const gmSocket = new WebSocket(`${origin.replace('http', 'ws')}/api/live`);
    let gmHeard = 0;
    let gmBusy = false;
    // A change heard while the GM is busy is looked at once it is done: heard and dropped, it
    // would leave the GM waiting on a question nobody tells it of again (till the next ping).
    let heardMeanwhile = false;
    const gmTurn = async (): Promise<void> => {
      if (done) return;
      if (gmBusy) {
        heardMeanwhile = true;
        return;
      }
      gmBusy = true;
      heardMeanwhile = false;
      try {
        for (;;) {
          const v = await gm<FightView>('GET', `/api/fights/${fight}`);
          if (!v.question) {
            if (accepted < 1000) fight = await newFight();
            return;
          }
          if (HEROES.some((h) => h.toLowerCase() === v.question?.actor)) return;
          const q = v.question;
          const answer = q.kind === 'roll' ? (q.count ?? 1) : (q.suggested as string | number);
          await gm('POST', `/api/fights/${fight}/answer`, { answer, step: v.inputs });
        }
      } finally {
        gmBusy = false;
        if (heardMeanwhile) void gmTurn();
      }
    };
    gmSocket.on('open', () => gmSocket.send(JSON.stringify({ type: 'hello', token: gmToken })));
    gmSocket.on('message', () => {
      gmHeard++;
      void gmTurn();
    });
    await expect.poll(() => devices.every((d) => d.device.live), { timeout: 10_000 }).toBe(true);
    void gmTurn();
    await expect.poll(() => accepted, { timeout: 240_000, interval: 200 }).toBeGreaterThanOrEqual(1000);
    done = true;
    // Let the last requests land (a double tap's second may still be on its way).
    await new Promise((r) => setTimeout(r, 100));
    await expect.poll(() => inFlight, { timeout: 10_000 }).toBe(0);

    const ok = sent.filter((s) => s.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1000);
    expect(ok.length).toBe(accepted);
    // Every answer taken is in its fight's log at its step, given by its seat: none lost.
    const seats = new Map(store.seats().map((s) => [`seat:${s.id}`, s.combatant]));
    for (const s of ok) {
      expect(store.inputs(s.fight)[s.step]).toEqual(s.answer);
      // `seat:ID:Name (character)`: the seat, and who it was as the GM reads it.
      const by = store.givers(s.fight).get(s.step) ?? '';
      expect(seats.get(by.split(':').slice(0, 2).join(':'))).toBe(s.seat);
    }
    // And the logs hold nothing more from the players than what was taken: none twice.
    const fights = [...new Set(ok.map((s) => s.fight))];
    const fromSeats = fights.reduce(
      (n, f) => n + [...store.givers(f).values()].filter((by) => by.startsWith('seat:')).length,
      0,
    );
    expect(fromSeats).toBe(ok.length);
    // In each fight, the answers taken come in the order of its steps, one a step.
    for (const f of fights) {
      const steps = ok.filter((s) => s.fight === f).map((s) => s.step);
      expect([...steps].sort((a, b) => a - b)).toEqual([...new Set(steps)].sort((a, b) => a - b));
    }
    // The taps sent twice were refused as answered already.
    const twice = sent.filter((s) => s.status !== 200);
    expect(twice.length).toBeGreaterThan(100);
    expect(twice.every((s) => s.status === 409)).toBe(true);
    expect(fights.length).toBeGreaterThan(1);
    expect(gmHeard).toBeGreaterThanOrEqual(ok.length);
    // Each device's log is the players' log of the fight it shows, entry for entry.
    for (const d of devices) {
      await expect.poll(() => d.device.view?.id).toBe(fight);
      const r = await fetch(`${origin}/api/seat`, { headers: { authorization: `Bearer ${d.token}` } });
      const whole = ((await r.json()) as { view: { events: { items: unknown[] } } }).view.events.items;
      await expect.poll(() => d.device.events.length).toBe(whole.length);
      expect(d.device.events).toEqual(whole);
    }
    for (const d of devices) d.device.close();
    gmSocket.terminate();
    await app.close();
    store.close();
  }, 300_000);
});
