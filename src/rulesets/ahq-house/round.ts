// The turn sequence of the base game with the house rules (warhammer-quest-house-combat.txt):
// the players' models take their turns, then the monsters'. A model's turn: the monster rules'
// Bravery checks (Run Amok, Panic), then one plan: close in and attack (charges, rear attacks,
// long weapons), shoot, cast, turn, flee or hold, evading a combat first where the plan leaves
// one. Facing is settled after every move and turn: death zones, forced turns, engagement.
import { possessive } from '../../core/names.js';
import { showTerm, sumTerms } from '../../core/arith.js';
import { ruledTerms } from '../../core/rulings.js';
import type { FightContext } from '../../core/context.js';
import type { Choice, FollowingDice, FreeAnswer } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import { decide, roll, say } from '../../core/say.js';
import {
  cellAt,
  diagonallyAdjacent,
  drawFacingBoard,
  FACING_WORD,
  same,
  steps,
  findPath,
  footprint,
  isStraight,
  lineOfSight,
  occupies,
  passable,
  rearSquares,
  sideOf,
  squareKey,
  squaresApart,
  straightLine,
  walks,
  type Facing,
} from '../../space/grid.js';
import type { Point } from '../../space/plane.js';
import { facts, ours, text } from './cite.js';
import type { Spell, Weapon } from './data.js';
import {
  braveryPasses,
  CHARGE_BONUS,
  closeCombatNeed,
  helmetCounts,
  isCharge,
  MOST_DAMAGE_DICE,
  rangeBand,
  rangedNeed,
  rearDice,
  rollsAgain,
  stealthEvades,
  surroundingPenalty,
  toHitRoll,
  showCloseCombatNeed,
  woundsOf,
} from './rules.js';
import {
  handWeapon as handWeaponOf,
  missileWeapon as missileWeaponOf,
  toughnessOf,
  withArmour,
  type AhqFighter,
  type AhqState,
} from './state.js';
import {
  deathZoneSquares,
  engagedWith,
  hasDeathZone,
  isEnemy,
  preferFirst,
  settleFacing,
  stoppingSquares,
  turnedAway,
  type Turn,
} from './zones.js';

const standing = (st: AhqState) => st.combatants.filter((f) => f.out === null);
const enemiesOf = (st: AhqState, f: AhqFighter) => st.combatants.filter((o) => isEnemy(f, o));
const sum = (f: AhqFighter, k: 'DS' | 'BS' | 'Sp' | 'St') => withArmour(f.spec, k);

/** Toughness with armour; a helmet's part only when the to-hit roll is exactly the number needed (facts). */
export function toughness(f: AhqFighter, exact: boolean): { T: number; helmet: number } {
  const { T, helmet } = toughnessOf(f.spec);
  return { T: T + (exact ? helmet : 0), helmet };
}

const handWeapon = (f: AhqFighter): Weapon | null => handWeaponOf(f.spec);
const missileWeapon = (f: AhqFighter): Weapon | null => missileWeaponOf(f.spec);
const hasRule = (f: AhqFighter, r: string) => f.spec.rules.includes(r as never);

// ------------------------------------------------------------------ the board

/**
 * The board with each model's glyph and facing on its squares, death zones marked where the
 * option (or the tracker) asks, and a legend of glyphs, names and W.
 */
export function boardLines(st: AhqState, zonesShown = st.setup.opt.board === 'zones'): string[] {
  const zones = new Set<string>();
  if (zonesShown)
    for (const f of standing(st))
      if (hasDeathZone(f, st.combatants)) for (const p of deathZoneSquares(f)) zones.add(squareKey(p));
  const drawn = drawFacingBoard(
    boardWithDoors(st),
    standing(st).map((f) => ({ at: f.at, size: f.size, facing: f.facing, glyph: f.spec.glyph })),
    zones,
  );
  const legend = standing(st)
    .map((f) => `${f.spec.glyph}${ARROWS[f.facing]} ${f.name} W ${f.W}`)
    .join(', ');
  const key = `# wall, + door, / open door${zonesShown ? ', * death zone (+* on a doorway)' : ''}; ^ > v < facing`;
  // Columns and rows numbered as moves are typed (to:x,y), the tens of a column left to the reader.
  const { width } = st.setup.board;
  const columns =
    `   ${Array.from({ length: width }, (_, x) => String(x % 10).padEnd(2)).join('')}`.trimEnd();
  const rows = drawn.split('\n').map((l, y) => `${String(y).padStart(2)} ${l}`);
  return [columns, ...rows, legend, key];
}

const ARROWS: Readonly<Record<Facing, string>> = { N: '^', E: '>', S: 'v', W: '<' };

function boardText(st: AhqState): string {
  return boardLines(st)
    .map((l) => `    ${l}`)
    .join('\n');
}

export function boardWithDoors(st: AhqState) {
  if (!st.opened.size) return st.setup.board;
  const b = st.setup.board;
  return {
    ...b,
    cells: b.cells.map((c, i) =>
      c === 'door' && st.opened.has(`${i % b.width},${Math.floor(i / b.width)}`) ? ('open-door' as const) : c,
    ),
  };
}

function showBoard(st: AhqState, ctx: FightContext, when: string): void {
  if (st.setup.opt.board === 'off' || !ctx.explain) return;
  say(st, ctx, 'board', `${when}:\n${boardText(st)}`, ours('Seeing the board'));
}

function logTurns(st: AhqState, ctx: FightContext, turns: readonly Turn<AhqFighter>[]): void {
  for (const t of turns)
    say(
      st,
      ctx,
      'facing',
      `${t.model.name} turns ${FACING_WORD[t.to]} to face ${t.toward.name}, the first enemy in its death zone.`,
      text('FACING'),
      [t.model, t.toward],
    );
}

// ------------------------------------------------------------------ start and the round

export function startAhq(st: AhqState, ctx: FightContext): void {
  if (ctx.explain) {
    for (const f of st.combatants) {
      const w = handWeapon(f);
      say(
        st,
        ctx,
        'start',
        `${f.name}: WS ${f.spec.profile.WS}, BS ${sum(f, 'BS')}, DS ${sum(f, 'DS')}, T ${toughness(f, false).T}${toughness(f, false).helmet ? ` (+${toughness(f, false).helmet} helmet)` : ''}, W ${f.W}, Sp ${sum(f, 'Sp')}, St ${sum(f, 'St')}, Br ${f.spec.profile.Br}; ${w ? `${w.name} ${w.dd} DD` : `unarmed ${f.spec.unarmedDd} DD`}${f.spec.rules.length ? `; ${f.spec.rules.join(', ')}` : ''}.`,
        ours('Profiles'),
        [f],
      );
    }
  }
  settle(st, ctx);
  showBoard(st, ctx, 'The board');
}

