// npm run bench: `fray danger`'s first answer (issue 48: about two seconds for the examples), as a
// GM's shell starts it: whole processes, the command from its start to its printed band, for an
// example of each ruleset, beside a bare `node -e ''` run in the same iteration so that a busy
// machine weighs on both alike. vitest's times are wall times, which is what a GM waits. Needs
// `npm run build`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bench, describe } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const EXAMPLES = [
  'wfrp1e/encounters/demo.yaml',
  'wfrp1e/campaign/ambush.yaml',
  'wfrp-cp/encounters/hans-and-the-goblins.yaml',
  'openquest/encounters/bandits-at-the-ford.yaml',
  'fantasy-wargaming/encounters/raid.yaml',
  'ahq-house/encounters/crypt.yaml',
];

describe('fray danger, to its first answer', () => {
  bench("node -e '' (the floor)", () => void spawnSync(process.execPath, ['-e', '']), {
    iterations: 5,
    time: 0,
  });
  for (const example of EXAMPLES)
    bench(
      example,
      () => {
        const r = spawnSync(process.execPath, [BIN, 'danger', join(ROOT, 'data', example), '--seed', '1'], {
          encoding: 'utf8',
        });
        if (r.status !== 0) throw new Error(`fray danger failed: ${r.stderr}`);
      },
      { iterations: 5, time: 0 },
    );
});
