// Every file Fray reads or writes on Node goes through here: inputs are read with a size limit and
// only when they are regular files, files an encounter or save names stay inside its folder, and
// outputs are written whole and never over an input.
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { byName } from '../core/names.js';
import type { FileText, LoadEnv } from '../core/ruleset.js';
import { packageRoot } from '../node/root.js';

/** A path as shown in messages: relative to the working folder when inside it. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') ? path : rel;
}

export class FileError extends Error {}

// ------------------------------------------------------------------ reading

/** The largest file Fray reads: far above any encounter, table, save or part, far below trouble. */
export const READ_LIMIT = 16 * 1024 * 1024;
const LIMIT_TEXT = '16 MB';
/** The least a read starts with (a file whose size is said as 0 may hold some). */
const CHUNK_MIN = 64 * 1024;

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
    // To the end, whatever the size said: a file may grow, and /proc's say 0. The buffer starts
    // at the size said (one byte more, to meet the end at once) and doubles as needed.
    let buf = Buffer.allocUnsafe(Math.min(Math.max(st.size + 1, CHUNK_MIN), READ_LIMIT + 1));
    let got = 0;
    for (;;) {
      if (got === buf.length) {
        const grown = Buffer.allocUnsafe(Math.min(buf.length * 2, READ_LIMIT + 1));
        buf.copy(grown, 0, 0, got);
        buf = grown;
      }
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got > READ_LIMIT) throw refuse(tooLarge());
    }
    return { file: shown, text: buf.toString('utf8', 0, got) };
  } catch (e) {
    throw e instanceof FileError ? e : refuse(reason(e));
  } finally {
    closeSync(fd);
  }
}

// ------------------------------------------------------------------ files a document names

/** Whether `path` is `dir` or lies below it (both absolute). */
function within(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Where a document's references may lead: its own folder and the folders given by --allow-path. */
export interface Reach {
  /** The folder the references must stay in (the document's, or a save's for the encounter inside it). */
  readonly root: string;
  /** More folders a user allowed (`--allow-path`). */
  readonly allow: readonly string[];
  /** Whose folder, in messages: "the encounter", "the save". */
  readonly owner: string;
}

/**
 * A file a document names, relative to `base`: its path, if it lies inside the reach's folders,
 * checked as written (a climb out is refused before anything is touched) and as it really is (a
 * link out is refused too). A shared encounter cannot so read a file beside it on the machine.
 */
export function reachable(base: string, given: string, reach: Reach): string {
  const path = resolve(base, given);
  const dirs = [reach.root, ...reach.allow].map((d) => resolve(d));
  const real = dirs.map(realOr);
  const inside = (p: string) => dirs.some((d) => within(p, d)) || real.some((d) => within(p, d));
  if (!inside(path) || !inside(realOr(path)))
    throw new FileError(
      `'${given}' is outside ${reach.owner}'s folder (${resolve(reach.root)}): files it names must be in that folder; --allow-path DIR allows another`,
    );
  return path;
}

/** Refuses an --allow-path that is not a folder, before anything is read. */
export function checkAllowed(dirs: readonly string[]): string[] {
  return dirs.map((d) => {
    const st = statSync(d, { throwIfNoEntry: false });
    if (!st?.isDirectory()) throw new FileError(`--allow-path ${d}: not a folder`);
    return resolve(d);
  });
}

export interface NodeEnvOptions {
  /** More folders the document's references may reach (`--allow-path`). */
  readonly allow?: readonly string[];
  /**
   * The save the document is the encounter of: its references must stay in the save's folder,
   * whatever folder the save says the encounter came from.
   */
  readonly save?: string;
  /** Told of each file read, by its real path (outputs may not replace one). */
  readonly seen?: Set<string>;
}

/**
 * The Node host's LoadEnv: files a document names, relative to its folder and kept inside its
 * reach; tables the command line names, wherever the user put them; data from the package.
 */
export function nodeEnv(
  docPath: string,
  tables: Readonly<Record<string, string>> = {},
  o: NodeEnvOptions = {},
): LoadEnv {
  const base = dirname(resolve(docPath));
  const reach = reachOf(docPath, o);
  const root = packageRoot();
  const read = (path: string) => readSeen(path, o.seen);
  const readTables = byName<() => FileText>();
  for (const [name, path] of Object.entries(tables)) readTables[name] = () => read(resolve(path));
  return {
    readFile: (rel) => readNamed(base, rel, reach, o.seen),
    readData: (ruleset, name) => read(join(root, 'data', ruleset, name)),
    tables: readTables,
  };
}

/**
 * How a host without a folder reaches data (the campaign store): Fray's shipped tables, and no
 * other file, so an encounter or save handed in names nothing on the machine it is read on.
 */
export function shippedOnlyEnv(): LoadEnv {
  const root = packageRoot();
  return {
    readFile: (rel) => {
      throw new FileError(
        `'${rel}': an encounter kept in the campaign names no files; put the table or the members in it`,
      );
    },
    readData: (ruleset, name) => readText(join(root, 'data', ruleset, name)),
    tables: {},
  };
}

/** Where the files named by a document (or by the save holding it) may be. */
export function reachOf(docPath: string, o: NodeEnvOptions): Reach {
  return o.save === undefined
    ? { root: dirname(resolve(docPath)), allow: o.allow ?? [], owner: 'the encounter' }
    : { root: dirname(resolve(o.save)), allow: o.allow ?? [], owner: 'the save' };
}

/** Reads a file a document names, inside its reach. */
export function readNamed(base: string, given: string, reach: Reach, seen?: Set<string>): FileText {
  return readSeen(reachable(base, given, reach), seen);
}

/** Reads a file, telling `seen` of it (by real path). */
export function readSeen(path: string, seen?: Set<string>): FileText {
  const f = readText(path);
  seen?.add(realOr(path));
  return f;
}

// ------------------------------------------------------------------ writing

/** A path's real form, for an output that may not exist yet: its folder's real path and its name. */
function realTarget(path: string): string {
  const abs = resolve(path);
  if (existsSync(abs)) return realOr(abs);
  return join(realOr(dirname(abs)), basename(abs));
}

/** `-` as an output: standard output, wherever an output is named. */
export const STDOUT = '-';

/**
 * Why the name an output would take cannot be written over, or null for a new name or a regular
 * file. Not through the name (lstat): a link there would have the output replace the link (or
 * write where it leads), and a device or pipe is not a file to replace.
 */
function unwritable(path: string): string | null {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st === undefined || st.isFile()) return null;
  if (st.isSymbolicLink())
    return `a symbolic link: Fray writes only regular files or new names, never through a link (name the file itself${path.startsWith('/dev/') ? `, or ${STDOUT} for standard output` : ''})`;
  return kindOf(st);
}

