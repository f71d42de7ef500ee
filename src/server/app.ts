// `fray serve`'s HTTP side: the JSON API over the campaign store (docs/api.md), live updates on a
// WebSocket, and the built page. Every refused request is a 4xx with a located message, the same
// validation as the command line, and nothing is written; every change is committed before the
// response goes out.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SourceDoc, ValidationError, type Issue } from '../core/document.js';
import type { Ruling } from '../core/rulings.js';
import { saveFromText } from '../files/fight-file.js';
import { packageRoot } from '../node/root.js';
import { RULESETS } from '../rulesets/index.js';
import { readParty } from '../core/party.js';
import { checkCharacter, entryFromText } from '../files/character.js';
import { Fights, Refusal, type FightView } from './fights.js';
import {
  bearer,
  BodyRefusal,
  DISK_FULL_MESSAGE,
  guard,
  idOf,
  isDiskFull,
  parseBody,
  refuse,
  registerJsonBodies,
  TYPES,
} from './http.js';
import { isToken, Live, LIVE_MESSAGE_BYTES, type LiveLimits } from './live.js';
import { registerCompression } from './compress.js';
import { AtRest } from '../node/at-rest.js';
import { registerDeltas } from './delta.js';
import { securityHeaders } from './headers.js';
import { Hosts } from './hosts.js';
import { JoinGuard, type JoinLimits } from './join-limit.js';
import { Network } from './network.js';
import { registerTable } from './players.js';
import { Table } from './table.js';
import { DamagedRow, type Store } from './store.js';
import { registerStudies } from './studies.js';
import { registerDanger } from './danger.js';
import { registerMaterial } from './material.js';
import { campaignEncounter, healthOf, partyText, registerParty } from './party.js';
import { registerDocs } from './docs.js';

export interface AppOptions {
  /** Where the built page is (dist/web); left out, the page is not served. */
  readonly webRoot?: string | null;
  /** Where the help's pages are (dist/docs, built by scripts/docs.mjs); null: not served. */
  readonly docsRoot?: string | null;
  readonly logger?: boolean;
  /** The live socket's limits (the defaults of live.ts unless a test shortens them). */
  readonly live?: LiveLimits;
  /**
   * Names the server answers to besides localhost and this computer's own addresses: the host
   * it was told to listen on, and those given with `fray serve --allow-host`.
   */
  readonly hosts?: readonly string[];
  /** How many wrong join codes are taken (the defaults of join-limit.ts unless a test shortens them). */
  readonly joins?: JoinLimits;
}

/** Bodies the API takes, checked before anything runs. */
const BODY = {
  encounter: z.strictObject({ text: z.string({ error: 'expected the encounter as YAML or JSON text' }) }),
  character: z.strictObject({
    ruleset: z.string({ error: 'expected the ruleset the character is written for' }),
    text: z.string({ error: 'expected the character as YAML or JSON: one combatant entry' }),
    party: z.boolean().optional(),
  }),
  fight: z.strictObject({
    encounterId: z.number({ error: 'expected the id of an encounter' }).int(),
    seed: z
      .number({ error: 'expected a whole-number seed' })
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  }),
  importFight: z.strictObject({ text: z.string({ error: 'expected the save as JSON text' }) }),
  answer: z.strictObject({
    answer: z.union([z.number().int(), z.string()], {
      error: 'expected a roll (a whole number) or a choice (text)',
    }),
    step: z
      .number({ error: 'expected the step the answer is for (the view’s inputs)' })
      .int()
      .min(0)
      .optional(),
    // The dice rolled with a roll ("37 4": its damage), kept if the roll asks for them.
    then: z.number({ error: 'expected the dice rolled with it as a whole number' }).int().optional(),
  }),
  autoplay: z.strictObject({
    sides: z.array(z.number().int(), {
      error: 'expected the list of sides (0 for the first) the tactics play',
    }),
  }),
  newcomer: z.strictObject({
    side: z.number({ error: 'expected the side (0 for the first)' }).int(),
    entry: z.record(z.string(), z.unknown(), {
      error: 'expected a combatant entry: { use: orc } or written out',
    }),
    why: z.string().optional(),
  }),
  ruling: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('modify'),
        by: z.number().int().min(-1000).max(1000),
        why: z.string().optional(),
      }),
      z.strictObject({
        kind: z.literal('set'),
        who: z.string(),
        what: z.string(),
        value: z.number().int(),
        why: z.string().optional(),
      }),
      z.strictObject({
        kind: z.literal('give'),
        answer: z.union([z.number().int(), z.string()]),
        why: z.string().optional(),
      }),
      z.strictObject({ kind: z.literal('enter'), who: z.string(), why: z.string().optional() }),
      z.strictObject({ kind: z.literal('leave'), who: z.string(), why: z.string().optional() }),
    ],
    { error: 'expected a ruling: kind modify, set, give, enter or leave' },
  ),
};

