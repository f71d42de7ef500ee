// A stat block read into a combatant entry, for every way in (`fray import`, the page's paste box):
// the ruleset's importer reads it, and the entry must then load as a character of the ruleset, a
// value the schema refuses being reported at the line it was read from.
import { ValidationError, type Issue } from '../core/document.js';
import { printable } from '../core/names.js';
import type { LoadEnv } from '../core/ruleset.js';
import { COMMAND_LINE, StatBlock, type Asking, type Imported } from '../core/statblock.js';
import { REGISTRY } from '../rulesets/registry.js';
import { checkCharacter } from './character.js';

/** The rulesets that read stat blocks, for messages. */
export function importingRulesets(): string[] {
  return [...REGISTRY.keys()].filter((id) => REGISTRY.get(id)?.importer);
}

/**
 * Reads `text` (named `file` in messages) as a creature or character of `ruleset`: the entry and
 * the account of what was read, what was not, and what to check. Refused (ValidationError, at its
 * line) when nothing can be read, or when what was read is not a legal character.
 */
export function importBlock(
  ruleset: string,
  text: string,
  file: string,
  o: { readonly name?: string; readonly env: LoadEnv; readonly asking?: Asking },
): Imported {
  const asking = o.asking ?? COMMAND_LINE;
  const r = REGISTRY.get(ruleset);
  if (!r?.importer)
    throw new ValidationError([
      {
        file: asking.file,
        path: asking.ruleset,
        message: `${r ? `${ruleset} reads no stat blocks` : `unknown ruleset '${printable(ruleset.slice(0, 40), true)}'`}; these do: ${importingRulesets().join(', ')}`,
      },
    ]);
  if (o.name !== undefined && o.name.trim() === '')
    throw new ValidationError([
      { file: asking.file, path: asking.name, message: 'expected a name, not empty' },
    ]);
  const block = new StatBlock(file, text, asking);
  const imported = r.importer(block, {
    ...(o.name !== undefined ? { name: o.name.trim() } : {}),
    env: o.env,
  });
  try {
    checkCharacter(ruleset, { ...imported.entry });
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(e.issues.map((i) => located(i, imported, file)));
  }
  return imported;
}

/**
 * A problem of the entry, placed where its field was read: the field itself (`skills.close`), else
 * the nearest field holding it (`profile`), else the line its part of the summary came from.
 */
function located(i: Issue, imported: Imported, file: string): Issue {
  const parts = i.path.split(/[.[\]]/).filter((x) => x !== '');
  for (let k = parts.length; k > 0; k--) {
    const at = Object.hasOwn(imported.placed, parts.slice(0, k).join('.'))
      ? imported.placed[parts.slice(0, k).join('.')]
      : undefined;
    if (at) return { file, line: at.line, col: at.col, path: i.path, message: i.message };
  }
  const read = imported.read.find((f) => f.field === parts[0] && f.lines.length > 0);
  const line = read?.lines.at(-1);
  return line === undefined
    ? { file, path: i.path, message: i.message }
    : { file, line, col: 1, path: i.path, message: i.message };
}
