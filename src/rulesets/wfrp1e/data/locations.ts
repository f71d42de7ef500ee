import { rangeTable } from '../../../core/table.js';

/** Which critical chart a part uses (the text's four: head, arm, body, leg). */
export type Chart = 'head' | 'arm' | 'body' | 'leg';

/** Which armour pieces can cover a part. */
export type Zone = 'head' | 'arms' | 'body' | 'legs';

export interface Part {
  readonly id: string;
  readonly name: string;
  readonly chart: Chart;
  /** Null: no worn armour covers it (wings, tails, tentacles). A shield still does. */
  readonly zone: Zone | null;
  /** For arms and forelimbs: the hand whose held item a wound affects. */
  readonly hand?: 'right' | 'left';
}

function part(id: string, name: string, chart: Chart, zone: Zone | null, hand?: 'right' | 'left'): Part {
  return hand === undefined ? { id, name, chart, zone } : { id, name, chart, zone, hand };
}

export const PARTS = {
  head: part('head', 'head', 'head', 'head'),
  rightArm: part('right-arm', 'right arm', 'arm', 'arms', 'right'),
  leftArm: part('left-arm', 'left arm', 'arm', 'arms', 'left'),
  body: part('body', 'body', 'body', 'body'),
  rightLeg: part('right-leg', 'right leg', 'leg', 'legs'),
  leftLeg: part('left-leg', 'left leg', 'leg', 'legs'),
  // Non-humanoid parts. Which chart each uses is our reading (docs/rulesets/wfrp1e.md).
  rightWing: part('right-wing', 'right wing', 'arm', null),
  leftWing: part('left-wing', 'left wing', 'arm', null),
  tail: part('tail', 'tail', 'leg', null),
  horseBody: part('horse-body', 'horse body', 'body', 'body'),
  rightForeleg: part('right-foreleg', 'right foreleg', 'leg', 'legs'),
  leftForeleg: part('left-foreleg', 'left foreleg', 'leg', 'legs'),
  rightHindLeg: part('right-hind-leg', 'right hind leg', 'leg', 'legs'),
  leftHindLeg: part('left-hind-leg', 'left hind leg', 'leg', 'legs'),
  // Quadrupeds: "arms counting as forelimbs, legs as rear limbs".
  rightForelimb: part('right-forelimb', 'right forelimb', 'arm', 'arms', 'right'),
  leftForelimb: part('left-forelimb', 'left forelimb', 'arm', 'arms', 'left'),
  rightRearLimb: part('right-rear-limb', 'right rear limb', 'leg', 'legs'),
  leftRearLimb: part('left-rear-limb', 'left rear limb', 'leg', 'legs'),
} as const;

export function tentacle(n: number): Part {
  return part(`tentacle-${n}`, `tentacle ${n}`, 'arm', null);
}

/** Head n of a many-headed creature; head 1 is plain "head" for one-headed ones. */
export function headNumber(n: number, of: number): Part {
  return of <= 1 ? PARTS.head : part(`head-${n}`, `head ${n}`, 'head', 'head');
}

/** wfrp1e-combat.txt § Combat Procedure: the reversed to-hit roll on the humanoid table. */
export const HUMANOID_TABLE = rangeTable('humanoid hit location', 1, 100, [
  [1, 15, PARTS.head],
  [16, 35, PARTS.rightArm],
  [36, 55, PARTS.leftArm],
  [56, 80, PARTS.body],
  [81, 90, PARTS.rightLeg],
  [91, 100, PARTS.leftLeg],
]);

/**
 * Body plans of § Non-Humanoid Opponents. `humanoid` also serves quadrupeds' riders;
 * `quadruped` renames arms and legs as fore and rear limbs.
 */
export const BODY_PLANS = [
  'humanoid',
  'quadruped',
  'winged',
  'octopus',
  'multi-headed',
  'flightless-bird',
  'snake',
  'centaur',
  'hydra',
] as const;
export type BodyPlanKind = (typeof BODY_PLANS)[number];

export interface BodyPlan {
  readonly kind: BodyPlanKind;
  /** Heads (multi-headed creatures and hydras). */
  readonly heads: number;
  /** § Tails: struck when a head result comes from behind. */
  readonly tail: boolean;
}

export const HUMANOID: BodyPlan = { kind: 'humanoid', heads: 1, tail: false };

/** Each body plan's parts, worked out once (a plan is one object per combatant kind, and read only). */
const PARTS_OF = new WeakMap<BodyPlan, readonly Part[]>();

/** The parts a body plan has, for chosen locations (prone targets, targeted blows). */
export function partsOf(plan: BodyPlan): readonly Part[] {
  let parts = PARTS_OF.get(plan);
  if (parts === undefined) {
    parts = planParts(plan);
    PARTS_OF.set(plan, parts);
  }
  return parts;
}

function planParts(plan: BodyPlan): Part[] {
  const heads = Array.from({ length: Math.max(1, plan.heads) }, (_, i) => headNumber(i + 1, plan.heads));
  const tail = plan.tail ? [PARTS.tail] : [];
  switch (plan.kind) {
    case 'humanoid':
    case 'multi-headed':
      return [...heads, PARTS.rightArm, PARTS.leftArm, PARTS.body, PARTS.rightLeg, PARTS.leftLeg, ...tail];
    case 'quadruped':
      return [...heads, PARTS.rightForelimb, PARTS.leftForelimb, PARTS.body, PARTS.rightRearLimb, PARTS.leftRearLimb, ...tail];
    case 'winged':
      return [...heads, PARTS.rightArm, PARTS.leftArm, PARTS.rightWing, PARTS.leftWing, PARTS.body, PARTS.rightLeg, PARTS.leftLeg, ...tail];
    case 'octopus':
      return [...Array.from({ length: 8 }, (_, i) => tentacle(i + 1)), PARTS.body];
    case 'flightless-bird':
      return [...heads, PARTS.body, PARTS.rightLeg, PARTS.leftLeg, ...tail];
    case 'snake':
      return [...heads, PARTS.body];
    case 'centaur':
      return [
        ...heads, PARTS.rightArm, PARTS.leftArm, PARTS.body, PARTS.horseBody,
        PARTS.rightForeleg, PARTS.leftForeleg, PARTS.rightHindLeg, PARTS.leftHindLeg, ...tail,
      ];
    case 'hydra':
      return [...heads, PARTS.body, ...tail];
  }
}
