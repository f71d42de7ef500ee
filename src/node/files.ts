import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileText, LoadEnv } from '../core/ruleset.js';

/** The folder holding Fray's package.json, found from this module (src/ or dist/). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 10; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the fray package folder (package.json beside data/)');
}

/** A path as shown in messages: relative to the working folder when inside it. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') ? path : rel;
}

export class FileError extends Error {}

/** The largest file Fray reads: far above any encounter, table, save or part, far below trouble. */
export const READ_LIMIT = 16 * 1024 * 1024;
const LIMIT_TEXT = '16 MB';
const CHUNK = 1024 * 1024;

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'is a folder';
  if (st.isFIFO()) return 'not a regular file: a named pipe (FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'not a regular file: a device';
  if (st.isSocket()) return 'not a regular file: a socket';
  return 'not a regular file';
}

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error).message;
}

/** "too large (20.0 MB); Fray reads files up to 16 MB", the size left out when it grew as it was read. */
function tooLarge(size?: number): string {
  const mb = size === undefined ? '' : ` (${(size / (1024 * 1024)).toFixed(1)} MB)`;
  return `too large${mb}; Fray reads files up to ${LIMIT_TEXT}`;
}

/**
 * Reads a file given by the user or named by one: a regular file of at most 16 MB, else refused.
 * The type is checked before opening (a device is never opened), the open does not wait (a FIFO
 * swapped in meanwhile cannot block), and the read stops past the limit (a file still growing).
 */
export function readText(path: string): FileText {
  const shown = shownPath(path);
  const refuse = (why: string) => new FileError(`${shown}: cannot read: ${why}`);
  let fd: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw refuse(kindOf(st));
    if (st.size > READ_LIMIT) throw refuse(tooLarge(st.size));
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw e instanceof FileError ? e : refuse(reason(e));
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw refuse(kindOf(st));
    // In chunks to the end, whatever the size said: a file may grow, and /proc's say 0.
    const chunks: Buffer[] = [];
    let got = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, READ_LIMIT + 1 - got));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      got += n;
      if (got > READ_LIMIT) throw refuse(tooLarge());
    }
    return { file: shown, text: Buffer.concat(chunks, got).toString('utf8') };
  } catch (e) {
    throw e instanceof FileError ? e : refuse(reason(e));
  } finally {
    closeSync(fd);
  }
}

/** Refuses a path that cannot be written before anything is run: a missing folder, or a folder. */
export function checkWritable(path: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new FileError(`${shownPath(path)}: cannot write: no folder ${shownPath(dir)}`);
  if (existsSync(path) && !statSync(path).isFile())
    throw new FileError(`${shownPath(path)}: cannot write: not a file`);
}

const TEMP = '.tmp-';

/** Whether a process of that id runs (one we may not signal runs too). */
function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporaries a killed writer of `path` left (`path.tmp-PID` whose process is gone),
 * so that kill -9s do not pile them up; a live writer's is left alone.
 */
export function removeStaleTemps(path: string): void {
  const dir = dirname(resolve(path));
  const prefix = `${basename(path)}${TEMP}`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = name.slice(prefix.length);
    if (/^\d{1,10}$/.test(pid) && !alive(Number(pid))) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Writes through a temporary file, flushed to disk, then a rename (and the folder flushed), so a
 * crash or a power cut leaves either the old file or the new one, never half of one.
 */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}${TEMP}${process.pid}`;
  try {
    removeStaleTemps(path);
    // Made afresh ('wx'): a file or link left at the temporary's name is never written through.
    rmSync(tmp, { force: true });
    const fd = openSync(tmp, 'wx');
    try {
      writeSync(fd, text, null, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new FileError(`${shownPath(path)}: cannot write: ${(e as Error).message}`);
  }
  try {
    const dirFd = openSync(dirname(resolve(path)), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some file systems cannot flush a folder; the rename itself is already atomic.
  }
}

/** The Node host's LoadEnv: files relative to the encounter's folder, data from the package. */
export function nodeEnv(docPath: string, tables: Readonly<Record<string, string>> = {}): LoadEnv {
  const base = dirname(resolve(docPath));
  const root = packageRoot();
  const readTables: Record<string, () => FileText> = {};
  for (const [name, path] of Object.entries(tables)) readTables[name] = () => readText(resolve(path));
  return {
    readFile: (rel) => readText(resolve(base, rel)),
    readData: (ruleset, name) => readText(join(root, 'data', ruleset, name)),
    tables: readTables,
  };
}
