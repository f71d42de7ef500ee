// The server's part of the fuzz campaign: requests to every route of the API with bodies made
// from a valid one by a mutation (a field of another type or out of range, one missing, one
// unknown, the whole body something else). Every answer must be a success or a refusal (4xx) in
// our words, and a refusal must change nothing in the campaign.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { packageRoot } from '../../src/node/root.js';
import { closeApps, startApp, type Method } from '../app.js';
import { blockCase, blockText } from './blocks.js';

export type ServerOutcome =
  | 'ok' // a success
  | 'refused' // a 4xx in our words, nothing changed
  | 'crash' // a 5xx
  | 'foreign words' // a refusal in the schema library's or the framework's words
  | 'changed'; // a refusal that changed the campaign

/** Words of the schema library or the framework that a refusal in our words never uses. */
const FOREIGN =
  /Invalid input|Invalid option|Invalid (discriminator|literal|enum)|received |Too (big|small)|expected (int|number|string|boolean|array|object|nonoptional)\b|Unrecognized|\[object |Body cannot|Unexpected token|FST_|SQLITE_/;

interface Route {
  readonly method: Method;
  readonly url: string;
  /** A body the route takes (mutations start from it); none for a route without one. */
  readonly body?: Readonly<Record<string, unknown>>;
}

const demo = () => readFileSync(join(packageRoot(), 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8');
const readBlock = (name: string) => readFileSync(join(packageRoot(), 'data', 'blocks', name), 'utf8');

/** Every route with a body, and a few without; ids are those of the campaign made below. */
function routes(encounter: string, seat: string): Route[] {
  const character = 'name: Anna\nuse: human\nweapons: [sword]\n';
  return [
    { method: 'POST', url: '/api/encounters', body: { text: encounter } },
    { method: 'POST', url: '/api/encounters/check', body: { text: encounter } },
    { method: 'PUT', url: '/api/encounters/1', body: { text: encounter } },
    { method: 'POST', url: '/api/characters', body: { ruleset: 'wfrp1e', text: character, party: true } },
    { method: 'PUT', url: '/api/characters/1', body: { ruleset: 'wfrp1e', text: character } },
    { method: 'POST', url: '/api/characters/import', body: { text: 'ruleset: wfrp1e\nmembers: []\n' } },
    { method: 'POST', url: '/api/fights', body: { encounterId: 1, seed: 3 } },
    { method: 'POST', url: '/api/fights/import', body: { text: '{}' } },
    { method: 'POST', url: '/api/fights/1/answer', body: { answer: 1, step: 0 } },
    { method: 'PUT', url: '/api/fights/1/auto', body: { sides: [1] } },
    {
      method: 'POST',
      url: '/api/fights/1/combatants',
      body: { side: 1, entry: { use: 'orc' }, why: 'more' },
    },
    { method: 'POST', url: '/api/fights/1/rulings', body: { kind: 'modify', by: -10, why: 'fog' } },
    {
      method: 'POST',
      url: '/api/fights/1/rulings',
      body: { kind: 'set', who: 'Helmut', what: 'W', value: 3 },
    },
    { method: 'PUT', url: '/api/fights/1/see', body: { health: 'rough', rolls: 'all', intents: 'hidden' } },
    { method: 'POST', url: '/api/fights/1/party', body: { step: 0 } },
    { method: 'GET', url: '/api/fights/1/party' },
    { method: 'PUT', url: '/api/table', body: { fight: 1 } },
    { method: 'POST', url: '/api/table/seats', body: { character: 'helmut', player: 'Anna' } },
    { method: 'PUT', url: '/api/table/network', body: { open: false } },
    { method: 'POST', url: `/api/seat/answer#${seat}`, body: { step: 0, answer: 1 } },
    {
      method: 'POST',
      url: '/api/studies',
      body: { kind: 'sim', encounterId: 1, runs: 10, seed: 1, options: {}, maxRounds: 5 },
    },
    {
      method: 'POST',
      url: '/api/studies',
      body: {
        kind: 'odds',
        encounterId: 1,
        pick: [
          { side: 0, entry: 0 },
          { side: 1, entry: 0 },
        ],
      },
    },
    {
      method: 'POST',
      url: '/api/import',
      body: { ruleset: 'wfrp1e', text: readBlock('wfrp1e-orc-raider.txt'), name: 'Grukk' },
    },
    { method: 'POST', url: '/api/import', body: { ruleset: 'openquest', text: readBlock('oq-elf.txt') } },
    {
      method: 'POST',
      url: '/api/characters/sheet',
      body: { ruleset: 'wfrp1e', entry: { name: 'Anna', use: 'human', weapons: ['sword'] } },
    },
    { method: 'POST', url: '/api/characters/sheet', body: { ruleset: 'openquest', text: character } },
    { method: 'GET', url: '/api/characters?ruleset=wfrp1e' },
    { method: 'GET', url: '/api/fights/1' },
    { method: 'DELETE', url: '/api/characters/999' },
  ];
}

/** A list in a list … `depth` deep. */
function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const odd = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e300, 1001, 100_000_000),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', '__proto__', 'constructor', 'x'.repeat(300), '\u202eevil', 'a\u0000b'),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({}),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant(nested(40)),
  // Issue 44: thousands of levels, as a body and as a text the server reads as YAML.
  fc.constant(nested(3000)),
  fc.constantFrom(
    '['.repeat(3000),
    `${'- '.repeat(3000)}x`,
    `ruleset: wfrp1e\nsides: ${'{a: '.repeat(3000)}`,
  ),
);

export const serverCase = fc.record({
  route: fc.nat(),
  mutation: fc.constantFrom('none', 'set', 'set', 'set', 'drop', 'add', 'whole'),
  field: fc.nat(),
  value: odd,
  key: fc.constantFrom('extra', '__proto__', 'constructor', 'kind', 'text'),
});
export type ServerCase = typeof serverCase extends fc.Arbitrary<infer T> ? T : never;

/** The body a case sends: the route's own, mutated. */
function bodyOf(c: ServerCase, r: Route): unknown {
  if (!r.body) return undefined;
  const keys = Object.keys(r.body);
  const k = keys[c.field % Math.max(1, keys.length)] as string;
  const b: Record<string, unknown> = { ...r.body };
  switch (c.mutation) {
    case 'none':
      return b;
    case 'set':
      b[k] = c.value;
      return b;
    case 'drop':
      delete b[k];
      return b;
    case 'add':
      Object.defineProperty(b, c.key, { value: c.value, enumerable: true, writable: true });
      return b;
    default:
      return c.value;
  }
}

/** The campaign as a refusal must leave it: every row but the times of change. */
function campaignState(store: Awaited<ReturnType<typeof startApp>>['store']): string {
  return JSON.stringify({
    encounters: store.encounters().map(({ updated: _u, ...e }) => e),
    characters: store.characters().map(({ updated: _u, ...c }) => c),
    fights: store.fights().map(({ updated: _u, ...f }) => ({ ...f, inputs: store.inputs(f.id) })),
    seats: store.seats(),
    table: store.setting('table_fight'),
    studies: store.studies().length,
  });
}

/** Every outcome, none yet. */
function noCounts(): Record<ServerOutcome, number> {
  return { ok: 0, refused: 0, crash: 0, 'foreign words': 0, changed: 0 };
}

/**
 * Runs `n` requests from `seed` against one campaign: the counts by outcome and the first few of
 * each bad kind.
 */
export async function serverCampaign(
  n: number,
  seed: number,
): Promise<{ counts: Record<ServerOutcome, number>; examples: string[] }> {
  const counts = noCounts();
  const examples: string[] = [];
  const s = await startApp('fuzz-server');
  try {
    const encounter = demo();
    await s.gm('POST', '/api/encounters', { text: encounter });
    await s.gm('POST', '/api/fights', { encounterId: 1, seed: 7 });
    await s.gm('POST', '/api/characters', { ruleset: 'wfrp1e', text: 'name: Berta\nuse: human\n' });
    await s.gm('PUT', '/api/table', { fight: 1 });
    const seat = await s.gm('POST', '/api/table/seats', { character: 'helmut', player: 'P' });
    const token = String((seat.body as { token?: string }).token ?? '');
    const all = routes(encounter, token);
    const state = () => campaignState(s.store);
    for (const c of fc.sample(serverCase, { numRuns: n, seed })) {
      const r = all[c.route % all.length] as Route;
      const [url, seatToken] = r.url.split('#') as [string, string | undefined];
      const body = bodyOf(c, r);
      const before = state();
      const call = seatToken === undefined ? s.gm : s.as(seatToken);
      const got = await call(r.method, url, body);
      const said = typeof got.body === 'object' && got.body ? String(got.body.error ?? '') : '';
      const shown = `${r.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${got.status}: ${said.slice(0, 300)}`;
      let outcome: ServerOutcome;
      if (got.status >= 500) outcome = 'crash';
      else if (got.status < 400) outcome = 'ok';
      else if (FOREIGN.test(said)) outcome = 'foreign words';
      else if (state() !== before) outcome = 'changed';
      else outcome = 'refused';
      counts[outcome]++;
      if (outcome !== 'ok' && outcome !== 'refused' && examples.length < 20)
        examples.push(`${outcome}: ${shown}`);
    }
  } finally {
    await closeApps();
  }
  return { counts, examples };
}

/**
 * Blocks of the importer's grammar (test/fuzz/blocks.ts) pasted into the page's box: each answered
 * or refused in our words, never a 5xx; an entry read then goes to the live sheet, as the
 * character builder sends it, and its sheet is answered or refused the same way.
 */
export async function blockServerCampaign(
  n: number,
  seed: number,
): Promise<{ counts: Record<ServerOutcome, number>; examples: string[] }> {
  const counts = noCounts();
  const examples: string[] = [];
  const s = await startApp('fuzz-blocks');
  try {
    const before = JSON.stringify(s.store.characters());
    const judge = (what: string, got: { status: number; body: unknown }) => {
      const said =
        typeof got.body === 'object' && got.body ? String((got.body as { error?: unknown }).error ?? '') : '';
      const outcome: ServerOutcome =
        got.status >= 500
          ? 'crash'
          : got.status < 400
            ? 'ok'
            : FOREIGN.test(said)
              ? 'foreign words'
              : 'refused';
      counts[outcome]++;
      if ((outcome === 'crash' || outcome === 'foreign words') && examples.length < 20)
        examples.push(`${outcome}: ${what.slice(0, 300)} → ${got.status}: ${said.slice(0, 300)}`);
    };
    for (const c of fc.sample(blockCase, { numRuns: n, seed })) {
      const b = blockText(c);
      const body = { ruleset: b.ruleset, text: b.text, ...(b.name !== undefined ? { name: b.name } : {}) };
      const got = await s.gm('POST', '/api/import', body);
      judge(`POST /api/import ${JSON.stringify(b.text)}`, got);
      const entry = (got.body as { entry?: Record<string, unknown> } | null)?.entry;
      if (got.status < 400 && entry) {
        const sheet = await s.gm('POST', '/api/characters/sheet', { ruleset: b.ruleset, entry });
        judge(`POST /api/characters/sheet ${JSON.stringify(entry)}`, sheet);
        const yaml = (got.body as { yaml?: string }).yaml ?? '';
        judge(
          'POST /api/characters/sheet (text)',
          await s.gm('POST', '/api/characters/sheet', { ruleset: b.ruleset, text: yaml }),
        );
      }
    }
    // Reading a block and computing a sheet keep nothing.
    if (JSON.stringify(s.store.characters()) !== before) {
      counts.changed++;
      examples.push('changed: a paste or a sheet left a character in the campaign');
    }
  } finally {
    await closeApps();
  }
  return { counts, examples };
}

export type StrangerOutcome =
  | 'answered' // to one of the server's own names, with the page's guards
  | 'refused' // a name not the server's (421), or a live socket from another site (403)
  | 'crash' // a 5xx
  | 'unguarded' // an answer without its framing, sniffing or policy headers
  | 'rebound' // a name not the server's answered, or another site's socket taken
  | 'changed'; // a refused request that changed the campaign

/** Names a request may give as its Host: the server's own, and a rebinding site's. */
const OWN_HOSTS = ['localhost', 'localhost:4400', '127.0.0.1:4400', '[::1]:4400', 'LOCALHOST:1'] as const;
const FOREIGN_HOSTS = [
  'rebound.example',
  'rebound.example:4400',
  '127.0.0.1.nip.io',
  'localhost.evil:4400',
  'a b',
  '127.0.0.1:99999',
  '[::1',
  'xn--80ak6aa92e.com',
  'localhost@evil.example',
] as const;
const ORIGINS = [
  undefined,
  'http://localhost:4400',
  'https://evil.example',
  'null',
  'file://',
  'http://localhost.evil:4400',
  'http://127.0.0.1:4401',
] as const;

export const strangerCase = fc.record({
  route: fc.nat(),
  host: fc.constantFrom(...OWN_HOSTS, ...FOREIGN_HOSTS),
  origin: fc.constantFrom(...ORIGINS),
  token: fc.constantFrom('gm', 'none'),
});

/**
 * Requests from strangers on the network (issue 44): to every route, the pages and the live socket,
 * naming the server by its own names or by a rebinding site's, from its own pages or another site's.
 * A name not the server's is refused (421) and changes nothing; an answer to its own names carries
 * the headers that keep its pages from being framed; the live socket takes only its own pages.
 */
export async function strangerCampaign(
  n: number,
  seed: number,
): Promise<{ counts: Record<StrangerOutcome, number>; examples: string[] }> {
  const counts: Record<StrangerOutcome, number> = {
    answered: 0,
    refused: 0,
    crash: 0,
    unguarded: 0,
    rebound: 0,
    changed: 0,
  };
  const examples: string[] = [];
  const s = await startApp('fuzz-strangers');
  try {
    const encounter = demo();
    await s.gm('POST', '/api/encounters', { text: encounter });
    await s.gm('POST', '/api/fights', { encounterId: 1, seed: 7 });
    const all: Route[] = [
      ...routes(encounter, ''),
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/play' },
      { method: 'GET', url: '/join/ABCDEFGH' },
      { method: 'GET', url: '/api/live' },
    ];
    for (const c of fc.sample(strangerCase, { numRuns: n, seed })) {
      const r = all[c.route % all.length] as Route;
      const url = r.url.split('#')[0] as string;
      const before = campaignState(s.store);
      const got = await s.app.inject({
        method: r.method,
        url,
        headers: {
          host: c.host,
          ...(c.origin !== undefined ? { origin: c.origin } : {}),
          ...(c.token === 'gm' ? s.headers : {}),
        },
        ...(r.body !== undefined ? { payload: r.body as object } : {}),
      });
      const ownName = (OWN_HOSTS as readonly string[]).includes(c.host);
      const foreignPage = c.origin !== undefined && !/^http:\/\/localhost:4400$/.test(c.origin);
      const shown = `${r.method} ${url} Host: ${c.host} Origin: ${c.origin ?? '-'} → ${got.statusCode}`;
      let outcome: StrangerOutcome;
      if (got.statusCode >= 500) outcome = 'crash';
      else if (
        got.headers['x-frame-options'] !== 'DENY' ||
        got.headers['x-content-type-options'] !== 'nosniff' ||
        !String(got.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'")
      )
        outcome = 'unguarded';
      else if (!ownName) outcome = got.statusCode === 421 ? 'refused' : 'rebound';
      else if (url === '/api/live' && foreignPage) outcome = got.statusCode === 403 ? 'refused' : 'rebound';
      else outcome = 'answered';
      if (outcome === 'refused' && campaignState(s.store) !== before) outcome = 'changed';
      counts[outcome]++;
      if (outcome !== 'answered' && outcome !== 'refused' && examples.length < 20)
        examples.push(`${outcome}: ${shown}`);
    }
  } finally {
    await closeApps();
  }
  return { counts, examples };
}
