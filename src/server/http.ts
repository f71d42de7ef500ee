// What every route of the API shares: a body checked against its schema, an id from the path,
// and a refusal turned into its 4xx with the located problems (docs/api.md).
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { formatIssue, ValidationError, type Issue } from '../core/document.js';
import { RulingError } from '../core/rulings.js';
import { FileError } from '../node/files.js';
import { Refusal } from './fights.js';

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
  if (e instanceof FileError || e instanceof RulingError) return reply.code(400).send({ error: e.message });
  throw e;
}