export function playAhqRound(st: AhqState, ctx: FightContext): void {
  st.round++;
  // The map shows this round's walks: a new round starts with none, and keeps the last round's beside them.
  for (const f of st.combatants) {
    f.lastPath = f.path;
    f.path = [];
  }
  for (const i of sideOrder(st.sides)) {
    const s = st.sides[i] as AhqState['sides'][number];
    say(st, ctx, 'phase', `Turn ${st.round}: ${s.name}.`, ours('The turn sequence'));
    for (const f of st.combatants) {
      if (f.side !== i || f.out !== null) continue;
      if (oneSideLeft(st)) return;
      fullTurn(st, ctx, f);
    }
    showBoard(st, ctx, `After ${possessive(s.name)} turn`);
    if (oneSideLeft(st)) return;
  }
}

/** The turn sequence (ours): the players' side first, then each other side in the encounter's order. */
export function sideOrder(sides: AhqState['sides']): number[] {
  return sides
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.players) - Number(a.s.players) || a.i - b.i)
    .map(({ i }) => i);
}

const oneSideLeft = (st: AhqState) => new Set(standing(st).map((f) => f.side)).size <= 1;

// ------------------------------------------------------------------ a model's turn

/** Settles everyone's facing (the evading model excepted toward the enemies it evades) and logs the forced turns. */
function settle(st: AhqState, ctx: FightContext): void {
  logTurns(st, ctx, settleFacing(st.combatants, st.evading));
}

/** A model's turn, then FACING: its action done, whoever has an enemy in its death zone turns to it. */
function fullTurn(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  for (const m of st.combatants) m.rearOf.clear();
  f.ward = 0;
  f.moved = 0;
  st.evading.clear();
  modelTurn(st, ctx, f);
  st.evading.clear();
  settle(st, ctx);
}

function modelTurn(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  if (hasRule(f, 'run-amok') && !mastered(st, f, 'beastmaster') && !bravery(st, ctx, f, 'Run Amok'))
    return runAmok(st, ctx, f);
  if (hasRule(f, 'panic') && !mastered(st, f, 'slavemaster') && !bravery(st, ctx, f, 'Panic'))
    return void run(st, ctx, f, 'panics', 2 * Math.max(0, sum(f, 'Sp')));
  carryOut(st, ctx, f, choosePlan(st, ctx, f));
}

/** MONSTER SPECIAL RULES: a beastmaster (Run Amok) or slavemaster (Panic) of its side, alive and within range, cancels the rule. */
export function mastered(st: AhqState, f: AhqFighter, kind: 'beastmaster' | 'slavemaster'): boolean {
  return st.combatants.some(
    (m) =>
      m.side === f.side &&
      m.out === null &&
      m !== f &&
      m.spec[kind] !== null &&
      squaresApart(m, f) <= (m.spec[kind] as number),
  );
}

/** A Bravery roll: D12 at or under Br passes (ours: as Stealth is rolled). */
function bravery(st: AhqState, ctx: FightContext, f: AhqFighter, rule: string): boolean {
  const r = roll(ctx, 12, f, `Bravery (${rule}), need ${f.spec.profile.Br} or less`);
  const ok = braveryPasses(r, f.spec.profile.Br);
  say(
    st,
    ctx,
    'bravery',
    `${f.name} rolls Bravery for ${rule}: D12 ${r} against Br ${f.spec.profile.Br}: ${ok ? 'passes' : 'fails'}.`,
    text('MONSTER SPECIAL RULES'),
    [f],
  );
  return ok;
}

type Plan =
  | { readonly kind: 'attack'; readonly target: AhqFighter }
  | { readonly kind: 'shoot'; readonly target: AhqFighter }
  | { readonly kind: 'cast'; readonly spell: Spell; readonly target: AhqFighter }
  | { readonly kind: 'turn'; readonly target: AhqFighter }
  | { readonly kind: 'move'; readonly to: Point; readonly facing: Facing | null }
  | { readonly kind: 'flee' }
  | { readonly kind: 'hold' };

/** The turn sequence: every plan open to a model this turn (the question a player is asked; the tactics pick among them). */
export function planChoices(st: AhqState, f: AhqFighter, partners: readonly AhqFighter[]): Choice[] {
  const foes = enemiesOf(st, f);
  const choices: Choice[] = [];
  const evade = (t: AhqFighter | null) =>
    partners.length && !(t && partners.includes(t)) ? ' (evade first)' : '';
  for (const t of foes)
    choices.push({ key: `attack:${combatantKey(t)}`, label: `attack ${t.name}${evade(t)}` });
  const m = missileWeapon(f);
  if (m)
    for (const t of foes)
      if (!partners.includes(t) && canShoot(st, f, t, m.range ?? 0))
        choices.push({
          key: `shoot:${combatantKey(t)}`,
          label: `shoot ${t.name} with the ${m.name}${evade(null)}`,
        });
  for (const s of f.spec.spells) {
    if (f.spellsCast.has(s.id)) continue;
    if (s.kind === 'ward') choices.push({ key: `cast:${s.id}:${combatantKey(f)}`, label: `cast ${s.name}` });
    else
      for (const t of s.kind === 'heal'
        ? standing(st).filter((x) => x.side === f.side && x.W < x.spec.profile.W)
        : foes)
        if (squaresApart(f, t) <= Math.max(1, s.range) && lineOfSight(boardWithDoors(st), f, t))
          choices.push({ key: `cast:${s.id}:${combatantKey(t)}`, label: `cast ${s.name} at ${t.name}` });
  }
  for (const t of foes)
    if (sideOf(f, t) !== null && sideOf(f, t) !== f.facing)
      choices.push({ key: `turn:${combatantKey(t)}`, label: `turn to face ${t.name}${evade(t)}` });
  choices.push({ key: 'flee', label: `flee${evade(null)}` }, { key: 'hold', label: 'hold' });
  return choices;
}

function choosePlan(st: AhqState, ctx: FightContext, f: AhqFighter): Plan {
  const partners = engagedWith(f, st.combatants);
  const choices = planChoices(st, f, partners);
  const suggested = suggestPlan(st, f, choices, partners);
  const pick = decide(
    ctx,
    f,
    'plan',
    `${f.name} (W ${f.W}): what this turn?`,
    choices,
    suggested,
    undefined,
    // Fighting on at the same foe, or doing again what it did last turn, is routine at the table.
    suggested === f.lastPlan,
    squareAnswer(st, f),
  );
  f.lastPlan = pick;
  const move = MOVE_ANSWER.exec(pick);
  if (move)
    return {
      kind: 'move',
      to: { x: Number(move[1]), y: Number(move[2]) },
      facing: move[3] ? (move[3].toUpperCase() as Facing) : null,
    };
  const [kind, a, b] = pick.split(':') as [string, string | undefined, string | undefined];
  const who = (k: string | undefined) => st.combatants.find((x) => combatantKey(x) === k) as AhqFighter;
  if (kind === 'attack' || kind === 'shoot' || kind === 'turn') return { kind, target: who(a) };
  if (kind === 'cast') return { kind, spell: f.spec.spells.find((s) => s.id === a) as Spell, target: who(b) };
  return { kind: kind as 'flee' | 'hold' };
}

// ------------------------------------------------------------------ moving to a square

