// `fray party apply SAVE`: after a fight, what lasts goes back into the party file (W/HP left,
// lasting effects, ammunition, insanity points, weapons destroyed), shown as a diff first and
// written only when the GM says yes (or --yes), through a temporary file, the old one kept as
// FILE.bak. The file is edited in place through the YAML document, so its comments and layout stay.
import { createInterface } from 'node:readline/promises';
import { dirname, resolve } from 'node:path';
import { isMap, isPair, isScalar, isSeq, stringify } from 'yaml';
import { AskingDriver } from '../core/context.js';
import { parseYaml, ValidationError } from '../core/document.js';
import { runFight } from '../core/fight.js';
import { partyChanges, readParty, type PartyChange, type PartyUse } from '../core/party.js';
import { describeOutcome } from '../core/state.js';
import { SeededDice, Rng } from '../dice/index.js';
import {
  checkWritable,
  FileError,
  reachable,
  readText,
  reachOf,
  shownPath,
  writeAtomic,
} from '../files/disk.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { importFightFile, replaying } from '../files/fight-file.js';

export interface PartyApplyOpts {
  readonly party?: string;
  readonly yes?: boolean;
  readonly allowPath?: readonly string[];
}

const shown = (v: unknown) =>
  v === undefined ? '(not written)' : stringify(v, { collectionStyle: 'flow', lineWidth: 0 }).trim();

export async function partyApply(io: Io, savePath: string, o: PartyApplyOpts): Promise<void> {
  const ff = await importFightFile(savePath, {}, {}, 'save', o.allowPath ?? []);
  const { ruleset, setup } = ff.loaded;
  if (!ruleset.lasting) throw new UsageError(`party apply: ${ruleset.id} keeps nothing from fight to fight`);
  const base = dirname(resolve(savePath));
  const listed = ff.parties.map((p) => ({ ...p, file: resolve(base, p.file) }));
  const uses = partyOf(listed, o.party, savePath).map((p) => confined(p, savePath, o));
  const path = (uses[0] as PartyUse).file;
  checkWritable(path);
  checkWritable(`${path}.bak`);
  const original = readText(path);
  const { party } = readParty(original, ruleset.id);

  // The fight as the save left it: no die is rolled past its last input.
  const result = replaying(ff, () =>
    runFight(ruleset, setup, {
      inputs: ff.inputs,
      driver: new AskingDriver(new SeededDice(Rng.seeded(0)), () => true),
      maxRounds: ff.maxRounds ?? undefined,
    }),
  );
  const st = result.state;
  const found = partyChanges(ruleset.lasting.bind(ruleset), st, uses, party.members);
  const changes = found.changes;
  const notes = found.notes.map((n) => `${n.name}: ${n.text}`);

  const when = result.outcome
    ? describeOutcome(st, result.outcome)
    : `not over: as it stands in round ${st.round}`;
  io.out.write(`${shownPath(path)}, after ${setup.title} (${when}):\n`);
  let last = '';
  for (const ch of changes) {
    const who = ch.name === last ? ' '.repeat(ch.name.length) : ch.name;
    last = ch.name;
    io.out.write(`  ${who}: ${ch.field}: ${shown(ch.from)} → ${shown(ch.to)}\n`);
  }
  for (const n of notes) io.out.write(`  note: ${n}\n`);
  if (changes.length === 0) {
    io.out.write('Nothing to write: the party file already says all that lasts.\n');
    return;
  }

  const text = patched(original.text, changes);
  // What is written must read back as a party of this ruleset.
  readParty({ file: original.file, text }, ruleset.id);

  if (!o.yes) {
    // In full: a save from elsewhere must not hide which file it would have changed.
    io.out.write(`Write these changes to ${path}? [y/N] `);
    const rl = createInterface({ input: io.input, terminal: false });
    const line = await rl[Symbol.asyncIterator]().next();
    rl.close();
    const answer = line.done ? '' : String(line.value).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      io.out.write(line.done ? '\nNothing written.\n' : 'Nothing written.\n');
      return;
    }
  }
  writeAtomic(`${path}.bak`, original.text);
  writeAtomic(path, text);
  io.out.write(
    `Written to ${shownPath(path)} (${changes.length} change${changes.length === 1 ? '' : 's'}); the old file is ${shownPath(`${path}.bak`)}.\n`,
  );
}

/** A value as these files are written by hand: on one line, `{ bow: 4 }`, `[sword, shield]`. */
export function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${inline(x)}`)
      .join(', ')} }`;
  return stringify(v).trim();
}