/** The largest request body the API takes: an encounter or save of many fights' inputs fits. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** A body past the limit is still read (and dropped) up to this, so that its sender hears the 413. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Reads a request's body to its end without keeping it (giving up past DRAIN_LIMIT or 30 s). */
function drained(raw: IncomingMessage): Promise<void> {
  if (raw.complete) return Promise.resolve();
  return new Promise((done) => {
    let read = 0;
    const end = () => {
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(end, 30_000);
    timer.unref();
    raw.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT) end();
    });
    raw.on('end', end);
    raw.on('error', end);
    raw.on('close', end);
    raw.resume();
  });
}

/** The body parser's refusals, as the rest of the API words them. */
const PARSER_WORDS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request body: empty; expected a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request body: not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: `request body: too large; the API takes bodies up to ${BODY_LIMIT / 1024 / 1024} MB`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request body: expected JSON (content-type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request body: its length is not what the request said',
};

/** The routes a player's device may call without the GM's token (they check a seat's token themselves). */
const PUBLIC_API: ReadonlySet<string> = new Set([
  '/api/join/:code',
  '/api/seat',
  '/api/seat/answer',
  '/api/live',
]);

/** Paths of the players' page: the join link, a seat's page, the table display. */
const PLAYERS_PAGE = /^(join\/[^/]*|play|display)\/?$/;

/**
 * The file of the built page a path names, or null (404): a file inside the page's folder, by
 * whole path segments (a sibling folder whose name begins the same is outside); a folder is none.
 * A path naming no file and looking like no file (no extension) is one of the pages' own routes.
 */
export function pageFile(root: string, url: string): string | null {
  const page = join(root, PLAYERS_PAGE.test(url) ? 'play.html' : 'index.html');
  if (url === '') return page;
  const path = resolve(root, url);
  const inside = relative(resolve(root), path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return extname(url) === '' && !url.startsWith('assets/') ? page : null;
  }
  return stat.isFile() ? path : null;
}