/** A square to move to, as typed: "to:3,4" (column, row: the log's "(3, 4)"), or "to:3,4 N" to end facing north. */
const MOVE_ANSWER = /^to:(\d{1,4}),(\d{1,4})(?: ([NESWnesw]))?$/;

/** The plan question's free answer: a square within this turn's move (ours: Moving to a square). */
function squareAnswer(st: AhqState, f: AhqFighter): FreeAnswer {
  let reach: Map<string, Point[]> | null = null;
  const moves = () => (reach ??= freeMoves(st, f));
  return {
    hint: 'a square to move to: to:x,y (column, row as the log prints them), or to:x,y N to end facing north',
    check: (answer) => squareRefusal(st, f, answer, moves()),
    get options() {
      return [...moves().keys()]
        .map((k) => k.split(',').map(Number) as [number, number])
        .sort((p, q) => p[1] - q[1] || p[0] - q[0])
        .map(([x, y]) => `to:${x},${y}`);
    },
  };
}

function moveRules(st: AhqState, f: AhqFighter) {
  return { board: st.setup.board, size: f.size, free: freeFor(st, f), stops: zonesAgainst(st, f) };
}
const moveLeft = (f: AhqFighter) => Math.max(0, sum(f, 'Sp') - f.moved);

/**
 * Movement, DEATH ZONES: every square a model not engaged can walk to this turn, with the walk: the
 * straight line when it is clear (so a straight approach can be a charge), else the shortest walk.
 */
function freeMoves(st: AhqState, f: AhqFighter): Map<string, Point[]> {
  if (engagedWith(f, st.combatants).length) return new Map();
  const rules = moveRules(st, f);
  const out = walks(rules, f.at, moveLeft(f));
  for (const [k, path] of out) {
    const line = straightLine(f.at, path[path.length - 1] as Point);
    if (!line || line.length !== path.length) continue;
    let at = f.at;
    const clear = line.every((p, i) => {
      const ok = steps(at, rules.free).some((q) => same(q, p)) && (i === line.length - 1 || !rules.stops(p));
      at = p;
      return ok;
    });
    if (clear) out.set(k, line);
  }
  return out;
}

/** Why a typed square is refused (null: it is not). */
function squareRefusal(
  st: AhqState,
  f: AhqFighter,
  answer: string,
  moves: ReadonlyMap<string, Point[]>,
): string | null {
  const m = MOVE_ANSWER.exec(answer);
  if (!m) return 'expected a square as to:x,y (column, row as the log prints them, e.g. to:3,4), or to:3,4 N';
  const held = engagedWith(f, st.combatants);
  if (held.length)
    return `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot simply move away (EVADING A COMBAT): attack another foe or flee, to evade first`;
  const to = { x: Number(m[1]), y: Number(m[2]) };
  const b = st.setup.board;
  const where = `(${to.x}, ${to.y})`;
  if (same(to, f.at)) return `${f.name} is already at ${where}`;
  for (const q of footprint(to, f.size)) {
    if (q.x >= b.width || q.y >= b.height) return `${where} is off the board`;
    if (!passable(b, q) && cellAt(b, q) !== 'door') return `(${q.x}, ${q.y}) is a wall`;
    const o = st.combatants.find((x) => x !== f && x.out === null && occupies(x, q));
    if (o) return `(${q.x}, ${q.y}) is taken by ${o.name}`;
  }
  if (moves.has(squareKey(to))) return null;
  const Sp = moveLeft(f);
  const rules = moveRules(st, f);
  const far = findPath(rules, f.at, (p) => same(p, to), 200);
  if (far) return `too far: ${far.length} squares by the shortest way, and ${f.name} has ${Sp} left (Sp)`;
  if (findPath({ ...rules, stops: () => false }, f.at, (p) => same(p, to), 200))
    return `every way there crosses an enemy's death zone, and a move ends in the first one it enters (DEATH ZONES)`;
  return `no way to ${where}: walls or models block it`;
}

/** A move to a chosen square: the walk, the facing (as typed, else the way it walked), then an attack from there if the player wants one. */
function moveFreely(st: AhqState, ctx: FightContext, f: AhqFighter, to: Point, facing: Facing | null): void {
  const walked = freeMoves(st, f).get(squareKey(to));
  if (!walked) return; // checked when answered
  const from = f.at;
  const dir = toward({ ...f, at: from } as AhqFighter, to);
  const last = walked.length > 1 ? (walked[walked.length - 2] as Point) : from;
  const straight = isStraight(from, walked) && (to.x === from.x || to.y === from.y);
  walk(st, f, walked);
  f.facing = facing ?? toward({ ...f, at: last } as AhqFighter, to);
  for (const o of enemiesOf(st, f)) if (rearSquares(o).some((q) => occupies(f, q))) f.rearOf.add(o.id);
  const behind = enemiesOf(st, f).filter((o) => f.rearOf.has(o.id));
  say(
    st,
    ctx,
    'move',
    `${f.name} moves ${walked.length} square${walked.length === 1 ? '' : 's'} to (${to.x}, ${to.y}), facing ${FACING_WORD[f.facing]}${behind.length ? `, behind ${behind.map((o) => o.name).join(' and ')}` : ''}.`,
    ours('Moving to a square'),
    [f],
  );
  // CHARGES: a straight orthogonal move of two squares or more, ending with the target straight ahead.
  const charges = (o: AhqFighter) => isCharge(straight, walked.length) && sideOf(f, o) === dir;
  const targets = enemiesOf(st, f).filter((o) => canStrike(st, f, o));
  if (!targets.length) return settle(st, ctx);
  const choices: Choice[] = targets.map((o) => ({
    key: `attack:${combatantKey(o)}`,
    label: `attack ${o.name}${charges(o) ? ' (a charge: +1 to hit)' : ''}${f.rearOf.has(o.id) ? ' (from the rear: +1 DD)' : ''}`,
  }));
  choices.push({ key: 'hold', label: 'hold' });
  const best = targets.find((o) => f.rearOf.has(o.id)) ?? targets.find(charges) ?? (targets[0] as AhqFighter);
  const pick = decide(
    ctx,
    f,
    'after-move',
    `${f.name}: attack from here?`,
    choices,
    `attack:${combatantKey(best)}`,
  );
  const t = targets.find((o) => `attack:${combatantKey(o)}` === pick);
  if (!t) return settle(st, ctx);
  const side = sideOf(f, t);
  if (side) f.facing = side;
  else if (longReach(f)) f.facing = toward(f, t.at);
  preferFirst(f, t);
  settle(st, ctx);
  attack(st, ctx, f, t, { charge: charges(t) });
}

function canShoot(st: AhqState, f: AhqFighter, t: AhqFighter, range: number): boolean {
  const d = squaresApart(f, t);
  return (
    d >= 1 && d <= range && rangedNeed(sum(f, 'BS'), d).need !== null && lineOfSight(boardWithDoors(st), f, t)
  );
}

