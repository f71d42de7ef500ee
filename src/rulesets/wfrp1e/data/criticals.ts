import { rangeTable } from '../../../core/table.js';
import type { Chart } from './locations.js';

/** One cell of the critical chart: the effect number and whether the victim must flee. */
export interface ChartCell {
  readonly effect: number;
  readonly flee: boolean;
}

const n = (effect: number): ChartCell => ({ effect, flee: false });
const f = (effect: number): ChartCell => ({ effect, flee: true });

/**
 * Critical chart (shared/rules/README.md, WFRP 1e facts): D100 row × critical value column
 * (+1 … +5, then +6 and more) → effect number; `f` marks the victim must flee if it can.
 */
export const CRITICAL_CHART = rangeTable<readonly ChartCell[]>('critical chart', 1, 100, [
  [1, 10, [n(1), n(3), n(5), n(7), f(11), f(14)]],
  [11, 20, [n(2), n(4), n(6), f(9), f(13), n(15)]],
  [21, 30, [n(3), n(5), f(8), f(14), n(16), n(16)]],
  [31, 40, [n(4), n(7), f(10), f(13), n(15), n(15)]],
  [41, 50, [n(5), f(9), f(14), n(16), n(16), n(16)]],
  [51, 60, [n(7), f(12), n(15), n(15), n(15), n(15)]],
  [61, 70, [f(9), n(16), n(16), n(16), n(16), n(16)]],
  [71, 80, [f(11), n(15), n(15), n(15), n(15), n(15)]],
  [81, 90, [n(16), n(16), n(16), n(16), n(16), n(16)]],
  [91, 100, [n(15), n(15), n(15), n(15), n(15), n(15)]],
]);

/** Sudden Death (README facts): the least D100 that kills, by column +1 … +6 and more. */
export const SUDDEN_DEATH_KILLS_FROM = [51, 41, 31, 21, 10, 1] as const;

/** A duration in rounds, a die of rounds, or 'med': until medical attention (the rest of the fight). */
export type Duration = number | 'D4' | 'D6' | 'D10' | 'med';

/** Characteristics a wound can lower. */
export type CharName = 'M' | 'WS' | 'BS' | 'S' | 'T' | 'I' | 'A' | 'Dex' | 'Ld' | 'Int' | 'Cl' | 'WP' | 'Fel';

/**
 * What an effect does, in terms the engine enforces. Each field is one consequence;
 * an effect combines several. Shared by the critical effects and the fumble table.
 */
export interface Consequences {
  readonly killed?: true;
  /** The whole next round without attacks (§ head 1). */
  readonly noAttacksNextRound?: true;
  /** P(n): may only parry. */
  readonly parryOnly?: Duration;
  /** X(n): no action at all. */
  readonly noAction?: Duration;
  /** Prone (knocked down): no attacks, and hit automatically for double damage. */
  readonly prone?: Duration;
  /** Parry-only after the prone spell ends (body 5: "prone D4 rounds then P(D4)"). */
  readonly thenParryOnly?: Duration;
  /** Only a shield may parry (body 4). */
  readonly shieldParryOnly?: Duration;
  /** Drop what the struck arm's hand holds, or everything held (a strapped shield stays). */
  readonly drop?: 'hand' | 'all';
  /** A characteristic test; failing it drops everything held. */
  readonly dropUnless?: 'Dex';
  /** A characteristic test (the number halves it); failing it knocks down (prone 1 round). */
  readonly downUnless?: { readonly char: CharName; readonly half?: true };
  readonly handUseless?: Duration;
  readonly armUseless?: Duration;
  /** The item in the struck arm's hand is destroyed. */
  readonly itemDestroyed?: true;
  readonly lost?: 'hand' | 'arm' | 'foot' | 'leg';
  /** To-hit penalty until medical attention. */
  readonly toHit?: number;
  /** A lasting change to characteristics: deltas; % characteristics take ×10 of the whole ones. */
  readonly allChars?: number;
  readonly halveChars?: true;
  readonly halveMI?: Duration;
  readonly halveM?: Duration;
  readonly charMods?: { readonly [K in CharName]?: number };
  readonly charModRounds?: number;
  /** An eye lost: BS −20. */
  readonly eyeLost?: true;
  /** A test at the start of each later round; failing it has the named result. */
  readonly eachRound?: { readonly char: 'I' | 'T'; readonly fail: 'down' | 'unconscious' };
  readonly unconscious?: true;
  readonly helpless?: true;
  /** W lost at the end of each round until medical attention. */
  readonly bleed?: 1 | 'D4' | 'D6';
  /** Dies after this many rounds unless given medical attention (and is out meanwhile). */
  readonly diesIn?: 'D4' | 'D6';
  /** All later criticals on this victim use Sudden Death. */
  readonly suddenDeath?: true;
  /** After the fight: T test or −10 to all % characteristics (head 11). */
  readonly lastingTTest?: true;
  // Fumble-only consequences.
  /** Hit yourself on this part with your own S. */
  readonly selfHit?: 'leg' | 'arm' | 'body';
  /** The weapon is destroyed, dropped, or flies D6 yards in a D8 direction. */
  readonly weapon?: 'destroyed' | 'dropped' | 'flies';
  readonly loseNextAttack?: true;
  /** Strike a friend fighting the same foe (or yourself, in the arm, if none). */
  readonly friendHit?: true;
}

