// What the pages share: a count bumped whenever the server says something changed.
import { signal } from '@preact/signals';

export const changes = signal(0);

/** The last change the server told of (a player's answer says who gave it). */
export const lastChange = signal<{ fight: number | null; what: string; by?: string } | null>(null);

/**
 * Whether the page hears the server: `connecting` at first, `live` once its socket is welcomed,
 * `down` while it is gone (the server stopped, the network dropped) and the page tries again.
 */
export type Connection = 'connecting' | 'live' | 'down';

export const connection = signal<Connection>('connecting');

/** What a page says when the server cannot be reached: nothing was sent, and it catches up by itself. */
export const UNREACHABLE =
  'The server cannot be reached: nothing was sent or kept. The page reconnects by itself and shows the fight as it stands when the server is back.';

/** Bumped each time the page's socket comes back after a drop: what a page shows may be stale. */
export const reconnects = signal(0);
