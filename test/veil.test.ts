// What the players may see (issue 18): the veil over the log, the tracker and the questions, for
// every ruleset's example encounters. Hidden health and the GM's hidden rolls leave no number in
// what a player's device is sent; with everything open, the players read what the GM reads.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../src/core/context.js';
import type { FightEvent } from '../src/core/events.js';
import { runFight } from '../src/core/fight.js';
import type { Request } from '../src/core/request.js';
import type { FightState } from '../src/core/state.js';
import {
  makeVeil,
  MASK,
  PLAYERS_SEE,
  playersSee,
  roughState,
  veilEvent,
  veilLabel,
  veilTracker,
  type PlayersSee,
  type Veil,
} from '../src/core/veil.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import type { Loaded } from '../src/core/encounter.js';
import { loadFile, ROOT } from './helpers.js';

const ALL_HIDDEN: PlayersSee = { health: 'hidden', rolls: 'hidden', intents: 'hidden' };
const ALL_SHOWN: PlayersSee = { health: 'numbers', rolls: 'shown', intents: 'shown' };

const examples = readdirSync(join(ROOT, 'data')).flatMap((r) => {
  try {
    return readdirSync(join(ROOT, 'data', r, 'encounters'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => join('data', r, 'encounters', f));
  } catch {
    return [];
  }
});

function veilOf(loaded: Loaded, st: FightState, see: PlayersSee): Veil {
  return makeVeil(
    see,
    loaded.ruleset.secrets ?? { events: {}, health: [] },
    st.combatants,
    (s) => st.sides[s]?.players === true,
  );
}

function fight(file: string, seed: number) {
  const loaded = loadFile(join(ROOT, file));
  const r = runFight(loaded.ruleset, loaded.setup, {
    driver: new AutoDriver(new SeededDice(Rng.seeded(seed))),
    explain: true,
    record: true,
  });
  return { loaded, r };
}

/** No number left but in names, dice, and round counts. */
function numbersLeft(v: Veil, text: string): string[] {
  let t = text;
  for (const n of v.names) t = t.split(n.name).join(' ');
  return [...t.replace(/\d*D\d+|(?:round|Round|turn|Turn) \d+/g, ' ').matchAll(/\d+/g)].map((m) => m[0]);
}

describe('the veil over the log', () => {
  it.each(examples)('%s: every kind of event is listed in its ruleset’s secrets', (file) => {
    for (const seed of [1, 2, 3]) {
      const { loaded, r } = fight(file, seed);
      const listed = loaded.ruleset.secrets?.events ?? {};
      const missing = [...new Set(r.events.map((e) => e.type))].filter((t) => !(t in listed));
      expect(missing, `${loaded.ruleset.id}`).toEqual([]);
    }
  });

  it.each(examples)(
    '%s: with everything hidden, no roll of the GM side and no health of it reaches the players',
    (file) => {
      for (const seed of [1, 2, 3]) {
        const { loaded, r } = fight(file, seed);
        const st = r.state;
        const v = veilOf(loaded, st, ALL_HIDDEN);
        const secrets = loaded.ruleset.secrets?.events ?? {};
        const tracker = loaded.ruleset.tracker(st);
        // The health a hidden combatant started and ended with, as the GM's tracker shows it.
        const healths = tracker.rows
          .filter((row) => v.hidden(row.id))
          .flatMap((row) => {
            const g = row.gauges[0];
            return g ? [g.max, g.value] : [];
          });
        const words = loaded.ruleset.secrets?.health ?? [];
        const names = [...st.combatants].sort((a, b) => b.name.length - a.name.length);
        // The text after each hidden combatant's name, up to the next name: what is said of it.
        const ofHidden = (text: string): string[] => {
          const at = names.flatMap((c) => {
            const out: { i: number; end: number; id: string }[] = [];
            for (let i = text.indexOf(c.name); i >= 0; i = text.indexOf(c.name, i + 1))
              out.push({ i, end: i + c.name.length, id: c.id });
            return out;
          });
          const starts = at
            .sort((a, b) => a.i - b.i)
            .filter((x, k, a) => k === 0 || x.i >= (a[k - 1] as typeof x).end);
          return starts.flatMap((x, k) =>
            v.hidden(x.id) ? [text.slice(x.end, starts[k + 1]?.i ?? text.length)] : [],
          );
        };
        for (const e of r.events) {
          const seen = veilEvent(v, e);
          const s = secrets[e.type] ?? {};
          const who = e.who ?? [];
          if (s.intent && who[0] && v.hidden(who[0])) {
            expect(seen).toBeNull();
            continue;
          }
          expect(seen).not.toBeNull();
          const text = seen?.text ?? '';
          const roller = s.roll === undefined ? undefined : who[s.roll];
          const subject = s.health === undefined ? undefined : who[s.health];
          if (roller && v.hidden(roller)) {
            // The hidden side's dice; a player struck keeps its own T and W, where the text says where they begin.
            const own =
              subject && !v.hidden(subject) && s.healthFrom ? s.healthFrom.exec(text)?.index : undefined;
            expect(numbersLeft(v, text.slice(0, own)), `${e.type}: ${text}`).toEqual([]);
          } else if (subject && v.hidden(subject)) {
            // Where the text gives the roller's own numbers first, the struck one's begin at its damage.
            const from = s.healthFrom ? (s.healthFrom.exec(e.text)?.index ?? e.text.length) : 0;
            expect(numbersLeft(v, text.slice(from)), `${e.type}: ${text}`).toEqual([]);
          }
          for (const part of ofHidden(text))
            for (const h of healths)
              for (const w of words)
                expect(
                  new RegExp(`(?<![\\w])(${w} ${h}|${h} ${w}|${h}/${h})(?![\\w])`).test(part),
                  `${e.type}: ${w} ${h} in: ${text}`,
                ).toBe(false);
        }
      }
    },
  );

  it.each(examples)('%s: with everything shown, the players read what the GM reads', (file) => {
    const { loaded, r } = fight(file, 2);
    const v = veilOf(loaded, r.state, ALL_SHOWN);
    for (const e of r.events) expect(veilEvent(v, e)?.text).toBe(e.text);
  });

  it("keeps the players' own rolls and masks the GM's, the other side's wounds and its numbers in a list", () => {
    const { loaded, r } = fight('data/wfrp1e/encounters/demo.yaml', 7);
    const v = veilOf(loaded, r.state, PLAYERS_SEE);
    const seen = (text: string) => {
      const e = r.events.find((x) => x.text === text) as FightEvent;
      expect(e, text).toBeDefined();
      return veilEvent(v, e)?.text;
    };
    expect(seen('Skallier strikes at Orc 2 with sword: D100 37 ≤ WS 50: hit.')).toBe(
      'Skallier strikes at Orc 2 with sword: D100 37 ≤ WS 50: hit.',
    );
    expect(seen('Orc 1 strikes at Helmut with axe: D100 84 > WS 33: miss.')).toBe(
      `Orc 1 strikes at Helmut with axe: D100 ${MASK} > WS ${MASK}: miss.`,
    );
    expect(seen('Orc 2: W 7 − 2 = 5.')).toBe(`Orc 2: W ${MASK} − ${MASK} = ${MASK}.`);
    // A player's own damage: the dice and S are Skallier's, the T, armour and wounds the orc's (issue 31).
    expect(seen("Damage to Orc 2's body: D6 4 + S 3 − T 4 − 1 leather (damage 1-3) = 2 W.")).toBe(
      `Damage to Orc 2's body: D6 4 + S 3 − T ${MASK} − ${MASK} leather (damage ${MASK}-${MASK}) = ${MASK} W.`,
    );
    const order = r.events.find((e) => e.type === 'order') as FightEvent;
    expect(veilEvent(v, order)?.text).toBe(
      `Order: Helmut EI: I 45, A 1: blows at 45; Skallier EI: I 63, A 2: blows at 63, 32; Orc 1 EI: I ${MASK}, A ${MASK}: blows at ${MASK}; Orc 2 EI: I ${MASK}, A ${MASK}: blows at ${MASK}; Goblin EI: I ${MASK}, A ${MASK}: blows at ${MASK}.`,
    );
    // A fumble's table entry is the roll that found it: it goes from the citation too.
    const fumble = r.events.find((e) => e.type === 'fumble') as FightEvent;
    expect(fumble.cite?.section).toBe('entry 99');
    expect(veilEvent(v, fumble)?.cite?.section).toBe(`entry ${MASK}`);
  });

  it("keeps the Referee's statements of intent when the GM hides them, and declares them when not", () => {
    const { loaded, r } = fight('data/openquest/encounters/bandits-at-the-ford.yaml', 3);
    const intents = r.events.filter((e) => e.type === 'intent');
    const st = r.state;
    const referee = intents.filter(
      (e) => st.sides[st.combatants.find((c) => c.id === e.who?.[0])?.side ?? 0]?.players !== true,
    );
    expect(referee.length).toBeGreaterThan(0);
    expect(intents.length).toBeGreaterThan(referee.length);
    const hidden = veilOf(loaded, st, { ...PLAYERS_SEE, intents: 'hidden' });
    const shown = veilOf(loaded, st, PLAYERS_SEE);
    for (const e of intents) {
      const isReferee = referee.includes(e);
      expect(veilEvent(hidden, e) === null).toBe(isReferee);
      expect(veilEvent(shown, e)?.text).toBe(e.text);
    }
  });
});

describe('the veil over questions and the tracker', () => {
  it("masks the other side's health and rolls in a player's question, and nothing of the player's own", () => {
    const { loaded, r } = fight('data/openquest/encounters/bandits-at-the-ford.yaml', 3);
    const v = veilOf(loaded, r.state, PLAYERS_SEE);
    expect(veilLabel(v, 'attack Goblin 1 (9 HP, close)')).toBe(`attack Goblin 1 (${MASK} HP, close)`);
    expect(veilLabel(v, 'Aldric (14 HP): what this round?', 'aldric')).toBe(
      'Aldric (14 HP): what this round?',
    );
    expect(veilLabel(v, "Bryn: react to Goblin 2's attack (D100 29: a success)?", 'bryn')).toBe(
      `Bryn: react to Goblin 2's attack (D100 ${MASK}: a success)?`,
    );
    const open = veilOf(loaded, r.state, { health: 'numbers', rolls: 'shown', intents: 'shown' });
    expect(veilLabel(open, 'attack Goblin 1 (9 HP, close)')).toBe('attack Goblin 1 (9 HP, close)');
    const w = fight('data/wfrp1e/encounters/demo.yaml', 7);
    const wv = veilOf(w.loaded, w.r.state, PLAYERS_SEE);
    expect(veilLabel(wv, 'strike Goblin (W 5)')).toBe(`strike Goblin (W ${MASK})`);
    expect(veilLabel(wv, 'strike Helmut (W 5)')).toBe('strike Helmut (W 5)');
  });

  it('shows the other side as numbers, a rough state, or nothing; its order numbers and gear only with its rolls open', () => {
    // Stop after the first round: the orcs are hurt, not yet down.
    const loaded = loadFile(join(ROOT, 'data/wfrp1e/encounters/demo.yaml'));
    const r = runFight(loaded.ruleset, loaded.setup, {
      driver: new AutoDriver(new SeededDice(Rng.seeded(7))),
      explain: true,
      record: true,
      maxRounds: 1,
    });
    const t = loaded.ruleset.tracker(r.state);
    const orc = (see: PlayersSee) =>
      veilTracker(veilOf(loaded, r.state, see), t).rows.find((x) => x.id === 'orc-2');
    const helmut = veilTracker(veilOf(loaded, r.state, ALL_HIDDEN), t).rows.find((x) => x.id === 'helmut');
    expect(helmut?.gauges).toEqual(t.rows.find((x) => x.id === 'helmut')?.gauges);
    expect(helmut?.veiled).toBe(false);
    expect(orc(ALL_SHOWN)?.gauges).toEqual([{ label: 'W', value: 1, max: 7 }]);
    expect(orc(ALL_SHOWN)?.order).not.toBeNull();
    expect(orc({ ...ALL_SHOWN, health: 'state' })?.gauges).toEqual([]);
    expect(orc({ ...ALL_SHOWN, health: 'state' })?.rough).toBe('badly hurt');
    expect(orc(ALL_HIDDEN)?.rough).toBeUndefined();
    expect(orc(ALL_HIDDEN)?.gauges).toEqual([]);
    expect(orc(ALL_HIDDEN)?.order).toBeNull();
    expect(JSON.stringify(orc(ALL_HIDDEN))).not.toMatch(/"value"|"max"/);
  });

  it("masks the numbers of the other side's conditions and their rounds left, and leaves out who is held back", () => {
    const { loaded, r } = fight('data/wfrp1e/encounters/demo.yaml', 7);
    const st = r.state;
    const v = veilOf(loaded, st, PLAYERS_SEE);
    const row = (id: string, conditions: { name: string; roundsLeft?: number }[]) => ({
      id,
      name: id,
      side: '',
      order: null,
      gauges: [{ label: 'W', value: 3, max: 7 }],
      out: null,
      conditions,
      standing: null,
      engaged: [],
      place: null,
      gear: [],
    });
    const t = veilTracker(v, {
      round: 1,
      orderBy: '',
      rows: [
        row('orc-1', [{ name: 'heavy wound (worst effect 13)', roundsLeft: 3 }]),
        row('helmut', [{ name: 'stunned', roundsLeft: 2 }]),
      ],
    });
    expect(t.rows[0]?.conditions).toEqual([{ name: `heavy wound (worst effect ${MASK})` }]);
    expect(t.rows[1]?.conditions).toEqual([{ name: 'stunned', roundsLeft: 2 }]);
    // One of the GM's held back (not in the fight yet): not a row, not a name the log may show.
    const held = makeVeil(
      PLAYERS_SEE,
      loaded.ruleset.secrets ?? { events: {}, health: [] },
      st.combatants.map((c) => (c.id === 'goblin' ? { ...c, out: 'absent' as const } : c)),
      (x) => st.sides[x]?.players === true,
    );
    expect(held.held).toEqual(new Set(['goblin']));
    expect(veilTracker(held, loaded.ruleset.tracker(st)).rows.some((x) => x.id === 'goblin')).toBe(false);
    const aboutIt = r.events.find((e) => e.who?.includes('goblin')) as FightEvent;
    expect(veilEvent(held, aboutIt)).toBeNull();
  });

  it("masks the other side's part of a round's tally while its health is kept, and none of the players' (issue 31)", () => {
    const { loaded, r } = fight('data/wfrp1e/encounters/demo.yaml', 7);
    const v = veilOf(loaded, r.state, PLAYERS_SEE);
    const tally = r.events.find((e) => e.type === 'winning') as FightEvent;
    expect(tally.text).toMatch(/^End of round 1: Helmut caused 1/);
    expect(veilEvent(v, tally)?.text).toBe(
      `End of round 1: Helmut caused 1, received 0: winning; Skallier caused 6, received 0: winning; Orc 1 caused ${MASK}, received ${MASK}: losing, steps back ${MASK} yards; Orc 2 caused ${MASK}, received ${MASK}: losing, steps back ${MASK} yards.`,
    );
    const open = veilOf(loaded, r.state, { ...PLAYERS_SEE, health: 'numbers' });
    expect(veilEvent(open, tally)?.text).toMatch(/^End of round 1: Helmut caused 1/);
  });

  it('reads a rough state off a gauge: unhurt at its most, hurt above half, badly hurt at half or below, down when out', () => {
    const g = (value: number) => ({ label: 'W', value, max: 8 });
    expect(roughState(g(8), null)).toBe('unhurt');
    expect(roughState(g(5), null)).toBe('hurt');
    expect(roughState(g(4), null)).toBe('badly hurt');
    expect(roughState(g(0), null)).toBe('badly hurt');
    expect(roughState(g(0), 'dead')).toBe('down');
    expect(roughState(g(3), 'unconscious')).toBe('down');
    expect(roughState(g(8), 'fled')).toBe('unhurt');
  });

  it('reads what the GM kept for a fight, each missing or unknown setting at its default', () => {
    expect(playersSee({})).toEqual(PLAYERS_SEE);
    expect(playersSee({ health: 'numbers', rolls: 'nonsense' })).toEqual({
      ...PLAYERS_SEE,
      health: 'numbers',
    });
  });

  it.each(examples)(
    '%s: every question a player is asked is veiled without losing its own numbers',
    (file) => {
      const loaded = loadFile(join(ROOT, file));
      const dice = new SeededDice(Rng.seeded(5));
      let inputs: (string | number)[] = [];
      for (let i = 0; i < 150; i++) {
        const res = runFight(loaded.ruleset, loaded.setup, {
          inputs,
          driver: new AskingDriver(dice, () => true),
          record: true,
          explain: false,
        });
        const q: Request | null = res.pending;
        if (!q) break;
        const v = veilOf(loaded, res.state, ALL_HIDDEN);
        const label = veilLabel(v, q.label, q.actor ?? null);
        // The question's own side keeps its numbers: only a hidden combatant's part can change.
        if (q.actor && !v.hidden(q.actor) && !v.names.some((n) => v.hidden(n.id) && q.label.includes(n.name)))
          expect(label).toBe(q.label);
        expect(label.split(MASK).length - 1).toBeLessThanOrEqual((q.label.match(/\d+/g) ?? []).length);
        inputs = [...res.log, q.kind === 'roll' ? dice.roll(q) : q.suggested];
      }
    },
  );
});
