// What the players may see of a fight: the GM sets, for each fight, how much of the other side's
// health the players learn (the numbers, a rough state, nothing), whether the GM side's dice are
// rolled in the open, and whether its statements of intent are declared. The veil is applied to
// everything a player's device is sent (log, tracker, questions), so hidden numbers never leave
// the server. Texts are veiled by masking numbers, never by rewriting them: the players read the
// same sentences as the GM, with "?" where the GM keeps a number.
import type { FightEvent } from './events.js';
import type { FightMap } from './map.js';
import type { OutReason } from './state.js';
import type { Condition, Gauge, Tracker, TrackerRow } from './tracker.js';

/** What the players see, set by the GM for a fight. */
export interface PlayersSee {
  /** The other side's W/HP: as numbers, as a rough state (unhurt, hurt, badly hurt, down), or not at all. */
  readonly health: 'numbers' | 'state' | 'hidden';
  /** The GM side's dice and the numbers they were rolled against. */
  readonly rolls: 'shown' | 'hidden';
  /** The GM side's statements of intent, where the rules let the GM keep them until it acts (OpenQuest). */
  readonly intents: 'shown' | 'hidden';
}

/**
 * The defaults: a rough state, the GM's rolls behind the screen, intents declared (OpenQuest's
 * Referee declares what visible non-player characters do: docs/api.md § What the players see).
 */
export const PLAYERS_SEE: PlayersSee = { health: 'state', rolls: 'hidden', intents: 'shown' };

/** Each setting's values, for checking what a page sends. */
export const PLAYERS_SEE_VALUES: { readonly [K in keyof PlayersSee]: readonly PlayersSee[K][] } = {
  health: ['numbers', 'state', 'hidden'],
  rolls: ['shown', 'hidden'],
  intents: ['shown', 'hidden'],
};

/** The settings kept for a fight, each missing or unknown one at its default. */
export function playersSee(kept: Readonly<Record<string, string>>): PlayersSee {
  const pick = <K extends keyof PlayersSee>(k: K): PlayersSee[K] =>
    (PLAYERS_SEE_VALUES[k] as readonly string[]).includes(kept[k] ?? '')
      ? (kept[k] as PlayersSee[K])
      : PLAYERS_SEE[k];
  return { health: pick('health'), rolls: pick('rolls'), intents: pick('intents') };
}

/**
 * What an event of one type tells that the GM may keep, as indexes into its `who`:
 * - `roll`: who[roll] rolled the dice the text shows (with the numbers rolled against);
 * - `health`: the text tells who[health]'s health (wounds taken, W or HP left), from `healthFrom` on
 *   where the text first gives the roller's own numbers;
 * - `named`: each combatant's numbers follow its name (profiles, the order, a round's tally);
 * - `intent`: a statement of intent by who[0].
 * `{}` is an event with nothing to keep (a move, a round's start, who fled).
 */
export interface EventSecret {
  /** The index in the event's `who` of the one whose dice the text shows. */
  readonly roll?: number;
  /** The index in the event's `who` of the one whose health the text tells. */
  readonly health?: number;
  /** The GM's own roll, nobody's in particular (who gets WFRP's EI edge): masked whole when the GM's rolls are. */
  readonly gm?: true;
  /** It counts wounds dealt and taken (a round's tally): masked whole when the other side's health is kept. */
  readonly wounds?: true;
  /** Where the health part begins, when the text first gives the roller's own numbers (a strike, then its damage). */
  readonly healthFrom?: RegExp;
  /** Each combatant's numbers follow its name in the text (profiles, the order, a round's tally). */
  readonly named?: true;
  /** It is a statement of intent by who[0]. */
  readonly intent?: true;
}

/** A ruleset's secrets: each event type's, and the words its texts put beside health. */
export interface Secrets {
  /** Each event type's secrets, by the event's `type`. */
  readonly events: Readonly<Record<string, EventSecret>>;
  /** "W", "HP", "endurance": a number beside one of these, after a combatant's name, is its health. */
  readonly health: readonly string[];
}

/** A type no table lists is kept as if its dice were who[0]'s and every named combatant's numbers its own. */
const UNLISTED: EventSecret = { roll: 0, named: true };