/** Tactics: archers shoot from out of reach; the rest go for the nearest (or weakest, or ganged-up) foe, staying with one they are engaged with. */
export function suggestPlan(
  st: AhqState,
  f: AhqFighter,
  choices: readonly Choice[],
  partners: readonly AhqFighter[],
): string {
  const has = (k: string) => choices.some((c) => c.key === k);
  const t = f.spec.tactics;
  const foes = enemiesOf(st, f);
  const bolt = choices.find((c) => c.key.startsWith('cast:') && !c.key.endsWith(combatantKey(f)));
  if (bolt && !partners.length) return bolt.key;
  // gang-up: an enemy a friend already fights comes first (its DS falls for every attacker beyond the first).
  const ganged = (o: AhqFighter) => (t.target === 'gang-up' && attackers(st, o).length > 0 ? 0 : 1);
  const rank = (o: AhqFighter) =>
    ganged(o) * 100_000 +
    (t.target === 'weakest' ? o.W * 100 + squaresApart(f, o) : squaresApart(f, o) * 100 + o.W);
  const sorted = [...foes].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1));
  if (partners.length) {
    const p = [...partners].sort((a, b) => rank(a) - rank(b))[0] as AhqFighter;
    const better = sorted[0];
    if (
      better &&
      better !== p &&
      sum(f, 'St') >= t.evadeAt &&
      has(`attack:${combatantKey(better)}`) &&
      sideOf(f, better) !== null
    )
      return `attack:${combatantKey(better)}`;
    return `attack:${combatantKey(p)}`;
  }
  if (t.keepAway) {
    const shot = sorted.find((o) => has(`shoot:${combatantKey(o)}`));
    if (shot) return `shoot:${combatantKey(shot)}`;
  }
  const target = sorted[0];
  return target ? `attack:${combatantKey(target)}` : 'hold';
}

// ------------------------------------------------------------------ carrying out a plan

/** Where a plan points, for the facing of a model that turns away from a combat to carry it out. */
function planPoint(plan: Plan): Point | null {
  if (plan.kind === 'move') return plan.to;
  return plan.kind === 'attack' || plan.kind === 'shoot' || plan.kind === 'turn' || plan.kind === 'cast'
    ? plan.target.at
    : null;
}

function carryOut(st: AhqState, ctx: FightContext, f: AhqFighter, plan: Plan): void {
  const partners = engagedWith(f, st.combatants);
  const staysWith =
    (plan.kind === 'attack' && partners.includes(plan.target)) || (plan.kind === 'cast' && plan.target === f);
  if (partners.length && plan.kind !== 'hold' && !staysWith) {
    // EVADING A COMBAT: by Stealth, before the move, turn or shot that leaves the combat.
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (
      !evadeByStealth(st, ctx, f, faced, partners, planPoint(plan), plan.kind === 'turn' ? plan.target : null)
    ) {
      // Failed: still engaged; it may still attack the one it faces.
      if (
        f.out === null &&
        decide(
          ctx,
          f,
          'after-evade',
          `${f.name}: the evasion failed: attack ${faced.name}?`,
          [
            { key: 'attack', label: `attack ${faced.name}` },
            { key: 'hold', label: 'hold' },
          ],
          'attack',
        ) === 'attack'
      )
        attack(st, ctx, f, faced, { charge: false });
      return;
    }
  }
  if (plan.kind === 'hold') return say(st, ctx, 'hold', `${f.name} holds.`, ours('The turn sequence'), [f]);
  if (plan.kind === 'flee') return void run(st, ctx, f, 'flees', 2 * Math.max(0, sum(f, 'Sp')));
  if (plan.kind === 'turn') return face(st, ctx, f, plan.target);
  if (plan.kind === 'shoot') {
    if (f.spec.tactics.keepAway) stepBack(st, ctx, f, plan.target);
    return shoot(st, ctx, f, plan.target, false);
  }
  if (plan.kind === 'cast') return cast(st, ctx, f, plan.spell, plan.target);
  if (plan.kind === 'move') return moveFreely(st, ctx, f, plan.to, plan.facing);
  const reached = closeIn(st, ctx, f, plan.target);
  if (reached) attack(st, ctx, f, reached.target, { charge: reached.charge });
}

/** The cardinal way from `a` toward a point: the larger of the two gaps (east-west first on a tie). */
function toward(a: AhqFighter, p: Point): Facing {
  const dx = p.x - a.at.x;
  const dy = p.y - a.at.y;
  if (Math.abs(dx) >= Math.abs(dy) && dx !== 0) return dx > 0 ? 'E' : 'W';
  return dy > 0 ? 'S' : 'N';
}
const OPP: Readonly<Record<Facing, Facing>> = { N: 'S', S: 'N', E: 'W', W: 'E' };

/**
 * EVADING A COMBAT: "the very moment A faces away from B they both start having a death zone
 * again". The evader turns toward what it means to do (away from the one it faced, if that is the
 * same way); each partner counts it as entering its death zone anew, so a partner with another
 * enemy at its side or rear turns to that one; the evader is not turned back until its action is done.
 */
function leaveCombat(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  partners: readonly AhqFighter[],
  goal: Point | null,
  faceTo: AhqFighter | null = null,
): void {
  // To face another enemy (situation 2): toward it. Otherwise not toward any enemy beside it (that
  // would be a new combat), toward the goal if it can.
  const sides = new Set(
    enemiesOf(st, f)
      .map((o) => sideOf(f, o))
      .filter((x) => x !== null),
  );
  let facing = goal ? toward(f, goal) : OPP[f.facing];
  if (sides.has(facing)) facing = (['N', 'E', 'S', 'W'] as const).find((d) => !sides.has(d)) ?? facing;
  const side = faceTo ? sideOf(f, faceTo) : null;
  if (side) facing = side;
  f.facing = facing;
  for (const p of partners) turnedAway(p, f);
  st.evading.set(f.id, new Set([...(st.evading.get(f.id) ?? []), ...partners.map((p) => p.id)]));
  say(
    st,
    ctx,
    'facing',
    `${f.name} turns ${FACING_WORD[facing]}, away from ${partners.map((p) => p.name).join(' and ')}: death zones return.`,
    text('EVADING A COMBAT'),
    [f],
  );
  settle(st, ctx);
}

/** EVADING A COMBAT by Stealth: D12 at or under St; a failure gives the faced enemy a free attack. */
function evadeByStealth(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  faced: AhqFighter,
  partners: readonly AhqFighter[],
  goal: Point | null,
  faceTo: AhqFighter | null = null,
): boolean {
  const St = sum(f, 'St');
  const r = roll(ctx, 12, f, `Stealth to evade ${faced.name}, need ${St} or less`);
  const ok = stealthEvades(r, St);
  say(
    st,
    ctx,
    'evade',
    `${f.name} tries to evade ${faced.name}: D12 ${r} against St ${St}: ${ok ? 'evades' : `fails, and ${faced.name} gets a free attack`}.`,
    text('EVADING A COMBAT'),
    [f, faced],
  );
  if (!ok) {
    attack(st, ctx, faced, f, { charge: false, free: true });
    return false;
  }
  f.stats.evades++;
  leaveCombat(st, ctx, f, partners, goal, faceTo);
  return true;
}