/**
 * The party file's text with the changes made in place: a field's value replaced where it is
 * written, a new field added as the member's last line, a field taken out with its line; the
 * rest of the file (comments, layout) left as it was. A member written on one line (a flow map)
 * is rewritten whole.
 */
function patched(text: string, changes: readonly PartyChange[]): string {
  const doc = parseYaml('party', text);
  const members = doc.get('members', true);
  if (!isSeq(members)) throw new Error('party file without members');
  const edits: { from: number; to: number; text: string }[] = [];
  const lineStart = (at: number) => text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = (at: number) => {
    const n = text.indexOf('\n', at);
    return n < 0 ? text.length : n + 1;
  };
  for (const [i, node] of members.items.entries()) {
    const mine = changes.filter((c) => c.member === i);
    if (mine.length === 0 || !isMap(node) || !node.range) continue;
    if (node.flow) {
      const value = { ...(node.toJSON() as Record<string, unknown>) };
      for (const c of mine)
        if (c.to === undefined) delete value[c.field];
        else value[c.field] = c.to;
      edits.push({ from: node.range[0], to: node.range[1], text: inline(value) });
      continue;
    }
    const pairs = node.items.filter(isPair);
    const first = pairs[0]?.key;
    const indent = isScalar(first) && first.range ? first.range[0] - lineStart(first.range[0]) : 4;
    const lastValue = pairs.at(-1)?.value as { range?: [number, number, number] } | null | undefined;
    const end = lastValue?.range ? lineEnd(lastValue.range[1] - 1) : lineEnd(node.range[1] - 1);
    const added: string[] = [];
    for (const c of mine) {
      const pair = pairs.find((p) => isScalar(p.key) && String(p.key.value) === c.field);
      const key = pair?.key as { range?: [number, number, number] } | undefined;
      const val = pair?.value as { range?: [number, number, number] } | null | undefined;
      if (pair && key?.range && val?.range) {
        if (c.to === undefined)
          edits.push({ from: lineStart(key.range[0]), to: lineEnd(val.range[1] - 1), text: '' });
        else edits.push({ from: val.range[0], to: val.range[1], text: inline(c.to) });
      } else if (c.to !== undefined) added.push(`${' '.repeat(indent)}${c.field}: ${inline(c.to)}\n`);
    }
    if (added.length)
      edits.push({
        from: end,
        to: end,
        text: (end > 0 && text[end - 1] !== '\n' ? '\n' : '') + added.join(''),
      });
  }
  let out = text;
  for (const e of edits.sort((x, y) => y.from - x.from))
    out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

/**
 * A save's party file, resolved from the save's folder, kept inside it (or a folder of
 * --allow-path), as every file a save names is: a save received from someone else must not write
 * a party file elsewhere on the machine. A file the user names with --party is the user's word and
 * may be anywhere, as long as the fight used it.
 */
function confined(p: PartyUse, savePath: string, o: PartyApplyOpts): PartyUse {
  if (o.party !== undefined && resolve(o.party) === p.file) return p;
  const base = dirname(resolve(savePath));
  try {
    return {
      ...p,
      file: reachable(base, p.file, reachOf(savePath, { allow: o.allowPath ?? [], save: savePath })),
    };
  } catch (e) {
    if (!(e instanceof FileError)) throw e;
    throw new FileError(
      `${shownPath(savePath)}: the save names the party file ${p.file}, outside its folder (${base}): a save writes only the party files beside it. If that is your party, name it: --party ${shownPath(p.file)} (or --allow-path ${shownPath(dirname(p.file))})`,
    );
  }
}

/** The party the command writes to: --party FILE, else the one party file the fight used. */
function partyOf(parties: readonly PartyUse[], given: string | undefined, savePath: string): PartyUse[] {
  if (given !== undefined) {
    const file = resolve(given);
    const found = parties.filter((p) => p.file === file);
    if (found.length === 0)
      throw new ValidationError([
        {
          file: savePath,
          path: '',
          message: `the fight has no members of ${shownPath(given)}${parties.length ? ` (its party files: ${[...new Set(parties.map((p) => shownPath(p.file)))].join(', ')})` : ''}`,
        },
      ]);
    return found;
  }
  const files = [...new Set(parties.map((p) => p.file))];
  if (files.length === 0)
    throw new ValidationError([
      {
        file: savePath,
        path: '',
        message:
          'the fight brought in no party (an encounter with `party: FILE` on a side, or `use: FILE#Name`): nothing to write back',
      },
    ]);
  if (files.length > 1)
    throw new UsageError(
      `party apply: the fight has members of ${files.map(shownPath).join(' and ')}: name one with --party FILE`,
    );
  return [...parties];
}
