// npm run bench: the server's step (issue 17 targets, docs/performance.md): replaying a fight of
// 300 inputs, and an answer through the campaign store (replay, commit on disk, the view).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { AutoDriver } from '../src/core/context.js';
import { runFight } from '../src/core/fight.js';
import type { Input } from '../src/core/request.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { encounterFromText } from '../src/files/fight-file.js';
import { Fights } from '../src/server/fights.js';
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