/** Turns to face `t` (free of cost); it is then the first enemy it minds. */
function face(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const side = sideOf(f, t);
  if (side && side !== f.facing) {
    for (const p of engagedWith(f, st.combatants)) if (p !== t) turnedAway(p, f);
    f.facing = side;
    say(st, ctx, 'facing', `${f.name} turns ${FACING_WORD[side]} to face ${t.name}.`, text('FACING'), [f, t]);
  }
  preferFirst(f, t);
  settle(st, ctx);
}

/** Squares a model may stand on now (floor, open doors, closed doors it will open; no other model). */
function freeFor(st: AhqState, f: AhqFighter): (p: Point) => boolean {
  const board = st.setup.board;
  const taken = new Set<number>();
  for (const o of st.combatants)
    if (o !== f && o.out === null)
      for (const q of footprint(o.at, o.size)) taken.add(q.y * board.width + q.x);
  const ok = (q: Point) =>
    (passable(board, q) || cellAt(board, q) === 'door') && !taken.has(q.y * board.width + q.x);
  if (f.size === 1) return ok;
  return (p) => footprint(p, f.size).every(ok);
}

/** The death zones an enemy of `f` exerts now (engaged models have none). */
function zonesAgainst(st: AhqState, f: AhqFighter): (p: Point) => boolean {
  const zones = stoppingSquares(f, st.combatants);
  return (p) => footprint(p, f.size).some((q) => zones.has(squareKey(q)));
}

/** Walks `path`, opening the doors it passes (ours: opening a door costs nothing); the map keeps the way. */
function walk(st: AhqState, f: AhqFighter, path: readonly Point[]): void {
  for (const p of path)
    for (const q of footprint(p, f.size))
      if (cellAt(st.setup.board, q) === 'door') st.opened.add(squareKey(q));
  f.moved += path.length;
  if (!path.length) return;
  if (f.path.length === 0) f.path.push(f.at);
  f.path.push(...path);
  f.at = path[path.length - 1] as Point;
}