/** What stands in for a number the GM keeps (not "?": questions end with one). */
export const MASK = '▒';

/** The players' view of the combatants: names, and whose side the GM keeps. */
export interface Veil {
  readonly see: PlayersSee;
  readonly secrets: Secrets;
  /** Whether the GM keeps this combatant's numbers (it is on a side no player plays). */
  readonly hidden: (id: string) => boolean;
  /** The GM's side's combatants not in the fight yet (written `enters: true`): the players do not know of them. */
  readonly held: ReadonlySet<string>;
  /** Every combatant's name with its id, longest first (so "Orc 10" is found before "Orc 1"). */
  readonly names: readonly { readonly name: string; readonly id: string }[];
  readonly namePattern: RegExp | null;
}

export function makeVeil(
  see: PlayersSee,
  secrets: Secrets,
  combatants: readonly {
    readonly id: string;
    readonly name: string;
    readonly side: number;
    readonly out?: OutReason | null;
  }[],
  playerSides: (side: number) => boolean,
): Veil {
  const side = new Map(combatants.map((c) => [c.id, c.side]));
  const held = new Set(combatants.filter((c) => c.out === 'absent' && !playerSides(c.side)).map((c) => c.id));
  const names = [...combatants]
    .filter((c) => !held.has(c.id))
    .map((c) => ({ name: c.name, id: c.id }))
    .filter((c) => c.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const namePattern =
    names.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${names.map((n) => escape(n.name)).join('|')})(?![\\p{L}\\p{N}])`,
          'gu',
        );
  return {
    see,
    secrets,
    hidden: (id) => {
      const s = side.get(id);
      return s === undefined ? false : !playerSides(s);
    },
    held,
    names,
    namePattern,
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the veil keeps anything at all: with every setting open, the players see what the GM sees. */
export function keepsAnything(v: Veil): boolean {
  return v.see.health !== 'numbers' || v.see.rolls === 'hidden' || v.see.intents === 'hidden';
}

/**
 * The parts of a text, each with the combatant whose numbers it holds: the part before any name is
 * `first`'s (an event's actor), and each name begins that combatant's part. Names themselves are
 * marked so that their digits ("Orc 2") are never masked.
 */
function parts(
  v: Veil,
  text: string,
  first: string | null,
): { text: string; owner: string | null; name: boolean }[] {
  const out: { text: string; owner: string | null; name: boolean }[] = [];
  let owner = first;
  let at = 0;
  if (v.namePattern) {
    v.namePattern.lastIndex = 0;
    for (let m = v.namePattern.exec(text); m !== null; m = v.namePattern.exec(text)) {
      if (m.index > at) out.push({ text: text.slice(at, m.index), owner, name: false });
      owner = v.names.find((n) => n.name === m?.[0])?.id ?? owner;
      out.push({ text: m[0], owner, name: true });
      at = m.index + m[0].length;
    }
  }
  if (at < text.length) out.push({ text: text.slice(at), owner, name: false });
  return out;
}

/**
 * Every number of a stretch of text masked, but for what names no number the GM keeps: dice
 * ("D6", "2D10", "1D8"), the round or turn ("round 3", "Turn 2"), and the GM's own rule numbers
 * are not its to keep, so only those stay.
 */
const NUMBER = /(?<![\p{L}\d.])(?:round|Round|turn|Turn) \d+|\d*D\d+|\d+(?:\.\d+)?/gu;

function maskNumbers(s: string): string {
  return s.replace(NUMBER, (m) => (/^\d+(?:\.\d+)?$/.test(m) ? MASK : m));
}

/** A number beside a health word ("W 5", "9 HP", "HP 9 → 8", "W 7 − 2 = 5", "endurance 14/14"). */
function healthPattern(words: readonly string[]): RegExp {
  const w = words.map(escape).join('|');
  // The minus sign and the arrow as escapes the pattern reads: ASCII source loads faster (docs/performance.md).
  const run = String.raw`\d+(?:\.\d+)?(?:\s*(?:[\u2212\-+=\u2192/]|to)\s*\d+(?:\.\d+)?)*`;
  return new RegExp(String.raw`(?<![\p{L}])(?:${w})\s+${run}|${run}\s+(?:${w})(?![\p{L}])`, 'gu');
}

/** A die's result after its name: "D100 29", "D12 7". */
const ROLLED = /(\d*D\d+:?\s+)(\d+)/g;

/** Masks, in the parts of the text that belong to a combatant the GM keeps, what `mask` says. */
function maskOwned(v: Veil, text: string, first: string | null, mask: (s: string) => string): string {
  return parts(v, text, first)
    .map((p) => (p.name || p.owner === null || !v.hidden(p.owner) ? p.text : mask(p.text)))
    .join('');
}

/** The health numbers of the other side in any text the players see (a question, a choice, a tracker line). */
function maskHealth(v: Veil, text: string, first: string | null): string {
  if (v.see.health === 'numbers') return text;
  const re = healthPattern(v.secrets.health);
  return maskOwned(v, text, first, (s) => s.replace(re, maskNumbers));
}

/**
 * A question or choice as the players see it: the other side's health and, with its rolls hidden,
 * what it rolled ("react to Goblin 2's attack (D100 ?: a success)"); everything else is the
 * player's to know, to answer it.
 */
export function veilLabel(v: Veil, text: string, actor: string | null = null): string {
  let out = maskHealth(v, text, actor);
  if (v.see.rolls === 'hidden') out = maskOwned(v, out, actor, (s) => s.replace(ROLLED, `$1${MASK}`));
  return out;
}

/** An event as the players see it, or null when the GM keeps it whole (a hidden statement of intent). */
export function veilEvent(
  v: Veil,
  e: FightEvent,
): { text: string; cite?: FightEvent['cite']; masked: boolean } | null {
  const who = e.who ?? [];
  const s = v.secrets.events[e.type] ?? UNLISTED;
  const at = (i: number | undefined) => (i === undefined ? undefined : who[i]);
  if (s.intent && who[0] !== undefined && v.hidden(who[0]) && v.see.intents === 'hidden') return null;
  // The GM's reinforcements held back: the players learn of them when they come.
  if (who.some((id) => v.held.has(id))) return null;
  if (!keepsAnything(v)) return { text: e.text, ...(e.cite ? { cite: e.cite } : {}), masked: false };
  const roller = at(s.roll);
  const subject = at(s.health);
  const rolls =
    (roller !== undefined && v.hidden(roller) && v.see.rolls === 'hidden') ||
    (s.gm === true && v.see.rolls === 'hidden');
  const health =
    (subject !== undefined && v.hidden(subject) && v.see.health !== 'numbers') ||
    (s.wounds === true && v.see.health !== 'numbers');
  if (rolls || health) {
    // Only what is the hidden side's: a player's own dice and S stay beside the monster's T kept
    // back, a monster's dice are kept beside the player's own T and W. Where the text does not say
    // where the struck one's part begins, the whole of it is kept. A strike that missed has no
    // damage part: nothing of the struck one's to keep.
    const from =
      rolls && health ? null : s.healthFrom ? (s.healthFrom.exec(e.text)?.index ?? e.text.length) : null;
    const masked = (t: string) =>
      parts(v, t, null)
        .map((p) => (p.name ? p.text : maskNumbers(p.text)))
        .join('');
    const text =
      s.wounds && !rolls
        ? // A round's tally: each combatant's numbers follow its name, and only the hidden side's are kept.
          maskOwned(v, e.text, null, maskNumbers)
        : from === null
          ? masked(e.text)
          : rolls
            ? masked(e.text.slice(0, from)) + e.text.slice(from)
            : e.text.slice(0, from) + masked(e.text.slice(from));
    // A table's entry is the roll that found it ("entry 99"): it goes with the roll.
    const cite = e.cite && rolls ? { source: e.cite.source, section: maskNumbers(e.cite.section) } : e.cite;
    return { text, ...(cite ? { cite } : {}), masked: text !== e.text };
  }
  let text = e.text;
  if (s.named && (v.see.rolls === 'hidden' || v.see.health !== 'numbers'))
    text = maskOwned(v, text, who[0] ?? null, maskNumbers);
  text = maskHealth(v, text, who[0] ?? null);
  return { text, ...(e.cite ? { cite: e.cite } : {}), masked: text !== e.text };
}

/** Out of the fight where it stands (dead, dying, knocked out, helpless), not gone from it (fled, left, not come yet). */
function fallen(out: OutReason | 'down' | null): boolean {
  return out !== null && out !== 'fled' && out !== 'left' && out !== 'absent';
}

/** How hurt a combatant looks, when the players see a rough state. */
export type RoughState = 'unhurt' | 'hurt' | 'badly hurt' | 'down';

/**
 * The rough state of a health gauge (ours: docs/api.md § What the players see): unhurt at its
 * most, hurt above half, badly hurt at half or below, down when out of the fight other than by
 * fleeing or leaving.
 */
export function roughState(g: Gauge, out: TrackerRow['out']): RoughState {
  if (fallen(out)) return 'down';
  if (g.value >= g.max) return 'unhurt';
  return g.value * 2 > g.max ? 'hurt' : 'badly hurt';
}

/** A tracker row as the players see it. */
export interface VeiledRow extends Omit<TrackerRow, 'out'> {
  /** Out of the fight and why; "down" where the players see a rough state or nothing of its health. */
  readonly out: TrackerRow['out'] | 'down';
  /** The rough state, where the GM shows that instead of the numbers. */
  readonly rough?: RoughState;
  /** The GM keeps this combatant's numbers (gauges, order number, gear). */
  readonly veiled: boolean;
}

export interface VeiledTracker extends Omit<Tracker, 'rows'> {
  readonly rows: readonly VeiledRow[];
}

/** The tracker as the players see it: the other side's gauges, order numbers and gear as the GM set. */
export function veilTracker(v: Veil, t: Tracker): VeiledTracker {
  return {
    ...t,
    rows: t.rows
      .filter((r) => !v.held.has(r.id))
      .map((r): VeiledRow => {
        if (!v.hidden(r.id)) return { ...r, veiled: false };
        const health = r.gauges[0];
        const down = v.see.health !== 'numbers' && fallen(r.out);
        return {
          ...r,
          out: down ? 'down' : r.out,
          gauges:
            v.see.health === 'numbers' ? (v.see.rolls === 'hidden' ? r.gauges.slice(0, 1) : r.gauges) : [],
          ...(v.see.health === 'state' && health ? { rough: roughState(health, r.out) } : {}),
          order: v.see.rolls === 'hidden' ? null : r.order,
          // A condition's number may be a wound's ("worst effect 13"), its rounds the GM's dice.
          conditions: r.conditions.map((c): Condition => ({
            name: v.see.health === 'numbers' ? veilLabel(v, c.name, r.id) : maskNumbers(c.name),
            ...(c.roundsLeft !== undefined && v.see.rolls === 'shown' ? { roundsLeft: c.roundsLeft } : {}),
          })),
          engaged: r.engaged,
          place: r.place === null ? null : veilLabel(v, r.place, r.id),
          gear: v.see.rolls === 'hidden' ? [] : r.gear.map((g) => veilLabel(v, g, r.id)),
          veiled: true,
        };
      }),
  };
}

/**
 * The map as the players see it: where everyone stands is in plain sight, but not the GM's
 * reinforcements held back, not how the fallen fell where the GM keeps the other side's health,
 * and not the reaches (move, charge, shots) that come of the GM side's numbers when its rolls are kept.
 */
export function veilMap(v: Veil, map: FightMap): FightMap {
  return {
    ...map,
    models: map.models
      .filter((m) => !v.held.has(m.id))
      .map((m) => {
        if (!v.hidden(m.id)) return m;
        const down = v.see.health !== 'numbers' && fallen(m.out);
        return {
          ...m,
          out: down ? 'down' : m.out,
          ranges: v.see.rolls === 'hidden' ? [] : m.ranges,
        };
      }),
    zones: map.zones.filter((z) => !v.held.has(z.of)),
  };
}

/**
 * A running hash of a log's texts (FNV-1a over each text and a separator): a device and the server
 * agree on the log it has up to an entry without sending it back.
 */
export function logHash(prev: number, text: string): number {
  let h = prev;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= 0x1e;
  return Math.imul(h, 0x01000193) >>> 0;
}

/** The hash a log starts from. */
export const LOG_HASH_START = 0x811c9dc5;
