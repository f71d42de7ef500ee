// What changed since the step a page has: a fight's view sent with only the log entries the page
// lacks. The log is most of a view (tens of kilobytes by the end of a fight) and only grows at
// its end (an undo cuts it back), so a page that says how much of it it has, and the running hash
// of those entries (`?since=N&hash=H`, core/veil.ts logHash, as a seat's socket says it), is sent
// the rest: `events` from entry N on, and `eventsFrom: N`. A hash that is not this log's beginning
// (an undo the page missed) gets the whole log, as without the question.
import type { FastifyInstance } from 'fastify';
import { LOG_HASH_START, logHash } from '../core/veil.js';

/** How much of a fight's log a page says it has. */
export interface Had {
  readonly since: number;
  readonly hash: number;
}

/** `?since=N&hash=H` of a request, or null when it does not say (or says it wrongly). */
export function hadOf(query: unknown): Had | null {
  const q = (query ?? {}) as { since?: unknown; hash?: unknown };
  const whole = (x: unknown) => {
    const n = typeof x === 'string' && /^\d{1,15}$/.test(x) ? Number(x) : NaN;
    return Number.isSafeInteger(n) ? n : null;
  };
  const since = whole(q.since);
  const hash = whole(q.hash);
  return since === null || hash === null ? null : { since, hash };
}

/**
 * The running hash after each entry of a log, by the entry and its place: a fight's replay from a
 * checkpoint keeps the entries before it (server/fights.ts), so their hashes are not made again.
 */
const RUNNING = new WeakMap<object, { readonly at: number; readonly hash: number }>();

/** The running hash of a log (core/veil.ts logHash): what a page says it has of it. */
export function hashOfLog(events: readonly { readonly text: string }[], upTo = events.length): number {
  let from = upTo;
  let h = LOG_HASH_START;
  for (; from > 0; from--) {
    const kept = RUNNING.get(events[from - 1] as object);
    if (kept?.at === from - 1) {
      h = kept.hash;
      break;
    }
  }
  for (let i = from; i < upTo; i++) {
    const e = events[i] as { text: string };
    h = logHash(h, e.text);
    RUNNING.set(e, { at: i, hash: h });
  }
  return h;
}

/** A view with only the entries of its log past what the page had, when the page had this log's beginning. */
export function sinceHad<T extends { readonly events: readonly { readonly text: string }[] }>(
  view: T,
  had: Had,
): T | (T & { eventsFrom: number }) {
  if (had.since > view.events.length) return view;
  return hashOfLog(view.events, had.since) === had.hash
    ? { ...view, events: view.events.slice(had.since), eventsFrom: had.since }
    : view;
}

/** Every fight's view the API answers (a look, an answer, an undo, a ruling …) is trimmed so. */
export function registerDeltas(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (!req.url.startsWith('/api/fights/')) return payload;
    const had = hadOf(req.query);
    const view = payload as { events?: unknown; inputs?: unknown } | null;
    if (!had || !view || !Array.isArray(view.events) || typeof view.inputs !== 'number') return payload;
    return sinceHad(view as { events: { text: string }[] }, had);
  });
}
