// What every route of the API does the same way: bodies checked before anything runs, ids read,
// refusals turned into their 4xx with the located message, tokens read from the header.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  formatIssue,
  formatPath,
  nestedTooDeep,
  plainIssues,
  TOO_DEEP,
  ValidationError,
  type Issue,
} from '../core/document.js';
import { OddsBudgetError } from '../core/odds.js';
import { RulingError } from '../core/rulings.js';
import { FileError } from '../files/disk.js';
import { Refusal } from './fights.js';
import { DamagedRow } from './store.js';

/** A body as the schema reads it, or a ValidationError naming each field at fault, in the command line's words. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const value = body ?? {};
  // Checked first, without recursion: what reads it after (the schema, a clone, YAML) recurses.
  if (nestedTooDeep(value))
    throw new ValidationError([{ file: 'request body', path: '', message: TOO_DEEP }]);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const { issues, more } = plainIssues(schema, r.error, value);
  // A body is JSON: what a file calls a map, it calls an object.
  const out: Issue[] = issues.map((i) => ({
    file: 'request body',
    path: formatPath(i.path),
    message: i.message.replace(/\ba map\b/g, 'an object'),
  }));
  if (more > 0) out.push({ file: 'request body', path: '', message: `and ${more} more problems like these` });
  throw new ValidationError(out);
}

/** The content types of the files the server sends (the built page, the help's pages), by extension. */
export const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** The `:id` of a route's path, a whole number from 1. */
export function idOf(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Refusal('expected a number for the id', 400);
  return id;
}

/**
 * SQLite's codes for a write the disk could not take: full, or out of room for the journal. The
 * transaction was rolled back, so nothing of the request was kept.
 */
const DISK_FULL = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_SHMSIZE',
  'SQLITE_IOERR_TRUNCATE',
]);

/** Whether `e` is the campaign file's disk refusing a write. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_FULL.has(code);
}

/** What the page says of a write the disk refused. */
export const DISK_FULL_MESSAGE =
  'the campaign could not be written: the disk it is on is full (or refused the write). Nothing of this request was kept; free some space and try again';

/** A refusal as the page shows it: the status, the message, and each problem with its place. */
export function refuse(reply: FastifyReply, e: unknown): FastifyReply {
  if (isDiskFull(e)) return reply.code(507).send({ error: DISK_FULL_MESSAGE });
  if (e instanceof DamagedRow) return reply.code(409).send({ error: e.message });
  if (e instanceof ValidationError)
    return reply.code(400).send({ error: e.issues.map(formatIssue).join('\n'), issues: e.issues });
  if (e instanceof Refusal) return reply.code(e.status).send({ error: e.message });
  if (e instanceof FileError || e instanceof RulingError || e instanceof OddsBudgetError)
    return reply.code(400).send({ error: e.message });
  throw e;
}

/** The token of an `Authorization: Bearer TOKEN` header. */
export function bearer(header: string | undefined): string {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? (m[1] as string) : '';
}

/** A handler's arguments, as the routes read them. */
export interface Req {
  readonly params: unknown;
  readonly body: unknown;
  readonly query: unknown;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Runs a handler, turning a refusal into its 4xx. */
export const guard =
  <T>(run: (req: Req) => T) =>
  async (req: Req, reply: FastifyReply) => {
    try {
      return await run(req);
    } catch (e) {
      return refuse(reply, e);
    }
  };

/** A body the JSON parser refused, in our words (the error handler sends its message as is). */
export class BodyRefusal extends Error {
  readonly statusCode = 400;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The first key of a parsed body that would reach an object's prototype when the body is merged
 * into another (`__proto__`, or `prototype` under `constructor`), as a path; null when none.
 * Without recursion: the body's depth is checked after.
 */
export function prototypeKey(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, string];
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, `${path}[${i}]`]));
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      const at = path === '' ? k : `${path}.${k}`;
      if (k === '__proto__') return at;
      if (k === 'constructor' && x !== null && typeof x === 'object' && Object.hasOwn(x, 'prototype'))
        return `${at}.prototype`;
      stack.push([x, at]);
    }
  }
  return null;
}

/**
 * What JSON.parse found wrong, in the API's words: where it stands as line and column, and none of
 * the body quoted back (V8 quotes its start).
 */
export function jsonProblem(message: string, text: string): string {
  const at = /^(.*?) in JSON at position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[2]));
    const line = before.split('\n').length;
    const col = before.length - before.lastIndexOf('\n');
    return `${lowerFirst(at[1] as string)} at line ${line}, column ${col}`;
  }
  const token = /^Unexpected token '(.{1,2})'/u.exec(message);
  if (token) return `'${token[1]}' where it cannot stand`;
  if (/end of JSON input/.test(message)) return 'it ends before its last value does';
  return 'it cannot be read as JSON';
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * JSON bodies read by our parser rather than the framework's, which says "not valid JSON" of
 * every refusal alike (a `__proto__` key among them): here each says what is wrong.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const body = String(text);
    if (body.trim() === '')
      return done(
        new BodyRefusal('FST_ERR_CTP_EMPTY_JSON_BODY', 'request body: empty; expected a JSON object'),
      );
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (e) {
      const why = e instanceof SyntaxError ? `: ${jsonProblem(e.message, body)}` : '';
      return done(new BodyRefusal('FST_ERR_CTP_INVALID_JSON_BODY', `request body: not valid JSON${why}`));
    }
    const key = prototypeKey(value);
    if (key !== null)
      return done(
        new BodyRefusal(
          'FRAY_PROTOTYPE_KEY',
          `request body: the key ${key} is not taken: a key named __proto__, or prototype under constructor, could change every object of the server; rename it`,
        ),
      );
    return done(null, value);
  });
}
