// The help: Fray's documentation as pages (README.md and docs/, rendered at build time into
// dist/docs by scripts/docs.mjs), under /docs/ with the headers every answer has. Nothing on them
// comes from elsewhere, so they serve a table without internet; no token is asked: they are the
// same for everyone at the table.
import { readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TYPES } from './http.js';

/**
 * The file of the help an address names, or null: the contents for `/docs/`, a page by its name
 * without `.html` (`table-play`, `rulesets/wfrp1e`), the pages' style, script and pictures by
 * theirs; only inside the help's folder, by whole path segments.
 */
export function docFile(root: string, url: string): string | null {
  const name = url === '' ? 'index.html' : extname(url) === '' ? `${url}.html` : url;
  const path = resolve(root, name);
  const inside = relative(resolve(root), path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

export function registerDocs(app: FastifyInstance, root: string | null): void {
  app.get('/docs', async (_req, reply) => reply.redirect('/docs/'));
  app.get('/docs/*', async (req, reply) => {
    const url = (req.params as { '*': string })['*'] ?? '';
    if (root === null || docFile(root, '') === null)
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Fray’s help</title><p>The help is not built: run <code>npm run build</code>, or read the Markdown under <code>docs/</code>.</p>',
        );
    const file = docFile(root, url);
    if (file === null)
      return reply.code(404).type('text/plain; charset=utf-8').send(`no such page of the help: /docs/${url}`);
    // Pages change with Fray; asked again each time, they are never older than the server.
    reply.header('cache-control', 'no-cache');
    return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(readFileSync(file));
  });
}
