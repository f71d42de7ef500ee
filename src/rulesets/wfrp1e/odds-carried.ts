// What the WFRP 1e exact duel carries, and why it refuses a duel: what in the encounter keeps it
// out before any blow (duelObstacles), the lasting effects a critical may leave that the chain does
// not follow, met on the way (uncarried, thrown as Uncarried), and the words of a refusal
// (notCarried), which the Combat Points chain shares.
import { notOneAgainstOne } from '../../core/odds.js';
import type { W1Setup } from './encounter.js';
import { current, strongHand, type Fighter, type W1State } from './state.js';
import { WFRP1E_OPTIONS } from './options.js';
import type { Lasting } from './odds-lasting.js';
import { blowOutcome } from './creatures.js';

/** Why the duel cannot be a finite Markov chain of this module (empty: it can). */
export function duelObstacles(st: W1State, setup: W1Setup): string[] {
  const why: string[] = [];
  const fs = st.combatants;
  // Of more than two, that is all there is to say: what else would stand in a duel's way does not matter.
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  // Detailed criticals: the chain plays them through the engine and refuses, naming it, the
  // first lasting effect it does not carry (uncarried).
  // With fumbles off, a detailed critical's flight or dropped weapon may stop the chain next: both
  // are said at once, so that one more try answers.
  const andCriticals =
    st.opt.criticals === 'sudden-death'
      ? ''
      : ` (and, where detailed criticals leave an effect it does not carry either, -o ${LASTING_SOURCES['detailed criticals'].option})`;
  if (st.opt.fumbles) why.push(`${notCarried('fumbles', null)}${andCriticals}`);
  // Options the chain reads as the engine does; every other one as its default.
  for (const o of WFRP1E_OPTIONS) {
    if (CHAIN_OPTIONS.includes(o.name)) continue;
    const v = setup.optionValues[o.name];
    if (v !== undefined && v !== o.default)
      why.push(`the option ${o.name}=${v} (the chain follows its default, ${o.default})`);
  }
  if (setup.spatial) why.push('positions and movement are part of the state');
  if (setup.start === 'charge') why.push('the first round is a charge');
  if (setup.sides.some((s) => s.surprised || s.ambush)) why.push('someone is surprised');
  if (setup.door || setup.wandering) why.push('a door or a wandering approach');
  for (const f of fs) {
    if (f.mount || f.rider) why.push(`${f.name} is mounted`);
    if (
      f.tactics.stun ||
      f.tactics.grapple ||
      f.tactics.aim !== 'none' ||
      f.tactics.fleeBelow > 0 ||
      !f.tactics.press
    )
      why.push(`${f.name}'s tactics stun, grapple, aim, flee or hold back a beaten foe`);
    if (f.asleep || f.spec.situation.higherGround || f.spec.situation.obstacle || f.spec.situation.behind)
      why.push(`${f.name} is asleep, or has ground, an obstacle or the rear`);
    const held = f[strongHand(f)];
    if (!held || held.shield || held.missile || f.spec.leftHanded)
      why.push(
        `${f.name} fights without a hand weapon in the right hand (unarmed or left-handed blows follow other rules)`,
      );
    if (current(f, 'I', 1) <= 1) why.push(`${f.name}'s I of 1 or less`);
    if (f.right?.missile || f.left?.missile) why.push(`${f.name} holds a missile weapon`);
    if (f.body.heads > 1) why.push(`${f.name} has several heads (a head lost is not the fight lost)`);
    // A creature's own rules (creatures.ts): the chain carries W, not S drained nor blows that do nothing.
    const other = fs[0] === f ? fs[1] : fs[0];
    const weapon = held && !held.shield && !held.missile ? held : (f.natural[0] ?? null);
    const outcome = other ? blowOutcome(f.spec, weapon, other.spec) : 'wounds';
    if (outcome === 'drain') why.push(`${f.name}'s blows drain S from the living instead of wounding`);
    if (outcome === 'immune' || outcome === 'ethereal')
      why.push(`${f.name}'s blows cannot hurt ${other?.name ?? ''} (a creature's own rule)`);
  }
  return why;
}

/**
 * The options whose every value the chain follows as the engine does: those it reads, and those
 * that change nothing in the duels it accepts (no charge, no missile, no weapon taken up, no oil).
 */
