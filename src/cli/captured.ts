// `fray` run in this process with its output caught: the way in of the tests (test/helpers.ts) and
// of the golden snapshot (scripts/snapshot.mjs), which read what a command prints without a process each.
import { Readable, Writable } from 'node:stream';
import { main } from './main.js';

/** A stream that keeps what is written to it. */
function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

/** Runs `fray ARGS` (standard input: `stdin`, a line each): its exit code and what it printed. */
export async function runCaptured(
  args: readonly string[],
  stdin: readonly string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  const out = sink();
  const err = sink();
  const input = Readable.from(stdin.map((l) => `${l}\n`));
  const code = await main(['node', 'fray', ...args], { out: out.stream, err: err.stream, input });
  return { code, out: out.text(), err: err.text() };
}
