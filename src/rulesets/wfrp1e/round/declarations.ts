// § Actions: what each combatant declares at the start of the round (fight, shoot, load, aim, move,
// flee, tend a friend, draw or take up an item under § Take-Up Actions), and the declaration begun.
import type { FightContext } from '../../../core/context.js';
import { emptyList } from '../../../core/state.js';
import { surprisedNow } from '../blow.js';
import type { Weapon } from '../catalogue.js';
import { CITES, ours } from '../cite.js';
import { dropHand } from '../effects.js';
import { canLoad, canShoot } from '../missile/loading.js';
import { aimedLongEnough, heldMissile, missileRange, missileTargets } from '../missile/range.js';
import { drawLoss, packRounds } from '../rules.js';
import { decideKeys, directKey, namesOf, say } from '../say.js';
import { type Action, type Fighter, isEngaged, opponents, type W1State } from '../state.js';
import { wantsToFlee } from '../tactics.js';
import { holdOpponents } from './fleeing.js';
import { anyTargetable } from './hand-to-hand.js';
import { armed, fits, packItemInHand, takeInHand } from './hands.js';

function mayDeclare(st: W1State, f: Fighter): boolean {
  return f.out === null && !f.asleep && !surprisedNow(st, f) && f.busyUntil < st.round;
}

function needsTending(f: Fighter): boolean {
  return f.out !== 'dead' && f.out !== 'fled' && (f.bleeding.length > 0 || f.diesAt !== null);
}

/**
 * § Actions: what this combatant may declare this round, as choice keys put on `keys` (emptied
 * first); returns the tactics' pick. The words for a person come from declarationLabel, only when
 * a request is built.
 */
function declarationKeys(st: W1State, f: Fighter, keys: string[]): string {
  emptyList(keys);
  const isIn = isEngaged(st, f);
  keys.push('fight');
  const enemies = anyTargetable(st, f);
  const bow = heldMissile(st, f);
  const targets = bow ? missileTargets(st, f) : NOBODY;
  if (bow && canShoot(st, f) && (targets.length > 0 || isIn)) keys.push('shoot');
  if (bow && canLoad(st, f)) keys.push('load');
  if (bow && st.spatial && !isIn && targets.length > 0) keys.push('aim');
  if (st.spatial && !isIn) keys.push('move');
  if (isIn || enemies) keys.push('flee');
  for (const w of f.carried) if (fits(st, f, w)) keys.push(`draw:${w.id}`);
  for (const w of f.ground) if (fits(st, f, w)) keys.push(`pick:${w.id}`);
  if (f.pack) for (const item of f.pack.items) keys.push(`pack:${item}`);
  if (!isIn) {
    for (const a of st.combatants) {
      if (a !== f && a.side === f.side && needsTending(a)) keys.push(`tend:${a.id}`);
    }
  }
  if (f.right) keys.push('drop:right');
  if (f.left && f.left.hands !== 2) keys.push('drop:left');
  keys.push('wait');
  return suggestDeclaration(st, f, keys, isIn, enemies, targets);
}

const NOBODY: readonly Fighter[] = [];

/** The words of a declaration's key, for a person. */
function declarationLabel(st: W1State, f: Fighter, key: string): string {
  const isIn = isEngaged(st, f);
  const bow = heldMissile(st, f);
  const colon = key.indexOf(':');
  const verb = colon < 0 ? key : key.slice(0, colon);
  const arg = key.slice(colon + 1);
  const named = (list: readonly Weapon[]) => list.find((w) => w.id === arg)?.name.toLowerCase() ?? arg;
  switch (verb) {
    case 'fight':
      return st.spatial && !isIn ? 'close with the enemy and fight' : 'fight';
    case 'shoot':
      return `shoot the ${bow?.name.toLowerCase()}${f.readyAtStart ? ' (loaded: +10 I)' : ''}`;
    case 'load':
      return `load the ${bow?.name.toLowerCase()}`;
    case 'aim':
      return 'aim: extreme range, or a called shot at short range, takes a round more';
    case 'move':
      return 'move: advance, withdraw or evade';
    case 'flee':
      return isIn ? 'flee the combat (each opponent gets a free blow)' : 'flee';
    case 'draw': {
      const w = f.carried.find((x) => x.id === arg);
      return `draw the ${named(f.carried)}${w ? takeUpNote(st, w) : ''}`;
    }
    case 'pick':
      return `pick up the ${named(f.ground)} (a round)`;
    case 'pack':
      return `get the ${arg} from the pack (${st.opt.instantTakeUp || !f.pack ? 'at once' : `${packRounds(f.pack.enc)} rounds`})`;
    case 'tend':
      return `tend ${st.combatants.find((a) => a.id === arg)?.name ?? arg}'s wounds`;
    case 'drop':
      return `drop the ${f[arg as 'right' | 'left']?.name.toLowerCase()} (no time; then choose again)`;
    default:
      return 'wait';
  }
}

