// The campaign server for tests of its API: a store of its own, the app on it (not listening:
// requests are injected), and calls with the GM's token, a seat's, or none. `closeApps` after each test.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/server/app.js';
import { Store } from '../src/server/store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const open: { app: FastifyInstance; store: Store }[] = [];

/** Closes every app the test started, and its store. */
export async function closeApps(): Promise<void> {
  for (const o of open.splice(0)) {
    await o.app.close();
    o.store.close();
  }
}

/** The test closes this app itself (to see what closing does): closeApps leaves it. */
export function release(app: FastifyInstance): void {
  const i = open.findIndex((o) => o.app === app);
  if (i >= 0) open.splice(i, 1);
}

/** A server on a new campaign (or on `path`, to open one again); the page is not served unless `options` say where it is. */
export async function startApp(
  name: string,
  path = join(mkdtempSync(join(tmpdir(), `fray-${name}-`)), 'c.db'),
  options: AppOptions = {},
) {
  const store = new Store(path);
  const app = await buildApp(store, { webRoot: null, ...options });
  await app.ready();
  open.push({ app, store });
  const headers = { authorization: `Bearer ${store.gmToken()}` };
  /** Calls with a token (null: none); the answer's body as JSON where it is, else its text. */
  const as =
    (token: string | null) =>
    // The API's answers are JSON of many shapes: the tests read the fields they check.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async (method: Method, url: string, body?: unknown): Promise<{ status: number; body: any }> => {
      const r = await app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      const type = String(r.headers['content-type'] ?? '');
      return { status: r.statusCode, body: type.includes('json') ? r.json() : r.body };
    };
  return { app, store, path, headers, as, gm: as(store.gmToken()) };
}
