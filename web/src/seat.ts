// A player's device (or the table display) at the table: its seat's token, the fight open to the
// table as the players see it, kept up to date over the live socket. The socket comes back by
// itself after a drop or a phone's sleep and says what it has, so only the rest of the log is sent.
import { signal } from '@preact/signals';
import { LOG_HASH_START, logHash } from '../../src/core/veil.js';
import type { PlayerEvent, PlayersView } from './api.js';
import { UNREACHABLE } from './state.js';

export interface Seat {
  readonly id: number;
  readonly kind: 'player' | 'display';
  readonly combatant: string | null;
  readonly player: string;
}

/** What the page shows: the view, the whole log so far, whether the socket is live, and why not. */
export interface AtTable {
  readonly view: PlayersView | null;
  readonly events: readonly PlayerEvent[];
  /** The running hash of `events` (core/veil.ts logHash): what the page says it has when it comes back. */
  readonly hash: number;
  readonly seat: Seat | null;
  readonly live: boolean;
  /** Set when the seat is gone (a wrong token, or the GM freed it): the page says to join again. */
  readonly lost: string | null;
}

export const table = signal<AtTable>({
  view: null,
  events: [],
  hash: LOG_HASH_START,
  seat: null,
  live: false,
  lost: null,
});

/** The seat's token: from the address (a link the GM gave, or the join page's), else the one kept. */
export function seatToken(kind: 'player' | 'display'): string {
  const key = kind === 'display' ? 'fray.display' : 'fray.seat';
  const given = location.hash.replace(/^#/, '');
  if (/^[0-9a-f]{32}$/.test(given)) {
    localStorage.setItem(key, given);
    // Kept by the browser: the address bar (a shared screen, a screenshot) need not show it.
    history.replaceState(null, '', location.pathname);
  }
  return localStorage.getItem(key) ?? '';
}

/** A view pushed or fetched, added to what the page has: the log kept up to `from`, the rest appended. */
function take(view: PlayersView | null): void {
  const was = table.value;
  if (view === null) {
    table.value = { ...was, view: null, events: [], hash: LOG_HASH_START };
    return;
  }
  const kept = was.view?.id === view.id ? was.events.slice(0, view.events.from) : [];
  const events = [...kept, ...view.events.items];
  table.value = { ...was, view, events, hash: events.reduce((h, e) => logHash(h, e.text), LOG_HASH_START) };
}

/** Keeps the page live: connects, says what it has, reconnects after a drop or when the page is seen again. */
export function stayLive(token: string): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let wait = 500;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hidden = 0;
  let heard = Date.now();
  const connect = () => {
    if (stopped) return;
    timer = null;
    const s = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`);
    socket = s;
    s.onopen = () => {
      const { view, events, hash } = table.value;
      s.send(JSON.stringify({ type: 'hello', token, fight: view?.id ?? null, since: events.length, hash }));
    };
    s.onmessage = (m) => {
      // A socket given up for a new one says nothing more.
      if (socket !== s) return;
      heard = Date.now();
      const msg = JSON.parse(String(m.data)) as {
        type: string;
        view?: PlayersView | null;
        seat?: Seat;
        error?: string;
      };
      if (msg.type === 'welcome') {
        wait = 500;
        table.value = { ...table.value, seat: msg.seat ?? null, live: true, lost: null };
      } else if (msg.type === 'view') take(msg.view ?? null);
    };
    s.onclose = (e) => {
      if (socket !== s) return;
      socket = null;
      table.value = { ...table.value, live: false };
      if (e.code === 4401) {
        table.value = { ...table.value, lost: 'This device has no seat at the table (or the GM freed it).' };
        return;
      }
      if (!stopped) timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  };
  // A phone asleep may keep a dead socket: seen again after a while, the page connects anew.
  const onVisible = () => {
    if (document.visibilityState === 'hidden') {
      hidden = Date.now();
      return;
    }
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - hidden < 5000) return;
    socket?.close();
    socket = null;
    if (timer) clearTimeout(timer);
    connect();
  };
  // The server pings every 20 s: a minute of silence is a socket dead without knowing it (the
  // network dropped under a page left open), and the page connects anew.
  const watchdog = setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - heard > 60_000) {
      heard = Date.now();
      socket.close();
    }
  }, 10_000);
  document.addEventListener('visibilitychange', onVisible);
  connect();
  return () => {
    stopped = true;
    clearInterval(watchdog);
    document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}

/** A refused request: the server's message and status, and when it may be sent again (Retry-After, in seconds). */
export class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

async function send<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  // A seat's page with its socket down sends nothing: an answer is never queued to arrive late.
  if (token && !table.value.live && table.value.seat !== null) throw new Refused(UNREACHABLE, 0);
  let r: Response;
  try {
    r = await fetch(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Refused(UNREACHABLE, 0);
  }
  const data = (await r.json()) as T & { error?: string };
  if (!r.ok) {
    const wait = Number(r.headers.get('retry-after') ?? NaN);
    throw new Refused(
      data.error ?? `${r.status} ${r.statusText}`,
      r.status,
      Number.isFinite(wait) && wait > 0 ? wait : null,
    );
  }
  return data;
}

/**
 * The seat's answer to the question at `step` (`then`: the dice rolled with a roll); the view after it. The page shows what the socket
 * brings (the view and the log in the order they happened), not this answer's view, which an undo
 * right after could make stale.
 */
export function answer(
  token: string,
  step: number,
  value: number | string,
  then?: number,
): Promise<PlayersView> {
  return send<PlayersView>('POST', '/api/seat/answer', token, { step, answer: value, then });
}

/** What a device that opened the join link is offered. */
export function joinPage(code: string) {
  return send<{
    title: string | null;
    characters: { id: string; name: string; side: string; taken: boolean }[];
  }>('GET', `/api/join/${encodeURIComponent(code)}`, null);
}

export function join(code: string, pick: { character?: string; display?: true; player: string }) {
  return send<{ token: string; seat: Seat }>('POST', `/api/join/${encodeURIComponent(code)}`, null, pick);
}
