// The round: § More About Rounds, § Actions, § Effective Initiative, § Multiple Attacks,
// § Combat Procedure, § Winning and Losing, § Fleeing.
import { showSum, sumTerms, type Term } from '../../core/arith.js';
import type { FightContext } from '../../core/context.js';
import type { Choice } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import type { Weapon } from './catalogue.js';
import { CITES, cite, ours } from './cite.js';
import { partsOf, type Part } from './data/locations.js';
import { reachable } from './locate.js';
import {
  canAttack,
  canParry,
  holdRound,
  isMounted,
  strike,
  surprisedNow,
  type Blow,
  type BlowKind,
} from './blow.js';
import { addCond, bleed, dropHand, takeOut, test, woundDirect } from './effects.js';
import { PARTS } from './data/locations.js';
import {
  WINNING_EI,
  afterTakeUp,
  blowTicks,
  canCharge,
  drawLoss,
  modifierRow,
  muchTaller,
  packRounds,
  targetedPenalty,
  weaponInitiative,
} from './rules.js';
import { decide, namesOf, roll, say } from './say.js';
import { formatYards } from '../../space/plane.js';
import type { Rate } from './data/scene.js';
import { LOADED_I_BONUS } from './data/missile-tables.js';
import {
  aimedLongEnough,
  canLoad,
  canShoot,
  hangFire,
  heldMissile,
  loadRound,
  missileRange,
  missileTargets,
  shoot,
  shotChoices,
  sputter,
  struggle,
} from './missile.js';
import {
  canSee,
  describePositions,
  faceToward,
  follow,
  gap,
  inFront,
  moveAwayFrom,
  moveTo,
  outOfReach,
  placeAll,
  pushBack,
  setPos,
  startMoves,
  yardsAt,
} from './scene.js';
import {
  carrier,
  current,
  engaged,
  handUsable,
  hasCond,
  heldItems,
  inContact,
  isEngaged,
  isRidden,
  running,
  sideOf,
  strongHand,
  type Action,
  type Fighter,
  type W1State,
} from './state.js';
import { suggestTarget, wantsToFlee } from './tactics.js';

/** One turn in the round: a blow, a flight, a friend tended, a hold kept, a shot, a move. */
interface Entry {
  readonly f: Fighter;
  tick: number;
  /** 0 for turns in I order; 1 for turns delayed until after everyone at `tick`. */
  phase: number;
  readonly kind: 'blow' | 'flee' | 'tend' | 'hold' | 'turn';
  readonly seq: number;
}

const ACTION_WORDS: Readonly<Record<string, string>> = {
  flee: 'flees',
  tend: 'tends',
  shoot: 'shoots',
  load: 'loads',
  aim: 'aims',
  move: 'moves',
  wait: 'waits',
  draw: 'draws',
};

const LOCATIONS_BY_KEY: Readonly<Record<string, Part>> = {
  head: PARTS.head,
  'right-arm': PARTS.rightArm,
  'left-arm': PARTS.leftArm,
  body: PARTS.body,
  'right-leg': PARTS.rightLeg,
  'left-leg': PARTS.leftLeg,
};

// ---------------------------------------------------------------- setting up

/** § Fleeing: "During the round in which an opponent flees, the victor must remain stationary". */
function holdOpponents(st: W1State, f: Fighter): void {
  for (const o of st.combatants) if (engaged(f, o)) o.heldInPlace = true;
}

/** Who fights whom when a fight opens in hand-to-hand: enemies spread over each side's members. */
export function pairUp(st: W1State): void {
  for (const f of st.combatants) {
    if (f.out !== null || f.airborne || f.target) continue;
    const enemies = targetable(st, f);
    if (enemies.length === 0) continue;
    const mates = st.combatants.filter((m) => m.side === f.side && m.rider === null && !m.airborne);
    const k = Math.max(0, mates.indexOf(f));
    f.target = enemies[k % enemies.length] as Fighter;
  }
  for (const f of st.combatants) if (f.rider && f.rider.target) f.target = f.rider.target;
}

/** Enemies this combatant could fight: standing, not fleeing, not out of reach in the air; a mount counts with its rider. */
function targetable(st: W1State, f: Fighter): Fighter[] {
  return st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && !running(o, st.round) && !outOfReach(f, o) && !isRidden(o),
  );
}

export function startFight(st: W1State, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (f.flying && f.tactics.dive && !f.rider && !f.mount) f.airborne = true;
    if (st.setup.start === 'charge') f.gap = 0;
  }
  if (st.setup.start === 'engaged') pairUp(st);
  if (ctx.explain) {
    const lines = st.sides.map((s, i) => {
      const who = st.combatants.filter((f) => f.side === i).map((f) => describeFighter(f));
      return `${s.name}${s.players ? ' (players)' : ''}: ${who.join('; ')}`;
    });
    say(st, ctx, 'start', `${st.setup.title}. ${lines.join('. ')}.`, CITES.order);
  }
  if (st.spatial) placeAll(st, ctx);
  burstThroughDoor(st, ctx);
  if (st.setup.shortcut) standAndFire(st, ctx);
}

/** § Bursting Through Doors: whether the room's occupants are surprised is the GM's call. */
function burstThroughDoor(st: W1State, ctx: FightContext): void {
  const door = st.setup.door;
  if (!door) return;
  const inside = st.sides
    .filter((_s, i) => i !== door.side)
    .map((s) => s.name)
    .join(' and ');
  const pick = decide(
    ctx,
    null,
    'door',
    `GM: ${st.sides[door.side]?.name} burst through the door. Are ${inside} surprised?`,
    [
      { key: 'surprised', label: 'yes: they are surprised (a free round for the party)' },
      { key: 'ready', label: 'no: they were forewarned' },
    ],
    'ready',
  );
  say(
    st,
    ctx,
    'door',
    `${st.sides[door.side]?.name} burst through the door: ${inside} ${pick === 'surprised' ? 'are surprised' : 'were ready'} (the GM's call).`,
    cite('Bursting Through Doors'),
  );
  if (pick === 'surprised') st.surprisedByDoor = st.sides.map((_s, i) => i !== door.side);
}

export function describeFighter(f: Fighter): string {
  const items = heldItems(f).map((w) => w.name.toLowerCase());
  const nat = f.natural.map((w) => w.name.toLowerCase());
  const armour = f.armour.map((a) => a.name.toLowerCase());
  const p = f.profile;
  const kit = [...items, ...nat].join(', ') || 'unarmed';
  return `${f.name} (WS ${p.WS} S ${p.S} T ${p.T} W ${f.W}/${f.maxW} I ${p.I} A ${p.A}; ${kit}${armour.length ? `; ${armour.join(', ')}` : ''}${f.mount ? `; riding ${f.mount.name}` : ''})`;
}

// ---------------------------------------------------------------- the round

export function playRound(st: W1State, ctx: FightContext): void {
  st.round++;
  const r = st.round;
  say(st, ctx, 'round', `Round ${r}.`, CITES.order);
  beginRound(st, ctx);
  roundUpkeep(st, ctx);
  if (st.spatial && ctx.explain) say(st, ctx, 'positions', describePositions(st), CITES.scene);
  if (r === 1) announceSurprise(st, ctx);
  pressing(st, ctx);
  declarations(st, ctx);
  rollEdge(st, ctx);
  const entries = schedule(st, ctx);
  runTimeline(st, ctx, entries);
  endRound(st, ctx);
}

