// Every ruleset Fray knows, by id, each one's code imported when it is first needed: a command
// reads the encounter's ruleset and no other (the bundle keeps each in a chunk of its own, and
// building one's schemas and tables was most of a command's start: docs/architecture.md, The
// build). The loaders of src/files and src/sim find a ruleset here, synchronously, so whoever
// calls them makes sure it is loaded: the command line with `loadRulesets` for the ids its files
// name, the library, the server and the workers by importing ./index.ts, which loads all five.
import type { Registry } from '../core/encounter.js';
import type { Ruleset } from '../core/ruleset.js';
import { RULESET_IDS, type RulesetId } from './ids.js';

/** Each ruleset's module, imported (a variant's brings its base's with it). */
const IMPORTS: { readonly [K in RulesetId]: () => Promise<Ruleset> } = {
  wfrp1e: async () => (await import('./wfrp1e/index.js')).wfrp1e as unknown as Ruleset,
  'wfrp-cp': async () => (await import('./wfrp-cp/index.js')).wfrpCp as unknown as Ruleset,
  openquest: async () => (await import('./openquest/index.js')).openquest as unknown as Ruleset,
  'fantasy-wargaming': async () =>
    (await import('./fantasy-wargaming/index.js')).fantasyWargaming as unknown as Ruleset,
  'ahq-house': async () => (await import('./ahq-house/index.js')).ahqHouse as unknown as Ruleset,
};

const loaded = new Map<string, Ruleset>();

/** Whether Fray knows a ruleset of this id (loaded or not). */
export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === 'string' && (RULESET_IDS as readonly string[]).includes(id);
}

/** Whether every ruleset is loaded already (the library, the server): then nothing need be looked for. */
export function allLoaded(): boolean {
  return loaded.size === RULESET_IDS.length;
}

/** Loads the rulesets of these ids; an id Fray does not know is left for the loader to refuse. */
export async function loadRulesets(ids: Iterable<unknown>): Promise<void> {
  for (const id of new Set(ids)) if (isRulesetId(id) && !loaded.has(id)) loaded.set(id, await IMPORTS[id]());
}

/** Makes known the rulesets a module imported itself (./index.ts, all five at once). */
export function provide(rulesets: Iterable<Ruleset>): void {
  for (const r of rulesets) loaded.set(r.id, r);
}

/**
 * The rulesets as the loaders look an encounter's up: every id Fray knows, and each loaded one by
 * its id. A ruleset asked for before it is loaded is a mistake of the caller's, said as such.
 */
export const REGISTRY: Registry = {
  keys: () => RULESET_IDS.values(),
  get(id) {
    const r = loaded.get(id);
    if (r || !isRulesetId(id)) return r;
    throw new Error(
      `the ruleset ${id} is asked for before it is loaded (loadRulesets, src/rulesets/registry.ts)`,
    );
  },
};
