// § Actions: what each combatant declares at the start of the round (fight, shoot, load, aim, move,
// flee, tend a friend, draw or take up an item under § Take-Up Actions), and the declaration begun.
import type { FightContext } from '../../../core/context.js';
import type { Choice } from '../../../core/request.js';
import { surprisedNow } from '../blow.js';
import type { Weapon } from '../catalogue.js';
import { CITES, ours } from '../cite.js';
import { dropHand } from '../effects.js';
import { aimedLongEnough, canLoad, canShoot, heldMissile, missileRange, missileTargets } from '../missile.js';
import { drawLoss, packRounds } from '../rules.js';
import { decide, namesOf, say } from '../say.js';
import { type Action, type Fighter, isEngaged, opponents, type W1State } from '../state.js';
import { wantsToFlee } from '../tactics.js';
import { holdOpponents } from './fleeing.js';
import { targetable } from './hand-to-hand.js';
import { armed, fits, packItemInHand, takeInHand } from './hands.js';

function mayDeclare(st: W1State, f: Fighter): boolean {
  return f.out === null && !f.asleep && !surprisedNow(st, f) && f.busyUntil < st.round;
}

function needsTending(f: Fighter): boolean {
  return f.out !== 'dead' && f.out !== 'fled' && (f.bleeding.length > 0 || f.diesAt !== null);
}

function declarationChoices(st: W1State, f: Fighter): { choices: Choice[]; suggested: string } {
  const isIn = isEngaged(st, f);
  const choices: Choice[] = [
    { key: 'fight', label: st.spatial && !isIn ? 'close with the enemy and fight' : 'fight' },
  ];
  const enemies = targetable(st, f).length > 0;
  const bow = heldMissile(st, f);
  const targets = bow ? missileTargets(st, f) : [];
  if (bow && canShoot(st, f) && (targets.length > 0 || isIn)) {
    choices.push({
      key: 'shoot',
      label: `shoot the ${bow.name.toLowerCase()}${f.readyAtStart ? ' (loaded: +10 I)' : ''}`,
    });
  }
  if (bow && canLoad(st, f)) choices.push({ key: 'load', label: `load the ${bow.name.toLowerCase()}` });
  if (bow && st.spatial && !isIn && targets.length > 0) {
    choices.push({
      key: 'aim',
      label: 'aim: extreme range, or a called shot at short range, takes a round more',
    });
  }
  if (st.spatial && !isIn) choices.push({ key: 'move', label: 'move: advance, withdraw or evade' });
  if (isIn || enemies)
    choices.push({ key: 'flee', label: isIn ? 'flee the combat (each opponent gets a free blow)' : 'flee' });
  for (const w of f.carried)
    if (fits(st, f, w))
      choices.push({ key: `draw:${w.id}`, label: `draw the ${w.name.toLowerCase()}${takeUpNote(st, w)}` });
  for (const w of f.ground)
    if (fits(st, f, w))
      choices.push({ key: `pick:${w.id}`, label: `pick up the ${w.name.toLowerCase()} (a round)` });
  if (f.pack && f.pack.items.length > 0) {
    for (const item of f.pack.items)
      choices.push({
        key: `pack:${item}`,
        label: `get the ${item} from the pack (${st.opt.instantTakeUp ? 'at once' : `${packRounds(f.pack.enc)} rounds`})`,
      });
  }
  if (!isIn) {
    for (const a of st.combatants) {
      if (a !== f && a.side === f.side && needsTending(a))
        choices.push({ key: `tend:${a.id}`, label: `tend ${a.name}'s wounds` });
    }
  }
  for (const h of ['right', 'left'] as const) {
    const item = f[h];
    if (item && !(item.hands === 2 && h === 'left'))
      choices.push({
        key: `drop:${h}`,
        label: `drop the ${item.name.toLowerCase()} (no time; then choose again)`,
      });
  }
  choices.push({ key: 'wait', label: 'wait' });
  // Two of a kind at the belt or on the ground are one choice.
  const unique = choices.filter((c, i) => choices.findIndex((d) => d.key === c.key) === i);
  return { choices: unique, suggested: suggestDeclaration(st, f, unique, isIn, enemies, targets) };
}

