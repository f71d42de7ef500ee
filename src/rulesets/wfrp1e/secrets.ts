// What WFRP 1e's events tell that the GM may keep from the players (core/veil.ts): whose dice
// each kind of event shows, whose health, and where each combatant's numbers follow its name.
// Indexes are into the event's `who`, the acting combatant first. A kind not listed is kept
// whole for a combatant the GM keeps.
import type { EventSecret, Secrets } from '../../core/veil.js';

const NOTHING: EventSecret = {};
const ROLL: EventSecret = { roll: 0 };
const NAMED: EventSecret = { named: true };

export const WFRP1E_EVENTS: Readonly<Record<string, EventSecret>> = {
  // The table sees these: where models are and go, who closes, turns, draws, flees, is out.
  aim: NOTHING,
  burst: NOTHING,
  charge: NOTHING,
  declare: NOTHING,
  delay: NOTHING,
  direction: NOTHING,
  distance: NOTHING,
  dive: NOTHING,
  tend: NOTHING,
  engage: NOTHING,
  miss: NOTHING,
  move: NOTHING,
  outcome: NOTHING,
  pass: NOTHING,
  positions: NOTHING,
  press: NOTHING,
  push: NOTHING,
  round: NOTHING,
  switch: NOTHING,
  wake: NOTHING,
  // A blow that cannot hurt the creature it strikes (only magic wounds it): nothing to hide.
  unharmed: NOTHING,
  // Rolls of the one acting: to hit, to parry, tests, the location read off the to-hit dice; a
  // blow let go names its EI, a flight its test (Combat Points).
  additional: ROLL,
  flee: ROLL,
  idle: ROLL,
  blow: ROLL,
  fumble: ROLL,
  light: ROLL,
  location: ROLL,
  misfire: ROLL,
  mounted: ROLL,
  parry: ROLL,
  shot: ROLL,
  stray: ROLL,
  'slain-mount': ROLL,
  stress: ROLL,
  test: ROLL,
  // The attacker's dice and S against the struck one's T and armour: both sides' secrets, the
  // struck one's from its T on ("D6 4 + S 3 − T 4 − 1 leather = 2 W").
  damage: { roll: 0, health: 1, healthFrom: /\s[−-] T \d/ },
  stun: { roll: 0, health: 1 },
  // What the struck one has left, or how far past its W the blow went.
  critical: { health: 0 },
  'head-lost': { health: 0 },
  'stun-wound': { health: 0 },
  wounds: { health: 0 },
  // What follows a combatant's name is its own: a critical's number, a fumble's, its EI, a fire.
  drop: NAMED,
  fall: { health: 0 },
  fire: NAMED,
  item: NAMED,
  lasting: NAMED,
  // A Wight's drain: the S each one has after it.
  drain: NAMED,
  load: NAMED,
  out: NAMED,
  'take-up': NAMED,
  // Which side gets the edge and by how much: the GM's roll.
  edge: { gm: true },
  // A round's tally of wounds caused and received: the other side's wounds, whoever caused them.
  winning: { wounds: true, named: true },
  // The GM's ruling on a combatant (its numbers set, its roll given): its own.
  ruling: { roll: 0, health: 0, named: true },
  // Lines that go through several combatants, each with its own numbers.
  grapple: NAMED,
  order: NAMED,
  start: NAMED,
};

export const WFRP1E_SECRETS: Secrets = { events: WFRP1E_EVENTS, health: ['W'] };