export interface CriticalEffect extends Consequences {
  /** Our summary of the effect (in our own words). */
  readonly text: string;
}

/**
 * An effect with every field of Consequences present (undefined when it does not apply), in one
 * order, then its text: the criticals' and the fumbles' effects are all one shape of object, so
 * that applyConsequences, which reads every field, meets one hidden class rather than one per
 * combination of fields.
 */
export function oneShape(c: Consequences, text: string): CriticalEffect;
export function oneShape(c: Consequences): Consequences;
export function oneShape(c: Consequences, text?: string): Consequences {
  return {
    killed: c.killed,
    noAttacksNextRound: c.noAttacksNextRound,
    parryOnly: c.parryOnly,
    noAction: c.noAction,
    prone: c.prone,
    thenParryOnly: c.thenParryOnly,
    shieldParryOnly: c.shieldParryOnly,
    drop: c.drop,
    dropUnless: c.dropUnless,
    downUnless: c.downUnless,
    handUseless: c.handUseless,
    armUseless: c.armUseless,
    itemDestroyed: c.itemDestroyed,
    lost: c.lost,
    toHit: c.toHit,
    allChars: c.allChars,
    halveChars: c.halveChars,
    halveMI: c.halveMI,
    halveM: c.halveM,
    charMods: c.charMods,
    charModRounds: c.charModRounds,
    eyeLost: c.eyeLost,
    eachRound: c.eachRound,
    unconscious: c.unconscious,
    helpless: c.helpless,
    bleed: c.bleed,
    diesIn: c.diesIn,
    suddenDeath: c.suddenDeath,
    lastingTTest: c.lastingTTest,
    selfHit: c.selfHit,
    weapon: c.weapon,
    loseNextAttack: c.loseNextAttack,
    friendHit: c.friendHit,
    text,
    // A field added to Consequences and forgotten here fails the build.
  } satisfies Record<keyof Consequences | 'text', unknown> as Consequences;
}

const e = (text: string, c: Consequences = {}): CriticalEffect => oneShape(c, text);
const K = e('killed', { killed: true });