/** What a combatant left to its tactics does this round. */
function suggestDeclaration(
  st: W1State,
  f: Fighter,
  choices: readonly Choice[],
  isIn: boolean,
  enemies: boolean,
  targets: readonly Fighter[],
): string {
  const has = (k: string) => choices.some((c) => c.key === k);
  const first = (prefix: string) => choices.find((c) => c.key.startsWith(prefix))?.key;
  if (wantsToFlee(f) && (isIn || enemies)) return 'flee';
  if (f.tactics.tend && !isIn) {
    const t = first('tend:');
    if (t) return t;
  }
  const bow = heldMissile(st, f);
  if (isIn && bow && !bow.melee) {
    // Engaged with a bow in hand: shoot what is loaded, else drop it and draw (§ Missiles In Melee Combat).
    if (!f.tactics.dropMissile && has('shoot')) return 'shoot';
    const drawable = f.carried.find((w) => w.melee && !w.missile);
    const hand = f.right === bow ? 'right' : 'left';
    if (drawable && has(`drop:${hand}`)) return `drop:${hand}`;
    if (has('shoot')) return 'shoot';
  }
  if (!isIn && bow && f.tactics.missile === 'fire' && targets.length > 0) {
    if (has('shoot')) {
      const ready = targets.some(
        (t) => missileRange(f, t, bow).band?.band !== 'extreme' || aimedLongEnough(st, f, t),
      );
      if (ready) return 'shoot';
      if (has('aim')) return 'aim';
    }
    if (has('load')) return 'load';
  }
  if (!armed(st, f)) {
    const d = first('draw:') ?? first('pick:');
    if (d) return d;
  }
  if (st.spatial && !isIn && f.tactics.melee === 'hold' && !f.airborne) return 'wait';
  return 'fight';
}

function takeUpNote(st: W1State, w: Weapon): string {
  if (st.opt.instantTakeUp) return ' (at once)';
  const loss = drawLoss(w);
  return loss === null ? ' (takes the round)' : loss === 0 ? '' : ` (EI ${loss})`;
}

export function declarations(st: W1State, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (!mayDeclare(st, f)) continue;
    if (f.flee === 'forced') {
      f.action = { kind: 'flee' };
      holdOpponents(st, f);
      continue;
    }
    if (f.hold) {
      // Holder and held may do nothing but keep or fight the hold (§ Grapples); the held fights on if it breaks free.
      f.action = { kind: 'fight' };
      continue;
    }
    if (f.rider && f.rider.out === null) {
      // A ridden mount goes where its rider takes it and fights whoever is in reach.
      f.action = { kind: 'fight' };
      continue;
    }
    let action: Action | null = null;
    for (let drops = 0; action === null && drops <= 2; drops++) {
      const { choices, suggested } = declarationChoices(st, f);
      // Fighting on when engaged is routine: the table is not asked each round (core/asking.ts).
      const foes = opponents(st, f);
      const label = `${f.name}${foes.length ? ` (engaged with ${namesOf(foes)})` : ''}: what this round?`;
      const pick = decide(
        ctx,
        f,
        'declare',
        label,
        choices,
        suggested,
        undefined,
        // Fighting on when engaged, or doing again what it did last round, is routine at the table.
        (suggested === 'fight' && foes.length > 0) || suggested === f.declared,
      );
      f.declared = pick;
      if (pick.startsWith('drop:')) {
        const hand = pick.slice(5) as 'right' | 'left';
        dropHand(st, ctx, f, hand, 'dropped to free the hand');
        continue;
      }
      action = toAction(st, f, pick);
    }
    f.action = action ?? { kind: 'fight' };
    startAction(st, ctx, f);
  }
}

function toAction(st: W1State, f: Fighter, key: string): Action {
  const [verb, arg] = key.split(/:(.*)/s) as [string, string | undefined];
  switch (verb) {
    case 'flee':
      return { kind: 'flee' };
    case 'draw': {
      const w = f.carried.find((x) => x.id === arg);
      return w ? { kind: 'draw', weapon: w, from: 'carried' } : { kind: 'fight' };
    }
    case 'pick': {
      const w = f.ground.find((x) => x.id === arg);
      return w ? { kind: 'draw', weapon: w, from: 'ground' } : { kind: 'fight' };
    }
    case 'pack':
      return { kind: 'pack', item: arg ?? '' };
    case 'tend': {
      const a = st.combatants.find((x) => x.id === arg);
      return a ? { kind: 'tend', ally: a } : { kind: 'wait' };
    }
    case 'wait':
      return { kind: 'wait' };
    case 'shoot':
    case 'load':
    case 'aim':
    case 'move':
      return { kind: verb };
    default:
      return { kind: 'fight' };
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
      f.action = { kind: 'fight' };
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
    f.action = { kind: 'fight' };
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
      f.action = { kind: 'wait' };
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
