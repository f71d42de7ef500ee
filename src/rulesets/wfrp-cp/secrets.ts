// What the Combat Points variant's events tell that the GM may keep (core/veil.ts): WFRP 1e's,
// with the variant's own kinds added. Indexes are into the event's `who`, the acting one first.
import type { Secrets } from '../../core/veil.js';
import { WFRP1E_EVENTS } from '../wfrp1e/secrets.js';

export const WFRP_CP_SECRETS: Secrets = {
  events: {
    ...WFRP1E_EVENTS,
    block: {},
    cover: {},
    fall: { health: 0 },
    fire: { health: 0 },
    fear: { roll: 0 },
    give: {},
    // The blow's CP, the defence's and the D100: the attacker's dice.
    blow: { roll: 0 },
    dodge: { roll: 0 },
    surprise: { roll: 0 },
    tie: { roll: 0 },
    deadly: { roll: 0 },
    precise: { roll: 0 },
    whirlwind: { roll: 0 },
    // The striker's S against the struck one's T: the struck one's part from its T on ("× (10 − T 4)").
    damage: { roll: 0, health: 1, healthFrom: /\s×\s\(10 [−-] T \d/ },
    spell: { roll: 0, health: 1 },
    insanity: { health: 0 },
    // Each one's CP, EI and pool follow its name.
    cast: { named: true },
    charge: { named: true },
    draw: { named: true },
    load: { named: true },
    lost: { named: true },
    pool: { named: true },
  },
  health: ['W', 'LP'],
};
