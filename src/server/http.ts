// What every route of the API does the same way: bodies checked before anything runs, ids read,
// refusals turned into their 4xx with the located message, tokens read from the header.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatIssue, ValidationError, type Issue } from '../core/document.js';
import { OddsBudgetError } from '../core/odds.js';
import { RulingError } from '../core/rulings.js';
import { FileError } from '../node/files.js';
import { Refusal } from './fights.js';

/** A body as the schema reads it, or a ValidationError naming each field at fault. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issues: Issue[] = r.error.issues.map((i) => ({
    file: 'request body',
    path: i.path.join('.'),
    message: i.message,
  }));
  throw new ValidationError(issues);
}

/** The `:id` of a route's path, a whole number from 1. */
export function idOf(params: unknown): number {
  const id = Number((params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Refusal('expected a number for the id', 400);
  return id;
}

/** A refusal as the page shows it: the status, the message, and each problem with its place. */
export function refuse(reply: FastifyReply, e: unknown): FastifyReply {
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
