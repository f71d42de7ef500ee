// The live socket (`/api/live`): every page keeps one open to hear what changed. A socket says
// whose it is in its first message (`{ type: 'hello', token, since?, last? }`) and hears nothing
// before that; a wrong token gets an error frame and the socket is closed (4401).
//
// The GM's pages hear `{ fight, what }` and fetch what they show. A seat's device (a player's
// phone, the table display) is sent the fight open to the table as the players see it, after
// every change: the whole view but for the log, of which it gets only the entries it lacks, so a
// phone that slept catches up from where it was (`since`: the entries it has, `last`: the text of
// the last one, to be sure it is the same log).
import { timingSafeEqual } from 'node:crypto';
import type { PlayersView } from './fights.js';
import type { SeatRow } from './store.js';

/** What the server needs of a socket: @fastify/websocket's (the `ws` library's) socket. */
export interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** Compares a token given with the one kept, in time that does not depend on where they differ. */
export function isToken(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Hello {
  readonly token: string;
  /** The fight the device was showing, the entries of its log it has, and the last one's text. */
  readonly fight: number | null;
  readonly since: number;
  readonly last: string | null;
}

/** A socket's first message: `{ type: 'hello', token, since?, last? }`; null for anything else. */
function readHello(data: Buffer): Hello | null {
  try {
    const m = JSON.parse(data.toString()) as {
      type?: unknown;
      token?: unknown;
      fight?: unknown;
      since?: unknown;
      last?: unknown;
    };
    if (m.type !== 'hello' || typeof m.token !== 'string') return null;
    const whole = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : null);
    return {
      token: m.token,
      fight: whole(m.fight),
      since: whole(m.since) ?? 0,
      last: typeof m.last === 'string' ? m.last : null,
    };
  } catch {
    return null;
  }
}

/** What the live socket needs of the table: whose a seat token is, and the players' view. */
export interface LiveTable {
  /** The seat of a token, or null. */
  seat(token: string): SeatRow | null;
  /** The fight open to the table, as the players see it (the whole log), or null when none is open. */
  view(): PlayersView | null;
  /** A seat's own part of a view: its character (the sheet), given the players' view. */
  forSeat(view: PlayersView, seat: SeatRow): PlayersView;
}

/** A seat's socket, and the part of the log it has. */
interface SeatSocket {
  readonly socket: Socket;
  seat: SeatRow;
  /** Entries of the players' log it has, and the text of the last, to check it is the same log. */
  known: number;
  last: string | null;
  /** The fight it was last sent: another fight is another log. */
  fight: number | null;
  /** Just come back: the fight it says it was showing. */
  had: number | null;
}

export class Live {
  private readonly gms = new Set<Socket>();
  private readonly seats = new Set<SeatSocket>();

  constructor(
    private readonly gmToken: string,
    private readonly table: LiveTable | null = null,
  ) {}

  /** A new socket: it is heard from once it has said whose it is. */
  open(socket: Socket): void {
    let known = false;
    socket.on('message', (data) => {
      if (known) {
        // A device says nothing after its hello: answers go to the API, where they are checked.
        socket.send(
          JSON.stringify({ type: 'error', error: 'a socket only listens: send answers to /api/seat/answer' }),
        );
        return;
      }
      const hello = readHello(data);
      if (hello && isToken(hello.token, this.gmToken)) {
        known = true;
        this.gms.add(socket);
        socket.send(JSON.stringify({ type: 'welcome', role: 'gm' }));
        return;
      }
      const seat = hello && this.table ? this.table.seat(hello.token) : null;
      if (hello && seat) {
        known = true;
        const s: SeatSocket = {
          socket,
          seat,
          known: hello.since,
          last: hello.last,
          fight: null,
          had: hello.fight,
        };
        this.seats.add(s);
        socket.send(JSON.stringify({ type: 'welcome', role: seat.kind, seat: publicSeat(seat) }));
        this.push(this.table?.view() ?? null, [s]);
        return;
      }
      socket.send(
        JSON.stringify({
          type: 'error',
          error: 'expected { "type": "hello", "token": … } first, with a token of this table',
        }),
      );
      socket.close(4401, 'not signed in');
    });
    socket.on('close', () => {
      this.gms.delete(socket);
      for (const s of this.seats) if (s.socket === socket) this.seats.delete(s);
    });
  }

  /** Tells every GM page a message (a change, a simulation's progress). */
  toGm(msg: Readonly<Record<string, unknown>>): void {
    const text = JSON.stringify(msg);
    for (const s of this.gms) s.send(text);
  }

  /**
   * Something changed: which fight (null: the campaign's lists) and what. The GM's pages are told;
   * when it is the fight open to the table (or the table itself), every seat's device is sent it.
   */
  changed(fight: number | null, what: string, extra: Readonly<Record<string, unknown>> = {}): void {
    this.toGm({ fight, what, ...extra });
    if (this.seats.size === 0 || !this.table) return;
    const view = this.table.view();
    if (what === 'table' || what === 'see' || (view !== null && fight === view.id))
      this.push(view, this.seats, what === 'see');
  }

  /** A seat was freed: its devices are told and closed. */
  freed(seat: number): void {
    for (const s of this.seats)
      if (s.seat.id === seat) {
        s.socket.send(JSON.stringify({ type: 'error', error: 'the GM freed this seat: join again' }));
        s.socket.close(4401, 'seat freed');
        this.seats.delete(s);
      }
  }

  /** Sends each seat the view, with the log from what it has; `fresh`: the whole log again (the veil changed). */
  private push(view: PlayersView | null, to: Iterable<SeatSocket>, fresh = false): void {
    for (const s of to) {
      if (view === null) {
        s.fight = null;
        s.known = 0;
        s.last = null;
        s.socket.send(JSON.stringify({ type: 'view', view: null }));
        continue;
      }
      const items = view.events.items;
      let from = 0;
      // A socket that has been sent every change has the log up to here (after an undo, a shorter
      // log is the same up to its end); one just come back has it if its last entry is the same.
      if (!fresh && s.fight === view.id) from = Math.min(s.known, items.length);
      else if (
        !fresh &&
        s.fight === null &&
        s.had === view.id &&
        s.known > 0 &&
        s.known <= items.length &&
        items[s.known - 1]?.text === s.last
      )
        from = s.known;
      const mine = this.table?.forSeat(view, s.seat) ?? view;
      s.socket.send(
        JSON.stringify({
          type: 'view',
          view: { ...mine, events: { from, total: items.length, items: items.slice(from) } },
        }),
      );
      s.fight = view.id;
      s.known = items.length;
      s.last = items[items.length - 1]?.text ?? null;
    }
  }
}

/** A seat as its own device is told it: no token (it has it). */
function publicSeat(seat: SeatRow): Omit<SeatRow, 'token'> {
  const { token: _token, ...rest } = seat;
  return rest;
}