function beginRound(st: W1State, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    f.pending = [];
    f.parries = 0;
    f.charging = false;
    f.chargeBlowDone = false;
    f.acted = false;
    f.offGuard = false;
    f.heldInPlace = false;
    f.unfaced.clear();
    f.roundTarget = null;
    f.dealt = 0;
    f.taken = 0;
    f.fought.clear();
    f.action = { kind: 'none' };
    startMoves(f);
    // § Carrying Loaded Weapons: the +10 I is for reacting to a sudden danger, the fight's first round.
    const held = heldMissile(st, f);
    f.readyAtStart = r === 1 && held !== null && (f.missiles.get(held.id)?.loaded ?? 0) > 0;
    if (f.out !== null) continue;
    if (f.conds.some((c) => c.kind === 'entangled')) struggle(st, ctx, f);
    if (f.flying && f.tactics.dive && !f.rider && !f.mount && f.hold === null) {
      if (!f.airborne && f.target) {
        if (f.target.target === f) f.target.target = null;
        f.target = null;
      }
      f.airborne = true;
    }
    for (const c of f.conds) {
      if (c.kind === 'eachRound' && c.from <= r && r <= c.until && c.test && f.out === null) {
        const ok = test(st, ctx, f, c.test.char as 'I' | 'T', c.why);
        if (ok) continue;
        if (c.test.fail === 'down')
          addCond(f, { kind: 'prone', from: r, until: r, why: `failed I test (${c.why})` });
        if (c.test.fail === 'unconscious') takeOut(st, ctx, f, 'unconscious', `failed T test (${c.why})`);
      }
    }
    const trapped = f.conds.find((c) => c.kind === 'trapped' && c.from <= r && r <= c.until);
    if (
      trapped &&
      f.out === null &&
      test(st, ctx, f, 'S', 'crawl out from under the mount', false, CITES.mounted)
    ) {
      f.conds = f.conds.filter((c) => c !== trapped);
      addCond(f, { kind: 'prone', from: r, until: r, why: 'crawling out from under the mount' });
    }
  }
}

/** Things that happen at the start of every round: sputtering bombs. */
function roundUpkeep(st: W1State, ctx: FightContext): void {
  if (st.bombs.length > 0) sputter(st, ctx);
  // § Misfires: a hang fire goes off in the following round, whatever its firer now means to do.
  for (const f of st.combatants) if (f.hangFire?.round === st.round && f.out === null) hangFire(st, ctx, f);
}

function announceSurprise(st: W1State, ctx: FightContext): void {
  const surprised = st.sides.filter((_s, i) =>
    st.combatants.some((f) => f.side === i && surprisedNow(st, f)),
  );
  if (surprised.length === 0) return;
  if (surprised.length === st.sides.length) {
    say(
      st,
      ctx,
      'surprise',
      'Both sides are surprised: everyone stands and gawps for a round.',
      CITES.surprise,
    );
  } else {
    const ambush = st.sides.some((s) => s.ambush);
    say(
      st,
      ctx,
      'surprise',
      `${surprised.map((s) => s.name).join(' and ')} ${surprised.length === 1 ? 'is' : 'are'} surprised and can do nothing this round: a free round for the others.`,
      ambush ? CITES.ambush : CITES.surprise,
    );
  }
}

/** § Winning and Losing: a winner presses the beaten opponent, or holds back and leaves it off-guard. */
function pressing(st: W1State, ctx: FightContext): void {
  for (const w of st.combatants) {
    if (w.out !== null || !w.winning) continue;
    for (const l of w.wonAgainst) {
      if (
        l.out !== null ||
        !l.losing ||
        !(engaged(w, l) || (st.spatial && w.target === l && gap(w, l) <= 2.5))
      )
        continue;
      const pick = decide(
        ctx,
        w,
        'press',
        `${w.name} is winning against ${l.name}: press the attack?`,
        [
          { key: 'press', label: `press: follow ${l.name} and fight on` },
          { key: 'hold', label: `hold back: ${l.name} is off-guard this round` },
        ],
        w.tactics.press ? 'press' : 'hold',
      );
      if (pick === 'press') {
        follow(st, ctx, w, l);
        say(st, ctx, 'press', `${w.name} presses ${l.name}, following the 2-yard step back.`, CITES.winning, [
          w,
          l,
        ]);
        continue;
      }
      if (w.target === l) w.target = null;
      if (l.target === w) l.target = null;
      if (!st.spatial) {
        w.gap = 2;
        l.gap = 2;
      }
      l.offGuard = true;
      say(
        st,
        ctx,
        'press',
        `${w.name} does not press: ${l.name} is thrown off-guard and may do nothing more this round than turn to meet a fresh attack.`,
        CITES.winning,
        [w, l],
      );
    }
  }
}

// ---------------------------------------------------------------- declarations

function mayDeclare(st: W1State, f: Fighter): boolean {
  return f.out === null && !f.asleep && !surprisedNow(st, f) && f.busyUntil < st.round;
}

function freeHands(st: W1State, f: Fighter): ('right' | 'left')[] {
  return (['right', 'left'] as const).filter((h) => f[h] === null && handUsable(f, h, st.round));
}

function fits(st: W1State, f: Fighter, w: Weapon): boolean {
  const free = freeHands(st, f);
  return w.hands === 2 ? free.length === 2 : free.length >= 1;
}

function needsTending(f: Fighter): boolean {
  return f.out !== 'dead' && f.out !== 'fled' && (f.bleeding.length > 0 || f.diesAt !== null);
}

