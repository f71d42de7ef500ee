// What OpenQuest's events tell that the Referee may keep from the players (core/veil.ts).
// Indexes are into the event's `who`, the acting one first. The Referee's statements of intent
// are `intent`: declared when the non-player characters are visible, kept until they act when not
// (OpenQuest, Combat § FIGHT! Drop into Combat Rounds).
import type { Secrets } from '../../core/veil.js';

export const OPENQUEST_SECRETS: Secrets = {
  events: {
    aside: {},
    close: {},
    distance: {},
    flee: { roll: 0 },
    outcome: {},
    round: {},
    surrender: {},
    intent: { intent: true },
    attack: { roll: 0 },
    avoid: { roll: 0 },
    chase: { roll: 0 },
    fumble: { roll: 0 },
    heal: { roll: 0 },
    reaction: { roll: 0 },
    scout: { roll: 0 },
    social: { roll: 0 },
    surprise: { roll: 0 },
    // The attacker's dice and damage modifier, then the struck one's AP and HP ("− 2 AP = 1 damage: HP 11 → 10").
    damage: { roll: 0, health: 1, healthFrom: /\s[−-] \d+ AP\b|\s= \d+ damage\b/ },
    death: { health: 0 },
    mortal: { health: 0 },
    order: { named: true },
    // The GM's ruling on a combatant (its numbers set, its roll given): its own.
    ruling: { roll: 0, health: 0, named: true },
    start: { named: true },
  },
  health: ['HP'],
};
