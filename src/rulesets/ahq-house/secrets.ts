// What the grid house rules' events tell that the GM may keep from the players (core/veil.ts).
// Indexes are into the event's `who`, the acting one first.
import type { Secrets } from '../../core/veil.js';

export const AHQ_HOUSE_SECRETS: Secrets = {
  events: {
    board: {},
    facing: {},
    flee: {},
    hold: {},
    move: {},
    outcome: {},
    phase: {},
    amok: { roll: 0 },
    attack: { roll: 0 },
    bravery: { roll: 0 },
    evade: { roll: 0 },
    shoot: { roll: 0 },
    spell: { roll: 0 },
    // The attacker's damage dice against the struck one's T, and the W it has left.
    damage: { roll: 0, health: 1, healthFrom: / against T \d/ },
    // The GM's ruling on a combatant (its numbers set, its roll given): its own.
    ruling: { roll: 0, health: 0, named: true },
    start: { named: true },
  },
  health: ['W'],
};
