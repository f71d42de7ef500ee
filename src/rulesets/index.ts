import type { Ruleset } from '../core/ruleset.js';
import { provide } from './registry.js';
import { wfrp1e } from './wfrp1e/index.js';
import { wfrpCp } from './wfrp-cp/index.js';
import { openquest } from './openquest/index.js';
import { fantasyWargaming } from './fantasy-wargaming/index.js';
import { ahqHouse } from './ahq-house/index.js';

/**
 * Every ruleset Fray knows, by id, all five loaded: the library's and the server's, which may be
 * asked for any. The command line loads only the ones its files name (./registry.ts).
 */
export const RULESETS: ReadonlyMap<string, Ruleset> = new Map<string, Ruleset>([
  [wfrp1e.id, wfrp1e],
  [wfrpCp.id, wfrpCp as unknown as Ruleset],
  [openquest.id, openquest as unknown as Ruleset],
  [fantasyWargaming.id, fantasyWargaming as unknown as Ruleset],
  [ahqHouse.id, ahqHouse as unknown as Ruleset],
]);
provide(RULESETS.values());
