// kill -9 at random moments: a save is always the old or the new complete state, a part file is
// whole or absent, and the temporaries a kill leaves are gone after the next write.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encounterPath, ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist', 'cli', 'bin.js');

function killAfter(args: readonly string[], cwd: string, ms: number, input = ''): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['pipe', 'ignore', 'ignore'] });
    // Enter, again and again: the suggested answer to every question, as fast as the fight asks.
    const feed = setInterval(() => child.stdin.write(input), 5);
    child.stdin.on('error', () => undefined);
    setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', () => {
      clearInterval(feed);
      done();
    });
  });
}

const fray = (args: readonly string[], cwd: string) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });

const temporaries = (dir: string) => readdirSync(dir).filter((n) => n.includes('.tmp-'));

describe('kill -9', () => {
  it('fight --interactive --save: the save resumes after any kill, and no temporary outlives the next save', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-kill-'));
    const save = join(dir, 's.json');
    let resumed = 0;
    // On a busy machine the first save may come later than the first delays: wait longer until one is made.
    for (const ms of [150, 300, 450, 600, 800, 1000, 1300, 1600, 2500, 4000, 8000]) {
      if (ms > 1600 && resumed > 0) break;
      await killAfter(
        ['fight', encounterPath('demo.yaml'), '--interactive', '--save', save, '--seed', '3'],
        dir,
        ms,
        '\n',
      );
      if (!existsSync(save)) continue;
      // Whatever moment the kill came at, the save is a whole one: it resumes and plays to the end.
      const r = fray(['fight', '--resume', save, '--json'], dir);
      expect(r.status, `killed at ${ms} ms: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).outcome).not.toBeNull();
      resumed++;
    }
    expect(resumed).toBeGreaterThan(0);
    // The next save to it clears what the kills left.
    fray(['fight', '--resume', save, '--save', save], dir);
    expect(temporaries(dir)).toEqual([]);
  }, 120_000);

  it('sim --shard --out: a part is whole or absent, and a whole one merges to the one run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fray-kill-'));
    const demo = encounterPath('demo.yaml');
    const args = (k: number) => [
      'sim',
      demo,
      '--runs',
      '4000',
      '--seed',
      '5',
      '--shard',
      `${k}/2`,
      '--workers',
      '1',
    ];
    expect(fray([...args(2), '--out', join(dir, 'b.json')], dir).status).toBe(0);
    const whole = fray(['sim', demo, '--runs', '4000', '--seed', '5', '--json', '--workers', '1'], dir);
    let merged = 0;
    // On a busy machine the part may take longer than the first delays: wait longer until one is whole.
    for (const ms of [200, 500, 900, 1400, 2000, 4000, 8000, 16000]) {
      if (ms > 2000 && merged > 0) break;
      const a = join(dir, `a-${ms}.json`);
      await killAfter([...args(1), '--out', a], dir, ms);
      if (!existsSync(a)) continue;
      const m = fray(['merge', a, join(dir, 'b.json'), '--json'], dir);
      expect(m.status, m.stderr).toBe(0);
      const { data: _data, ...rest } = JSON.parse(whole.stdout);
      expect(JSON.parse(m.stdout)).toEqual(rest);
      merged++;
    }
    // Some kills come after the part is written, some before: both kinds are seen.
    expect(merged).toBeGreaterThan(0);
    expect(temporaries(dir).length).toBeLessThanOrEqual(8);
  }, 120_000);
});
