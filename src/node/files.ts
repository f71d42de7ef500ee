import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

export function readText(path: string): FileText {
  try {
    return { file: shownPath(path), text: readFileSync(path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (e as Error).message;
    throw new FileError(`${shownPath(path)}: cannot read: ${why}`);
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

/**
 * Writes through a temporary file, flushed to disk, then a rename (and the folder flushed), so a
 * crash or a power cut leaves either the old file or the new one, never half of one.
 */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    const fd = openSync(tmp, 'w');
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
