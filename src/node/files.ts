import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text, 'utf8');
  renameSync(tmp, path);
}

/** The Node host's LoadEnv: files relative to the encounter's folder, data from the package. */
export function nodeEnv(docPath: string, tables: Readonly<Record<string, string>> = {}): LoadEnv {
  const base = dirname(resolve(docPath));
  const root = packageRoot();
  const readTables: Record<string, FileText> = {};
  for (const [name, path] of Object.entries(tables)) readTables[name] = readText(resolve(path));
  return {
    readFile: (rel) => readText(resolve(base, rel)),
    readData: (ruleset, name) => readText(join(root, 'data', ruleset, name)),
    tables: readTables,
  };
}
