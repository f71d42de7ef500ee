// One action at a fighter's turn (rules 4-12, 17-24): attack, strike to stun, disarm, whirlwind,
// shoot, load, draw, cast, put out flames, or give the initiative away (rule 3); the target answers.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import type { Weapon } from '../../wfrp1e/catalogue.js';
import { loadRound } from '../../wfrp1e/missile/loading.js';
import { heldMissile } from '../../wfrp1e/missile/range.js';
import { decide, say } from '../../wfrp1e/say.js';
import { hasSkill } from '../../wfrp1e/state.js';
import { rule, section } from '../cite.js';
import type { Spell } from '../data.js';
import {
  actionCap,
  actionsLeft,
  actionsPerRound,
  cpLeft,
  currentEI,
  enemies,
  foes,
  mayAttack,
  meleeWeapon,
} from '../fighter.js';
import { type BlowKind, flee, resolveBlow, spendCap } from '../melee.js';
import {
  castingActions,
  castingEI,
  CP_PER_ACTION,
  FORCEFUL_COST,
  magicActionLimit,
  MIN_CP,
} from '../rules.js';
import { type CpFighter, type CpState, hasCpCond, now } from '../state.js';
import { suggestAttack } from '../tactics.js';
import { close } from './closing.js';
import { draw, drawActions, worthDrawing } from './drawing.js';
import { putOut } from './falls-and-fire.js';
import { cast } from './magic.js';
import { loadChoices, missileInHand, quickLoad, shoot, shotChoices } from './shooting.js';

export function canTurn(st: CpState, f: CpFighter): boolean {
  return f.out === null && !f.asleep && !f.done && actionsLeft(f) > 0;
}

interface Answered {
  by: CpFighter;
  at: CpFighter;
}

