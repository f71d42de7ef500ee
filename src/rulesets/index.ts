import type { Ruleset } from '../core/ruleset.js';
import { provide } from './registry.js';
import { wfrp1e } from './wfrp1e/index.js';
import { wfrpCp } from './wfrp-cp/index.js';
import { openquest } from './openquest/index.js';
import { fantasyWargaming } from './fantasy-wargaming/index.js';
import { ahqHouse } from './ahq-house/index.js';

// All five are loaded here, for the library and the server, which may be asked for any; the
// command line loads only those its files name (./registry.ts).
/** Every ruleset Fray knows, by id. */
export const RULESETS: ReadonlyMap<string, Ruleset> = new Map<string, Ruleset>([
  [wfrp1e.id, wfrp1e],
  [wfrpCp.id, wfrpCp as unknown as Ruleset],
  [openquest.id, openquest as unknown as Ruleset],
  [fantasyWargaming.id, fantasyWargaming as unknown as Ruleset],
  [ahqHouse.id, ahqHouse as unknown as Ruleset],
]);
provide(RULESETS.values());