/** A usable weapon in hand, or a natural one. */
function armed(st: W1State, f: Fighter): boolean {
  return f.natural.length > 0 || usableWeapons(st, f).length > 0;
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

function declarations(st: W1State, ctx: FightContext): void {
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
      const pick = decide(ctx, f, 'declare', `${f.name}: what this round?`, choices, suggested);
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

/** Puts an item in the free hand(s): the strong hand first. */
function takeInHand(st: W1State, f: Fighter, w: Weapon): void {
  if (w.hands === 2) {
    f.right = w;
    f.left = w;
    return;
  }
  const free = freeHands(st, f);
  const hand = free.includes(strongHand(f)) ? strongHand(f) : free[0];
  if (hand) f[hand] = w;
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
        a.from === 'ground' ? ours('picking up') : CITES.takeUp,
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

function packItemInHand(st: W1State, f: Fighter, item: string): void {
  const w = st.cat.weapons.get(item);
  if (w && fits(st, f, w)) takeInHand(st, f, w);
}

// ---------------------------------------------------------------- initiative

/** § 'Effective Initiative' Modifier: D6 1-3 the PCs have the edge, 4-6 their enemies; D10 added. */
function rollEdge(st: W1State, ctx: FightContext): void {
  st.edge = null;
  if (!st.opt.effectiveInitiative || st.opt.multipleAttacks === 'simplified') return;
  const d6 = roll(ctx, 6, null, 'Effective Initiative edge: 1-3 players, 4-6 their enemies (D6)');
  const d10 = roll(ctx, 10, null, 'Effective Initiative bonus (D10)');
  st.edge = { players: d6 <= 3, bonus: d10 };
  const sides = st.sides.filter((s) => s.players === d6 <= 3).map((s) => s.name);
  say(
    st,
    ctx,
    'edge',
    `Effective Initiative: D6 ${d6} gives ${sides.join(' and ') || 'nobody'} the edge; D10 ${d10}: +${d10} EI this round.`,
    CITES.eiModifier,
    [],
    { d6, d10 },
  );
}

/** The main weapon: the strong hand's (or the two-handed one), else the other hand's. */
function mainWeapon(st: W1State, f: Fighter): Weapon | null {
  const ws = usableWeapons(st, f);
  return ws[0]?.w ?? f.natural[0] ?? null;
}

/** Effective Initiative: I, plus what § Effective Initiative and the options add this round. */
export function effectiveInitiative(st: W1State, f: Fighter): { base: number; terms: Term[] } {
  const base = current(f, 'I', st.round);
  const terms: Term[] = [];
  if (st.opt.multipleAttacks === 'simplified') return { base, terms };
  if (f.winning) terms.push({ label: 'winning', value: WINNING_EI });
  if (st.edge && sideOf(st, f).players === st.edge.players)
    terms.push({ label: 'edge', value: st.edge.bonus });
  if (st.opt.weaponModifiers) {
    const w = mainWeapon(st, f);
    if (w && !w.natural) {
      const row = modifierRow(w, f.mount !== null && !isEngaged(st, f));
      const v = weaponInitiative(
        row,
        f.roundsFought === 0 || f.winning,
        f.target !== null && isMounted(f.target),
      );
      if (v !== 0) terms.push({ label: w.name.toLowerCase(), value: v });
    }
  }
  if (f.action.kind === 'shoot') {
    if (f.readyAtStart) terms.push({ label: 'carried loaded', value: LOADED_I_BONUS });
    const bow = heldMissile(st, f);
    if (bow && f.missiles.get(bow.id)?.stress === 'slow')
      terms.push({ label: 'reloaded under stress', value: -10 });
  }
  if (st.opt.bracerPenalty) {
    for (const l of st.cat.layerings) {
      if (
        l.I !== 0 &&
        f.armour.some((a) => l.over.includes(a.id)) &&
        f.armour.some((a) => l.under.includes(a.id))
      ) {
        terms.push({ label: 'layered bracers', value: l.I });
      }
    }
  }
  return { base, terms };
}

function schedule(st: W1State, ctx: FightContext): Entry[] {
  const entries: Entry[] = [];
  const lines: string[] = [];
  let seq = 0;
  for (const f of st.combatants) {
    if (f.out !== null || f.asleep || surprisedNow(st, f) || f.busyUntil >= st.round) continue;
    const { base, terms } = effectiveInitiative(st, f);
    const ei = sumTerms(base, terms);
    const a = f.action.kind;
    if (f.hold && f.hold.holder) {
      if (f.hold.since < st.round)
        entries.push({ f, tick: Math.max(1, ei), phase: 0, kind: 'hold', seq: seq++ });
      continue;
    }
    if (a === 'flee' || a === 'tend' || a === 'shoot' || a === 'load' || a === 'aim' || a === 'move') {
      const kind = a === 'flee' || a === 'tend' ? a : 'turn';
      entries.push({ f, tick: Math.max(1, ei), phase: 0, kind, seq: seq++ });
      if (ctx.explain)
        lines.push(
          `${f.name} ${showSum('EI: I', base, terms)}: ${ACTION_WORDS[a] ?? a} at ${Math.max(1, ei)}`,
        );
      continue;
    }
    if (a !== 'fight') continue;
    const attacks = current(f, 'A', st.round);
    let ticks = blowTicks(ei, attacks, st.opt.blowSpacing);
    const loss = f.takeUpLoss;
    f.takeUpLoss = 0;
    if (loss !== 0) ticks = afterTakeUp(ticks, loss);
    const owed = Math.min(f.owedAttacks, ticks.length);
    if (owed > 0) {
      ticks = ticks.slice(owed);
      f.owedAttacks -= owed;
    }
    f.pending = [...ticks];
    for (const t of ticks) entries.push({ f, tick: t, phase: 0, kind: 'blow', seq: seq++ });
    if (ctx.explain) {
      const notes = [
        loss !== 0 ? `take-up ${loss}` : '',
        owed > 0 ? `${owed} lost to an earlier parry or fumble` : '',
      ].filter((x) => x);
      lines.push(
        `${f.name} ${showSum('EI: I', base, terms)}, A ${attacks}: blows at ${ticks.join(', ') || 'none'}${notes.length ? ` (${notes.join('; ')})` : ''}`,
      );
    }
  }
  if (ctx.explain && lines.length > 0) {
    say(
      st,
      ctx,
      'order',
      `Order: ${lines.join('; ')}.`,
      st.opt.multipleAttacks === 'simplified' ? CITES.simplified : CITES.multipleAttacks,
    );
  }
  return entries;
}

// ---------------------------------------------------------------- the timeline

function sortEntries(entries: Entry[]): void {
  entries.sort(
    (x, y) =>
      y.tick - x.tick || x.phase - y.phase || Number(y.f.winning) - Number(x.f.winning) || x.seq - y.seq,
  );
}

/** Entries at the same tick and phase, winners apart from the rest, act together. */
function sameMoment(x: Entry, y: Entry): boolean {
  return x.tick === y.tick && x.phase === y.phase && x.f.winning === y.f.winning;
}

function runTimeline(st: W1State, ctx: FightContext, entries: Entry[]): void {
  sortEntries(entries);
  let i = 0;
  let guard = 0;
  while (i < entries.length && guard++ < 10_000) {
    let j = i + 1;
    while (j < entries.length && sameMoment(entries[i] as Entry, entries[j] as Entry)) j++;
    const group = entries.slice(i, j);
    st.moment = (group[0] as Entry).tick;
    // Equal EI acts at the same time: whoever could act when the moment came acts, even if struck down in it.
    const able = new Set(
      group
        .filter((e) => e.f.out === null && (e.kind !== 'blow' || e.f.airborne || canAttack(st, e.f)))
        .map((e) => e.f),
    );
    // Equal I can both charge: whoever was free when the moment came counts as charging (§ Being Charged).
    const free = new Set(group.filter((e) => !isEngaged(st, e.f)).map((e) => e.f));
    const delayed: Entry[] = [];
    for (const e of group) {
      if (!able.has(e.f)) continue;
      const outcome = act(st, ctx, e, entries, j, free.has(e.f));
      if (outcome === 'delay') delayed.push(e);
    }
    i = j;
    if (delayed.length > 0) {
      const next = entries[i];
      for (const e of delayed) {
        e.tick = next ? next.tick : 0;
        e.phase = 1;
        entries.push(e);
      }
      const rest = entries.splice(i);
      sortEntries(rest);
      entries.push(...rest);
    }
  }
  st.moment = Infinity;
}

function act(
  st: W1State,
  ctx: FightContext,
  e: Entry,
  entries: Entry[],
  nextIndex: number,
  wasFree: boolean,
): 'done' | 'delay' {
  const f = e.f;
  switch (e.kind) {
    case 'flee':
      resolveFlight(st, ctx, f);
      return 'done';
    case 'tend':
      tend(st, ctx, f);
      return 'done';
    case 'hold':
      holdRound(st, ctx, f);
      return 'done';
    case 'turn':
      turn(st, ctx, f);
      return 'done';
    case 'blow': {
      const k = f.pending.indexOf(e.tick);
      if (k < 0) return 'done';
      if (f.airborne) {
        dive(st, ctx, f);
        return 'done';
      }
      const result = blow(st, ctx, f, e, entries, nextIndex, wasFree);
      if (result === 'delay') return 'delay';
      // Its turn has come, struck or not (§ Attacks From Flying Creatures: "already taken their individual turn").
      f.acted = true;
      const at = f.pending.indexOf(e.tick);
      if (at >= 0) f.pending.splice(at, 1);
      return 'done';
    }
  }
}

/** Usable weapons in hand, strong hand first: item, hand. Shields are not struck with. */
function usableWeapons(st: W1State, f: Fighter): { w: Weapon; hand: 'right' | 'left' }[] {
  const out: { w: Weapon; hand: 'right' | 'left' }[] = [];
  const strong = strongHand(f);
  for (const hand of [strong, strong === 'right' ? 'left' : 'right'] as const) {
    const w = f[hand];
    if (!w || w.shield || !w.melee) continue;
    if (!handUsable(f, hand, st.round)) continue;
    if (w.hands === 2) {
      if (!handUsable(f, 'right', st.round) || !handUsable(f, 'left', st.round)) continue;
      if (out.some((o) => o.w === w)) continue;
    }
    out.push({ w, hand });
  }
  return out;
}

/** An ordinary blow with the main weapon (or claws, or fists); `free`: at a fleeing back (§ Fleeing). */
function plainBlow(st: W1State, a: Fighter, target: Fighter, free: boolean): Blow {
  const ws = usableWeapons(st, a);
  return {
    attacker: a,
    target,
    weapon: ws[0]?.w ?? a.natural[0] ?? null,
    hand: ws[0]?.hand ?? null,
    kind: 'strike',
    aim: null,
    charging: false,
    free,
    fromRear: free,
  };
}

/** One blow of a combatant's turn: whom, how, with what (§ Combat Procedure, § Multiple Opponents). */
function blow(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  e: Entry,
  entries: Entry[],
  nextIndex: number,
  wasFree: boolean,
): 'done' | 'delay' {
  const r = st.round;
  const M = current(carrier(f), 'M', r);
  const chargeOk = !st.spatial && f.gap !== null && canCharge(f.gap, M);
  // Not opponents(): a combatant struck down at this same moment still strikes (§ More About Rounds).
  const opp = st.combatants.filter(
    (o) =>
      o.side !== f.side &&
      o.out === null &&
      !running(o, r) &&
      (st.spatial ? inContact(f, o) && !isRidden(o) : (o.target === f || f.target === o) && !o.airborne),
  );
  let target: Fighter | null = null;
  let charging = false;
  if (opp.length === 0 && st.spatial) {
    // The scene of battle: at the start of its turn a combatant may close in (§ Initiating Hand-To-Hand Combat).
    if (f.acted || f.heldInPlace || isRidden(f)) {
      say(st, ctx, 'idle', `${f.name} has nobody within reach at ${e.tick}.`, CITES.actions, [f]);
      return 'done';
    }
    const t = approach(st, ctx, f);
    if (!t) {
      f.pending.length = 0;
      return 'done';
    }
    target = t;
    charging = f.charging;
  } else if (opp.length === 0) {
    if (f.heldInPlace) {
      say(
        st,
        ctx,
        'idle',
        `${f.name} stands its ground: an opponent fled this round (no blow at ${e.tick}).`,
        CITES.fleeing,
        [f],
      );
      return 'done';
    }
    // Not engaged: move into contact with an enemy, charging if close enough (§ Initiating Hand-To-Hand Combat).
    const enemies = targetable(st, f);
    if (enemies.length === 0) {
      say(st, ctx, 'idle', `${f.name} has nobody to strike at ${e.tick}.`, CITES.actions, [f]);
      return 'done';
    }
    if (f.roundTarget !== null) {
      // Its enemy fell earlier this round: turning to another costs this blow.
      const pick = chooseTarget(ctx, f, enemies, `${f.name}: turn to face whom? (this blow is lost turning)`);
      if (pick === null) return 'done';
      engage(st, ctx, f, pick, false);
      f.roundTarget = pick;
      say(st, ctx, 'switch', `${f.name} turns to ${pick.name}, losing this blow.`, CITES.multipleOpponents, [
        f,
        pick,
      ]);
      return 'done';
    }
    const choices: Choice[] = enemies.map((x) => ({
      key: combatantKey(x),
      label: `${chargeOk ? 'charge' : 'engage'} ${x.name}`,
    }));
    choices.push({ key: 'wait', label: 'hold position' });
    const best = suggestTarget(f, enemiesByPressure(st, enemies));
    const suggested = best ? combatantKey(best) : 'wait';
    const pick = decide(
      ctx,
      f,
      'engage',
      `${f.name}: ${chargeOk ? 'charge' : 'engage'} whom?`,
      choices,
      suggested,
    );
    const t = enemies.find((x) => combatantKey(x) === pick);
    if (!t) return 'done';
    engage(st, ctx, f, t, chargeOk);
    charging = chargeOk;
    target = t;
  } else {
    if (wasFree && chargeOk && f.roundTarget === null) {
      // Charged at the very moment it charged: both count as charging.
      f.charging = true;
      f.gap = null;
      say(st, ctx, 'charge', `${f.name} charges too: equal I, both count as charging.`, CITES.charging, [f]);
    }
    const still = f.roundTarget !== null && opp.includes(f.roundTarget) ? f.roundTarget : null;
    if (f.roundTarget === null) {
      target = opp.length === 1 ? (opp[0] as Fighter) : chooseTarget(ctx, f, opp, `${f.name}: strike whom?`);
    } else if (still === null) {
      const pick = chooseTarget(
        ctx,
        f,
        opp,
        `${f.name}: ${f.roundTarget.name} is gone; turn to whom? (this blow is lost turning)`,
      );
      if (pick) turnTo(st, ctx, f, pick, null);
      return 'done';
    } else {
      target = still;
    }
  }
  if (!target) return 'done';
  charging = charging || f.charging;
  if (st.spatial) {
    faceToward(f, target);
    f.target = target;
  }

  // The kind of blow.
  const weapons = usableWeapons(st, f);
  const unarmed = weapons.length === 0 && f.natural.length === 0;
  const others = opp.filter((o) => o !== target);
  const choices: Choice[] = [
    { key: 'strike', label: `strike ${target.name}` },
    { key: 'aim', label: `aim at a location (−10 or −20)` },
    { key: 'stun', label: `strike to stun${f.skills.has('strike to stun') ? '' : ' (−20)'}` },
  ];
  if (unarmed) choices.push({ key: 'grapple', label: `grapple${f.skills.has('wrestling') ? '' : ' (−20)'}` });
  if (f.roundTarget !== null)
    for (const o of others)
      choices.push({ key: `switch:${o.id}`, label: `turn to ${o.name} (loses this blow)` });
  if (current(f, 'A', r) <= 1 && !charging && nextIndex < entries.length) {
    choices.push({ key: 'delay', label: 'delay: act after the next in the order' });
  }
  choices.push({ key: 'pass', label: 'let this blow go' });
  const suggested =
    unarmed && f.tactics.grapple
      ? 'grapple'
      : f.tactics.stun
        ? 'stun'
        : f.tactics.aim !== 'none'
          ? 'aim'
          : 'strike';
  const kindKey = decide(ctx, f, 'blow', `${f.name}: blow at EI ${e.tick}`, choices, suggested);
  if (kindKey === 'pass') {
    say(st, ctx, 'pass', `${f.name} lets the blow at ${e.tick} go.`, CITES.multipleAttacks, [f]);
    f.roundTarget = target;
    return 'done';
  }
  if (kindKey === 'delay') {
    say(st, ctx, 'delay', `${f.name} delays.`, CITES.order, [f]);
    const next = entries[nextIndex];
    const at = f.pending.indexOf(e.tick);
    if (at >= 0) f.pending[at] = next ? next.tick : 0;
    return 'delay';
  }
  if (kindKey.startsWith('switch:')) {
    const to = others.find((o) => `switch:${o.id}` === kindKey);
    if (to) turnTo(st, ctx, f, to, target);
    return 'done';
  }
  let aim: Part | null = null;
  if (kindKey === 'aim') {
    // A much smaller attacker may aim only at what it can reach (§ Especially Tall Opponents).
    const all = partsOf(target.body);
    const reach = muchTaller(f.height, target.height) ? all.filter((p) => reachable(target, p)) : all;
    const parts = reach.length > 0 ? reach : all;
    const locChoices = parts.map((p) => ({ key: p.id, label: `${p.name} (−${-targetedPenalty(p)})` }));
    const want =
      f.tactics.aim !== 'none' ? (LOCATIONS_BY_KEY[f.tactics.aim]?.id ?? parts[0]?.id ?? 'body') : 'head';
    const key = decide(ctx, f, 'aim', `${f.name}: aim at which part of ${target.name}?`, locChoices, want);
    aim = parts.find((p) => p.id === key) ?? null;
  }
  let weapon: Weapon | null = null;
  let hand: 'right' | 'left' | null = null;
  if (weapons.length > 1) {
    const wChoices = weapons.map((x) => ({
      key: x.hand,
      label: `the ${x.w.name.toLowerCase()} (${x.hand} hand)`,
    }));
    const wk = decide(
      ctx,
      f,
      'weapon',
      `${f.name}: strike with?`,
      wChoices,
      (weapons[0] as { hand: string }).hand,
    );
    const chosen =
      weapons.find((x) => x.hand === wk) ?? (weapons[0] as { w: Weapon; hand: 'right' | 'left' });
    weapon = chosen.w;
    hand = chosen.hand;
  } else if (weapons.length === 1) {
    weapon = (weapons[0] as { w: Weapon }).w;
    hand = (weapons[0] as { hand: 'right' | 'left' }).hand;
  } else if (f.natural.length > 0) {
    weapon = f.natural[0] as Weapon;
  }
  f.gap = null;
  const chargeBlow = charging && (st.opt.chargeBonus === 'round' || !f.chargeBlowDone);
  if (charging) f.chargeBlowDone = true;
  f.roundTarget = target;
  f.acted = true;
  strike(st, ctx, {
    attacker: f,
    target,
    weapon,
    hand,
    kind: kindKey as BlowKind,
    aim,
    charging: chargeBlow,
    free: false,
    fromRear: f.spec.situation.behind || (st.spatial && !inFront(target, f)),
  });
  return 'done';
}

/**
 * A combatant out of reach closes in at the start of its turn: a charge from within M yards, a
 * move into contact within a standard move (both then strike), or an advance that stops short.
 */
function approach(st: W1State, ctx: FightContext, f: Fighter): Fighter | null {
  const r = st.round;
  if (hasCond(f, 'entangled', r)) {
    say(st, ctx, 'idle', `${f.name} is entangled and cannot move.`, ours('lassos'), [f]);
    return null;
  }
  const enemies = st.combatants
    .filter(
      (o) =>
        o.side !== f.side &&
        o.out === null &&
        !running(o, r) &&
        !isRidden(o) &&
        !outOfReach(f, o) &&
        canSee(st, f, o),
    )
    .sort((a, b) => gap(f, a) - gap(f, b));
  if (enemies.length === 0) {
    const above = st.combatants.filter(
      (o) => o.side !== f.side && o.out === null && !isRidden(o) && outOfReach(f, o),
    );
    if (above.length > 0)
      say(
        st,
        ctx,
        'idle',
        `${f.name} cannot close with ${namesOf(above)}: in the air, out of reach of anyone who cannot fly.`,
        CITES.flying,
        [f],
      );
    else say(st, ctx, 'idle', `${f.name} sees no enemy to close with.`, CITES.scene, [f]);
    return null;
  }
  const M = current(carrier(f), 'M', r);
  const standard = yardsAt(st, f, 'standard');
  const choices: Choice[] = [];
  for (const t of enemies) {
    const g = gap(f, t);
    if (g <= M)
      choices.push({ key: `charge:${combatantKey(t)}`, label: `charge ${t.name} (${formatYards(g)})` });
    else if (g <= standard)
      choices.push({
        key: `close:${combatantKey(t)}`,
        label: `close with ${t.name} (${formatYards(g)}): no charge bonus`,
      });
    else {
      choices.push({ key: `run:${combatantKey(t)}`, label: `run toward ${t.name} (${formatYards(g)} away)` });
      choices.push({ key: `walk:${combatantKey(t)}`, label: `advance on ${t.name} at standard rate` });
    }
  }
  choices.push({ key: 'hold', label: 'hold position' });
  const firstKey = (choices[0] as Choice).key;
  const near =
    firstKey.startsWith('run:') && f.tactics.advance !== 'running' ? `walk:${firstKey.slice(4)}` : firstKey;
  const suggested = f.tactics.melee === 'hold' && !near.startsWith('charge:') ? 'hold' : near;
  const pick = decide(ctx, f, 'engage', `${f.name}: close with whom?`, choices, suggested);
  if (pick === 'hold') {
    say(st, ctx, 'hold', `${f.name} holds its position.`, CITES.actions, [f]);
    return null;
  }
  const [verb, key] = pick.split(':') as [string, string];
  const t = enemies.find((x) => combatantKey(x) === key);
  if (!t) return null;
  if (verb === 'charge' || verb === 'close') {
    const charge = verb === 'charge';
    if (
      !moveTo(
        st,
        ctx,
        f,
        t,
        charge ? M : standard,
        charge ? 'charge' : 'standard',
        charge ? 'charges' : 'closes with',
      )
    )
      return null;
    contact(st, ctx, f, t, charge);
    return t;
  }
  // A run or an advance stops a yard short: only a move within the standard distance ends in combat.
  const rate: Rate = verb === 'run' ? 'running' : f.tactics.advance === 'cautious' ? 'cautious' : 'standard';
  moveTo(
    st,
    ctx,
    f,
    t,
    Math.min(yardsAt(st, f, rate), Math.max(0, gap(f, t) - 1)),
    rate,
    rate === 'running' ? 'runs toward' : 'advances on',
  );
  return null;
}

/** Bases in contact: the target turns to meet the newcomer unless surprised or already engaged. */
function contact(st: W1State, ctx: FightContext, f: Fighter, t: Fighter, charging: boolean): void {
  const busy = st.combatants.some((o) => o !== f && o.side !== t.side && engaged(t, o));
  const faces = !busy && !surprisedNow(st, t);
  f.target = t;
  f.charging = charging;
  if (f.mount && f.mount.out === null) f.mount.target = t;
  if (faces) {
    t.target = f;
    faceToward(t, f);
  }
  if (ctx.explain) {
    const side = faces
      ? `; ${t.name} turns to meet it`
      : inFront(t, f)
        ? `; ${t.name} cannot turn, but ${f.name} comes at its front`
        : `; ${t.name} cannot turn to face it: no parry against it`;
    say(
      st,
      ctx,
      charging ? 'charge' : 'engage',
      `${f.name} ${charging ? 'charges' : 'closes with'} ${t.name}${charging ? ' (+10 to hit on the first blow)' : ''}${side}.`,
      CITES.charging,
      [f, t],
    );
  }
}

/** A declared shot, load, aim or move, at the combatant's turn. */
function turn(st: W1State, ctx: FightContext, f: Fighter): void {
  if (f.out !== null || !canParry(st, f)) return;
  f.acted = true;
  switch (f.action.kind) {
    case 'shoot': {
      if (!canAttack(st, f) || !canShoot(st, f)) {
        const why = !canAttack(st, f)
          ? 'it may not attack'
          : isEngaged(st, f)
            ? 'engaged, and a missile weapon cannot be reloaded in hand-to-hand'
            : 'the weapon is not ready';
        say(
          st,
          ctx,
          'idle',
          `${f.name} cannot shoot now: ${why}.`,
          isEngaged(st, f) ? CITES.missilesInMelee : CITES.missileProcedure,
          [f],
        );
        return;
      }
      const { choices, plans, suggested, refused } = shotChoices(st, f);
      if (choices.length <= 1) {
        say(
          st,
          ctx,
          'idle',
          `${f.name} has nothing to shoot at: no enemy seen and in range${heldMissile(st, f) ? ' (extreme range needs a round of aiming first)' : ''}.`,
          CITES.missileProcedure,
          [f],
        );
        return;
      }
      const pick = decide(ctx, f, 'shoot', `${f.name}: shoot at?`, choices, suggested, refused);
      const plan = plans.get(pick);
      if (plan) shoot(st, ctx, f, plan);
      return;
    }
    case 'load':
      loadRound(st, ctx, f);
      return;
    case 'aim':
      aimTurn(st, ctx, f);
      return;
    case 'move':
      moveTurn(st, ctx, f);
      return;
    default:
      return;
  }
}

/** § Firing At Extreme Range and § Sharpshooting: a round spent aiming. */
function aimTurn(st: W1State, ctx: FightContext, f: Fighter): void {
  const w = heldMissile(st, f);
  if (!w) return;
  const targets = missileTargets(st, f).sort(
    (a, b) => missileRange(f, a, w).yards - missileRange(f, b, w).yards,
  );
  const choices: Choice[] = [];
  let suggested = 'none';
  for (const t of targets) {
    const band = missileRange(f, t, w).band;
    choices.push({ key: combatantKey(t), label: `aim at ${t.name} (${band?.band} range)` });
    if (suggested === 'none' && band?.band === 'extreme') suggested = combatantKey(t);
    if (band?.band === 'short' || band?.band === 'point-blank') {
      for (const p of partsOf(t.body)) {
        choices.push({
          key: `${combatantKey(t)}:${p.id}`,
          label: `sharpshoot at ${t.name}'s ${p.name} (−${-targetedPenalty(p)})`,
        });
      }
    }
  }
  if (suggested === 'none' && choices.length > 0) suggested = (choices[0] as Choice).key;
  choices.push({ key: 'none', label: 'stop aiming' });
  const pick = decide(ctx, f, 'aim', `${f.name}: aim at?`, choices, suggested);
  const [key, partId] = pick.split(':') as [string, string | undefined];
  const t = targets.find((x) => combatantKey(x) === key);
  if (!t) return;
  const part = partId ? (partsOf(t.body).find((p) => p.id === partId) ?? null) : null;
  f.aim = { target: t, since: st.round, part };
  say(
    st,
    ctx,
    'aim',
    `${f.name} aims at ${t.name}${part ? `'s ${part.name}` : ''}: the shot comes next round.`,
    part ? CITES.sharpshooting : CITES.extremeRange,
    [f, t],
  );
}

/** A round of movement: advance on an enemy, withdraw, or evade (§ Actions, § To Hit Modifiers). */
function moveTurn(st: W1State, ctx: FightContext, f: Fighter): void {
  if (hasCond(f, 'entangled', st.round)) {
    say(st, ctx, 'idle', `${f.name} is entangled and cannot move.`, ours('lassos'), [f]);
    return;
  }
  const enemies = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && canSee(st, f, o) && !isRidden(o),
  );
  const choices: Choice[] = [];
  for (const t of enemies) {
    choices.push({
      key: `walk:${combatantKey(t)}`,
      label: `advance on ${t.name} (standard rate, ${formatYards(yardsAt(st, f, 'standard'))})`,
    });
    choices.push({
      key: `run:${combatantKey(t)}`,
      label: `run toward ${t.name} (${formatYards(yardsAt(st, f, 'running'))})`,
    });
  }
  for (const rate of ['cautious', 'standard', 'running', 'evading'] as const) {
    choices.push({
      key: `away:${rate}`,
      label:
        rate === 'evading'
          ? `evade: run zig-zagging away, ${formatYards(yardsAt(st, f, 'evading'))} (−20 to be hit)`
          : `withdraw at ${rate} rate (${formatYards(yardsAt(st, f, rate))})`,
    });
  }
  choices.push({ key: 'hold', label: 'stay' });
  const pick = decide(
    ctx,
    f,
    'move',
    `${f.name}: move how?`,
    choices,
    f.tactics.melee === 'hold' ? 'hold' : (choices[0] as Choice).key,
  );
  const [verb, arg] = pick.split(':') as [string, string | undefined];
  if (verb === 'away') {
    moveAwayFrom(st, ctx, f, enemies, arg as Rate);
    return;
  }
  const t = enemies.find((x) => combatantKey(x) === arg);
  if (!t || verb === 'hold') return;
  const rate: Rate = verb === 'run' ? 'running' : 'standard';
  moveTo(
    st,
    ctx,
    f,
    t,
    Math.min(yardsAt(st, f, rate), Math.max(0, gap(f, t) - 1)),
    rate,
    rate === 'running' ? 'runs toward' : 'advances on',
  );
}

/**
 * § Timekeeping: firers shoot at an advancing enemy without going round by round: how long the
 * enemy takes to come within charging distance, the shots that allows, all resolved in one step.
 */
function standAndFire(st: W1State, ctx: FightContext): void {
  const firers = st.combatants.filter(
    (f) => f.out === null && heldMissile(st, f) !== null && f.tactics.missile === 'fire',
  );
  const sides = new Set(firers.map((f) => f.side));
  const advancers = st.combatants.filter(
    (a) => a.out === null && !sides.has(a.side) && !(a.rider !== null) && a.tactics.melee === 'close',
  );
  if (firers.length === 0 || advancers.length === 0) return;
  const within = (a: Fighter) =>
    firers.some((f) => f.out === null && gap(a, f) <= current(carrier(a), 'M', st.round));
  say(
    st,
    ctx,
    'timekeeping',
    `Stand and fire: ${namesOf(firers)} ${firers.length === 1 ? 'shoots' : 'shoot'} while ${namesOf(advancers)} ${advancers.length === 1 ? 'comes' : 'come'} on, until within charging distance.`,
    CITES.timekeeping,
  );
  for (let k = 0; k < 50 && advancers.some((a) => a.out === null && !within(a)); k++) {
    st.round++;
    for (const f of st.combatants) startMoves(f);
    for (const f of firers) {
      if (f.out !== null) continue;
      const targets = missileTargets(st, f).filter(
        (t) => advancers.includes(t) || advancers.includes(t.mount ?? t),
      );
      const t = targets.sort((a, b) => gap(f, a) - gap(f, b))[0];
      if (t && canShoot(st, f)) {
        const band = missileRange(f, t, heldMissile(st, f) as Weapon).band;
        if (band?.band === 'extreme' && !aimedLongEnough(st, f, t)) {
          f.aim = { target: t, since: st.round, part: null };
          say(st, ctx, 'aim', `${f.name} aims at ${t.name}: the shot comes next round.`, CITES.extremeRange, [
            f,
            t,
          ]);
        } else {
          shoot(st, ctx, f, { target: t, group: false, part: null });
        }
      } else if (canLoad(st, f)) {
        loadRound(st, ctx, f);
      }
    }
    for (const a of advancers) {
      if (a.out !== null || within(a)) continue;
      const t = firers.filter((f) => f.out === null).sort((x, y) => gap(a, x) - gap(a, y))[0];
      if (!t) break;
      const M = current(carrier(a), 'M', st.round);
      const rate: Rate = a.tactics.advance;
      // Close to within charging distance, no nearer: the charge comes in the first ordinary round.
      moveTo(
        st,
        ctx,
        a,
        t,
        Math.min(yardsAt(st, a, rate), Math.max(0, gap(a, t) - M + 0.5)),
        rate,
        rate === 'running' ? 'runs toward' : 'advances on',
      );
    }
  }
  say(
    st,
    ctx,
    'timekeeping',
    `After ${st.round} round${st.round === 1 ? '' : 's'} of fire the survivors are within charging distance; the fight goes on round by round.`,
    CITES.timekeeping,
  );
}

/** § Multiple Opponents: turning to another opponent costs the blow; it now faces that one. */
function turnTo(st: W1State, ctx: FightContext, f: Fighter, to: Fighter, from: Fighter | null): void {
  f.roundTarget = to;
  f.target = to;
  f.unfaced.delete(to);
  say(
    st,
    ctx,
    'switch',
    `${f.name} turns ${from ? `from ${from.name} ` : ''}to ${to.name}, losing this blow.`,
    CITES.multipleOpponents,
    [f, to],
  );
}

/** Enemies with the fewest others already on them first: how a newcomer picks whom to engage. */
function enemiesByPressure(st: W1State, enemies: readonly Fighter[]): Fighter[] {
  const load = (x: Fighter) => st.combatants.filter((o) => o.target === x && o.out === null).length;
  return [...enemies].sort((a, b) => load(a) - load(b));
}

function chooseTarget(
  ctx: FightContext,
  f: Fighter,
  candidates: readonly Fighter[],
  label: string,
): Fighter | null {
  if (candidates.length === 0) return null;
  const choices = candidates.map((c) => ({ key: combatantKey(c), label: `${c.name} (W ${c.W})` }));
  const suggested = combatantKey(suggestTarget(f, candidates) ?? (candidates[0] as Fighter));
  const key = decide(ctx, f, 'target', label, choices, suggested);
  return candidates.find((c) => combatantKey(c) === key) ?? null;
}

/** Moves into contact: the target turns to meet it unless surprised or already engaged. */
function engage(st: W1State, ctx: FightContext, f: Fighter, t: Fighter, charging: boolean): void {
  const faces = t.target === null && !surprisedNow(st, t) && t.out === null && !isEngaged(st, t);
  // "If the target is surprised or is already engaged in combat, it may not be turned to face the charge."
  if (!faces && t.target !== f) t.unfaced.add(f);
  f.target = t;
  f.gap = null;
  f.charging = charging;
  const mount = f.mount;
  if (mount && mount.out === null) mount.target = t;
  if (faces) t.target = f;
  if (ctx.explain) {
    say(
      st,
      ctx,
      charging ? 'charge' : 'engage',
      `${f.name} ${charging ? 'charges' : 'closes with'} ${t.name}${charging ? ' (+10 to hit on the first blow)' : ''}${faces ? `; ${t.name} turns to meet it` : t.target !== f ? `; ${t.name} cannot turn to face it (no parry against it this round)` : ''}.`,
      CITES.charging,
      [f, t],
    );
  }
}

// ---------------------------------------------------------------- flight, tending, diving

/** § Fleeing: each opponent strikes one free blow at the back (+10, no parry, no shield), then the fleer is gone. */
function resolveFlight(st: W1State, ctx: FightContext, f: Fighter): void {
  if (f.out !== null) return;
  if (
    hasCond(f, 'prone', st.round) ||
    hasCond(f, 'trapped', st.round) ||
    hasCond(f, 'noAction', st.round) ||
    f.hold !== null
  ) {
    say(st, ctx, 'flee', `${f.name} cannot flee while down, dazed or held.`, CITES.fleeing, [f]);
    return;
  }
  const opp = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && (o.target === f || f.target === o),
  );
  if (f.flying) {
    say(st, ctx, 'flee', `${f.name} flies off: fliers leave a combat without free blows.`, CITES.flying, [f]);
  } else {
    say(
      st,
      ctx,
      'flee',
      `${f.name} turns and flees${opp.length ? `: ${namesOf(opp)} ${opp.length === 1 ? 'gets a free blow' : 'each get a free blow'}` : ''}.`,
      CITES.fleeing,
      [f, ...opp],
    );
    for (const o of opp) {
      o.heldInPlace = true;
      if (f.out !== null || !canAttack(st, o)) continue;
      strike(st, ctx, plainBlow(st, o, f, true));
    }
  }
  if (f.out === null && st.spatial) moveAwayFrom(st, ctx, f, opp, 'running');
  if (f.out === null) takeOut(st, ctx, f, 'fled', f.flee === 'forced' ? 'forced to flee' : 'fled the combat');
}

function tend(st: W1State, ctx: FightContext, f: Fighter): void {
  const a = f.action;
  if (a.kind !== 'tend' || f.out !== null) return;
  if (isEngaged(st, f)) {
    say(st, ctx, 'tend', `${f.name} is engaged and cannot tend ${a.ally.name}.`, ours('medical attention'), [
      f,
    ]);
    return;
  }
  a.ally.bleeding = [];
  const wasDying = a.ally.diesAt !== null;
  a.ally.diesAt = null;
  if (wasDying && a.ally.out === 'dying') a.ally.out = 'unconscious';
  say(
    st,
    ctx,
    'tend',
    `${f.name} gives ${a.ally.name} medical attention: the bleeding stops${wasDying ? ' and death is held off' : ''}.`,
    ours('medical attention'),
    [f, a.ally],
  );
}

/**
 * § Attacks From Flying Creatures: a flier dives at a ground target, the two swap blows in I
 * order (the target strikes back only if it has not yet had its turn; it may always parry),
 * and the flier climbs away.
 */
function dive(st: W1State, ctx: FightContext, f: Fighter): void {
  const e0 = st.moment;
  const ground = st.combatants.filter(
    (o) =>
      o.side !== f.side &&
      o.out === null &&
      o.flee === null &&
      !o.airborne &&
      !isRidden(o) &&
      (!st.spatial || gap(f, o) <= yardsAt(st, f, 'running') / 2),
  );
  if (ground.length === 0 && st.spatial && f.pos) {
    // Nothing within a dive: fly nearer, staying in the air.
    const far = st.combatants
      .filter((o) => o.side !== f.side && o.out === null && !o.airborne && o.pos)
      .sort((a, b) => gap(f, a) - gap(f, b))[0];
    if (far)
      moveTo(
        st,
        ctx,
        f,
        far,
        Math.max(0, Math.min(yardsAt(st, f, 'running'), gap(f, far) - yardsAt(st, f, 'running') / 4)),
        'running',
        'flies toward',
      );
    f.pending.length = 0;
    return;
  }
  if (ground.length === 0 || !canAttack(st, f)) {
    f.pending.length = 0;
    return;
  }
  const choices: Choice[] = ground.map((g) => ({ key: combatantKey(g), label: `dive at ${g.name}` }));
  choices.push({ key: 'stay', label: 'stay aloft' });
  const diveAt = suggestTarget(f, ground);
  const pick = decide(
    ctx,
    f,
    'dive',
    `${f.name}: dive at whom?`,
    choices,
    diveAt ? combatantKey(diveAt) : 'stay',
  );
  const t = ground.find((g) => combatantKey(g) === pick);
  if (!t) {
    f.pending.length = 0;
    return;
  }
  say(
    st,
    ctx,
    'dive',
    `${f.name} dives at ${t.name}${t.acted ? ` (${t.name} has had its turn: it may only parry)` : ''}.`,
    CITES.flying,
    [f, t],
  );
  const home = f.pos;
  const height = f.alt;
  if (f.pos && t.pos) {
    f.alt = 0;
    moveTo(st, ctx, f, t, yardsAt(st, f, 'running') / 2, 'running', 'swoops on');
  }
  const swaps: { who: Fighter; tick: number }[] = f.pending.map((tick) => ({ who: f, tick }));
  const strikesBack = !t.acted;
  if (strikesBack) for (const tick of t.pending) swaps.push({ who: t, tick });
  swaps.sort((x, y) => y.tick - x.tick || Number(x.who !== f) - Number(y.who !== f));
  t.acted = true;
  f.acted = true;
  for (const s of swaps) {
    if (f.out !== null || t.out !== null) break;
    const a = s.who;
    // A parry in the exchange costs the parrier's next blow in it, as anywhere else.
    const at = a.pending.indexOf(s.tick);
    if (at < 0) continue;
    a.pending.splice(at, 1);
    st.moment = s.tick;
    if (!canAttack(st, a)) continue;
    strike(st, ctx, plainBlow(st, a, a === f ? t : f, false));
  }
  st.moment = e0;
  f.pending.length = 0;
  if (strikesBack) t.pending.length = 0;
  if (t.target === f) t.target = null;
  f.target = null;
  if (home) {
    setPos(f, home);
    f.moved *= 2;
  }
  f.alt = height;
  say(st, ctx, 'dive', `${f.name} climbs away.`, CITES.flying, [f]);
}

// ---------------------------------------------------------------- the end of the round

function endRound(st: W1State, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    if (f.busyUntil === r) {
      const w = f.readying;
      if (w) {
        f.readying = null;
        if (fits(st, f, w)) takeInHand(st, f, w);
        say(st, ctx, 'take-up', `${f.name} has the ${w.name.toLowerCase()} ready.`, CITES.takeUp, [f]);
      }
      const item = f.searching;
      if (item !== null) {
        f.searching = null;
        packItemInHand(st, f, item);
        say(st, ctx, 'take-up', `${f.name} finds the ${item}.`, CITES.takeUp, [f]);
      }
    }
  }
  for (const f of st.combatants) if (f.bleeding.length > 0) bleed(st, ctx, f);
  for (const f of st.combatants) {
    if (f.diesAt === null || f.out === 'dead' || r < f.diesAt) continue;
    f.diesAt = null;
    takeOut(st, ctx, f, 'dead', 'died of the wound');
  }
  burningOil(st, ctx);
  winningAndLosing(st, ctx);
}