/** What a combatant left to its tactics does this round. */
function suggestDeclaration(
  st: W1State,
  f: Fighter,
  keys: readonly string[],
  isIn: boolean,
  enemies: boolean,
  targets: readonly Fighter[],
): string {
  if (wantsToFlee(f) && (isIn || enemies)) return 'flee';
  if (f.tactics.tend && !isIn) {
    const t = firstWith(keys, 'tend:');
    if (t) return t;
  }
  const bow = heldMissile(st, f);
  if (isIn && bow && !bow.melee) {
    // Engaged with a bow in hand: shoot what is loaded, else drop it and draw (§ Missiles In Melee Combat).
    if (!f.tactics.dropMissile && keys.includes('shoot')) return 'shoot';
    const drawable = f.carried.find((w) => w.melee && !w.missile);
    const hand = f.right === bow ? 'right' : 'left';
    if (drawable && keys.includes(`drop:${hand}`)) return `drop:${hand}`;
    if (keys.includes('shoot')) return 'shoot';
  }
  if (!isIn && bow && f.tactics.missile === 'fire' && targets.length > 0) {
    if (keys.includes('shoot')) {
      const ready = targets.some(
        (t) => missileRange(f, t, bow).band?.band !== 'extreme' || aimedLongEnough(st, f, t),
      );
      if (ready) return 'shoot';
      if (keys.includes('aim')) return 'aim';
    }
    if (keys.includes('load')) return 'load';
  }
  if (!armed(st, f)) {
    const d = firstWith(keys, 'draw:') ?? firstWith(keys, 'pick:');
    if (d) return d;
  }
  if (st.spatial && !isIn && f.tactics.melee === 'hold' && !f.airborne) return 'wait';
  return 'fight';
}

function firstWith(keys: readonly string[], prefix: string): string | undefined {
  for (const k of keys) if (k.startsWith(prefix)) return k;
  return undefined;
}

function takeUpNote(st: W1State, w: Weapon): string {
  if (st.opt.instantTakeUp) return ' (at once)';
  const loss = drawLoss(w);
  return loss === null ? ' (takes the round)' : loss === 0 ? '' : ` (EI ${loss})`;
}

/**
 * One a critical forced to flee declares nothing: it turns to run at its next turn (the exact duel
 * asks it alike).
 */
// WFRP 1e, Combat § Fleeing
export function mustFlee(f: Fighter): boolean {
  return f.flee === 'forced';
}

export function declarations(st: W1State, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (!mayDeclare(st, f)) continue;
    if (mustFlee(f)) {
      f.action = PLAIN.flee;
      holdOpponents(st, f);
      continue;
    }
    if (f.hold) {
      // Holder and held may do nothing but keep or fight the hold (§ Grapples); the held fights on if it breaks free.
      f.action = PLAIN.fight;
      continue;
    }
    if (f.rider && f.rider.out === null) {
      // A ridden mount goes where its rider takes it and fights whoever is in reach.
      f.action = PLAIN.fight;
      continue;
    }
    let action: Action | null = null;
    const keys = st.timeline.keys;
    for (let drops = 0; action === null && drops <= 2; drops++) {
      const suggested = declarationKeys(st, f, keys);
      const pick = directKey(ctx, keys, suggested) ?? askDeclaration(st, ctx, f, keys, suggested);
      f.declared = pick;
      if (pick.startsWith('drop:')) {
        const hand = pick.slice(5) as 'right' | 'left';
        dropHand(st, ctx, f, hand, 'dropped to free the hand');
        continue;
      }
      action = toAction(st, f, pick);
    }
    f.action = action ?? PLAIN.fight;
    startAction(st, ctx, f);
  }
}

/** The declaration asked as a request, for a person, a log or a listener. */
function askDeclaration(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  keys: readonly string[],
  suggested: string,
): string {
  return decideKeys(
    ctx,
    f,
    'declare',
    keys,
    suggested,
    (key) => declarationLabel(st, f, key),
    () => {
      const foes = opponents(st, f);
      return {
        label: `${f.name}${foes.length ? ` (engaged with ${namesOf(foes)})` : ''}: what this round?`,
        // Fighting on when engaged, or doing again what it did last round, is routine at the table.
        routine: (suggested === 'fight' && foes.length > 0) || suggested === f.declared,
      };
    },
  );
}

