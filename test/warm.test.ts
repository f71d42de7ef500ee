// Warm fights (issue 46): a fight played on from a checkpoint (the state as a round began) is the
// fight replayed from its first input, in every example of the five rulesets; and the server,
// which keeps each open fight's checkpoints between answers, shows after every answer of long
// fights what a replay from nothing shows.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AskingDriver, AutoDriver } from '../src/core/context.js';
import { runFight, type Checkpoint, type FightResult } from '../src/core/fight.js';
import type { Input } from '../src/core/request.js';
import type { FightState } from '../src/core/state.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterFromText } from '../src/files/fight-file.js';
import { Fights } from '../src/server/fights.js';
import { Store } from '../src/server/store.js';
import { exampleFiles } from '../scripts/examples.mjs';
import { loadFile, plain, ROOT } from './helpers.js';

/** What a reader of a fight sees of it: its log, its events, where it ended or what it asks, its state. */
function seen(r: FightResult<FightState>) {
  return {
    log: r.log,
    events: r.events,
    outcome: r.outcome,
    pending: r.pending ? { kind: r.pending.kind, label: r.pending.label, actor: r.pending.actor } : null,
    state: plain(r.state),
  };
}

describe('a fight played on from a checkpoint is the fight replayed', () => {
  for (const file of exampleFiles(ROOT)) {
    it(relative(ROOT, file), () => {
      const { ruleset, setup } = loadFile(file);
      for (let seed = 1; seed <= 2; seed++) {
        const checkpoints: Checkpoint[] = [];
        const cold = runFight(ruleset, setup, {
          driver: new AutoDriver(new SeededDice(Rng.seeded(seed))),
          explain: true,
          record: true,
          checkpoint: (cp) => checkpoints.push(cp),
        });
        expect(checkpoints.length).toBeGreaterThan(0);
        const log = cold.log as Input[];
        for (const cp of checkpoints) {
          const before = plain(cp.state);
          // Played to its end from the checkpoint, every answer read from the log.
          const warm = runFight(ruleset, setup, {
            inputs: log,
            driver: new AutoDriver(new SeededDice(Rng.seeded(99))),
            explain: true,
            record: true,
            from: { checkpoint: cp, events: cold.events },
          });
          expect(seen(warm)).toEqual(seen(cold));
          // Played to a question half way to the next checkpoint, as the server stops at a person's.
          const k = cp.mark.at + Math.floor((log.length - cp.mark.at) / 2);
          const asking = () => new AskingDriver(new SeededDice(Rng.seeded(5)), () => true);
          const paused = runFight(ruleset, setup, {
            inputs: log.slice(0, k),
            driver: asking(),
            explain: true,
            record: true,
          });
          const pausedWarm = runFight(ruleset, setup, {
            inputs: log.slice(0, k),
            driver: asking(),
            explain: true,
            record: true,
            from: { checkpoint: cp, events: cold.events },
          });
          expect(seen(pausedWarm)).toEqual(seen(paused));
          // The checkpoint itself is not played on: it serves again.
          expect(plain(cp.state)).toEqual(before);
        }
      }
    });
  }
});

/** One encounter with a players' side from each ruleset, long enough to have many rounds. */
const LONG = [
  'wfrp1e/encounters/tavern-brawl.yaml',
  'wfrp-cp/encounters/hans-and-the-goblins.yaml',
  'openquest/encounters/bandits-at-the-ford.yaml',
  'fantasy-wargaming/encounters/raid.yaml',
  'ahq-house/encounters/crypt.yaml',
];

describe('the server keeps its fights warm: after every answer, the view a replay from nothing gives', () => {
  for (const name of LONG) {
    it(name, () => {
      const path = join(mkdtempSync(join(tmpdir(), 'fray-warm-')), 'campaign.db');
      const store = new Store(path);
      const warm = new Fights(store);
      const ff = encounterFromText(name, readFileSync(join(ROOT, 'data', name), 'utf8'), 3);
      const id = warm.create(ff, null);
      let v = warm.get(id);
      const dice = Rng.seeded(7);
      let answers = 0;
      let undone = 0;
      while (v.question && answers < 400) {
        const q = v.question;
        const answer: Input =
          q.kind === 'roll'
            ? Array.from({ length: q.count ?? 1 }, () => dice.die(q.sides ?? 6)).reduce((a, b) => a + b, 0)
            : (q.suggested as Input);
        // A player's question answered from their phone, the others by the GM: the view lists the seats' answers.
        const players = v.sides.find((sd) => sd.players)?.name;
        const mine = q.actor !== null && v.tracker.rows.some((r) => r.id === q.actor && r.side === players);
        const seat = {
          id: 1,
          token: 't',
          kind: 'player',
          combatant: q.actor,
          player: 'Ann',
          created: '',
        } as const;
        v = warm.answer(id, answer, mine ? { by: { seat } } : {});
        answers++;
        // Now and then the GM takes an answer back: the warm path goes back to an earlier round.
        if (answers % 23 === 0) {
          v = warm.undo(id);
          undone++;
        }
        // A server just started (nothing warm) replays the fight from its first input.
        const cold = new Fights(store).get(id);
        expect(v).toEqual(cold);
        // The table display and a seat's phone read the same replay.
        expect(warm.players(id, null)).toEqual(new Fights(store).players(id, null));
      }
      expect(answers).toBeGreaterThan(20);
      expect(undone).toBeGreaterThan(0);
      expect(v.answers.length).toBeGreaterThan(0);
      store.close();
    });
  }
});

describe("the store's log kept in memory", () => {
  it('is read again when another connection has changed the file, and is what its own writes made', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fray-warm-')), 'campaign.db');
    const ours = new Store(path);
    const fights = new Fights(ours);
    const ff = encounterFromText(
      'duel',
      readFileSync(join(ROOT, 'data', 'openquest/encounters/duel.yaml'), 'utf8'),
      1,
    );
    const id = fights.create(ff, null);
    const first = fights.get(id);
    const q = first.question as NonNullable<typeof first.question>;
    fights.answer(id, q.kind === 'roll' ? 1 : (q.suggested as Input));
    const mine = ours.inputs(id);
    expect(mine.length).toBeGreaterThan(first.inputs);
    // Another process (another Fray, a tool) takes the log back to its first input.
    const theirs = new Store(path);
    expect(theirs.inputs(id)).toEqual(mine);
    theirs.commit(id, 1, mine.slice(0, 1), null);
    theirs.close();
    expect(ours.inputs(id)).toEqual(mine.slice(0, 1));
    expect(fights.get(id).inputs).toBeLessThan(mine.length);
    ours.close();
  });
});