/** § Actions, Drop: burning oil does 2D4 W a round to whoever stands in it (the GM says who). */
function burningOil(st: W1State, ctx: FightContext): void {
  for (const pool of st.pools) {
    const caught = new Set<Fighter>();
    for (let k = 0; k < st.combatants.length; k++) {
      const candidates = st.combatants.filter((f) => f.out !== 'dead' && f.out !== 'fled' && !caught.has(f));
      const choices: Choice[] = [
        { key: 'nobody', label: caught.size ? 'nobody else' : 'nobody' },
        ...candidates.map((f) => ({ key: combatantKey(f), label: f.name })),
      ];
      const pick = decide(
        ctx,
        null,
        'burning-oil',
        `GM: who ${caught.size ? 'else ' : ''}stands in the burning oil (${pool.feet} feet across, ${pool.roundsLeft} round${pool.roundsLeft === 1 ? '' : 's'} left)?`,
        choices,
        'nobody',
      );
      const f = candidates.find((c) => combatantKey(c) === pick);
      if (!f) break;
      caught.add(f);
      const w = roll(ctx, 4, f, 'burning oil (2D4 W)', 2);
      woundDirect(st, ctx, f, PARTS.body, w, null, 'burning oil', st.opt.fireCriticals);
    }
    pool.roundsLeft--;
  }
  st.pools = st.pools.filter((p) => p.roundsLeft > 0);
}

