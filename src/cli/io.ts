// Where the CLI reads and writes, below every subcommand so that they need not import main.
import { resolve } from 'node:path';
import type { Io } from './process-io.js';
import { STDOUT, writeAtomic } from '../files/disk.js';
import { dataLine } from '../core/loader.js';
import type { SetupCore } from '../core/ruleset.js';
import { formatWarning } from '../core/document.js';
import type { Loaded } from '../core/encounter.js';

/** The process's streams, or a test's. */
export { processIo, type Io } from './process-io.js';

/** The line saying which of the numbers are ours or the user's, under a command's heading. */
export function sayData(io: Io, setup: SetupCore): void {
  const line = dataLine(setup.data);
  if (line) io.out.write(`  ${line}\n`);
}

/** Says where a file was written, on stderr so that `--json` output stays clean: "report written to /abs/path". */
export function sayWritten(io: Io, what: string, path: string): void {
  io.err.write(`${what} written to ${resolve(path)}\n`);
}

/**
 * Writes an output the command line named: to standard output for `-`, else whole to its file,
 * saying where on stderr.
 */
export function writeOutput(io: Io, what: string, path: string, text: string): void {
  if (path === STDOUT) {
    io.out.write(text);
    return;
  }
  writeAtomic(path, text);
  sayWritten(io, what, path);
}

/**
 * The streams a command prints its own lines on: stderr when one of its outputs is `-`, so that
 * standard output holds that output alone (a part, a save, a CSV to pipe on).
 */
export function printoutIo(io: Io, ...outputs: readonly (string | undefined)[]): Io {
  return outputs.includes(STDOUT) ? { ...io, out: io.err } : io;
}

/**
 * Says the warnings of what was loaded on stderr, each once however many variants repeat it
 * (stdout stays clean for --json; the workers, which load again, say nothing).
 */
export function sayWarnings(io: Io, ...loaded: readonly Loaded[]): void {
  const said = new Set<string>();
  for (const l of loaded)
    for (const w of l.setup.warnings ?? []) {
      const line = formatWarning(w);
      if (said.has(line)) continue;
      said.add(line);
      io.err.write(`${line}\n`);
    }
}