/** The actions that are a kind alone, one object each (an action is never changed in place). */
const PLAIN = {
  fight: { kind: 'fight' },
  flee: { kind: 'flee' },
  wait: { kind: 'wait' },
  shoot: { kind: 'shoot' },
  load: { kind: 'load' },
  aim: { kind: 'aim' },
  move: { kind: 'move' },
} as const satisfies Readonly<Record<string, Action>>;

function toAction(st: W1State, f: Fighter, key: string): Action {
  const colon = key.indexOf(':');
  const verb = colon < 0 ? key : key.slice(0, colon);
  const arg = colon < 0 ? undefined : key.slice(colon + 1);
  switch (verb) {
    case 'flee':
      return PLAIN.flee;
    case 'draw': {
      const w = f.carried.find((x) => x.id === arg);
      return w ? { kind: 'draw', weapon: w, from: 'carried' } : PLAIN.fight;
    }
    case 'pick': {
      const w = f.ground.find((x) => x.id === arg);
      return w ? { kind: 'draw', weapon: w, from: 'ground' } : PLAIN.fight;
    }
    case 'pack':
      return { kind: 'pack', item: arg ?? '' };
    case 'tend': {
      const a = st.combatants.find((x) => x.id === arg);
      return a ? { kind: 'tend', ally: a } : PLAIN.wait;
    }
    case 'wait':
      return PLAIN.wait;
    case 'shoot':
    case 'load':
    case 'aim':
    case 'move':
      return PLAIN[verb];
    default:
      return PLAIN.fight;
  }
}

function startAction(st: W1State, ctx: FightContext, f: Fighter): void {
  const a = f.action;
  const r = st.round;
  if (a.kind === 'flee') {
    f.flee = 'declared';
    holdOpponents(st, f);
    say(st, ctx, 'declare', `${f.name} declares flight: fleeing from this moment.`, CITES.fleeing, [f]);
    return;
  }
  if (a.kind === 'draw') {
    const list = a.from === 'carried' ? f.carried : f.ground;
    list.splice(list.indexOf(a.weapon), 1);
    const loss = a.from === 'ground' ? null : drawLoss(a.weapon);
    if (st.opt.instantTakeUp || loss === 0) {
      takeInHand(st, f, a.weapon);
      f.action = PLAIN.fight;
      say(
        st,
        ctx,
        'take-up',
        `${f.name} takes up the ${a.weapon.name.toLowerCase()} at once.`,
        CITES.takeUp,
        [f],
      );
      return;
    }
    if (loss === null) {
      f.busyUntil = r;
      f.readying = a.weapon;
      say(
        st,
        ctx,
        'take-up',
        `${f.name} ${a.from === 'ground' ? 'picks up' : 'draws'} the ${a.weapon.name.toLowerCase()}: that takes the whole round.`,
        a.from === 'ground' ? ours('Picking up') : CITES.takeUp,
        [f],
      );
      return;
    }
    takeInHand(st, f, a.weapon);
    f.takeUpLoss = loss;
    f.action = PLAIN.fight;
    say(
      st,
      ctx,
      'take-up',
      `${f.name} draws the ${a.weapon.name.toLowerCase()}: EI ${loss} this round.`,
      CITES.takeUp,
      [f],
    );
    return;
  }
  if (a.kind === 'pack' && f.pack) {
    const rounds = st.opt.instantTakeUp ? 0 : packRounds(f.pack.enc);
    const idx = f.pack.items.indexOf(a.item);
    if (idx >= 0) f.pack.items.splice(idx, 1);
    if (rounds === 0) {
      say(st, ctx, 'take-up', `${f.name} takes the ${a.item} from the pack at once.`, CITES.takeUp, [f]);
      packItemInHand(st, f, a.item);
      f.action = PLAIN.wait;
      return;
    }
    f.busyUntil = r + rounds - 1;
    f.searching = a.item;
    say(
      st,
      ctx,
      'take-up',
      `${f.name} opens the pack for the ${a.item}: 1 round to open + ${rounds - 1} for ${f.pack.enc} ENC = ${rounds} rounds.`,
      CITES.takeUp,
      [f],
    );
  }
}