const CHAIN_OPTIONS: readonly string[] = [
  'criticals',
  'fumbles',
  'additionalDamage',
  'effectiveInitiative',
  'weaponModifiers',
  'multipleAttacks',
  'specialistWeapons',
  'bracerPenalty',
  'blowSpacing',
  'parryTest',
  'monsterParry',
  'takeUp',
  'chargeBonus',
  'missileCriticals',
  'reloadStress',
  'extremeAim',
  'fireDamage',
];

/** The chain met a lasting effect it does not carry: it refuses the duel, naming the effect. */
export class Uncarried extends Error {}

const COND_WORDS: Readonly<Record<string, string>> = {
  noAction: 'no action',
  parryOnly: 'parry only',
  noAttacks: 'no attacks next round',
  prone: 'prone',
  shieldParryOnly: 'shield parry only',
  handUseless: 'a useless hand or arm that holds something',
  toHit: 'a to-hit penalty',
  eachRound: 'a test each round',
  trapped: 'trapped',
  entangled: 'entangled',
};

/**
 * The conditions the chain carries: what they change is read by the engine's own functions from
 * the fighter as the state has it (canAttack at each moment, canParry and parryHands at each
 * parry, toHitModifiers in the blow's model). Changed characteristics are carried likewise: every
 * figure the chain takes from a fighter is the engine's `current`. Shield parry only is read by
 * parryHands alone.
 */
const CARRIED_CONDS: ReadonlySet<string> = new Set([
  'parryOnly',
  'noAttacks',
  'noAction',
  'toHit',
  'prone',
  'eachRound',
  'shieldParryOnly',
]);

/**
 * Whether a useless hand changes nothing the chain plays: it holds nothing (the lasting state
 * then leaves it out, odds-lasting.ts, while nothing lies on the ground). One that holds a weapon
 * leaves the blows to the other hand or to fists (usableWeapons), which the blow's model does not
 * follow; one that holds a shield takes the shield's parry away, which parryHands would read, but
 * multiplies the states past the budget in the duels tried (not carried yet).
 */
function uselessHandCarried(v: Fighter, c: Lasting['conds'][number]): boolean {
  return c.hand !== undefined && v[c.hand] === null;
}

/**
 * Why the chain cannot go on from lasting state `l` of `base`, rebuilt as `v` (null: it can): the
 * effects it does not carry. One out of the fight carries nothing further (the fight is decided).
 */
export function uncarried(l: Lasting, base: Fighter, v: Fighter): string | null {
  if (l.out !== null) return null;
  const what: string[] = [];
  for (const c of l.conds)
    if (c.kind === 'handUseless' ? !uselessHandCarried(v, c) : !CARRIED_CONDS.has(c.kind))
      what.push(COND_WORDS[c.kind] ?? c.kind);
  if (l.ground.length > 0 || (base.right !== null) !== l.right >= 0 || (base.left !== null) !== l.left >= 0)
    what.push('a dropped or destroyed weapon');
  if (l.diesIn !== null) what.push('dying');
  if (what.length === 0) return null;
  return notCarried('detailed criticals', `${[...new Set(what)].join(', ')} on ${base.name}`);
}

/** What each source of lasting effects leaves that a chain may not carry, and the option that leaves them out. */
const LASTING_SOURCES = {
  'detailed criticals': {
    examples: 'a dropped weapon, a useless hand, dying…',
    option: 'criticals=sudden-death',
  },
  fumbles: { examples: 'a dropped weapon, a blow at oneself, −10 WS…', option: 'fumbles=off' },
} as const;

/**
 * Why the chain of this ruleset, or of one built on it (Combat Points), refuses a duel: `source`
 * leaves lasting effects it does not carry; `met` names those it met (null: refused before
 * the fight is played), and the words say which option leaves them out.
 */
export function notCarried(source: keyof typeof LASTING_SOURCES, met: string | null): string {
  const s = LASTING_SOURCES[source];
  return met === null
    ? `${source} leave lasting effects (${s.examples}) that the chain does not carry: use -o ${s.option}`
    : `${source} leave lasting effects that the chain does not carry: it met ${met}; use -o ${s.option}`;
}
