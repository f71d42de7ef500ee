// The golden snapshot (issue 19): `fray sim --json` of every example encounter (seeds 1-3, 2,000
// runs) and `fray fight --json` of each (seed 7) give exactly the output recorded in
// test/golden/snapshot.txt, a hash per command. A speed-up must leave every one unchanged; a change
// to the rules or data that is meant records the new hashes (scripts/snapshot.mjs says how).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

describe('the golden snapshot', () => {
  it(
    'gives every example encounter’s sim and fight output byte for byte as recorded',
    { timeout: 30 * 60_000 },
    () => {
      const golden = readFileSync(join(ROOT, 'test', 'golden', 'snapshot.txt'), 'utf8');
      const now = execFileSync(process.execPath, [join(ROOT, 'scripts', 'snapshot.mjs'), '--hashes'], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      const lines = (text: string) => text.trim().split('\n');
      const changed = lines(now).filter((line) => !lines(golden).includes(line));
      expect(lines(golden).length).toBeGreaterThan(100);
      expect(changed).toEqual([]);
      expect(now).toBe(golden);
    },
  );
});