export async function buildApp(store: Store, o: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: BODY_LIMIT });
  // What no route refused by itself: the disk, a damaged row, the body's parser, in our words.
  app.setErrorHandler(async (err, req, reply) => {
    if (isDiskFull(err)) return reply.code(507).send({ error: DISK_FULL_MESSAGE });
    if (err instanceof DamagedRow) return reply.code(409).send({ error: err.message });
    const said =
      err instanceof BodyRefusal ? err.message : PARSER_WORDS[(err as { code?: string }).code ?? ''];
    if (said) {
      // What is left of a body too large is read first: its sender hears the answer, not a broken pipe.
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        await drained(req.raw);
        reply.header('connection', 'close');
      }
      return reply.code((err as { statusCode?: number }).statusCode ?? 400).send({ error: said });
    }
    reply.log.error(err);
    return reply
      .code(500)
      .send({ error: `internal error: ${err instanceof Error ? err.message : String(err)}` });
  });
  registerJsonBodies(app);
  registerCompression(app);
  registerDeltas(app);
  const fights = new Fights(store);
  // Frames are not compressed: they carry only the log's new entries (a few KB), and compressing
  // each on the thread pool made the last page hear an answer later (docs/architecture.md).
  await app.register(websocket, {
    options: { maxPayload: LIVE_MESSAGE_BYTES, perMessageDeflate: false },
  });
  const gmToken = store.gmToken();
  const hosts = new Hosts(o.hosts);

  // Before anything else: a request that names this server by a name not its own is a page of
  // another site (DNS rebinding), or a mistake the GM is told how to mend.
  app.addHook('onRequest', async (req, reply) => {
    const host = req.headers.host;
    if (!hosts.answers(host))
      return reply
        .code(421)
        .headers(securityHeaders(null))
        .type('text/plain; charset=utf-8')
        .send(hosts.refusal(host));
    // The Host is one of ours, so it is safe to name in the policy.
    reply.headers(securityHeaders(host ?? null));
    // Any page may open a WebSocket anywhere: the live socket takes only this server's own pages,
    // else a site open in the GM's browser could hold the GM's places on it.
    if (req.routeOptions.url === '/api/live' && !hosts.takesSocketFrom(req.headers.origin, req.headers.host))
      return reply.code(403).send({
        error: `the live socket is for the pages of this server, not for a page of ${String(req.headers.origin).slice(0, 100)}`,
      });
  });

  // The GM's API needs the GM's token (`Authorization: Bearer TOKEN`, as fray serve prints it);
  // the players' part (/api/join, /api/seat) takes a seat's token instead, and the live socket
  // is told its token in its first message.
  app.addHook('onRequest', async (req, reply) => {
    // A body said to be past the limit is refused before anything else, once it has been read
    // (and dropped): a client still sending when the connection closed would see a broken pipe,
    // not the answer. One far past it is not worth reading: the connection is closed after the answer.
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > BODY_LIMIT) {
      if (length <= DRAIN_LIMIT) await drained(req.raw);
      return reply
        .code(413)
        .header('connection', 'close')
        .send({ error: PARSER_WORDS.FST_ERR_CTP_BODY_TOO_LARGE });
    }
    // By the route the request was matched to, not by its address as written: a request line may
    // carry a whole URL ("GET http://host/api/table"), which still reaches the API's routes.
    const route = req.routeOptions.url ?? '';
    if (!route.startsWith('/api/') || PUBLIC_API.has(route)) return;
    if (!isToken(bearer(req.headers.authorization), gmToken))
      return reply.code(401).send({
        error: "this needs the GM's token: open the address fray serve printed (it carries the token)",
      });
  });

  // The table: the fight open to the players' devices, their seats, the network they reach us on.
  const network = new Network(app);
  const table = new Table(store, fights, () => ({ port: network.port(), network: network.open() }));

  // Live updates: each change says which fight moved; the GM's pages fetch what they show, the
  // players' devices are sent the fight open to the table as they may see it.
  const live = new Live(
    gmToken,
    {
      seat: (token) => {
        try {
          return table.seatOf(token);
        } catch {
          return null;
        }
      },
      view: () => {
        const fight = table.fight();
        return fight === null ? null : fights.players(fight, null, 0);
      },
      forSeat: (view, seat) => fights.forSeat(view, seat),
    },
    o.live,
  );
  // Quiet for a while after answering: the night's garbage is collected, the memory given back.
  const rest = new AtRest();
  app.addHook('onResponse', async () => rest.busy());
  app.addHook('onClose', async () => {
    rest.stop();
    live.close();
    await network.close();
  });
  const changed = (fight: number | null, what: string) => live.changed(fight, what);
  const stepped = (fight: number, what: string, v: FightView) => live.stepped(fight, what, v);
  app.get('/api/live', { websocket: true }, (socket, req) => live.open(socket, req.ip));
  registerTable(app, { store, fights, table, live, network, joins: new JoinGuard(o.joins) });

  app.get(
    '/api/rulesets',
    guard(() => [...RULESETS.values()].map((r) => ({ id: r.id, title: r.title, options: r.options }))),
  );

  // A GM's own material: stat blocks read, the builder's form and live sheet, the bestiary, the examples.
  registerMaterial(app, store, changed);

  // ------------------------------------------------------------- studies
  // The designer's simulations, comparisons, sweeps and odds, on the worker threads (studies.ts).
  registerStudies(app, store, live);
  // How deadly the encounter being built is, on the worker threads too (danger.ts).
  registerDanger(app, store);

  // ------------------------------------------------------------- characters
  app.get(
    '/api/characters',
    guard((req) =>
      store
        .characters((req.query as { ruleset?: string }).ruleset)
        .map((c) => ({ ...c, health: healthOf(c) })),
    ),
  );
  app.post('/api/characters', async (req, reply) => {
    try {
      const b = parseBody(BODY.character, req.body);
      const { entry, doc } = entryFromText(b.text);
      const name = checkCharacter(b.ruleset, entry, doc);
      const id = store.addCharacter(b.ruleset, name, b.party ?? true, entry);
      if (id === null) throw new Refusal(`${b.ruleset} has a character named ${name} already`, 409);
      changed(null, 'characters');
      return reply.code(201).send(store.character(id));
    } catch (e) {
      return refuse(reply, e);
    }
  });
  // The party as a party file (`fray party apply` and encounters' `party:` read the same), and back.
  app.get('/api/characters/party', async (req, reply) => {
    try {
      const ruleset = (req.query as { ruleset?: string }).ruleset ?? '';
      if (!RULESETS.has(ruleset))
        throw new Refusal(`expected ?ruleset= one of ${[...RULESETS.keys()].join(', ')}`);
      return reply.type('text/yaml; charset=utf-8').send(partyText(store, ruleset));
    } catch (e) {
      return refuse(reply, e);
    }
  });
  app.post('/api/characters/import', async (req, reply) => {
    try {
      const { text } = parseBody(BODY.importFight, req.body);
      const { doc, party } = readParty({ file: 'party', text }, null);
      if (!RULESETS.has(party.ruleset))
        throw new ValidationError([doc.issue(['ruleset'], `unknown ruleset '${party.ruleset}'`)]);
      const issues: Issue[] = [];
      const list = party.members.map((m, i) => {
        try {
          const name = checkCharacter(party.ruleset, { ...m });
          return { ruleset: party.ruleset, name, party: true, entry: m };
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          for (const x of e.issues)
            issues.push(doc.issue(['members', i, ...(x.path ? x.path.split('.') : [])], x.message));
          return null;
        }
      });
      if (issues.length) throw new ValidationError(issues);
      const taken = list.find((c) => c && store.characters(c.ruleset).some((x) => x.name === c.name));
      if (taken) throw new Refusal(`${taken.ruleset} has a character named ${taken.name} already`, 409);
      const ids = store.addCharacters(
        list as { ruleset: string; name: string; party: boolean; entry: object }[],
      );
      changed(null, 'characters');
      return reply.code(201).send(ids.map((id) => store.character(id)));
    } catch (e) {
      return refuse(reply, e);
    }
  });
  app.put(
    '/api/characters/:id',
    guard((req) => {
      const id = idOf(req.params);
      const old = store.character(id);
      if (!old) throw new Refusal('no such character', 404);
      const b = parseBody(BODY.character, req.body);
      if (b.ruleset !== old.ruleset) throw new Refusal(`the character is written for ${old.ruleset}`);
      const { entry, doc } = entryFromText(b.text);
      const name = checkCharacter(b.ruleset, entry, doc);
      const other = store.characters(b.ruleset).find((c) => c.name === name && c.id !== id);
      if (other) throw new Refusal(`${b.ruleset} has a character named ${name} already`, 409);
      store.updateCharacter(id, name, b.party ?? old.party, entry);
      changed(null, 'characters');
      return store.character(id);
    }),
  );
  app.delete(
    '/api/characters/:id',
    guard((req) => {
      if (!store.deleteCharacter(idOf(req.params))) throw new Refusal('no such character', 404);
      changed(null, 'characters');
      return { deleted: true };
    }),
  );

  // ------------------------------------------------------------- encounters
  app.get(
    '/api/encounters',
    guard(() => store.encounters().map(({ text: _text, ...e }) => e)),
  );
  app.post('/api/encounters', async (req, reply) => {
    try {
      const { text } = parseBody(BODY.encounter, req.body);
      const ff = campaignEncounter(store, 'encounter', text);
      const id = store.addEncounter(ff.loaded.setup.title, ff.loaded.ruleset.id, text);
      changed(null, 'encounters');
      return reply.code(201).send({ id, title: ff.loaded.setup.title, ruleset: ff.loaded.ruleset.id });
    } catch (e) {
      return refuse(reply, e);
    }
  });
  // A check without saving, for the page's form: the encounter as read, and every problem with its field.
  app.post(
    '/api/encounters/check',
    guard((req) => {
      const { text } = parseBody(BODY.encounter, req.body);
      let data: unknown = null;
      try {
        data = SourceDoc.parse('encounter', text).data;
        const ff = campaignEncounter(store, 'encounter', text);
        return { ok: true, data, title: ff.loaded.setup.title, ruleset: ff.loaded.ruleset.id, issues: [] };
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return { ok: false, data, issues: e.issues };
      }
    }),
  );
  app.get(
    '/api/encounters/:id',
    guard((req) => {
      const e = store.encounter(idOf(req.params));
      if (!e) throw new Refusal('no such encounter', 404);
      return e;
    }),
  );
  app.put(
    '/api/encounters/:id',
    guard((req) => {
      const id = idOf(req.params);
      const { text } = parseBody(BODY.encounter, req.body);
      if (!store.encounter(id)) throw new Refusal('no such encounter', 404);
      const ff = campaignEncounter(store, 'encounter', text);
      store.updateEncounter(id, ff.loaded.setup.title, ff.loaded.ruleset.id, text);
      changed(null, 'encounters');
      return store.encounter(id);
    }),
  );
  app.delete(
    '/api/encounters/:id',
    guard((req) => {
      if (!store.deleteEncounter(idOf(req.params))) throw new Refusal('no such encounter', 404);
      changed(null, 'encounters');
      return { deleted: true };
    }),
  );
  app.get('/api/encounters/:id/export', async (req, reply) => {
    try {
      const e = store.encounter(idOf(req.params));
      if (!e) throw new Refusal('no such encounter', 404);
      return reply.type('text/yaml; charset=utf-8').send(e.text);
    } catch (err) {
      return refuse(reply, err);
    }
  });

  // ------------------------------------------------------------- fights
  app.get(
    '/api/fights',
    guard(() => store.fights().map(({ save: _save, ...f }) => f)),
  );
  app.post('/api/fights', async (req, reply) => {
    try {
      const { encounterId, seed } = parseBody(BODY.fight, req.body);
      const e = store.encounter(encounterId);
      if (!e) throw new Refusal(`no encounter ${encounterId}`, 404);
      // The party's characters as they are now: what the last fight left on them holds in this one.
      const ff = campaignEncounter(
        store,
        `encounter ${e.id}`,
        e.text,
        seed ?? Math.floor(Math.random() * 0x100000000),
      );
      const id = fights.create(ff, e.id);
      changed(id, 'fights');
      return reply.code(201).send(fights.get(id));
    } catch (err) {
      return refuse(reply, err);
    }
  });
  app.post('/api/fights/import', async (req, reply) => {
    try {
      const { text } = parseBody(BODY.importFight, req.body);
      const id = fights.create(saveFromText('save', text), null);
      changed(id, 'fights');
      return reply.code(201).send(fights.get(id));
    } catch (err) {
      return refuse(reply, err);
    }
  });
  app.get(
    '/api/fights/:id',
    guard((req) => {
      const id = idOf(req.params);
      const before = store.inputs(id).length;
      const v = fights.get(id);
      // Looking may roll the dice nobody is asked for (the tactics took a side): the table hears it.
      if (v.inputs !== before) stepped(id, 'dice', v);
      return v;
    }),
  );
  app.delete(
    '/api/fights/:id',
    guard((req) => {
      const id = idOf(req.params);
      if (!store.deleteFight(id)) throw new Refusal('no such fight', 404);
      fights.forget(id);
      // The table's fight gone: the table is closed (a new fight may be given its number).
      if (store.setting('table_fight') === String(id)) {
        table.open(null);
        live.changed(null, 'table');
      }
      changed(id, 'fights');
      return { deleted: true };
    }),
  );
  app.get('/api/fights/:id/export', async (req, reply) => {
    try {
      const text = fights.export(idOf(req.params));
      return reply.type('application/json; charset=utf-8').send(text);
    } catch (err) {
      return refuse(reply, err);
    }
  });
  app.post(
    '/api/fights/:id/answer',
    guard((req) => {
      const id = idOf(req.params);
      const b = parseBody(BODY.answer, req.body);
      const v = fights.answer(id, b.answer, { step: b.step, by: { gm: true } }, b.then);
      stepped(id, 'answer', v);
      return v;
    }),
  );
  app.post(
    '/api/fights/:id/undo',
    guard((req) => {
      const id = idOf(req.params);
      const v = fights.undo(id);
      stepped(id, 'undo', v);
      return v;
    }),
  );
  app.put(
    '/api/fights/:id/auto',
    guard((req) => {
      const id = idOf(req.params);
      const v = fights.autoplay(id, parseBody(BODY.autoplay, req.body).sides);
      changed(id, 'auto');
      return v;
    }),
  );
  app.post(
    '/api/fights/:id/combatants',
    guard((req) => {
      const id = idOf(req.params);
      const b = parseBody(BODY.newcomer, req.body);
      const v = fights.reinforce(id, b.side, b.entry, b.why?.replace(/\|/g, '/') ?? '');
      changed(id, 'newcomer');
      return v;
    }),
  );
  app.post(
    '/api/fights/:id/rulings',
    guard((req) => {
      const id = idOf(req.params);
      const b = parseBody(BODY.ruling, req.body);
      const why = b.why?.replace(/\|/g, '/') ?? '';
      const ruling: Ruling =
        b.kind === 'modify'
          ? { kind: 'modify', by: b.by, why }
          : b.kind === 'set'
            ? { kind: 'set', who: b.who, what: b.what, value: b.value, why }
            : b.kind === 'give'
              ? { kind: 'give', why }
              : { kind: b.kind, who: b.who, why };
      const v = fights.rule(id, ruling, b.kind === 'give' ? b.answer : undefined);
      stepped(id, 'ruling', v);
      return v;
    }),
  );

  // What a fight did to the party, written into the characters and taken back.
  registerParty(app, store, fights, changed);

  // ------------------------------------------------------------- the help
  registerDocs(app, o.docsRoot === undefined ? join(packageRoot(), 'dist', 'docs') : o.docsRoot);

  // ------------------------------------------------------------- the page
  const root = o.webRoot === undefined ? join(packageRoot(), 'dist', 'web') : o.webRoot;
  app.get('/*', async (req, reply) => {
    const url = (req.params as { '*': string })['*'] ?? '';
    if (url.startsWith('api/')) return reply.code(404).send({ error: `no such API: /${url}` });
    if (!root || !existsSync(join(root, 'index.html')))
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Fray</title><p>The page is not built: run <code>npm run build</code>.</p>',
        );
    // Files of the built page; the players' paths are their page, any other the GM's (each routes on the client).
    const file = pageFile(root, url);
    if (file === null) return reply.code(404).type('text/plain; charset=utf-8').send(`no such file: /${url}`);
    // The built assets are named by their content's hash: a name never changes its content.
    reply.header(
      'cache-control',
      file.startsWith(join(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(readFileSync(file));
  });
  return app;
}
