// The live socket (`/api/live`): every page keeps one open to hear what changed. A socket says
// whose it is in its first message (`{ type: 'hello', token, since?, last? }`) and hears nothing
// before that; a wrong token gets an error frame and the socket is closed (4401).
//
// The GM's pages hear `{ fight, what }` and fetch what they show; after a fight's step (an answer,
// an undo, a ruling) they are sent the fight's view with it, the log from what each socket was
// last sent, and show it without fetching (a page missing the entries before fetches). A seat's device (a player's
// phone, the table display) is sent the fight open to the table as the players see it, after
// every change: the whole view but for the log, of which it gets only the entries it lacks, so a
// phone that slept catches up from where it was (`since`: the entries it has, `last`: the text of
// the last one, to be sure it is the same log).
import { timingSafeEqual } from 'node:crypto';
import { LOG_HASH_START, logHash } from '../core/veil.js';
import type { FightView, PlayersView } from './fights.js';
import type { SeatRow } from './store.js';

/** What the server needs of a socket: @fastify/websocket's (the `ws` library's) socket. */
export interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close' | 'pong', listener: () => void): unknown;
}

/** How often every socket is pinged; one that has not answered the last ping by the next is dropped. */
export const PING_MS = 20_000;

/** The limits a socket lives under; tests shorten them. */
export interface LiveLimits {
  /** How often every socket is pinged (PING_MS). */
  readonly pingMs?: number;
  /** How long a new socket has to say whose it is before it is closed. */
  readonly helloMs?: number;
  /** How many signed-in sockets one address may hold open: a table's devices each have their own. */
  readonly perAddress?: number;
  /** How many sockets one address may hold that have not said whose they are yet. */
  readonly silentPerAddress?: number;
}

/**
 * The largest message a socket may send, before its hello and after: a hello is a token and three
 * numbers, and a socket says nothing after it (answers go to the API). A larger one closes the
 * socket (1009) before it is read, so no one can make the server hold megabytes it was never owed.
 */
export const LIVE_MESSAGE_BYTES = 4 * 1024;

/** A page says hello as soon as its socket opens: five seconds is ample on a slow network. */
export const HELLO_MS = 5_000;
/** A GM's pages and a table display on one machine need a handful; a few dozen is far more than any table. */
export const SOCKETS_PER_ADDRESS = 32;
/**
 * A page says hello the moment its socket opens, so an address rarely has more than one socket
 * silent at a time; a few allow for a browser reopening its tabs together.
 */
export const SILENT_PER_ADDRESS = 8;

