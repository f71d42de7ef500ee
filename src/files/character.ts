// Characters in the campaign: each a combatant entry as an encounter writes it, checked by its
// ruleset's own schema (the same as the command line's) by loading it into a small encounter of
// its own; a problem comes back at the field of the entry, and at its line when it came as text.
import { SourceDoc, ValidationError, type Issue } from '../core/document.js';
import { sheetsWithWarnings } from '../core/loader.js';
import type { CombatantSheet } from '../core/ruleset.js';
import { encounterFromData, type FightFile } from './fight-file.js';
import { isRulesetId, REGISTRY } from '../rulesets/registry.js';

/** The grid house rules place every model: a room for the check, with space for a large one (2 × 2) at each mark. */
const PLACED: Readonly<Record<string, { map: string; at: readonly [string, string] }>> = {
  'ahq-house': {
    map: '###########\n#A....B...#\n#.........#\n#.........#\n###########',
    at: ['A', 'B'],
  },
};

/** The entry read from text (YAML or JSON of one combatant), with its document for the lines. */
export function entryFromText(text: string): { entry: Record<string, unknown>; doc: SourceDoc } {
  const doc = SourceDoc.parse('character', text);
  if (doc.data === null || typeof doc.data !== 'object' || Array.isArray(doc.data))
    throw new ValidationError([
      { file: 'character', path: '', message: 'expected one combatant: a map of name, profile, …' },
    ]);
  return { entry: doc.data as Record<string, unknown>, doc };
}

/** Checks a character for a ruleset; returns its name. */
export function checkCharacter(ruleset: string, entry: Record<string, unknown>, doc?: SourceDoc): string {
  return loadCharacter(ruleset, entry, doc).name;
}

/**
 * The character's sheet as `fray sheet` computes it (the values the rules derive, what its
 * tactics do, what the load warns of), for the page's builder and `fray sheet --creature`.
 */
export function characterSheet(
  ruleset: string,
  entry: Record<string, unknown>,
  doc?: SourceDoc,
): CombatantSheet {
  const { ff } = loadCharacter(ruleset, entry, doc);
  const { ruleset: r, setup } = ff.loaded;
  const sheet = r.sheets ? sheetsWithWarnings(r.sheets(setup), setup.warnings)[0] : undefined;
  if (!sheet)
    throw new ValidationError([{ file: 'character', path: '', message: `${ruleset} computes no sheets` }]);
  return sheet;
}

/** Loads a character into a small encounter of its own (against its double); refused at its fields. */
export function loadCharacter(
  ruleset: string,
  entry: Record<string, unknown>,
  doc?: SourceDoc,
): { name: string; ff: FightFile } {
  if (!isRulesetId(ruleset))
    throw new ValidationError([
      {
        file: 'character',
        path: 'ruleset',
        message: `no ruleset '${ruleset}'; known: ${[...REGISTRY.keys()].join(', ')}`,
      },
    ]);
  // A field as messages write it ("weapons[0]", "profile.WS") back into the steps that locate it.
  const steps = (path: string) =>
    (path.match(/[^.[\]]+/g) ?? []).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const at = (path: string, message: string): Issue =>
    doc ? doc.issue(steps(path), message) : { file: 'character', path, message };
  const name = typeof entry.name === 'string' ? entry.name.trim() : '';
  if (!name) throw new ValidationError([at('name', 'a character needs a name')]);
  if (entry.count !== undefined)
    throw new ValidationError([at('count', 'a character is one combatant: no count')]);
  const placed = PLACED[ruleset];
  const { at: _at, facing: _facing, enters: _enters, ...own } = entry;
  const one = (i: 0 | 1) => ({
    ...own,
    name: i === 0 ? name : `${name} (its double)`,
    ...(placed ? { at: placed.at[i] } : {}),
  });
  const encounter = {
    ruleset,
    title: 'character check',
    ...(placed ? { map: placed.map } : {}),
    sides: [
      { name: 'A', players: true, combatants: [one(0)] },
      { name: 'B', combatants: [one(1)] },
    ],
  };
  try {
    return { name, ff: encounterFromData('character', encounter) };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // The character's own problems; the double's only when the character has none (it is placed
    // elsewhere); the check's encounter's own ("side 'A' has nobody in the fight") only when
    // nothing is said of the character, for they follow from what is.
    const own = /^sides\[0\]\.combatants\[0\]\.?/;
    const double = /^sides\[1\]\.combatants\[0\]\.?/;
    const of = (re: RegExp) =>
      e.issues.filter((i) => re.test(i.path)).map((i) => at(i.path.replace(re, ''), i.message));
    const mine = of(own);
    const theirs = of(double);
    const rest = e.issues
      .filter((i) => !own.test(i.path) && !double.test(i.path))
      .map((i) => ({ file: 'character', path: i.path, message: i.message }));
    throw new ValidationError(mine.length > 0 ? mine : theirs.length > 0 ? theirs : rest);
  }
}
