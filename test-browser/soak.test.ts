// A slice of `npm run soak` (issue 31; the whole night is a named script, not part of the tests):
// one fight, a GM page, two phones and a table display in Chromium, a kill -9 of the server after
// 15 answers and a restart, 40 answers in all. No acknowledged answer is lost, no page needs a
// reload, every figure the script prints is there.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './serve.js';

describe('npm run soak, a slice', () => {
  it('plays through a kill -9 with nothing lost and no page reloaded, and prints its figures', async () => {
    const { code, out } = await new Promise<{ code: number; out: string }>((done) => {
      execFile(
        process.execPath,
        [join(ROOT, 'scripts', 'soak.mjs'), '--quick'],
        { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
        (e, stdout, stderr) =>
          done({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });
    expect(code, out).toBe(0);
    expect(out).toMatch(
      /^answers: 40 \(\d+ on the phones, \d+ on the GM's page\); acknowledged and checked: \d+; lost: 0$/m,
    );
    expect(out).toMatch(/an answer to every page showing it: p50 \d+ ms, p95 \d+ ms/);
    expect(out).toMatch(
      /server memory \(RSS\), quiet for \d+ s: at the start \d+ MB, at the end \d+ MB \([+-]\d+% of the start; target within 20%\); at the last answer \d+ MB; before the kill \d+ MB, just after the restart \d+ MB/,
    );
    expect(out).toMatch(/of which to the last page hearing it on its socket: p50 \d+ ms/);
    expect(out).toMatch(/sent to the pages per answer: [\d.]+ KB/);
    expect(out).toMatch(/pages reloaded: 0; page errors: 0/);
  }, 300_000);
});
