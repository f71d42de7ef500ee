// Where a command reads and writes: the process's own streams, or a test's.

export interface Io {
  readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  readonly err: NodeJS.WritableStream & { isTTY?: boolean };
  readonly input: NodeJS.ReadableStream;
}

export const processIo: Io = {
  out: process.stdout,
  err: process.stderr,
  // Made when first read: opening standard input costs a command that never reads it.
  get input() {
    return process.stdin;
  },
};