/** Moves toward `t` to an attacking square (behind it where the tactics want and it can), stopping in the first enemy death zone on the way. */
function closeIn(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
): { target: AhqFighter; charge: boolean } | null {
  if (canStrike(st, f, t)) {
    if (sideOf(f, t)) face(st, ctx, f, t);
    return { target: t, charge: false };
  }
  const held = engagedWith(f, st.combatants);
  if (held.length) {
    // "It is not possible to simply move away from a model you are engaged in close combat with."
    say(
      st,
      ctx,
      'move',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot move off.`,
      text('EVADING A COMBAT'),
      [f],
    );
    return null;
  }
  const Sp = Math.max(0, sum(f, 'Sp') - f.moved);
  const free = freeFor(st, f);
  const stops = zonesAgainst(st, f);
  const at = (p: Point) => ({ at: p, size: f.size });
  const behind = new Set(rearSquares(t).map(squareKey));
  const wantRear = f.spec.tactics.rear && engagedWith(t, st.combatants).length > 0;
  const strikeFrom = (p: Point) =>
    sideOf(at(p), t) !== null ||
    (longReach(f) && diagonallyAdjacent(at(p), t) && engagedWith(t, st.combatants).length > 0);
  const rearGoal = (p: Point) =>
    footprint(p, f.size).some((q) => behind.has(squareKey(q))) && sideOf(at(p), t) !== null;
  const rules = { board: st.setup.board, size: f.size, free, stops };
  // The rear square if the tactics want it and it is within this move; else a striking square;
  // else the way toward one, as far as this move goes.
  const path =
    (wantRear ? findPath(rules, f.at, rearGoal, Sp) : null) ??
    findPath(rules, f.at, strikeFrom, Sp) ??
    findPath(rules, f.at, (p) => strikeFrom(p) || (stops(p) && !same(p, f.at)), 200)?.slice(0, Sp);
  if (!path || !path.length) {
    say(st, ctx, 'move', `${f.name} cannot reach ${t.name} this turn.`, ours('Movement'), [f]);
    return null;
  }
  const firstStop = path.findIndex((p) => stops(p));
  const walked = firstStop >= 0 ? path.slice(0, firstStop + 1) : path;
  const from = f.at;
  const end = walked[walked.length - 1] as Point;
  // CHARGES: a straight orthogonal move of two squares or more, ending with the target straight ahead.
  const dir = toward({ ...f, at: from } as AhqFighter, end);
  const charge =
    isCharge(isStraight(from, walked) && (end.x === from.x || end.y === from.y), walked.length) &&
    sideOf(at(end), t) === dir;
  walk(st, f, walked);
  for (const o of enemiesOf(st, f)) if (rearSquares(o).some((q) => occupies(f, q))) f.rearOf.add(o.id);
  say(
    st,
    ctx,
    'move',
    `${f.name} moves ${walked.length} square${walked.length === 1 ? '' : 's'} to (${end.x}, ${end.y})${charge ? ', in a straight line: a charge' : ''}${f.rearOf.has(t.id) ? `, behind ${t.name}` : ''}.`,
    text(charge ? 'CHARGES' : 'DEATH ZONES'),
    [f],
  );
  const target = canStrike(st, f, t) ? t : (enemiesOf(st, f).find((o) => sideOf(f, o) !== null) ?? null);
  if (target) {
    const side = sideOf(f, target);
    if (side) f.facing = side;
    else if (longReach(f)) f.facing = toward(f, target.at);
    preferFirst(f, target);
  }
  settle(st, ctx);
  return target ? { target, charge: charge && target === t } : null;
}

const longReach = (f: AhqFighter) => handWeapon(f)?.long === true;

/** Close enough to strike `t`: orthogonally next to it, or diagonally with a long weapon at an enemy already engaged (LONG WEAPONS). */
function canStrike(st: AhqState, f: AhqFighter, t: AhqFighter): boolean {
  if (sideOf(f, t) !== null) return true;
  return longReach(f) && diagonallyAdjacent(f, t) && engagedWith(t, st.combatants).length > 0;
}

/**
 * SURROUNDING: the enemies attacking a model: those next to it that face it, long weapons
 * striking it diagonally and Infestation creatures on its diagonals, those not fighting another.
 */
function attackers(st: AhqState, t: AhqFighter): AhqFighter[] {
  return enemiesOf(st, t).filter((o) => {
    if (sideOf(o, t) !== null) return sideOf(o, t) === o.facing;
    if (!diagonallyAdjacent(o, t)) return false;
    if (hasRule(o, 'infestation')) return engagedWith(o, st.combatants).length === 0;
    return (
      longReach(o) && engagedWith(t, st.combatants).length > 0 && engagedWith(o, st.combatants).length === 0
    );
  });
}

/** A close-combat blow of `f` at `t` as the board stands: its need and damage dice. */
export interface CloseCombatBlow {
  readonly w: Weapon | null;
  /** The attackers `t` has, `f` among them (SURROUNDING), and what they take off its DS. */
  readonly count: number;
  readonly penalty: number;
  readonly DS: number;
  readonly WS: number;
  /** The D12 needed, the charge in, before any one-off modifier of the GM's. */
  readonly need: number;
  readonly rear: boolean;
  /** Damage dice for the rear attack (or Backstab). */
  readonly extra: number;
  readonly dd: number;
}

/** Defense Skill (DS), SURROUNDING, CHARGES, REAR ATTACKS: what `f` needs to hit `t` and how many damage dice it rolls. */
export function closeCombatBlow(
  st: AhqState,
  f: AhqFighter,
  t: AhqFighter,
  charge: boolean,
): CloseCombatBlow {
  const w = handWeapon(f);
  const around = attackers(st, t);
  const count = around.includes(f) ? around.length : around.length + 1;
  const penalty = surroundingPenalty(count);
  const DS = sum(t, 'DS') + t.ward - penalty;
  const WS = f.spec.profile.WS;
  const need = Math.max(2, closeCombatNeed(WS, DS) - (charge ? CHARGE_BONUS : 0));
  const rear = rearSquares(t).some((q) => occupies(f, q)) || f.rearOf.has(t.id);
  const extra = rear ? rearDice(hasRule(f, 'backstab')) : 0;
  const dd = (w?.dd ?? f.spec.unarmedDd) + extra;
  return { w, count, penalty, DS, WS, need, rear, extra, dd };
}

function attack(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
  how: { charge: boolean; free?: boolean },
): void {
  if (f.out !== null || t.out !== null) return;
  if (!canStrike(st, f, t)) return;
  f.stats.blows++;
  const { w, count, penalty, DS, WS, need, rear, extra, dd } = closeCombatBlow(st, f, t, how.charge);
  const r = roll(ctx, 12, f, `to hit ${t.name}, need ${need}`, 1, damageDice(dd));
  // The GM's one-off modifier is to the roll: +1 makes the need one less.
  const ruled = ruledTerms(ctx);
  const needed = Math.max(2, need - sumTerms(0, ruled));
  const res = toHitRoll(r, needed);
  const sums = `WS ${WS} against DS ${sum(t, 'DS')}${t.ward ? ` + ${t.ward} ward` : ''}${penalty ? ` − ${penalty} surrounded by ${count}` : ''}: need ${showCloseCombatNeed(WS, DS)}${how.charge ? ` − ${CHARGE_BONUS} charge` : ''}${ruled.map((x) => `, ${showTerm(x)} to the roll: need ${needed}`).join('')}`;
  const label = `${f.name}${how.free ? "'s free attack" : ''}${rear ? ' from the rear' : ''} at ${t.name}`;
  if (res === 'miss' || res === 'fumble') {
    if (res === 'fumble') f.stats.fumbles++;
    say(
      st,
      ctx,
      'attack',
      `${label}: ${sums}; D12 ${r}: ${res === 'fumble' ? 'a fumble, a miss' : 'a miss'}.`,
      text('Defense Skill (DS)'),
      [f, t],
    );
    return;
  }
  f.stats.hits++;
  say(
    st,
    ctx,
    'attack',
    `${label}: ${sums}; D12 ${r}: ${res === 'critical' ? 'a critical hit' : 'a hit'}; ${w ? w.name : 'unarmed'} ${w?.dd ?? f.spec.unarmedDd} DD${extra ? ` + ${extra} ${hasRule(f, 'backstab') ? 'backstab' : 'rear attack'}` : ''}.`,
    text(rear ? 'REAR ATTACKS' : w ? 'Defense Skill (DS)' : 'Unarmed Combat'),
    [f, t],
  );
  damage(st, ctx, f, t, dd, helmetCounts(r, needed), false);
  if (res === 'critical') countCritical(f, t);
  if (res === 'critical' && !how.free) critical(st, ctx, f, t, how.charge);
}

/** The figures count a critical as a to-hit roll of 12, dealt by the attacker and taken by its target. */
function countCritical(f: AhqFighter, t: AhqFighter): void {
  f.stats.criticalsDealt++;
  t.stats.criticalsTaken++;
}

/** Tactics (critical): a model engaged evades instead of taking its free attack when its tactics say so. */
export function onCritical(f: AhqFighter, engaged: boolean): 'withdraw' | 'free-attack' {
  return f.spec.tactics.critical === 'evade' && engaged ? 'withdraw' : 'free-attack';
}

/**
 * A critical hit gives a free attack; engaged, it may instead be forfeited to evade: then, having
 * attacked, the model may move away, turn to face another enemy, or quickly fire at one (EVADING A COMBAT).
 */
function critical(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter, charge: boolean): void {
  const partners = engagedWith(f, st.combatants);
  const choices: Choice[] = [];
  if (t.out === null) choices.push({ key: 'free-attack', label: 'take the free attack' });
  if (partners.length) {
    choices.push({ key: 'withdraw', label: 'forfeit it, evade and move away' });
    for (const o of enemiesOf(st, f))
      if (!partners.includes(o) && sideOf(f, o) !== null)
        choices.push({ key: `turn:${combatantKey(o)}`, label: `forfeit it, evade and face ${o.name}` });
    const m = missileWeapon(f);
    if (m)
      for (const o of enemiesOf(st, f))
        if (!partners.includes(o) && canShoot(st, f, o, m.range ?? 0))
          choices.push({ key: `shoot:${combatantKey(o)}`, label: `forfeit it, evade and shoot ${o.name}` });
  }
  if (!choices.length) return;
  const want = onCritical(f, partners.length > 0);
  const pick = decide(
    ctx,
    f,
    'critical',
    `${f.name}: a critical hit: a free attack, or evade?`,
    choices,
    want,
  );
  if (pick === 'free-attack') return attack(st, ctx, f, t, { charge, free: true });
  const [kind, who] = pick.split(':') as [string, string | undefined];
  const other = st.combatants.find((x) => combatantKey(x) === who) ?? null;
  say(
    st,
    ctx,
    'evade',
    `${f.name} forfeits the free attack and evades the combat.`,
    text('EVADING A COMBAT'),
    [f],
  );
  leaveCombat(st, ctx, f, partners, other ? other.at : null, kind === 'turn' ? other : null);
  if (kind === 'withdraw') run(st, ctx, f, 'withdraws', Math.max(0, sum(f, 'Sp') - f.moved));
  else if (kind === 'turn' && other) face(st, ctx, f, other);
  else if (kind === 'shoot' && other) shoot(st, ctx, f, other, false);
}

/** The damage dice as they go with a to-hit roll at the table: each D12 on its own (the label the damage rolls carry). */
function damageDice(dd: number): FollowingDice | undefined {
  return dd > 0 ? { count: dd, sides: 12, label: 'damage die', each: true } : undefined;
}

/** Facts, damage: each D12 at or above Toughness (armour in) is a wound; a 12 is a critical wound (ours: one more die). */
function damage(
  st: AhqState,
  ctx: FightContext,
  f: AhqFighter,
  t: AhqFighter,
  dd: number,
  helmet: boolean,
  magic: boolean,
): void {
  const { T, helmet: h } = toughness(t, helmet);
  const Tm = magic ? t.spec.profile.T : T;
  const dice: number[] = [];
  let left = dd;
  while (left > 0 && dice.length < MOST_DAMAGE_DICE) {
    // The dice are rolled together at the table: the first carries the rest (each counts on its own).
    const rest = dice.length === 0 && left > 1 ? damageDice(left - 1) : undefined;
    const d = roll(ctx, 12, f, `damage die against T ${Tm}`, 1, rest);
    dice.push(d);
    left--;
    if (rollsAgain(d, st.setup.opt.criticalExtraDie)) left++;
  }
  const { wounds, criticals: crits } = woundsOf(dice, Tm);
  const before = t.W;
  t.W = Math.max(0, t.W - wounds);
  f.stats.woundsDealt += before - t.W;
  t.stats.woundsTaken += before - t.W;
  if (t.W === 0) t.out = 'dead';
  say(
    st,
    ctx,
    'damage',
    `${dice.length} damage dice ${dice.join(', ')} against T ${Tm}${h && helmet && !magic ? ` (with the helmet's ${h}: the roll was exactly the number needed)` : magic ? ' (no armour against magic)' : ''}: ${wounds} wound${wounds === 1 ? '' : 's'}${crits ? `, ${crits} critical` : ''}; ${t.name} W ${before} → ${t.W}${t.out ? ': slain' : ''}.`,
    facts('Damage'),
    [f, t],
  );
  if (t.out) settle(st, ctx);
}

/** Ranged Attacks: the house table; a critical (not in a starred cell) gives a free shot (ours, as a critical hit gives a free attack). */
function shoot(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter, free: boolean): void {
  const m = missileWeapon(f);
  if (!m || !canShoot(st, f, t, m.range ?? 0))
    return say(st, ctx, 'shoot', `${f.name} has no shot at ${t.name}.`, text('Ranged Attacks'), [f]);
  const held = engagedWith(f, st.combatants);
  if (held.length)
    return say(
      st,
      ctx,
      'shoot',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot shoot.`,
      text('EVADING A COMBAT'),
      [f],
    );
  f.stats.blows++;
  const d = squaresApart(f, t);
  const BS = sum(f, 'BS');
  const cell = rangedNeed(BS, d);
  const r = roll(ctx, 12, f, `shoot ${t.name}, need ${cell.need}`, 1, damageDice(m.dd));
  const ruled = ruledTerms(ctx);
  const needed = cell.need === null ? null : Math.max(2, cell.need - sumTerms(0, ruled));
  const res = toHitRoll(r, needed, cell.critical);
  say(
    st,
    ctx,
    'shoot',
    `${f.name}${free ? "'s free shot" : ' shoots'} ${free ? 'at ' : ''}${t.name} with the ${m.name}: BS ${BS} at ${d} squares (${rangeBand(d)}): need ${cell.need}${ruled.map((x) => `, ${showTerm(x)} to the roll: need ${needed}`).join('')}${cell.critical ? '' : ', no critical possible'}; D12 ${r}: ${res === 'critical' ? 'a critical hit' : res}.`,
    text('Ranged Attacks'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical') {
    f.stats.hits++;
    damage(st, ctx, f, t, m.dd, helmetCounts(r, needed as number), false);
  }
  if (res === 'critical') countCritical(f, t);
  if (res === 'critical' && !free && t.out === null) shoot(st, ctx, f, t, true);
}

function cast(st: AhqState, ctx: FightContext, f: AhqFighter, s: Spell, t: AhqFighter): void {
  f.spellsCast.add(s.id);
  if (s.kind === 'ward') {
    f.ward = s.dd;
    return say(
      st,
      ctx,
      'spell',
      `${f.name} casts ${s.name} (${s.college}): DS + ${s.dd} until its next turn.`,
      text('MONSTER SPECIAL RULES'),
      [f],
    );
  }
  if (s.kind === 'heal') {
    const before = t.W;
    t.W = Math.min(t.spec.profile.W, t.W + s.dd);
    return say(
      st,
      ctx,
      'spell',
      `${f.name} casts ${s.name} (${s.college}) on ${t.name}: W ${before} → ${t.W}.`,
      text('MONSTER SPECIAL RULES'),
      [f, t],
    );
  }
  const d = squaresApart(f, t);
  const cell = rangedNeed(sum(f, 'BS'), d);
  const r = roll(ctx, 12, f, `${s.name} at ${t.name}, need ${cell.need}`);
  const res = toHitRoll(r, cell.need, cell.critical);
  say(
    st,
    ctx,
    'spell',
    `${f.name} casts ${s.name} (${s.college}) at ${t.name}: on the ranged table, BS ${sum(f, 'BS')} at ${d} squares: need ${cell.need}; D12 ${r}: ${res}.`,
    text('MONSTER SPECIAL RULES'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical') damage(st, ctx, f, t, s.dd, false, true);
}

/** How many steps to a square beside `o` (0 if beside it already), by a walk through free squares; null beyond `max`. */
function walkingDistance(st: AhqState, f: AhqFighter, o: AhqFighter, max: number): number | null {
  if (sideOf(f, o) !== null) return 0;
  const path = findPath(
    { board: st.setup.board, size: f.size, free: freeFor(st, f), stops: () => false },
    f.at,
    (p) => sideOf({ at: p, size: f.size }, o) !== null,
    max,
  );
  return path ? path.length : null;
}

/** RUN AMOK: attack the closest model, friend or foe, within 5 squares (a die among equals); none: it stands and bellows. */
function runAmok(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  // Within 5 squares; the closest by the walk to it (one it cannot walk to at all comes last).
  const near = standing(st)
    .filter((o) => o !== f && squaresApart(f, o) <= 5)
    .map((o) => ({ o, d: walkingDistance(st, f, o, 30) ?? 99 }));
  if (!near.length)
    return say(
      st,
      ctx,
      'amok',
      `${f.name} runs amok: nobody within 5 squares; it stands and bellows.`,
      text('MONSTER SPECIAL RULES'),
      [f],
    );
  const best = Math.min(...near.map((x) => x.d));
  const closest = near.filter((x) => x.d === best).map((x) => x.o);
  const pick =
    closest.length > 1
      ? (closest[
          roll(ctx, closest.length, f, `which of ${closest.length} nearest it goes for`) - 1
        ] as AhqFighter)
      : (closest[0] as AhqFighter);
  say(
    st,
    ctx,
    'amok',
    `${f.name} runs amok and goes for ${pick.name}${pick.side === f.side ? ', a friend' : ''}.`,
    text('MONSTER SPECIAL RULES'),
    [f, pick],
  );
  const partners = engagedWith(f, st.combatants);
  if (partners.length && !partners.includes(pick)) {
    // It is not possible to simply move away from a combat: evade first.
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (!evadeByStealth(st, ctx, f, faced, partners, pick.at)) {
      if (f.out === null) attack(st, ctx, f, faced, { charge: false });
      return;
    }
  }
  if (pick.side !== f.side) {
    const reached = closeIn(st, ctx, f, pick);
    if (reached) attack(st, ctx, f, reached.target, { charge: reached.charge });
    return;
  }
  if (friendlyReach(st, ctx, f, pick)) strikeFriend(st, ctx, f, pick);
}

/** Run Amok at a friend: walk toward it (enemy death zones still stop the walk); true if it ends beside it. */
function friendlyReach(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): boolean {
  if (sideOf(f, t) !== null) return true;
  const stops = zonesAgainst(st, f);
  const path = findPath(
    { board: st.setup.board, size: f.size, free: freeFor(st, f), stops },
    f.at,
    (p) => sideOf({ at: p, size: f.size }, t) !== null,
    60,
  )?.slice(0, Math.max(0, sum(f, 'Sp') - f.moved));
  if (!path?.length) return false;
  const firstStop = path.findIndex((p) => stops(p));
  const walked = firstStop >= 0 ? path.slice(0, firstStop + 1) : path;
  walk(st, f, walked);
  const side = sideOf(f, t);
  if (side) {
    f.facing = side;
    preferFirst(f, t);
  }
  say(
    st,
    ctx,
    'move',
    `${f.name} lumbers ${walked.length} square${walked.length === 1 ? '' : 's'} toward ${t.name}.`,
    text('MONSTER SPECIAL RULES'),
    [f],
  );
  settle(st, ctx);
  return sideOf(f, t) !== null;
}

/** A blow at a friend next to it (Run Amok): as an attack, without the surrounding count. */
function strikeFriend(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const w = handWeapon(f);
  const need = closeCombatNeed(f.spec.profile.WS, sum(t, 'DS'));
  const r = roll(ctx, 12, f, `to hit ${t.name}, need ${need}`, 1, damageDice(w?.dd ?? f.spec.unarmedDd));
  const res = toHitRoll(r, need);
  say(
    st,
    ctx,
    'attack',
    `${f.name} strikes its friend ${t.name}: WS ${f.spec.profile.WS} against DS ${sum(t, 'DS')}: need ${showCloseCombatNeed(f.spec.profile.WS, sum(t, 'DS'))}; D12 ${r}: ${res}.`,
    text('MONSTER SPECIAL RULES'),
    [f, t],
  );
  if (res === 'hit' || res === 'critical')
    damage(st, ctx, f, t, w?.dd ?? f.spec.unarmedDd, helmetCounts(r, need), false);
}

/**
 * The walk (steps as any walk, at most `reach`, ending in the first enemy death zone entered) to
 * the square where `score` is highest among those `ok` accepts, if higher than where it stands.
 */
function farthest(
  st: AhqState,
  f: AhqFighter,
  reach: number,
  score: (p: Point) => number,
  ok: (p: Point) => boolean,
): Point[] {
  const free = freeFor(st, f);
  const stops = zonesAgainst(st, f);
  let best: Point[] = [];
  let bestScore = score(f.at);
  const seen = new Set([squareKey(f.at)]);
  let frontier: Point[][] = [[]];
  for (let d = 0; d < reach && frontier.length; d++) {
    const next: Point[][] = [];
    for (const path of frontier) {
      const at = path.length ? (path[path.length - 1] as Point) : f.at;
      if (path.length && stops(at)) continue;
      for (const q of steps(at, free)) {
        if (seen.has(squareKey(q))) continue;
        seen.add(squareKey(q));
        const p2 = [...path, q];
        next.push(p2);
        if (score(q) > bestScore && ok(q)) {
          best = p2;
          bestScore = score(q);
        }
      }
    }
    frontier = next;
  }
  return best;
}

/**
 * PANIC, a flight, or a withdrawal: as far as possible from all enemies within `reach` squares,
 * opening doors on the way; a walk ends in the first enemy death zone it enters (ours: running is
 * twice Sp). The runner ends facing away from the nearest enemy.
 */
function run(st: AhqState, ctx: FightContext, f: AhqFighter, why: string, reach: number): boolean {
  const partners = engagedWith(f, st.combatants);
  if (partners.length && why === 'panics') {
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (!evadeByStealth(st, ctx, f, faced, partners, null)) return false;
  }
  const held = engagedWith(f, st.combatants);
  if (held.length) {
    say(
      st,
      ctx,
      'flee',
      `${f.name} is engaged with ${held.map((h) => h.name).join(' and ')} and cannot run.`,
      text('EVADING A COMBAT'),
      [f],
    );
    return false;
  }
  const foes = enemiesOf(st, f);
  const dist = (p: Point) =>
    foes.length ? Math.min(...foes.map((o) => squaresApart({ at: p, size: f.size }, o))) : 0;
  const best = farthest(st, f, reach, dist, () => true);
  const bestD = dist(best.length ? (best[best.length - 1] as Point) : f.at);
  walk(st, f, best);
  const nearest = [...foes].sort((a, b) => squaresApart(f, a) - squaresApart(f, b))[0];
  if (nearest) f.facing = OPP[toward(f, nearest.at)];
  say(
    st,
    ctx,
    'flee',
    `${f.name} ${why} and runs to (${f.at.x}, ${f.at.y}), ${bestD} squares from the nearest enemy.`,
    text(why === 'panics' ? 'MONSTER SPECIAL RULES' : 'EVADING A COMBAT'),
    [f],
  );
  settle(st, ctx);
  return true;
}

/**
 * Tactics (keepAway): an archer no foe is engaged with steps back before shooting, to the square
 * within its move farthest from every foe that still has a shot at `t` (a walk ends in a death zone).
 */
function stepBack(st: AhqState, ctx: FightContext, f: AhqFighter, t: AhqFighter): void {
  const m = missileWeapon(f);
  const foes = enemiesOf(st, f);
  if (!m || engagedWith(f, st.combatants).length || !foes.length) return;
  const near = (p: Point) => Math.min(...foes.map((o) => squaresApart({ at: p, size: f.size }, o)));
  if (near(f.at) > 2) return;
  const Sp = Math.max(0, sum(f, 'Sp') - f.moved);
  const shotFrom = (p: Point) => {
    const d = squaresApart({ at: p, size: f.size }, t);
    return (
      d <= (m.range ?? 0) &&
      rangedNeed(sum(f, 'BS'), d).need !== null &&
      lineOfSight(boardWithDoors(st), { at: p, size: f.size }, t)
    );
  };
  const best = farthest(st, f, Sp, near, shotFrom);
  const bestD = near(best.length ? (best[best.length - 1] as Point) : f.at);
  if (!best.length) return;
  walk(st, f, best);
  say(
    st,
    ctx,
    'move',
    `${f.name} steps back ${best.length} square${best.length === 1 ? '' : 's'} to (${f.at.x}, ${f.at.y}), ${bestD} from the nearest foe, to shoot.`,
    ours('Tactics'),
    [f],
  );
  settle(st, ctx);
}
