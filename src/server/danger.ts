// How deadly the encounter the GM is building is for the party (issue 48, docs/api.md, Danger):
// `fray danger` of its text, on worker threads, the campaign's party read as the encounter's other
// checks read it. The builder asks again after each change; the newer ask of the same builder (its
// key) stops the older one, so a GM adding five monsters in a row leaves one run going, not five.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { proposeChanges } from '../sim/danger-target.js';
import { assessDanger, BANDS, DANGER_MAX_RUNS, DANGER_PRECISION, type DangerJob } from '../sim/danger.js';
import { loadVariant, type Variant } from '../sim/variant.js';
import { Refusal } from './fights.js';
import { parseBody, refuse } from './http.js';
import { campaignEncounter, partyWrittenIn } from './party.js';
import type { Store } from './store.js';
import { serverWorkers } from './studies.js';

const DANGER = z.strictObject({
  text: z.string({ error: 'expected the encounter as YAML or JSON text' }),
  key: z
    .string({ error: 'expected a key: text naming the builder that asks' })
    .min(1, { error: 'expected a key: text naming the builder that asks' })
    .max(200, { error: 'expected a key of at most 200 characters' })
    .optional(),
  seed: z
    .number({ error: 'expected a whole-number seed' })
    .int({ error: 'expected a whole-number seed' })
    .min(0, { error: 'expected a seed of 0 or more' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'expected a seed of at most 2^53 - 1' })
    .optional(),
  // With a band: the smallest changes that bring the encounter into it (`fray danger --target`).
  target: z.enum(BANDS, { error: `expected a band: ${BANDS.join(', ')}` }).optional(),
});

const randomSeed = () => Math.floor(Math.random() * 0x100000000);

/** The danger route, and the end of its runs when the server closes. */
export function registerDanger(app: FastifyInstance, store: Store): void {
  /** The run going on for each builder's key: a newer ask with the key stops it. */
  const byKey = new Map<string, AbortController>();
  /** Every run going on, with or without a key: the server's close stops them all. */
  const running = new Set<AbortController>();
  // Each stop is given the refusal its request is answered with.
  app.addHook('onClose', async () => {
    for (const a of running) a.abort(new Refusal('the server stopped while it ran', 503));
  });

  app.post('/api/danger', async (req, reply) => {
    try {
      const body = parseBody(DANGER, req.body);
      // Read as the encounter is read when it is saved: a problem is located in the text the
      // builder sent, and the party's members are the campaign's.
      campaignEncounter(store, 'encounter', body.text);
      // The workers read no campaign: they are given the text with the party's members written in.
      const variant: Variant = {
        file: 'encounter',
        text: partyWrittenIn(store, body.text),
        options: {},
        tables: {},
        edits: [],
      };
      const loaded = loadVariant(variant);
      const abort = new AbortController();
      if (body.key !== undefined) {
        byKey.get(body.key)?.abort(new Refusal('a newer request with the same key took its place', 409));
        byKey.set(body.key, abort);
      }
      running.add(abort);
      // A page closed, or gone elsewhere, hears no answer: its run is stopped, not played out.
      const gone = () => {
        if (!reply.raw.writableEnded) abort.abort(new Refusal('the request was given up', 499));
      };
      reply.raw.once('close', gone);
      try {
        const job: DangerJob = {
          variant,
          loaded,
          seed: body.seed ?? randomSeed(),
          maxRuns: DANGER_MAX_RUNS,
          precision: DANGER_PRECISION,
          workers: serverWorkers(),
          signal: abort.signal,
        };
        const answer =
          body.target === undefined ? await assessDanger(job) : await proposeChanges(job, body.target);
        // A stopped run's figures are of its first blocks only: not an answer to give.
        abort.signal.throwIfAborted();
        return answer;
      } finally {
        reply.raw.off('close', gone);
        running.delete(abort);
        if (body.key !== undefined && byKey.get(body.key) === abort) byKey.delete(body.key);
      }
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