/** Compares a token given with the one kept, in time that does not depend on where they differ. */
export function isToken(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Hello {
  readonly token: string;
  /** The fight the device was showing, the entries of its log it has, and their running hash. */
  readonly fight: number | null;
  readonly since: number;
  readonly hash: number | null;
}

/** A socket's first message: `{ type: 'hello', token, since?, last? }`; null for anything else. */
function readHello(data: Buffer): Hello | null {
  try {
    const m = JSON.parse(data.toString()) as {
      type?: unknown;
      token?: unknown;
      fight?: unknown;
      since?: unknown;
      hash?: unknown;
    };
    if (m.type !== 'hello' || typeof m.token !== 'string') return null;
    const whole = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : null);
    return { token: m.token, fight: whole(m.fight), since: whole(m.since) ?? 0, hash: whole(m.hash) };
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
  /** The running hashes of the log it has: hashes[k] of its first k entries. */
  hashes: readonly number[];
  /** The fight it was last sent: another fight is another log. */
  fight: number | null;
  /** Just come back: what it says it has (the fight it was showing, how much of its log, the hash). */
  hello: Hello | null;
}

/** The running hashes of a log: [start, after the first entry, …]. */
function hashesOf(items: readonly { readonly text: string }[]): number[] {
  const out = [LOG_HASH_START];
  for (const e of items) out.push(logHash(out[out.length - 1] as number, e.text));
  return out;
}

export class Live {
  private readonly gms = new Set<Socket>();
  /** What each GM's socket was last sent of a fight's log (its running hashes): the next step sends the rest. */
  private readonly gmHas = new WeakMap<
    Socket,
    { readonly fight: number; readonly hashes: readonly number[] }
  >();
  private readonly seats = new Set<SeatSocket>();
  /** Sockets that answered the last ping (or were opened since). */
  private readonly alive = new Set<Socket>();
  private readonly all = new Set<Socket>();
  /**
   * Where each open socket is counted: the address it came from, and whether it has said whose it
   * is. The two are counted apart, so sockets that say nothing never take the places of pages that
   * signed in.
   */
  private readonly places = new Map<Socket, { readonly address: string; signedIn: boolean }>();
  /** The sockets of each address that have said nothing yet, oldest first. */
  private readonly silentAt = new Map<string, Socket[]>();
  /** How many signed-in sockets each address holds. */
  private readonly signedInAt = new Map<string, number>();
  private readonly pinger: ReturnType<typeof setInterval>;
  private readonly helloMs: number;
  private readonly perAddress: number;
  private readonly silentPerAddress: number;

  constructor(
    private readonly gmToken: string,
    private readonly table: LiveTable | null = null,
    limits: LiveLimits = {},
  ) {
    this.helloMs = limits.helloMs ?? HELLO_MS;
    this.perAddress = limits.perAddress ?? SOCKETS_PER_ADDRESS;
    this.silentPerAddress = limits.silentPerAddress ?? SILENT_PER_ADDRESS;
    this.pinger = setInterval(() => this.pingAll(), limits.pingMs ?? PING_MS);
    this.pinger.unref();
  }

  /** Drops the sockets that did not answer the last ping; pings the others, and tells the pages it is there. */
  private pingAll(): void {
    for (const s of this.all) {
      if (!this.alive.has(s)) {
        s.terminate();
        continue;
      }
      this.alive.delete(s);
      s.ping();
      s.send(JSON.stringify({ type: 'ping' }));
    }
  }

  /** The server closes: no more pings. */
  close(): void {
    clearInterval(this.pinger);
  }

  /** A socket gives back its place: when it closes, or when we close it (a client that never answers the close would hold it). */
  private release(socket: Socket): void {
    const place = this.places.get(socket);
    if (!place) return;
    this.places.delete(socket);
    if (place.signedIn) {
      const left = (this.signedInAt.get(place.address) ?? 1) - 1;
      if (left > 0) this.signedInAt.set(place.address, left);
      else this.signedInAt.delete(place.address);
      return;
    }
    const silent = (this.silentAt.get(place.address) ?? []).filter((s) => s !== socket);
    if (silent.length > 0) this.silentAt.set(place.address, silent);
    else this.silentAt.delete(place.address);
  }

  /** A socket said whose it is: it moves to its address's signed-in places, if one is free. */
  private signIn(socket: Socket): boolean {
    const place = this.places.get(socket);
    if (!place) return false;
    const held = this.signedInAt.get(place.address) ?? 0;
    if (held >= this.perAddress) return false;
    this.release(socket);
    this.places.set(socket, { address: place.address, signedIn: true });
    this.signedInAt.set(place.address, held + 1);
    return true;
  }

  /** Closes a socket with an error frame saying why, and gives back its place. */
  private shut(socket: Socket, code: number, reason: string, error: string): void {
    socket.send(JSON.stringify({ type: 'error', error }));
    socket.close(code, reason);
    this.release(socket);
  }

  /**
   * A new socket from `address`: it is heard from once it has said whose it is, and closed if it
   * has not within helloMs. An address holds at most silentPerAddress sockets that have said
   * nothing (a new one closes the oldest: a page says hello at once, so the oldest is the one
   * least likely to) and perAddress signed in (one past that is closed when it says hello).
   */
  open(socket: Socket, address = 'local'): void {
    const silent = this.silentAt.get(address) ?? [];
    if (silent.length >= this.silentPerAddress && silent[0])
      this.shut(
        silent[0],
        4429,
        'too many silent sockets',
        `this address has ${this.silentPerAddress} live sockets that said nothing: the oldest is closed`,
      );
    this.places.set(socket, { address, signedIn: false });
    this.silentAt.set(address, [...(this.silentAt.get(address) ?? []), socket]);
    this.all.add(socket);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    let known = false;
    const silence = setTimeout(() => {
      if (!this.places.has(socket)) return;
      this.shut(
        socket,
        4408,
        'no hello',
        `said nothing for ${this.helloMs / 1000} s: a socket says { "type": "hello", "token": … } first`,
      );
    }, this.helloMs);
    silence.unref();
    socket.on('message', (data) => {
      clearTimeout(silence);
      // Closed already (too long silent, or crowded out): what it sends on its way out is not read.
      if (!this.places.has(socket)) return;
      if (known) {
        // A device says nothing after its hello: answers go to the API, where they are checked.
        socket.send(
          JSON.stringify({ type: 'error', error: 'a socket only listens: send answers to /api/seat/answer' }),
        );
        return;
      }
      const hello = readHello(data);
      const gm = hello !== null && isToken(hello.token, this.gmToken);
      const seat = hello && !gm && this.table ? this.table.seat(hello.token) : null;
      if (!hello || (!gm && !seat)) {
        this.shut(
          socket,
          4401,
          'not signed in',
          'expected { "type": "hello", "token": … } first, with a token of this table',
        );
        return;
      }
      if (!this.signIn(socket)) {
        this.shut(
          socket,
          4429,
          'too many sockets',
          `this address has ${this.perAddress} live sockets open already: close a page and reload`,
        );
        return;
      }
      known = true;
      if (gm) {
        this.gms.add(socket);
        socket.send(JSON.stringify({ type: 'welcome', role: 'gm' }));
        return;
      }
      if (seat) {
        const s: SeatSocket = { socket, seat, hashes: [], fight: null, hello };
        this.seats.add(s);
        socket.send(JSON.stringify({ type: 'welcome', role: seat.kind, seat: publicSeat(seat) }));
        this.push(this.table?.view() ?? null, [s]);
      }
    });
    socket.on('close', () => {
      clearTimeout(silence);
      this.release(socket);
      this.all.delete(socket);
      this.alive.delete(socket);
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
    this.toSeats(fight, what);
  }

  /** When it is the fight open to the table (or the table itself), every seat's device is sent it. */
  private toSeats(fight: number | null, what: string): void {
    if (this.seats.size === 0 || !this.table) return;
    const view = this.table.view();
    if (what === 'table' || (view !== null && fight === view.id)) this.push(view, this.seats, what === 'see');
  }

  /**
   * A fight's step changed: as `changed`, and each GM's page is sent the fight's view with the log
   * from the entries it was last sent (`from`; `prefix`: their running hash, which the page checks
   * against its own), and where the fight stands (`inputs`, `log`: the whole log's hash) so that the
   * page that made the step knows it has it.
   */
  stepped(fight: number, what: string, view: FightView, extra: Readonly<Record<string, unknown>> = {}): void {
    const hashes = hashesOf(view.events);
    for (const s of this.gms) {
      const had = this.gmHas.get(s);
      let from = 0;
      if (had?.fight === fight) {
        from = Math.min(had.hashes.length - 1, view.events.length);
        while (from > 0 && had.hashes[from] !== hashes[from]) from--;
      }
      s.send(
        JSON.stringify({
          fight,
          what,
          ...extra,
          inputs: view.inputs,
          log: hashes[hashes.length - 1],
          view: { ...view, events: view.events.slice(from) },
          from,
          prefix: hashes[from],
        }),
      );
      this.gmHas.set(s, { fight, hashes });
    }
    this.toSeats(fight, what);
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
    const hashes = view ? hashesOf(view.events.items) : [];
    for (const s of to) {
      if (view === null) {
        s.fight = null;
        s.hashes = [];
        s.hello = null;
        s.socket.send(JSON.stringify({ type: 'view', view: null }));
        continue;
      }
      const items = view.events.items;
      let from = 0;
      if (!fresh && s.fight === view.id) {
        // It has been sent every change: the longest part of its log that is still this one's
        // (after an undo, the log up to the question taken back).
        from = Math.min(s.hashes.length - 1, items.length);
        while (from > 0 && s.hashes[from] !== hashes[from]) from--;
      } else if (!fresh && s.hello && s.hello.fight === view.id && s.hello.since <= items.length)
        // Just come back: what it has, if its hash says that is this log's beginning.
        from = hashes[s.hello.since] === s.hello.hash ? s.hello.since : 0;
      const mine = this.table?.forSeat(view, s.seat) ?? view;
      s.socket.send(
        JSON.stringify({
          type: 'view',
          view: { ...mine, events: { from, total: items.length, items: items.slice(from) } },
        }),
      );
      s.fight = view.id;
      s.hashes = hashes;
      s.hello = null;
    }
  }
}

/** A seat as its own device is told it: no token (it has it). */
function publicSeat(seat: SeatRow): Omit<SeatRow, 'token'> {
  const { token: _token, ...rest } = seat;
  return rest;
}