/** § Winning and Losing: more damage caused than received wins; the loser steps back 2 yards. */
function winningAndLosing(st: W1State, ctx: FightContext): void {
  const notes: string[] = [];
  for (const f of st.combatants) {
    const fought = f.fought.size > 0 || isEngaged(st, f);
    if (fought) f.roundsFought++;
    f.winning = f.out === null && f.dealt > f.taken;
    f.losing = f.out === null && f.taken > f.dealt;
    f.wonAgainst = f.winning ? new Set([...f.fought].filter((o) => o.out === null)) : new Set();
    if (ctx.explain && (f.dealt > 0 || f.taken > 0) && f.out === null) {
      notes.push(
        `${f.name} caused ${f.dealt}, received ${f.taken}: ${f.winning ? 'winning' : f.losing ? 'losing, steps back 2 yards' : 'neither'}`,
      );
    }
  }
  if (notes.length > 0)
    say(st, ctx, 'winning', `End of round ${st.round}: ${notes.join('; ')}.`, CITES.winning);
  if (!st.spatial) return;
  for (const l of st.combatants) {
    if (!l.losing || l.out !== null) continue;
    const w = st.combatants.find((o) => o.winning && o.wonAgainst.has(l) && inContact(o, l));
    if (w) pushBack(st, ctx, l, w);
  }
}
