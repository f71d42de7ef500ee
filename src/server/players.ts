// The table's part of the API (docs/api.md § The table): the GM opens a fight to the players'
// devices, sets what they see, shows the join link and its QR code, gives or frees seats; a
// device joins with the code, then reads the fight as the players see it and answers its
// character's questions with its seat's token. Every refusal is a 4xx that changes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PLAYERS_SEE_VALUES, type PlayersSee } from '../core/veil.js';
import { Refusal, type Fights } from './fights.js';
import { bearer, guard, idOf, parseBody, refuse, type Req } from './http.js';
import type { JoinGuard } from './join-limit.js';
import type { Live } from './live.js';
import type { Network } from './network.js';
import type { Store } from './store.js';
import { WrongCode, type Table } from './table.js';

const BODY = {
  open: z.strictObject({
    fight: z.union([z.number().int().min(1), z.null()], {
      error: 'expected the id of the fight to open to the table, or null to close it',
    }),
  }),
  see: z.strictObject({
    health: z.enum(PLAYERS_SEE_VALUES.health, {
      error: `expected health: ${PLAYERS_SEE_VALUES.health.join(', ')}`,
    }),
    rolls: z.enum(PLAYERS_SEE_VALUES.rolls, {
      error: `expected rolls: ${PLAYERS_SEE_VALUES.rolls.join(', ')}`,
    }),
    intents: z.enum(PLAYERS_SEE_VALUES.intents, {
      error: `expected intents: ${PLAYERS_SEE_VALUES.intents.join(', ')}`,
    }),
  }),
  seat: z
    .strictObject({
      character: z.string({ error: "expected the id of a character of the players' side" }).optional(),
      display: z.literal(true, { error: 'expected display: true for the table display' }).optional(),
      player: z.string().max(40, { error: 'expected a name of at most 40 letters' }).optional(),
    })
    .refine((b) => (b.character === undefined) !== (b.display === undefined), {
      error: 'expected either a character or display: true',
    }),
  answer: z.strictObject({
    step: z.number({ error: 'expected the step the answer is for (the view’s step)' }).int().min(0),
    answer: z.union([z.number().int(), z.string().max(200)], {
      error: 'expected a roll (a whole number) or a choice (text)',
    }),
    then: z.number({ error: 'expected the dice rolled with it as a whole number' }).int().optional(),
  }),
  network: z.strictObject({ open: z.boolean({ error: 'expected open: true or false' }) }),
};

export interface TableParts {
  readonly store: Store;
  readonly fights: Fights;
  readonly table: Table;
  readonly live: Live;
  readonly network: Network;
  /** Wrong join codes counted, per address and per code. */
  readonly joins: JoinGuard;
}

/** The seat of the request's `Authorization: Bearer TOKEN`. */
function seatOf(t: Table, req: Req) {
  return t.seatOf(bearer(req.headers.authorization as string | undefined));
}

export function registerTable(app: FastifyInstance, p: TableParts): void {
  const { fights, table, live, network } = p;
  const changed = (fight: number | null, what: string, extra?: Record<string, unknown>) =>
    live.changed(fight, what, extra);

  // ------------------------------------------------------------- the GM's
  app.get(
    '/api/table',
    guard(() => table.state()),
  );
  app.put(
    '/api/table',
    guard((req) => {
      const { fight } = parseBody(BODY.open, req.body);
      table.open(fight);
      changed(fight, 'table');
      return table.state();
    }),
  );
  app.post(
    '/api/table/code',
    guard(() => {
      table.newCode();
      changed(null, 'table-code');
      return table.state();
    }),
  );
  app.post('/api/table/seats', async (req, reply) => {
    try {
      const b = parseBody(BODY.seat, req.body);
      const seat = table.seat({ ...b, player: b.player ?? '' });
      changed(table.fight(), 'seats');
      return reply.code(201).send({ ...seat, link: table.seatLink(seat) });
    } catch (e) {
      return refuse(reply, e);
    }
  });
  app.delete(
    '/api/table/seats/:id',
    guard((req) => {
      const id = idOf(req.params);
      table.free(id);
      live.freed(id);
      changed(table.fight(), 'seats');
      return table.state();
    }),
  );
  app.put(
    '/api/table/network',
    guard(async (req) => {
      const { open } = parseBody(BODY.network, req.body);
      try {
        if (open) await network.expose();
        else await network.close();
      } catch (e) {
        throw new Refusal((e as Error).message, 409);
      }
      changed(null, 'table');
      return table.state();
    }),
  );
  // The join link (or a seat's own link) as a QR code, for a phone's camera.
  app.get('/api/table/qr.svg', async (req, reply) => {
    try {
      const which = (req.query as { link?: string }).link ?? 'join';
      const seat = /^seat:(\d+)$/.exec(which);
      let link: string | undefined;
      if (which === 'join') link = table.joinLinks()[0];
      else if (seat) {
        const s = p.store.seats().find((x) => x.id === Number(seat[1]));
        if (!s) throw new Refusal(`no seat ${seat[1]}`, 404);
        link = table.seatLink(s);
      } else throw new Refusal('expected ?link=join or ?link=seat:ID');
      if (!link) throw new Refusal('the server does not listen yet: no link to show', 409);
      // Loaded with the first code asked for: most nights need none, and it cost the server's start.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    } catch (e) {
      return refuse(reply, e);
    }
  });
  app.put(
    '/api/fights/:id/see',
    guard((req) => {
      const id = idOf(req.params);
      const see: PlayersSee = parseBody(BODY.see, req.body);
      const v = fights.setPlayersSee(id, see);
      changed(id, 'see');
      return v;
    }),
  );

  // ------------------------------------------------------------- a device's
  /** Runs a join with a code, unless its address or the code has no guesses left; a wrong code is one guess fewer. */
  const joining = async <T>(req: FastifyRequest, reply: FastifyReply, run: (code: string) => T) => {
    const kept = table.code();
    const wait = p.joins.refusal(req.ip, kept);
    if (wait) return reply.code(429).header('retry-after', String(wait.retryAfter)).send(wait);
    try {
      return run((req.params as { code: string }).code);
    } catch (e) {
      if (e instanceof WrongCode) p.joins.failed(req.ip, kept);
      return refuse(reply, e);
    }
  };
  app.get('/api/join/:code', (req, reply) => joining(req, reply, (code) => table.joinPage(code)));
  app.post('/api/join/:code', (req, reply) =>
    joining(req, reply, (code) => {
      const b = parseBody(BODY.seat, req.body);
      const seat = table.join(code, { ...b, player: b.player ?? '' });
      changed(table.fight(), 'seats');
      const { token, ...rest } = seat;
      return reply.code(201).send({ token, seat: rest });
    }),
  );
  app.get(
    '/api/seat',
    guard((req) => {
      const seat = seatOf(table, req);
      const since = Number((req.query as { since?: string }).since ?? 0);
      const { token: _token, ...rest } = seat;
      return { seat: rest, view: table.view(seat, Number.isSafeInteger(since) && since > 0 ? since : 0) };
    }),
  );
  app.post(
    '/api/seat/answer',
    guard((req) => {
      const seat = seatOf(table, req);
      const { step, answer, then } = parseBody(BODY.answer, req.body);
      const fight = table.fight();
      if (fight === null) throw new Refusal('no fight is open to the table', 409);
      const v = fights.answer(fight, answer, { step, by: { seat } }, then);
      live.stepped(fight, 'answer', v, { by: seat.player || seat.combatant, seat: seat.id });
      return table.view(seat, Number.MAX_SAFE_INTEGER);
    }),
  );
}
