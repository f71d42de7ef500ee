// Where a blow lands: § Combat Procedure step 3, § Non-Humanoid Opponents, § Especially Tall Opponents.
import type { FightContext } from '../../core/context.js';
import { lookup } from '../../core/table.js';
import { formatD100 } from '../../dice/d100.js';
import { HUMANOID_TABLE, PARTS, headNumber, partsOf, tentacle, type Part } from './data/locations.js';
import { muchTaller } from './rules.js';
import { d100, roll } from './say.js';
import type { Fighter } from './state.js';

export interface Located {
  readonly part: Part;
  /** How it was found, for the explanation: "72 → body", "D4 1 → right wing". */
  readonly steps: readonly string[];
}

/** § Non-Humanoid Opponents: a quadruped's arms are its forelimbs, its legs its rear limbs. */
const QUADRUPED_LIMBS: ReadonlyMap<Part, Part> = new Map([
  [PARTS.rightArm, PARTS.rightForelimb],
  [PARTS.leftArm, PARTS.leftForelimb],
  [PARTS.rightLeg, PARTS.rightRearLimb],
  [PARTS.leftLeg, PARTS.leftRearLimb],
]);

const NO_STEPS: readonly string[] = [];

/** Safety cap on § Especially Tall Opponents re-rolls; past it the blow lands on a leg. */
const MAX_REROLLS = 50;

function whichHead(ctx: FightContext, target: Fighter, steps: string[] | null): Part {
  const left = target.body.heads - target.headsLost;
  if (left <= 1) return headNumber(target.headsLost + 1, target.body.heads);
  const k = roll(ctx, left, target, `which head is struck (D${left})`);
  steps?.push(`D${left} ${k} → head ${target.headsLost + k}`);
  return headNumber(target.headsLost + k, target.body.heads);
}

/** The body plan's part for a D100 location result `r`; sub-rolls use the context's dice. */
/** `steps`: how the part was found, kept when the fight is explained (null in simulation). */
function planPart(
  ctx: FightContext,
  target: Fighter,
  r: number,
  fromRear: boolean,
  steps: string[] | null,
): Part {
  const plan = target.body;
  switch (plan.kind) {
    case 'octopus': {
      const d = roll(ctx, 10, target, 'octopus hit location (D10: 1-8 tentacle, 9-10 body)');
      steps?.push(`D10 ${d} → ${d <= 8 ? `tentacle ${d}` : 'body'}`);
      return d <= 8 ? tentacle(d) : PARTS.body;
    }
    case 'snake': {
      const d = roll(ctx, 4, target, 'snake hit location (D4: 1-3 body, 4 head)');
      steps?.push(`D4 ${d} → ${d <= 3 ? 'body' : 'head'}`);
      return d <= 3 ? PARTS.body : PARTS.head;
    }
    case 'hydra': {
      const d = roll(
        ctx,
        10,
        target,
        `hydra hit location (D10: ${fromRear ? '1 heads, 2-10 body' : '1-9 heads, 10 body'})`,
      );
      const head = fromRear ? d === 1 : d <= 9;
      steps?.push(`D10 ${d}${fromRear ? ' from the rear' : ''} → ${head ? 'a head' : 'body'}`);
      return head ? whichHead(ctx, target, steps) : PARTS.body;
    }
    default:
      break;
  }
  let part = lookup(HUMANOID_TABLE, r);
  steps?.push(`${formatD100(r)} → ${part.name}`);
  if (part === PARTS.head && plan.tail && fromRear) {
    steps?.push('from behind, a head result strikes the tail');
    return PARTS.tail;
  }
  switch (plan.kind) {
    case 'humanoid':
      break;
    case 'multi-headed':
      if (part === PARTS.head) part = whichHead(ctx, target, steps);
      break;
    case 'quadruped': {
      part = QUADRUPED_LIMBS.get(part) ?? part;
      break;
    }
    case 'winged':
      if (part === PARTS.rightArm || part === PARTS.leftArm) {
        const d = roll(ctx, 4, target, 'arm or wing (D4: 1 wing)');
        const wing = d === 1;
        steps?.push(`D4 ${d} → ${wing ? 'wing' : 'arm'}`);
        if (wing) part = part === PARTS.rightArm ? PARTS.rightWing : PARTS.leftWing;
      } else if (part === PARTS.body && fromRear) {
        const d = roll(ctx, 8, target, 'body or wing from the rear (D8: 1-3 right wing, 4-6 left wing)');
        part = d <= 3 ? PARTS.rightWing : d <= 6 ? PARTS.leftWing : PARTS.body;
        steps?.push(`D8 ${d} from the rear → ${part.name}`);
      }
      break;
    case 'flightless-bird':
      if (part === PARTS.rightArm || part === PARTS.leftArm) {
        steps?.push('arm hits become body hits');
        part = PARTS.body;
      }
      break;
    case 'centaur':
      if (part === PARTS.body) {
        const d = roll(ctx, 10, target, 'horse or humanoid body (D10: 1-6 horse)');
        part = d <= 6 ? PARTS.horseBody : PARTS.body;
        steps?.push(`D10 ${d} → ${part.name}`);
      } else if (part === PARTS.rightLeg || part === PARTS.leftLeg) {
        const right = part === PARTS.rightLeg;
        part = fromRear
          ? right
            ? PARTS.rightHindLeg
            : PARTS.leftHindLeg
          : right
            ? PARTS.rightForeleg
            : PARTS.leftForeleg;
        steps?.push(`→ ${part.name}${fromRear ? ' (from the rear)' : ''}`);
      }
      break;
    default:
      break;
  }
  return part;
}

/** § Especially Tall Opponents: what a much smaller attacker can reach: legs and attacking limbs. */
export function reachable(target: Fighter, part: Part): boolean {
  if (part.chart === 'leg' && part !== PARTS.tail) return true;
  return target.spec.attacksWith.some((id) => id === part.id || (id === 'head' && part.chart === 'head'));
}

/**
 * The part a blow strikes, starting from `first` (the reversed to-hit roll). A much smaller
 * attacker re-rolls results it cannot reach (§ Especially Tall Opponents).
 */
export function hitLocation(
  ctx: FightContext,
  attacker: Fighter,
  target: Fighter,
  first: number,
  fromRear: boolean,
): Located {
  const steps: string[] | null = ctx.explain ? [] : null;
  const tall = muchTaller(attacker.height, target.height);
  let r = first;
  for (let i = 0; i <= MAX_REROLLS; i++) {
    const part = planPart(ctx, target, r, fromRear, steps);
    if (!tall || reachable(target, part)) return { part, steps: steps ?? NO_STEPS };
    steps?.push(`out of reach of a ${attacker.height}' attacker on a ${target.height}' target: re-roll`);
    r = d100(ctx, attacker, `hit location re-roll (out of reach on ${target.name})`);
  }
  const low = partsOf(target.body).find((p) => reachable(target, p)) ?? PARTS.body;
  steps?.push(`re-roll limit reached: the ${low.name}`);
  return { part: low, steps: steps ?? NO_STEPS };
}
