// A player's device for tests that drive the table over the network (test/table-load.test.ts,
// test/table-restart.test.ts): it does what the players' page does (web/src/seat.ts) — says hello
// with what it has, adds the log it is sent to what it had, and comes back after a drop.
import WebSocket from 'ws';
import { LOG_HASH_START, logHash } from '../src/core/veil.js';
import type { PlayerEvent, PlayersView } from '../src/server/fights.js';

export class Device {
  view: PlayersView | null = null;
  events: PlayerEvent[] = [];
  /** Every view it was sent, in order. */
  readonly views: PlayersView[] = [];
  /** How many times it said hello (1 + the times it came back). */
  hellos = 0;
  live = false;
  private socket: WebSocket | null = null;
  private stopped = false;
  onView: (v: PlayersView) => void = () => undefined;

  constructor(
    readonly origin: string,
    readonly token: string,
  ) {}

  connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(`${this.origin.replace(/^http/, 'ws')}/api/live`);
    this.socket = ws;
    ws.on('open', () => {
      this.hellos++;
      ws.send(
        JSON.stringify({
          type: 'hello',
          token: this.token,
          fight: this.view?.id ?? null,
          since: this.events.length,
          hash: this.events.reduce((h, e) => logHash(h, e.text), LOG_HASH_START),
        }),
      );
    });
    ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as { type: string; view?: PlayersView | null };
      if (m.type === 'welcome') this.live = true;
      if (m.type !== 'view') return;
      const v = m.view ?? null;
      if (v === null) {
        this.view = null;
        this.events = [];
        return;
      }
      const kept = this.view?.id === v.id ? this.events.slice(0, v.events.from) : [];
      this.events = [...kept, ...v.events.items];
      this.view = v;
      this.views.push(v);
      this.onView(v);
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      this.live = false;
      if (this.socket === ws && !this.stopped) setTimeout(() => this.connect(), 200);
    });
  }

  close(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}

/**
 * An answer to a question as a scripted player gives it: a roll going round the faces, the
 * suggestion where the GM lets the players have one, else the first choice or the least amount.
 */
export function scripted(q: NonNullable<PlayersView['question']>, turn: number): number | string {
  if (q.waiting) throw new Error('not a question to answer');
  const count = q.count ?? 1;
  if (q.kind === 'roll') return count + ((turn * 37) % (count * (q.sides ?? 6) - count + 1));
  if (q.suggested !== undefined) return q.suggested;
  return q.kind === 'amount' ? (q.min as number) : (q.choices?.[0]?.key as string);
}

/** Six heroes of the players' side against six orcs: every hero asked often, fights of some length. */
export const HEROES = ['Anna', 'Bertold', 'Clara', 'Dieter', 'Elsa', 'Franz'];
export const SIX_AT_THE_GATE = `ruleset: wfrp1e
title: Six at the gate
sides:
  - name: Heroes
    players: true
    combatants:
${HEROES.map((n) => `      - { name: ${n}, use: human, weapons: [sword] }`).join('\n')}
  - name: Orcs
    combatants:
      - { use: orc, count: 6 }
`;
