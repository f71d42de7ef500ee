// npm run bench: the server's step (issue 17 targets, docs/performance.md): replaying a fight of
// 300 inputs, and an answer through the campaign store (replay, commit on disk, the view). Then
// issue 46's: an answer (and its undo) at step 10 and at step 600 of one long melee, side by side,
// as the API answers them (the view trimmed to what the page had); the CPU of each is printed
// after the run with their ratio (target: the same, whatever the step).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { Input } from '../src/core/request.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterFromText } from '../src/files/fight-file.js';
import { hashOfLog, sinceHad } from '../src/server/delta.js';
import { Fights, type FightView } from '../src/server/fights.js';
import { Store } from '../src/server/store.js';
import { readFileSync } from 'node:fs';
import { encounterPath, loadFile } from '../test/helpers.js';

// A long fight: the archers and the goblins, played out by the tactics, its first 300 inputs.
const long = loadFile(encounterPath('archers-and-goblins.yaml'));
const played = runFight(long.ruleset, long.setup, {
  driver: new AutoDriver(new SeededDice(Rng.seeded(4))),
  record: true,
});
const inputs = (played.log as Input[]).slice(0, 300);
if (inputs.length < 300) throw new Error(`the fight has only ${inputs.length} inputs`);

const store = new Store(join(mkdtempSync(join(tmpdir(), 'fray-bench-')), 'c.db'));
const fights = new Fights(store);
const demo = encounterFromText('demo', readFileSync(encounterPath('demo.yaml'), 'utf8'), 1);

describe('the server', () => {
  bench('replay a fight of 300 inputs, explained (what every step does)', () => {
    runFight(long.ruleset, long.setup, {
      inputs,
      driver: new AutoDriver(new SeededDice(Rng.seeded(1))),
      explain: true,
      record: true,
      maxRounds: undefined,
    });
  });
  let id = fights.create(demo, null);
  let v = fights.get(id);
  bench('an answer: replay, commit on disk, the view', () => {
    if (!v.question) {
      id = fights.create(demo, null);
      v = fights.get(id);
    }
    const q = v.question;
    if (q) v = fights.answer(id, q.kind === 'roll' ? (q.count ?? 1) : (q.suggested as string | number));
  });
});

// Six against six, 90 W each: about 700 answers to its end.
const melee = encounterFromText(
  'six-against-six',
  readFileSync(join(import.meta.dirname, 'fixtures', 'six-against-six.yaml'), 'utf8'),
  5,
);
const meleeDice = Rng.seeded(3);
/** The answer a GM would give: dice for a roll, the suggestion for a choice. */
function answerOf(q: NonNullable<FightView['question']>): Input {
  if (q.kind !== 'roll') return q.suggested as Input;
  let total = 0;
  for (let i = 0; i < (q.count ?? 1); i++) total += meleeDice.die(q.sides ?? 6);
  return total;
}
/** A fight of the melee played to `step` answers. */
function meleeAt(step: number): { id: number; view: FightView } {
  const id = fights.create(melee, null);
  let view = fights.get(id);
  for (let k = 0; k < step && view.question; k++) view = fights.answer(id, answerOf(view.question));
  if (!view.question) throw new Error(`the melee ended before step ${step}`);
  return { id, view };
}
const cpu = new Map<string, { micros: number; runs: number }>();

describe('an answer as the fight grows (issue 46)', () => {
  for (const step of [10, 600]) {
    const name = `answer and undo at step ${step}`;
    let at: { id: number; view: FightView } | null = null;
    bench(
      name,
      () => {
        at ??= meleeAt(step);
        const { id, view } = at;
        const had = { since: view.events.length, hash: hashOfLog(view.events) };
        const t = process.cpuUsage();
        // As the API answers: the view trimmed to the entries past what the page had.
        sinceHad(fights.answer(id, answerOf(view.question as NonNullable<FightView['question']>)), had);
        sinceHad(fights.undo(id), had);
        const used = process.cpuUsage(t);
        const kept = cpu.get(name) ?? { micros: 0, runs: 0 };
        kept.micros += used.user + used.system;
        kept.runs++;
        cpu.set(name, kept);
      },
      { iterations: 200, time: 0, warmupIterations: 20 },
    );
  }
});

afterAll(() => {
  const per = (name: string) => {
    const x = cpu.get(name);
    return x ? x.micros / x.runs / 1000 : NaN;
  };
  const early = per('answer and undo at step 10');
  const late = per('answer and undo at step 600');
  console.log(
    `answer and undo, CPU: step 10 ${early.toFixed(2)} ms, step 600 ${late.toFixed(2)} ms: ${(late / early).toFixed(2)}× (target: about 1×)`,
  );
});