/** Effect numbers 1–16 by chart (README facts, "Effect numbers by location"). Index 0 = effect 1. */
export const CRITICAL_EFFECTS: Readonly<Record<Chart, readonly CriticalEffect[]>> = {
  head: [
    e('stunned: no attack next round', { noAttacksNextRound: true }),
    e('reeling: may only parry for 1 round', { parryOnly: 1 }),
    e('dazed: may only parry for D4 rounds', { parryOnly: 'D4' }),
    e('knocked senseless: no action for 1 round', { noAction: 1 }),
    e('knocked senseless: no action for D4 rounds', { noAction: 'D4' }),
    e('knocked flat: prone, may only parry for D4 rounds', { prone: 'D4', parryOnly: 'D4' }),
    e('blood in the eyes: −10 to hit until medical attention', { toHit: -10 }),
    e('may only parry for 1 round, then −10 to hit until medical attention', { parryOnly: 1, toHit: -10 }),
    e('an eye lost: no action for 1 round, −10 to hit, BS −20', { noAction: 1, toHit: -10, eyeLost: true }),
    e('knocked out for D4 hours', { unconscious: true }),
    e('knocked out for D10 hours; T test or −10 to all % characteristics for good', { unconscious: true, lastingTTest: true }),
    e('skull broken: dies in D4 rounds unless given medical attention', { diesIn: 'D4' }),
    e('skull broken: dies in D6 rounds unless given medical attention', { diesIn: 'D6' }),
    K, K, K,
  ],
  arm: [
    e('drops what that hand holds', { drop: 'hand' }),
    e('drops what that hand holds', { drop: 'hand' }),
    e('drops what that hand holds; the hand is useless for 1 round', { drop: 'hand', handUseless: 1 }),
    e('drops what that hand holds; the hand is useless until medical attention', { drop: 'hand', handUseless: 'med' }),
    e('drops what that hand holds; the hand is useless until medical attention', { drop: 'hand', handUseless: 'med' }),
    e('the held item is destroyed; the arm is useless for D6 rounds', { drop: 'hand', itemDestroyed: true, armUseless: 'D6' }),
    e('arm useless until medical attention; drops what it holds', { drop: 'hand', armUseless: 'med' }),
    e('arm useless until medical attention; drops what it holds', { drop: 'hand', armUseless: 'med' }),
    e('arm useless until medical attention; drops what it holds', { drop: 'hand', armUseless: 'med' }),
    e('arm useless until medical attention; drops what it holds', { drop: 'hand', armUseless: 'med' }),
    e('arm useless, drops what it holds, bleeds 1 W a round; Sudden Death from now on', {
      drop: 'hand', armUseless: 'med', bleed: 1, suddenDeath: true,
    }),
    e('hand lost: unconscious, bleeds D4 W a round; Sudden Death from now on', {
      drop: 'hand', lost: 'hand', unconscious: true, bleed: 'D4', suddenDeath: true,
    }),
    e('arm lost at the elbow: helpless, bleeds D4 W a round; Sudden Death from now on', {
      drop: 'hand', lost: 'arm', helpless: true, bleed: 'D4', suddenDeath: true,
    }),
    e('arm lost at the shoulder: bleeds D6 W a round; Sudden Death from now on', {
      drop: 'hand', lost: 'arm', bleed: 'D6', suddenDeath: true,
    }),
    K, K,
  ],
  body: [
    e('winded: may only parry for 1 round', { parryOnly: 1 }),
    e('doubled over: no action for 1 round', { noAction: 1 }),
    e('knocked down: prone, may only parry for D4 rounds', { prone: 'D4', parryOnly: 'D4' }),
    e('knocked down: prone for D4 rounds, drops everything, may parry only with a shield', {
      prone: 'D4', drop: 'all', shieldParryOnly: 'D4',
    }),
    e('knocked down: prone for D4 rounds, then may only parry for D4 rounds', { prone: 'D4', thenParryOnly: 'D4' }),
    e('no action for 1 round, then −10 to hit until medical attention', { noAction: 1, toHit: -10 }),
    e('internal injury: all characteristics −1 (−10 for %) until medical attention', { allChars: -1 }),
    e('internal injury: as 7, M halved, and an I test each round or fall', {
      allChars: -1, halveM: 'med', eachRound: { char: 'I', fail: 'down' },
    }),
    e('unconscious, bleeds 1 W a round', { unconscious: true, bleed: 1 }),
    e('unconscious, bleeds D4 W a round', { unconscious: true, bleed: 'D4' }),
    e('prone, may only parry; a T test each round or pass out', {
      prone: 'med', parryOnly: 'med', eachRound: { char: 'T', fail: 'unconscious' },
    }),
    e('down until medical attention', { helpless: true }),
    e('prone, may only parry, characteristics halved, bleeds D4 W a round', {
      prone: 'med', parryOnly: 'med', halveChars: true, bleed: 'D4',
    }),
    K, K, K,
  ],
  leg: [
    e('Dex test or drop everything held', { dropUnless: 'Dex' }),
    e('staggered: may only parry for 1 round', { parryOnly: 1 }),
    e('knocked down: Dex test or drop everything held; may only parry for D4 rounds', {
      prone: 'D4', dropUnless: 'Dex', parryOnly: 'D4',
    }),
    e('limping: M and I halved for D4 rounds', { halveMI: 'D4' }),
    e('M and I halved until medical attention; I test or knocked down', { halveMI: 'med', downUnless: { char: 'I' } }),
    e('M and I halved until medical attention; I test at half I or knocked down', {
      halveMI: 'med', downUnless: { char: 'I', half: true },
    }),
    e('knocked down; M and I halved until medical attention', { prone: 1, halveMI: 'med' }),
    e('knocked down, bleeds 1 W a round; Sudden Death from now on', { prone: 1, bleed: 1, suddenDeath: true }),
    e('falls, may only parry while down, bleeds 1 W a round; Sudden Death from now on', {
      prone: 1, parryOnly: 1, bleed: 1, suddenDeath: true,
    }),
    e('falls, drops everything, may only parry for D4 rounds, bleeds D4 W a round; Sudden Death from now on', {
      prone: 'D4', drop: 'all', parryOnly: 'D4', bleed: 'D4', suddenDeath: true,
    }),
    e('foot lost: unconscious, bleeds D4 W a round; Sudden Death from now on', {
      lost: 'foot', unconscious: true, bleed: 'D4', suddenDeath: true,
    }),
    e('leg lost at the knee: helpless, bleeds D4 W a round; Sudden Death from now on', {
      lost: 'leg', helpless: true, bleed: 'D4', suddenDeath: true,
    }),
    e('knocked down, characteristics halved, bleeds D4 W a round; Sudden Death from now on', {
      prone: 1, halveChars: true, bleed: 'D4', suddenDeath: true,
    }),
    e('leg lost at the hip: down for good, bleeds D6 W a round; Sudden Death from now on', {
      lost: 'leg', prone: 'med', parryOnly: 'med', bleed: 'D6', suddenDeath: true,
    }),
    K, K,
  ],
};