/** One turn: an attack (answered by its target), a shot, a spell, a draw, giving the initiative, fleeing or ending. */
export function turn(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  answering: CpFighter | null,
): Answered | null {
  if (hasCpCond(st, f, 'noAction')) {
    if (answering) return null;
    f.used++;
    f.spent += CP_PER_ACTION;
    say(
      st,
      ctx,
      'lost',
      `${f.name} can do nothing: an action lost (EI now ${currentEI(st, f)}, CP ${cpLeft(st, f)}).`,
      section('Combat example #3'),
      [f],
    );
    return null;
  }
  if (f.flee === 'forced') {
    flee(st, ctx, f, true);
    return null;
  }
  const attackers = mayAttack(st, f) ? foes(st, f) : [];
  const left = cpLeft(st, f);
  const cap = actionCap(st, f);
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  for (const o of attackers) {
    const most = Math.min(left, spendCap(st, f, o, 'strike'));
    if (most >= MIN_CP) {
      choices.push({ key: `attack:${combatantKey(o)}`, label: `attack ${o.name} (up to ${most} CP)` });
      choices.push({ key: `stun:${combatantKey(o)}`, label: `strike ${o.name} to stun (rule 12)` });
      // Ours: a disarm needs hands (a weapon or bare hands); teeth and claws do not disarm.
      if (heldItemsOf(o).length && meleeWeapon(st, f)?.natural !== true)
        choices.push({
          key: `disarm:${combatantKey(o)}`,
          label: `disarm ${o.name} (rule 18: half CP tested)`,
        });
    } else
      refused.push({
        key: `attack:${combatantKey(o)}`,
        label: `${most} CP left: an action needs at least ${MIN_CP} (rule 13)`,
      });
  }
  if (
    hasSkill(f, 'whirlwind') &&
    attackers.length >= 2 &&
    Math.min(cap, Math.floor(left / 2)) >= MIN_CP &&
    f.W > 0
  ) {
    choices.push({
      key: 'whirlwind',
      label: `Whirlwind: strike up to ${now(st, f, 'A')} foes, CP paid twice`,
    });
  }
  const shots = shotChoices(st, f);
  choices.push(...shots);
  if (!answering) choices.push(...loadChoices(st, f));
  if (!answering) {
    for (const s of f.cp.mage?.spells ?? []) {
      const acts = castingActions(s.level);
      if (acts <= actionsLeft(f) && f.magicUsed + acts <= magicActionLimit(f.cp.mage?.level ?? 0))
        choices.push({
          key: `cast:${s.id}`,
          label: `cast ${s.name} (${acts} actions, acts at EI ${castingEI(currentEI(st, f), acts)})`,
        });
    }
    const draws = worthDrawing(st, f).map((w) => ({
      key: `draw:${w.id}`,
      label: `draw the ${w.name.toLowerCase()} (${drawActions(st, f, w)} actions)`,
    }));
    if (
      choices.length === 0 &&
      draws.length === 0 &&
      !(f.cp.mage && actionsLeft(f) > 0 && enemies(st, f).length > 0) &&
      f.burning === 0
    ) {
      // Nothing left to do with CP or actions: no question, the fighter only defends now.
      f.done = true;
      return null;
    }
    choices.push(...draws);
    if (f.burning > 0) choices.push({ key: 'put-out', label: 'put out the flames (the rest of the round)' });
    if (!f.gave && enemies(st, f).some((o) => canTurn(st, o)))
      choices.push({ key: 'give', label: 'give the initiative away (rule 3)' });
    if (attackers.length > 0) choices.push({ key: 'flee', label: 'flee (rule 14)' });
  }
  if (choices.length === 0) {
    if (!answering) f.done = true;
    return null;
  }
  choices.push({
    key: answering ? 'pass' : 'end',
    label: answering ? 'let it go' : 'no more turns this round (keep CP for defence)',
  });
  const suggested = suggestTurn(st, f, answering, attackers, shots);
  const pick = decide(
    ctx,
    f,
    answering ? 'answer' : 'turn',
    `${f.name} (EI ${currentEI(st, f)}, ${left} CP, ${actionsLeft(f)} actions): ${answering ? `answer ${answering.name}'s blow?` : 'what now?'}`,
    choices,
    suggested,
    refused,
  );
  const [verb, arg] = pick.split(':') as [string, string | undefined];
  const t = arg
    ? (st.combatants.find((o) => combatantKey(o) === pick.slice(pick.indexOf(':') + 1)) ?? null)
    : null;
  switch (verb) {
    case 'end':
      f.done = true;
      return null;
    case 'pass':
      return null;
    case 'give':
      f.gave = true;
      say(st, ctx, 'give', `${f.name} gives the initiative away.`, rule(3), [f]);
      return giveTo(st, ctx, f);
    case 'flee':
      f.used++;
      flee(st, ctx, f, false);
      return null;
    case 'put-out':
      f.used = actionsPerRound(f);
      putOut(st, ctx, f);
      return null;
    case 'draw': {
      const wpn = f.carried.find((c) => c.id === arg);
      if (wpn) draw(st, ctx, f, wpn);
      return null;
    }
    case 'cast':
      cast(st, ctx, f, st.setup.cp.spells.get(arg ?? '') as Spell);
      return null;
    case 'whirlwind':
      whirlwind(st, ctx, f, attackers);
      return null;
    case 'load':
      f.used = actionsPerRound(f);
      loadRound(st, ctx, f);
      return null;
    case 'quick-load':
      quickLoad(st, ctx, f, heldMissile(st, f) as Weapon, t as CpFighter);
      return null;
    case 'shoot':
    case 'shoot2':
    case 'shoot3':
    case 'aim':
      shoot(st, ctx, f, t as CpFighter, verb);
      return null;
    case 'attack':
    case 'stun':
    case 'disarm':
      if (!t) return null;
      attack(st, ctx, f, t, BLOW_OF[verb]);
      return t.out === null ? { by: f, at: t } : null;
    default:
      return null;
  }
}

const BLOW_OF: Record<'attack' | 'stun' | 'disarm', BlowKind> = {
  attack: 'strike',
  stun: 'stun',
  disarm: 'disarm',
};

function heldItemsOf(f: CpFighter): Weapon[] {
  return [f.right, f.left].filter((w): w is Weapon => w !== null && !w.shield && !w.natural);
}

/** What the tactics do with a turn (or an answer): a choice's key, as `turn` offers them. */
export function suggestTurn(
  st: CpState,
  f: CpFighter,
  answering: CpFighter | null,
  attackers: CpFighter[],
  shots: Choice[],
): string {
  if (f.burning > 0 && !answering) return 'put-out';
  const mage = f.cp.mage?.spells.find((s) => s.kind === 'missile');
  if (
    mage &&
    !answering &&
    castingActions(mage.level) <= actionsLeft(f) &&
    f.magicUsed === 0 &&
    enemies(st, f).length
  )
    return `cast:${mage.id}`;
  if (shots.length) return shots[0]?.key ?? 'end';
  // With nothing to strike or shoot, take up a weapon; an archer keeps the bow in hand.
  if (!answering && attackers.length === 0 && !missileInHand(st, f)) {
    const w = worthDrawing(st, f)[0];
    if (w) return `draw:${w.id}`;
  }
  const t =
    answering && attackers.includes(answering) ? answering : [...attackers].sort((x, y) => x.W - y.W)[0];
  if (t && suggestAttack(st, f, Math.min(cpLeft(st, f), spendCap(st, f, t, 'strike'))) >= MIN_CP)
    return `${f.tactics.stun ? 'stun' : 'attack'}:${combatantKey(t)}`;
  return answering ? 'pass' : 'end';
}

