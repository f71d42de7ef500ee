// The table: the fight the GM opens to the players' own devices, the join code that lets a device
// pick a character (or be the table display), and the seats: a token each, kept in the campaign
// so that a phone asleep or a server restarted finds its place again. A seat follows its
// character (by combatant id) into whichever fight is open to the table.
import { networkInterfaces } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Refusal, type Fights, type PlayersView } from './fights.js';
import type { SeatRow, Store } from './store.js';

/** The most table displays a table has. */
const MAX_DISPLAYS = 8;

/** Letters a join code is made of: no 0/O or 1/I/L to misread off a screen. */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');
}

/** A join code that is not the table's: the guesses of it are counted (join-limit.ts). */
export class WrongCode extends Refusal {}

/** A character a device may pick when joining. */
export interface Pickable {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Taken by a seat already (the GM can free it). */
  readonly taken: boolean;
}

/** The table as the GM's page shows it. */
export interface TableState {
  readonly fight: number | null;
  readonly code: string;
  /** Where players open the join page: the addresses other devices can reach, else this computer's. */
  readonly links: readonly string[];
  /** Whether devices on the network can reach the server. */
  readonly network: boolean;
  readonly seats: readonly (Omit<SeatRow, 'token'> & {
    readonly link: string;
    readonly name: string | null;
  })[];
  readonly characters: readonly Pickable[];
}

/** This computer's addresses other devices on the network can reach (IPv4, not loopback). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => (a as { address: string }).address);
}

export class Table {
  constructor(
    private readonly store: Store,
    private readonly fights: Fights,
    /** Where the server listens, once it does: the port, and whether other devices reach it. */
    private readonly reach: () => { port: number | null; network: boolean },
  ) {}

  /** The fight open to the table, if it still exists. */
  fight(): number | null {
    const v = this.store.setting('table_fight');
    const id = v === null ? null : Number(v);
    return id !== null && this.store.fight(id) ? id : null;
  }

  /** The join code, made when first asked for. */
  code(): string {
    const had = this.store.setting('join_code');
    if (had) return had;
    const code = newCode();
    this.store.setSetting('join_code', code);
    return code;
  }

  /** Opens a fight to the table (null closes it): the players' devices follow it. */
  open(fight: number | null): void {
    if (fight !== null && !this.store.fight(fight)) throw new Refusal(`no fight ${fight}`, 404);
    // A fight the table could not show (its save or log damaged) is refused before the table changes.
    if (fight !== null) this.fights.combatants(fight);
    this.store.setSetting('table_fight', fight === null ? null : String(fight));
  }

  /** A new join code: links and codes shown before stop working; seats already taken stay. */
  newCode(): string {
    this.store.setSetting('join_code', null);
    return this.code();
  }

  /** The origins where devices open the pages: the network's when it reaches us, else this computer's. */
  private origins(): string[] {
    const { port, network } = this.reach();
    if (port === null) return [];
    const hosts = network ? lanAddresses() : [];
    return (hosts.length > 0 ? hosts : ['127.0.0.1']).map((h) => `http://${h}:${port}`);
  }

  joinLinks(): string[] {
    return this.origins().map((o) => `${o}/join/${this.code()}`);
  }

  /** A seat's own link: it opens the player's page signed in as that seat. */
  seatLink(seat: SeatRow): string {
    const origin = this.origins()[0] ?? '';
    return `${origin}/${seat.kind === 'display' ? 'display' : 'play'}#${seat.token}`;
  }

  /** The characters a device may pick: the players' sides' in the fight open to the table. */
  characters(): Pickable[] {
    const fight = this.fight();
    if (fight === null) return [];
    const taken = new Set(this.store.seats().map((s) => s.combatant));
    return this.fights
      .combatants(fight)
      .filter((c) => c.players)
      .map((c) => ({
        id: c.id,
        name: c.name,
        side: c.side,
        taken: taken.has(c.id),
      }));
  }

  state(): TableState {
    const fight = this.fight();
    const names = new Map(fight === null ? [] : this.fights.combatants(fight).map((c) => [c.id, c.name]));
    return {
      fight,
      code: this.code(),
      links: this.joinLinks(),
      network: this.reach().network,
      seats: this.store.seats().map((seat) => {
        const { token: _token, ...s } = seat;
        return {
          ...s,
          link: this.seatLink(seat),
          name: s.combatant === null ? null : (names.get(s.combatant) ?? null),
        };
      }),
      characters: this.characters(),
    };
  }

  /** Checks a join code, in time that does not depend on where it differs. */
  private checkCode(code: string): void {
    const kept = this.code();
    if (code.length !== kept.length || !timingEqual(code.toUpperCase(), kept))
      throw new WrongCode(
        'this join link is not (or no longer) the table’s: ask the GM for the one on the screen',
        403,
      );
  }

  /** What a device that opened the join link is offered. */
  joinPage(code: string): { title: string | null; characters: Pickable[] } {
    this.checkCode(code);
    const fight = this.fight();
    return {
      title: fight === null ? null : (this.store.fight(fight)?.title ?? null),
      characters: this.characters(),
    };
  }

  /** A device joins: as a character of the players' side (free, and in the fight open), or as the table display. */
  join(code: string, pick: { character?: string; display?: boolean; player: string }): SeatRow {
    this.checkCode(code);
    return this.seat(pick);
  }

  /** A seat for a character (or the display): what joining makes, and what the GM gives a player. */
  seat(pick: { character?: string; display?: boolean; player: string }): SeatRow {
    const player = pick.player.trim().slice(0, 40);
    if (pick.display) {
      // A few screens at most: a join code should not make seats without end.
      if (this.store.seats().filter((x) => x.kind === 'display').length >= MAX_DISPLAYS)
        throw new Refusal(`the table has ${MAX_DISPLAYS} displays already: the GM can free one`, 409);
      const seat = this.store.addSeat('display', null, player);
      if (!seat) throw new Error('a display seat was refused');
      return seat;
    }
    const c = this.characters().find((x) => x.id === pick.character);
    if (!c)
      throw new Refusal(
        `no character '${pick.character ?? ''}' of the players' side in the fight open to the table`,
        404,
      );
    const seat = this.store.addSeat('player', c.id, player);
    if (!seat)
      throw new Refusal(`${c.name} has a player already: the GM can free the seat on the GM's screen`, 409);
    return seat;
  }

  free(seat: number): void {
    if (!this.store.deleteSeat(seat)) throw new Refusal(`no seat ${seat}`, 404);
  }

  /** The seat a token stands for: refused with 401 when none does (a wrong token, or a seat freed). */
  seatOf(token: string): SeatRow {
    const seat = /^[0-9a-f]{32}$/.test(token) ? this.store.seatByToken(token) : null;
    if (!seat)
      throw new Refusal('this device has no seat at the table (or the GM freed it): join again', 401);
    return seat;
  }

  /** The fight open to the table as a seat sees it; `from`: the first entry of the log it lacks. */
  view(seat: SeatRow, from = 0): PlayersView | null {
    const fight = this.fight();
    return fight === null ? null : this.fights.players(fight, seat, from);
  }
}

function timingEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
