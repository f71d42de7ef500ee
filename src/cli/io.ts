// Where the CLI reads and writes, below every subcommand so that they need not import main.

/** The process's streams, or a test's. */
export interface Io {
  readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  readonly err: NodeJS.WritableStream & { isTTY?: boolean };
  readonly input: NodeJS.ReadableStream;
}

export const processIo: Io = { out: process.stdout, err: process.stderr, input: process.stdin };