/** Rule 3: the one with the initiative may let the opponent act first. */
function giveTo(st: CpState, ctx: FightContext, f: CpFighter): Answered | null {
  const other = foes(st, f).find((o) => canTurn(st, o)) ?? enemies(st, f).find((o) => canTurn(st, o));
  if (!other || (other.closing && !close(st, ctx, other))) return null;
  const r = turn(st, ctx, other, null);
  return r;
}

/** Advanced skills, Forceful blow: offered for a strike that leaves 10 CP for the blow after its 10 more. */
export function mayStrikeForcefully(st: CpState, f: CpFighter, kind: BlowKind): boolean {
  return hasSkill(f, 'forceful blow') && kind === 'strike' && cpLeft(st, f) >= MIN_CP + FORCEFUL_COST;
}

/** Rules 13 and 16: the most an attack at `t` may take (less Forceful blow's 10), and what the tactics spend of it. */
export function attackAmount(
  st: CpState,
  f: CpFighter,
  t: CpFighter,
  kind: BlowKind,
  forceful: boolean,
): { most: number; suggested: number } {
  const room = Math.min(cpLeft(st, f), spendCap(st, f, t, kind));
  const most = Math.min(room, cpLeft(st, f) - (forceful ? FORCEFUL_COST : 0));
  return { most, suggested: Math.max(MIN_CP, Math.min(most, suggestAttack(st, f, most) || most)) };
}

function attack(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter, kind: BlowKind): void {
  let forceful = false;
  if (mayStrikeForcefully(st, f, kind)) {
    forceful =
      decide(
        ctx,
        f,
        'forceful',
        `${f.name}: Forceful blow (10 CP more: 01-10 always hits)?`,
        [
          { key: 'no', label: 'no' },
          { key: 'yes', label: 'yes' },
        ],
        'yes',
      ) === 'yes';
  }
  const { most, suggested } = attackAmount(st, f, t, kind, forceful);
  if (most < MIN_CP) return;
  const cp = ctx.amount({
    kind: 'amount',
    actor: f.id,
    topic: 'attack-cp',
    label: `${f.name}: CP for the ${kind === 'strike' ? 'blow' : kind} at ${t.name}`,
    min: MIN_CP,
    max: most,
    step: 1,
    suggested,
  });
  f.used++;
  f.spent += cp + (forceful ? FORCEFUL_COST : 0);
  f.parade = null;
  resolveBlow(st, ctx, { a: f, d: t, kind, cp, weapon: meleeWeapon(st, f), forceful });
}

/** Advanced skills: Whirlwind: CP paid twice, one blow at each of up to A foes; past T/3 (rounded up) whirlwinds cost 1 W each. */
function whirlwind(st: CpState, ctx: FightContext, f: CpFighter, targets: CpFighter[]): void {
  const most = Math.min(actionCap(st, f), Math.floor(cpLeft(st, f) / 2));
  const cp = ctx.amount({
    kind: 'amount',
    actor: f.id,
    topic: 'attack-cp',
    label: `${f.name}: CP for each blow of the Whirlwind (paid twice)`,
    min: MIN_CP,
    max: most,
    step: 1,
    suggested: most,
  });
  f.used++;
  f.spent += 2 * cp;
  f.whirlwinds++;
  f.whirlwindsInFight++;
  const free = Math.ceil(now(st, f, 'T') / 3);
  const count = st.cpo.whirlwindPerFight ? f.whirlwindsInFight : f.whirlwinds;
  say(
    st,
    ctx,
    'whirlwind',
    `${f.name} whirls: ${cp} CP against each of ${Math.min(targets.length, now(st, f, 'A'))} foes (${2 * cp} CP spent).`,
    section('Advanced skills: Whirlwind'),
    [f],
  );
  if (count > free) {
    f.W = Math.max(0, f.W - 1);
    say(
      st,
      ctx,
      'whirlwind',
      `Whirlwind ${count} is past T/3 = ${free}: ${f.name} loses 1 W (W ${f.W}).`,
      section('Advanced skills: Whirlwind'),
      [f],
    );
  }
  for (const t of targets.slice(0, now(st, f, 'A')))
    if (t.out === null)
      resolveBlow(st, ctx, { a: f, d: t, kind: 'strike', cp, weapon: meleeWeapon(st, f), forceful: false });
}
