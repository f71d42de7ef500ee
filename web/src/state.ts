// What the pages share: a count bumped whenever the server says something changed.
import { signal, untracked } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { FightView } from './api.js';

export const changes = signal(0);

/**
 * A change the server told of: which fight (null: the campaign's lists), what, who when a player
 * answered, and for a fight's step where it stands after it and its view.
 */
export interface Heard {
  readonly fight: number | null;
  readonly what: string;
  readonly by?: string;
  readonly inputs?: number;
  /** The running hash of the fight's whole log after it (core/veil.ts logHash). */
  readonly log?: number;
  /** The fight's view after it, its log from entry `from` on (src/server/live.ts stepped). */
  readonly view?: FightView;
  readonly from?: number;
  /** The running hash of the log's entries before `from`: the page keeps its own if they hash so. */
  readonly prefix?: number;
}

/** The last change the server told of. */
export const lastChange = signal<Heard | null>(null);

/**
 * Calls `heard` with each change as it arrives, without drawing the caller first: a page that
 * fetches on a change starts its request at once, and draws once, with the answer. (A component
 * reading `changes` in its render is drawn again, then runs its effects after the next frame.)
 */
export function useHeard(heard: (change: Heard) => void): void {
  const latest = useRef(heard);
  latest.current = heard;
  useEffect(() => {
    let first = true;
    return lastChange.subscribe((change) => {
      if (first) first = false;
      else if (change) untracked(() => latest.current(change));
    });
  }, []);
}

/**
 * Whether the page hears the server: `connecting` at first, `live` once its socket is welcomed,
 * `down` while it is gone (the server stopped, the network dropped) and the page tries again.
 */
export type Connection = 'connecting' | 'live' | 'down';

export const connection = signal<Connection>('connecting');

/** What a page says when the server cannot be reached: nothing was sent, and it catches up by itself. */
export const UNREACHABLE =
  'The server cannot be reached: nothing was sent or kept. The page reconnects by itself and shows the fight as it stands when the server is back.';

/** Bumped each time the page's socket is welcomed, the first time too: what a page shows may be stale. */
export const reconnects = signal(0);