/**
 * Refuses a path that cannot be written before anything is run: a missing folder, a folder, a
 * link, a device; `-` (standard output) always can be. `flag` names it in the message (`--save`).
 */
export function checkWritable(path: string, flag?: string): void {
  if (path === STDOUT) return;
  const shown = `${flag ? `${flag} ` : ''}${shownPath(path)}`;
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new FileError(`${shown}: cannot write: no folder ${shownPath(dir)}`);
  const why = unwritable(path);
  if (why !== null) throw new FileError(`${shown}: cannot write: ${why}`);
}

export interface Output {
  /** The flag that names it: `--save`, `--out`. */
  readonly flag: string;
  readonly path: string;
}

/**
 * Refuses, before anything runs, an output that cannot be written, that is a file the command
 * reads (`inputs`: real path → what it is to the command), or that another of its outputs also
 * names: a slip of the keyboard must not turn an encounter into a save or one output into another.
 */
export function checkOutputs(outputs: readonly Output[], inputs: ReadonlyMap<string, string>): void {
  const taken = new Map<string, string>();
  for (const o of outputs) {
    checkWritable(o.path, o.flag);
    const real = o.path === STDOUT ? STDOUT : realTarget(o.path);
    const input = inputs.get(real);
    if (input !== undefined)
      throw new FileError(`${o.flag} ${o.path}: that is ${input}; write to another file`);
    const other = taken.get(real);
    if (other !== undefined)
      throw new FileError(
        real === STDOUT
          ? `${o.flag} ${STDOUT}: ${other} writes to standard output too; give one of them a file`
          : `${o.flag} ${o.path}: ${other} writes there too; give each output a file of its own`,
      );
    taken.set(real, o.flag);
  }
}

/** Each of the files that exist, by its real path, with what it is to the command (for checkOutputs). */
export function inputsOf(paths: Iterable<string>, what = 'a file this command reads'): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of paths) if (existsSync(p)) out.set(realOr(resolve(p)), what);
  return out;
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
 * crash or a power cut leaves either the old file or the new one, never half of one. What stands
 * at the name is checked again just before: a link or a device put there since the command began
 * is refused, not replaced.
 */
export function writeAtomic(path: string, text: string): void {
  if (path === STDOUT)
    throw new Error('writeAtomic: standard output is written by the command, not renamed over');
  const tmp = `${path}${TEMP}${process.pid}`;
  const why = unwritable(path);
  if (why !== null) throw new FileError(`${shownPath(path)}: cannot write: ${why}`);
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
