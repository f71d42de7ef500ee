// What the server sends is compressed when the browser takes it (Brotli, else gzip): a fight's
// view is tens of kilobytes of JSON that shrinks to a tenth, and a phone on a café's Wi-Fi feels it.
// The page's hashed assets never change under their name, so each is compressed once and kept.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller than this, compressing costs more than it saves. */
const WORTH_IT = 1024;

/** What compresses: text of any kind (JSON, HTML, scripts, styles, SVG, YAML). */
const COMPRESSIBLE = /json|text|javascript|svg|yaml/;

export type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: Brotli where taken, else gzip, else none. */
export function encodingFor(accept: string | string[] | undefined): Encoding | null {
  const said = new Map<string, number>();
  for (const part of String(accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    if (name) said.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (e: string) => (said.get(e) ?? said.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/** A body compressed: Brotli at a quality fast enough for every answer, or gzip. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** Compresses every answer worth it, and keeps the page's hashed assets compressed. */
export function registerCompression(app: FastifyInstance): void {
  const kept = new Map<string, Buffer>();
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < WORTH_IT) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = encodingFor(req.headers['accept-encoding']);
    if (encoding === null) return payload;
    const immutable = String(reply.getHeader('cache-control') ?? '').includes('immutable');
    const key = `${encoding} ${req.url}`;
    const out = (immutable ? kept.get(key) : undefined) ?? compress(body, encoding);
    if (immutable) kept.set(key, out);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return out;
  });
}
