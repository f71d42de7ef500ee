// Encounters as the page writes them: a value on one line of YAML, the encounter with each
// combatant on a line, and the builder's first draft of an encounter from the creatures and
// characters picked. No DOM here: the unit tests (test/builder.test.ts) write every ruleset's
// drafts with these functions and check them as files are checked.
import { firstRoom, placeOnGrid, readGridModels, writeGrid } from './board/grid.js';

export type Json = Record<string, unknown>;

/** A value as YAML on one line (`{ name: Helmut, weapons: [sword] }`), quoting only what needs it. */
export function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${inline(x)}`)
      .join(', ')} }`;
  // A word YAML reads as something else (a character called True, or Null) is quoted too.
  if (typeof v === 'string' && (!/^[A-Za-z][\w .'-]*$/.test(v) || /^(true|false|null)$/i.test(v)))
    return JSON.stringify(v);
  return String(v);
}

/** The encounter as YAML: top-level fields, a multi-line text as a block, each combatant on a line. */
export function toYaml(d: Json): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(d)) {
    if (k === 'sides' && Array.isArray(v)) {
      out.push('sides:');
      for (const side of v as Json[]) {
        const { combatants, ...rest } = side;
        const first = Object.entries(rest);
        first.forEach(([sk, sv], i) => out.push(`${i === 0 ? '  - ' : '    '}${sk}: ${inline(sv)}`));
        if (Array.isArray(combatants)) {
          out.push(`${first.length ? '    ' : '  - '}combatants:`);
          for (const c of combatants) out.push(`      - ${inline(c)}`);
        }
      }
    } else if (typeof v === 'string' && v.includes('\n')) {
      const lines = v.replace(/\n$/, '').split('\n');
      // A block whose first line starts with a space says how far it is indented (a map's row
      // may: a space is a wall), or YAML would take that space for the indentation.
      out.push(`${k}: |${lines[0]?.startsWith(' ') ? '2' : ''}\n${lines.map((l) => `  ${l}`).join('\n')}`);
    } else out.push(`${k}: ${inline(v)}`);
  }
  return `${out.join('\n')}\n`;
}

/** What the builder was given for one line of a side: a creature of the bestiary, or a character's entry. */
export interface Pick {
  /** A creature of the bestiary, or a character's name. */
  readonly use: string;
  readonly count: number;
  readonly side: 0 | 1;
  /**
   * What goes into the encounter for a character of the campaign: a member of the party by
   * reference (`{ use: party-wfrp1e.yaml#Helmut }`: each fight starts from the character as it is
   * then); another character, or a stat block pasted, whole.
   */
  readonly entry?: Json;
}

/** What the builder knows of a bestiary's creature: its name, and its bulk where the ruleset's board needs it. */
export interface CreatureBulk {
  readonly id: string;
  readonly name: string;
  readonly size?: number | null;
  readonly height?: number | null;
}

/** The rulesets whose encounters place their models on a grid drawn as a text map. */
export const GRID_RULESETS: ReadonlySet<string> = new Set(['ahq-house']);
/** The rulesets whose encounters may place their models on a scene in yards. */
export const SCENE_RULESETS: ReadonlySet<string> = new Set(['wfrp1e', 'wfrp-cp']);

/**
 * The builder's draft: two sides of the creatures and characters picked. Where the ruleset fights
 * on a grid, the draft has a room drawn for it and every model on a square of its own (a grid
 * encounter without them is refused, and a group is one square per model, not a count).
 */
export function encounterData(
  ruleset: string,
  title: string,
  sides: readonly [string, string],
  picks: readonly Pick[],
  creatures: readonly CreatureBulk[],
): Json {
  const side = (i: 0 | 1): Json => ({
    name: sides[i],
    ...(i === 0 ? { players: true } : {}),
    combatants: picks
      .filter((p) => p.side === i)
      .map((p) => p.entry ?? (p.count > 1 ? { use: p.use, count: p.count } : { use: p.use })),
  });
  const data: Json = { ruleset, title, sides: [side(0), side(1)] };
  if (!GRID_RULESETS.has(ruleset)) return data;
  const named = nameOfCreature(creatures);
  const sized = sizeOfCreature(creatures);
  const models = readGridModels(data, null, named, sized);
  const room = firstRoom(models);
  return writeGrid(data, room.board, placeOnGrid(models, room.places));
}

/** The builder's draft as YAML. */
export function encounterYaml(
  ruleset: string,
  title: string,
  sides: readonly [string, string],
  picks: readonly Pick[],
  creatures: readonly CreatureBulk[],
): string {
  return toYaml(encounterData(ruleset, title, sides, picks, creatures));
}

/** An entry's name as a fight will call it: its own, else its creature's, else a party member's (`heroes.yaml#Helmut`). */
export function nameOfCreature(creatures: readonly CreatureBulk[]): (c: Json) => string {
  const byId = new Map(creatures.map((c) => [c.id, c.name]));
  return (c) =>
    typeof c.name === 'string'
      ? c.name
      : typeof c.use === 'string'
        ? (byId.get(c.use) ?? c.use.replace(/^.+\.(?:ya?ml|json)#/i, ''))
        : '?';
}

/** Squares a side an entry's models fill: its own `size`, else its creature's, else one. */
export function sizeOfCreature(creatures: readonly CreatureBulk[]): (c: Json) => number {
  const byId = new Map(creatures.map((c) => [c.id, c.size ?? 1]));
  return (c) =>
    typeof c.size === 'number' ? c.size : typeof c.use === 'string' ? (byId.get(c.use) ?? 1) : 1;
}
