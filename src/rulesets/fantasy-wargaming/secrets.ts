// What Fantasy Wargaming's events tell that the GM may keep from the players (core/veil.ts).
// Indexes are into the event's `who`, the acting one first.
import type { Secrets } from '../../core/veil.js';

export const FANTASY_WARGAMING_SECRETS: Secrets = {
  events: {
    action: {},
    disengage: {},
    fled: {},
    flee: {},
    'into-melee': {},
    leader: {},
    lunge: {},
    outcome: {},
    phase: {},
    step: {},
    surrender: {},
    berserk: { roll: 0 },
    breaks: { roll: 0 },
    defence: { roll: 0 },
    morale: { roll: 0 },
    rally: { roll: 0 },
    // The striker's WF and D20, then from its damage dice on the struck one's protection and endurance.
    strike: { roll: 0, health: 1, healthFrom: /; \d*D\d+(?:[+-]\d+)?:/ },
    effect: { health: 0 },
    wound: { health: 0 },
    // The GM's ruling on a combatant (its numbers set, its roll given): its own.
    ruling: { roll: 0, health: 0, named: true },
    start: { named: true },
  },
  health: ['endurance', 'EN'],
};
