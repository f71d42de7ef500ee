// OpenQuest's combat procedure (openquest-combat.txt): surprise before the first round, then
// rounds of statement of intent, order by modified skill, one action each, attack against the
// defender's reaction, damage, wounds, and the mortal-wound clock.
import type { FightContext } from '../../core/context.js';
import { showSum, sumTerms } from '../../core/arith.js';
import { ruledTerms } from '../../core/rulings.js';
import { d100, decide, decideKeys, directKey, roll, say } from '../../core/say.js';
import type { Choice, FollowingDice } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import { formatD100 } from '../../dice/d100.js';
import { facts, ours, text } from './cite.js';
import type { Weapon } from './data.js';
import {
  ATTACK_RESULTS,
  armourPoints,
  damageModifierWith,
  FIST,
  CAUGHT_BONUS,
  COVER,
  formatDice,
  opposed,
  SECOND_LOOK,
  testResult,
  type Dice,
  type Level,
  type Skill,
  maximumModifier,
  MASTERY,
  type Mastery,
  masteryOf,
  mostOf,
  weaponDice,
} from './rules.js';
import { distanceOf, setDistance, type OqFighter, type OqFighterSpec, type OqState } from './state.js';
import { leavesTheFight, parryWeapon, STABILISE_AT, suggestedReaction, weaponAt } from './tactics.js';

/** The weapon a fighter attacks `t` with. */
function weaponFor(st: OqState, f: OqFighter, t: OqFighter): Weapon | null | undefined {
  return weaponAt(f.spec.weapons, distanceOf(st, f, t));
}

function enemies(st: OqState, f: OqFighter): OqFighter[] {
  return st.combatants.filter((o) => o.side !== f.side && o.out === null);
}

function test(
  st: OqState,
  ctx: FightContext,
  f: OqFighter,
  skill: Skill,
  target: number,
  why: string,
  then?: FollowingDice,
): { roll: number; level: Level; against: string } {
  const mastery = masteryOf(f.spec.skills[skill], st.setup.opt.mastery);
  // A Master's roll is still asked: the GM's one-off modifier may take the skill below 100%.
  const r = d100(ctx, f, ctx.words ? `${why}: ${skill} test (${need(target, mastery)})` : why, then);
  const ruled = ruledTerms(ctx);
  // The GM's one-off modifier changes the target, and with it the critical's tenth.
  const t = sumTerms(target, ruled);
  return {
    roll: r,
    level: testResult(r, t, mastery),
    against: `${ruled.length ? showSum('', target, ruled).trim() : `${t}`}${t >= MASTERY && mastery !== 'none' ? ' (a Master)' : ''}`,
  };
}

/** What a test needs, in words: a number, or what a Master gets. */
function need(target: number, mastery: Mastery): string {
  if (target < MASTERY || mastery === 'none') return `need ${target} or less`;
  return mastery === 'critical'
    ? `a Master at ${target}%: a critical, unless the GM's modifier takes it below ${MASTERY}%`
    : `a Master at ${target}%: succeeds, a double is a critical`;
}

const LEVEL_WORD: Readonly<Record<Level, string>> = {
  critical: 'a critical',
  success: 'a success',
  failure: 'a failure',
  fumble: 'a fumble',
};

// ------------------------------------------------------------------ before the first round

export function startOq(st: OqState, ctx: FightContext): void {
  if (ctx.explain) {
    for (const f of st.combatants) {
      const s = f.spec;
      const kit = s.weapons
        .filter((w) => !w.shield)
        .map((w) => `${w.name} ${weaponDice(w.damage)} (${w.skill} ${s.skills[w.skill]}%)`);
      say(
        st,
        ctx,
        'start',
        `${f.name}: ${s.hp}/${s.maxHp} HP, damage modifier ${formatDice(s.dm)}, AP ${armourPoints(s.armour)}${kit.length ? `, ${kit.join(', ')}` : ''}, Dodge ${s.skills.dodge}%.`,
        facts('Hit points, damage modifier and armour'),
        [f],
      );
    }
    for (const s of st.setup.fighters.filter((x) => x.standsAside))
      say(
        st,
        ctx,
        'aside',
        `${s.name} stays out of the fight.`,
        text('Work Out Who is Involved in the Combat'),
      );
  }
  const spotters = st.setup.scouting
    ? scout(st, ctx, st.setup.scouting.scouts, st.setup.scouting.cover)
    : null;
  const opens = st.near.size > 0 ? 'close' : 'ranged';
  say(
    st,
    ctx,
    'distance',
    `The fight opens at ${opens} distance${opens === 'close' ? ' (2 m or less)' : ''}.`,
    text('Encounter Distance and Engaging in Combat'),
  );
  if (st.setup.surprise && spotters !== null && spotters !== st.setup.surprise.side) {
    // Surprise Attack Procedure 1: no surprise on a side whose scouts saw them coming.
    say(
      st,
      ctx,
      'surprise',
      `No surprise: ${st.sides[spotters]?.name}'s scouts saw them first.`,
      text('Surprise Attack Procedure'),
    );
  } else if (st.setup.surprise) {
    surprise(st, ctx, st.setup.surprise.side, st.setup.surprise.kind, st.setup.surprise.by);
    surpriseDistance(st, ctx, st.setup.surprise.side);
  }
  if (st.setup.avoid) avoid(st, ctx, st.setup.avoid);
}

/**
 * Surprise Attack Procedure 4-5: a surprise that worked lets the attackers choose the distance:
 * the Referee's as a group, the players each for their own character.
 */
function surpriseDistance(st: OqState, ctx: FightContext, side: number): void {
  if (!st.combatants.some((f) => f.side !== side && f.surprised !== null)) return;
  const attackers = st.combatants.filter((f) => f.side === side && f.out === null);
  const ask = (who: OqFighter | null, label: string, missiles: boolean) =>
    decide(
      ctx,
      who,
      'distance',
      label,
      [
        { key: 'ranged', label: 'ranged' },
        { key: 'close', label: 'close (2 m or less)' },
      ],
      chosenDistance(missiles),
    ) as 'close' | 'ranged';
  const hasMissile = (f: OqFighter) => carriesMissile(f.spec);
  if (st.sides[side]?.players) {
    for (const f of attackers) {
      const d = ask(f, `${f.name}: the surprise worked: strike from which distance?`, hasMissile(f));
      setDistance(st, [f], d);
      say(st, ctx, 'distance', `${f.name} strikes from ${d} distance.`, text('Surprise Attack Procedure'), [
        f,
      ]);
    }
    return;
  }
  const d = ask(
    null,
    `${st.sides[side]?.name}: the surprise worked: at which distance do you strike?`,
    attackers.some(hasMissile),
  );
  setDistance(st, attackers, d);
  say(st, ctx, 'distance', `The attackers strike from ${d} distance.`, text('Surprise Attack Procedure'));
}

/**
 * Scouting Ahead: Perception with the cover's modifier; any success lets the scouts' side choose
 * the distance, else a failure is spotted at ranged distance; a fumbling scout is split off at a
 * distance of its own. Returns the scouts' side if they spotted the opposition.
 */
function scout(
  st: OqState,
  ctx: FightContext,
  ids: readonly string[],
  cover: keyof typeof COVER,
): number | null {
  const scouts = st.combatants.filter((f) => ids.includes(f.id));
  let spotted = false;
  let caught = false;
  const strayed: OqFighter[] = [];
  for (const s of scouts) {
    const need = s.spec.skills.perception + COVER[cover];
    const r = test(
      st,
      ctx,
      s,
      'perception',
      need,
      `scout ahead (cover ${COVER[cover] >= 0 ? '+' : ''}${COVER[cover]}%)`,
    );
    const found = scouted(r.level);
    const ok = found === 'spots';
    let more = '';
    if (r.level === 'critical') {
      // A critical: exact numbers and positions, and a second look at +20%, cover ignored.
      const again = test(
        st,
        ctx,
        s,
        'perception',
        s.spec.skills.perception + SECOND_LOOK,
        'scout out the rest (+20%, cover ignored)',
      );
      more = `: the exact numbers and positions; a second look, D100 ${formatD100(again.roll)} against ${s.spec.skills.perception + SECOND_LOOK}: ${LEVEL_WORD[again.level]}${again.level === 'success' || again.level === 'critical' ? ': the rest of the opponents too' : ''}`;
    }
    if (found === 'seen') caught = true;
    if (found === 'strays') strayed.push(s);
    spotted ||= ok;
    say(
      st,
      ctx,
      'scout',
      `${s.name} scouts ahead: Perception D100 ${formatD100(r.roll)} against ${s.spec.skills.perception} ${COVER[cover] >= 0 ? '+' : '−'} ${Math.abs(COVER[cover])} cover = ${need}: ${LEVEL_WORD[r.level]}${ok ? ', the opposition spotted' : r.level === 'fumble' ? ': split off from the party' : ': spotted approaching'}${more}.`,
      text('Scouting Ahead'),
      [s],
    );
  }
  const side = scouts[0]?.side ?? 0;
  if (spotted) {
    const hasMissiles = st.combatants.some((f) => f.side === side && carriesMissile(f.spec));
    const d = decide(
      ctx,
      null,
      'distance',
      `${st.sides[side]?.name}: the scouts spotted them first: fight at which distance?`,
      [
        { key: 'close', label: 'close (2 m or less)' },
        { key: 'ranged', label: 'ranged' },
      ],
      chosenDistance(hasMissiles),
    ) as 'close' | 'ranged';
    setDistance(st, st.combatants, d);
  } else if (caught) setDistance(st, st.combatants, 'ranged');
  for (const s of strayed) {
    const d = decide(
      ctx,
      null,
      'distance',
      `GM: ${s.name} is split off from the party: how close to the opposition?`,
      [
        { key: 'close', label: 'close (the scout stumbles on them)' },
        { key: 'ranged', label: 'ranged' },
      ],
      'close',
    ) as 'close' | 'ranged';
    setDistance(st, [s], d);
  }
  return spotted ? side : null;
}

/** Avoiding a Fight: running away (a chase by opposed Athletics), intimidation or fast talk (the GM gives the outcome). */
function avoid(st: OqState, ctx: FightContext, a: NonNullable<OqState['setup']['avoid']>): void {
  const runners = st.combatants.filter((f) => f.side === a.side && f.out === null);
  const others = st.combatants.filter((f) => f.side !== a.side && f.out === null);
  if (!runners.length || !others.length) return;
  if (a.by !== 'run') {
    const lead = [...runners].sort(
      (x, y) => y.spec.skills.influence - x.spec.skills.influence,
    )[0] as OqFighter;
    const r = test(
      st,
      ctx,
      lead,
      'influence',
      lead.spec.skills.influence,
      a.by === 'intimidate' ? 'intimidate the opposition' : 'fast-talk out of the fight',
    );
    const pick = decide(
      ctx,
      null,
      'social',
      `GM: ${lead.name}'s ${a.by === 'intimidate' ? 'intimidation' : 'fast talk'} (Influence ${LEVEL_WORD[r.level]}): does the opposition give up?`,
      [
        { key: 'yes', label: a.by === 'intimidate' ? 'they surrender or leave' : 'they let them go' },
        { key: 'no', label: 'no: fight' },
      ],
      talksOut(r.level) ? 'yes' : 'no',
    );
    say(
      st,
      ctx,
      'social',
      `${lead.name} leads ${a.by === 'intimidate' ? 'an attempt to intimidate' : 'a fast talk'}: Influence D100 ${formatD100(r.roll)} against ${lead.spec.skills.influence}: ${LEVEL_WORD[r.level]}; the GM rules ${pick === 'yes' ? 'the fight is avoided' : 'it fails'}.`,
      text('Avoiding a Fight'),
      [lead],
    );
    if (pick === 'yes') for (const o of a.by === 'intimidate' ? others : runners) o.out = 'fled';
    return;
  }
  if (!a.chase || a.faster) {
    say(
      st,
      ctx,
      'avoid',
      `${st.sides[a.side]?.name} run${a.faster ? ', faster than their opponents,' : ''} and ${a.chase ? 'outpace them' : 'are not chased'}: they get away.`,
      text('Avoiding a Fight'),
    );
    for (const f of runners) f.out = 'fled';
    return;
  }
  // A chase: each runner's Athletics against the best catcher's.
  const catcher = [...others].sort(
    (x, y) => y.spec.skills.athletics - x.spec.skills.athletics,
  )[0] as OqFighter;
  for (const f of runners) {
    const rf = test(st, ctx, f, 'athletics', f.spec.skills.athletics, 'run away');
    const rc = test(st, ctx, catcher, 'athletics', catcher.spec.skills.athletics, `catch ${f.name}`);
    const ran = chase(rf, rc);
    const away = ran === 'away';
    say(
      st,
      ctx,
      'chase',
      `${f.name} runs: Athletics ${formatD100(rf.roll)} (${LEVEL_WORD[rf.level]}) against ${catcher.name}'s ${formatD100(rc.roll)} (${LEVEL_WORD[rc.level]}): ${away ? 'escapes' : rf.level === 'fumble' ? 'caught, and surprised: may only defend in the first round' : `caught: the catchers get +${CAUGHT_BONUS}% on their next action`}.`,
      text('Avoiding a Fight'),
      [f, catcher],
    );
    if (away) {
      f.out = 'fled';
      continue;
    }
    for (const o of others) o.bonus = CAUGHT_BONUS;
    if (ran === 'caught-surprised') f.surprised = 'defend-only';
  }
}

/** Surprise Attack Procedure: opposed Perception against the attackers' best Deception (Athletics for a rush). */
function surprise(
  st: OqState,
  ctx: FightContext,
  side: number,
  kind: 'ambush' | 'sneak' | 'rush',
  by: Skill,
): void {
  const stealth: Skill = by;
  const attackers = st.combatants.filter((f) => f.side === side && f.out === null);
  const unaware = st.combatants.filter((f) => f.side !== side && f.out === null);
  if (!attackers.length || !unaware.length) return;
  say(
    st,
    ctx,
    'surprise',
    `A${kind === 'ambush' ? 'n ambush' : kind === 'sneak' ? ' sneak attack' : ' rush attack'} by ${st.sides[side]?.name}: Perception against ${stealth[0]?.toUpperCase()}${stealth.slice(1)}.`,
    text('Surprise Attacks'),
  );
  const best = (fs: OqFighter[], s: Skill) =>
    [...fs].sort((x, y) => y.spec.skills[s] - x.spec.skills[s])[0] as OqFighter;
  if (st.sides[side]?.players) {
    // 3. The characters attack: each tests Deception against the opponents' best Perception; 5. any who
    // wins catches the opposing side unaware: they may only defend, or nothing if that Perception fumbled (ours: for the side).
    const watcher = best(unaware, 'perception');
    let caught: 'defend-only' | 'helpless' | null = null;
    for (const a of attackers) {
      const ra = test(st, ctx, a, stealth, a.spec.skills[stealth], 'surprise the opposition');
      const rw = test(st, ctx, watcher, 'perception', watcher.spec.skills.perception, `spot ${a.name}`);
      const got = caughtUnaware(rw, ra);
      const won = got !== null;
      say(
        st,
        ctx,
        'surprise',
        `${a.name}'s ${stealth} ${formatD100(ra.roll)} (${LEVEL_WORD[ra.level]}) against ${watcher.name}'s Perception ${formatD100(rw.roll)} (${LEVEL_WORD[rw.level]}): ${won ? `the opposition is surprised${rw.level === 'fumble' ? ' and cannot even defend' : ': may only parry or dodge this round'}` : 'no surprise'}.`,
        text('Surprise Attack Procedure'),
        [a, watcher],
      );
      if (got) caught = caught === 'helpless' || got === 'helpless' ? 'helpless' : 'defend-only';
    }
    if (caught) for (const o of unaware) o.surprised = caught;
    return;
  }
  // 2. The unaware each test Perception against the attackers' best Deception; 4. failed: only parry or dodge for a round; fumbled: not even that.
  const sneak = best(attackers, stealth);
  for (const u of unaware) {
    const ru = test(st, ctx, u, 'perception', u.spec.skills.perception, 'notice the attack');
    const rs = test(st, ctx, sneak, stealth, sneak.spec.skills[stealth], `surprise ${u.name}`);
    // A tie goes against the side trying to surprise (ours).
    const got = caughtUnaware(ru, rs);
    const spotted = got === null;
    say(
      st,
      ctx,
      'surprise',
      `${u.name}'s Perception ${formatD100(ru.roll)} (${LEVEL_WORD[ru.level]}) against ${sneak.name}'s ${stealth} ${formatD100(rs.roll)} (${LEVEL_WORD[rs.level]}): ${spotted ? 'not surprised' : ru.level === 'fumble' ? 'surprised, and cannot even defend this round' : 'surprised: may only parry or dodge this round'}.`,
      text('Surprise Attack Procedure'),
      [u, sneak],
    );
    if (got) u.surprised = got;
  }
}

/** Scouting Ahead: a success spots the opposition; a failure is spotted approaching; a fumble splits the scout off. */
export function scouted(level: Level): 'spots' | 'seen' | 'strays' {
  return level === 'success' || level === 'critical' ? 'spots' : level === 'failure' ? 'seen' : 'strays';
}

/** Surprise Attack Procedure 4 and Scouting Ahead (ours as tactics): the side that picks the distance shoots from afar when it carries missile weapons, else closes. */
export function chosenDistance(missiles: boolean): 'close' | 'ranged' {
  return missiles ? 'ranged' : 'close';
}

/** A missile weapon among its weapons (the skill it attacks with is Ranged Combat). */
export function carriesMissile(spec: OqFighterSpec): boolean {
  return spec.weapons.some((w) => w.skill === 'ranged');
}

/** Surprise Attack Procedure 4-5: beaten on the opposed test, the unaware may only parry or dodge this round; after a fumbled Perception, not even that (a tie goes to the unaware: ours). */
export function caughtUnaware(
  watch: { level: Level; roll: number },
  sneak: { level: Level; roll: number },
): 'defend-only' | 'helpless' | null {
  if (opposed(watch, sneak) !== 'b') return null;
  return watch.level === 'fumble' ? 'helpless' : 'defend-only';
}

/** Avoiding a Fight: a runner who beats the best catcher's Athletics gets away; caught, the catchers get +20% on their next action; a runner who fumbled is caught surprised. */
export function chase(
  runner: { level: Level; roll: number },
  catcher: { level: Level; roll: number },
): 'away' | 'caught' | 'caught-surprised' {
  if (opposed(runner, catcher) === 'a') return 'away';
  return runner.level === 'fumble' ? 'caught-surprised' : 'caught';
}

/** Avoiding a Fight (ours for the GM's ruling): intimidation or fast talk works on a successful Influence test. */
export function talksOut(level: Level): boolean {
  return level === 'success' || level === 'critical';
}

/** Ours (option parrySize): a successful parry of a successful attack with a weapon whose most is below the attacking weapon's lets the rest through. */
export function smallerParryLets(
  parrySize: boolean,
  attack: Level,
  defence: Level | 'none',
  parry: Weapon | null,
  attackDice: Dice,
): boolean {
  return (
    parrySize &&
    parry !== null &&
    defence === 'success' &&
    attack === 'success' &&
    mostOf(parry.damage) < mostOf(attackDice)
  );
}

// ------------------------------------------------------------------ the round

export type Intent =
  | { kind: 'attack'; target: OqFighter; weapon: Weapon | null }
  | { kind: 'stabilise'; ally: OqFighter }
  | { kind: 'flee' }
  | { kind: 'close' }
  | { kind: 'defend'; why: string };

export function playOqRound(st: OqState, ctx: FightContext): void {
  st.round++;
  if (ctx.explain) say(st, ctx, 'round', `Round ${st.round}.`, text('FIGHT! Drop into Combat Rounds'));
  for (const f of st.combatants) f.reactionsUsed = 0;
  // 1. Statement of intent (the players' view shows the Referee's as the GM says: core/veil.ts).
  const intents = new Map<OqFighter, Intent>();
  for (const f of st.combatants) {
    if (f.out !== null) continue;
    const i = intentOf(st, ctx, f);
    intents.set(f, i);
    f.willAct = i.kind !== 'defend';
  }
  // 2-3. Skills and modifiers; the order counts down from 100% by modified skill (ties: higher DEX, then as listed: ours).
  const order = [...intents.entries()]
    .filter(([, i]) => i.kind !== 'defend')
    .map(([f, i]) => ({ f, i, skill: orderSkill(f, i) }));
  order.sort(byOrder);
  for (const f of st.combatants) f.orderSkill = null;
  for (const o of order) o.f.orderSkill = o.skill;
  if (ctx.explain && order.length > 0)
    say(
      st,
      ctx,
      'order',
      `Order: ${order.map((o) => `${o.f.name} ${o.skill}%`).join(', ')}.`,
      text('FIGHT! Drop into Combat Rounds'),
    );
  for (const [f, i] of intents)
    if (i.kind === 'defend' && f.out === null && ctx.explain)
      say(
        st,
        ctx,
        'intent',
        `${f.name} ${i.why}.`,
        i.why.includes('surprised')
          ? text('Surprise Attack Procedure')
          : text('FIGHT! Drop into Combat Rounds'),
        [f],
      );
  // 4. Take action.
  for (const { f, i } of order) {
    if (f.out !== null) continue;
    act(st, ctx, f, i);
  }
  // 5. End of the round.
  endRound(st, ctx);
}

/** The words of an intent's key, for a person. */
function intentLabel(st: OqState, f: OqFighter, key: string): string {
  const colon = key.indexOf(':');
  const verb = colon < 0 ? key : key.slice(0, colon);
  const o = colon < 0 ? undefined : st.combatants.find((x) => combatantKey(x) === key.slice(colon + 1));
  switch (verb) {
    case 'attack':
      return o ? `attack ${o.name} (${o.hp} HP, ${distanceOf(st, f, o)})` : key;
    case 'stabilise':
      return o ? `stabilise ${o.name} (Healing ${f.spec.skills.healing}%)` : key;
    case 'close':
      return 'close in to 2 m';
    case 'flee':
      return 'flee the fight';
    case 'surrender':
      return 'surrender';
    default:
      return 'only defend this round';
  }
}

function intentOf(st: OqState, ctx: FightContext, f: OqFighter): Intent {
  if (f.surprised === 'helpless')
    return { kind: 'defend', why: 'is surprised and can do nothing this round' };
  if (f.surprised === 'defend-only')
    return { kind: 'defend', why: 'is surprised: may only parry or dodge this round' };
  if (f.loseActionIn === st.round) return { kind: 'defend', why: 'loses this action to the fumble' };
  const foes = enemies(st, f);
  if (foes.length === 0) return { kind: 'defend', why: 'has no one to fight' };
  const dying = st.combatants.filter(
    (o) => o.side === f.side && o !== f && o.out === 'dying' && !o.stabilised,
  );
  // At ranged distance only a missile weapon reaches; to fight hand to hand one spends the action closing in (ours).
  const reachable = foes.filter((o) => weaponFor(st, f, o) !== undefined);
  const apart = foes.some((o) => distanceOf(st, f, o) === 'ranged');
  const reaches = reachable.length > 0;
  const keys: string[] = reachable.map((o) => `attack:${combatantKey(o)}`);
  if (apart) keys.push('close');
  for (const o of dying) keys.push(`stabilise:${combatantKey(o)}`);
  keys.push('flee', 'surrender', 'defend');
  const suggested = reaches
    ? suggestIntent(f, reachable, dying)
    : (leavesTheFight(f.spec.tactics, f.hp) ?? (apart ? 'close' : 'defend'));
  const pick =
    directKey(ctx, keys, suggested) ??
    decideKeys(
      ctx,
      f,
      'intent',
      keys,
      suggested,
      (key) => intentLabel(st, f, key),
      () => ({
        label: `${f.name} (${f.hp} HP): what this round?`,
        // The same intent as last round (fighting on at the same foe), or the one attack there is: routine.
        routine: suggested === f.intended || (reachable.length === 1 && suggested === keys[0]),
      }),
    );
  f.intended = pick;
  if (pick === 'surrender') {
    // End the combat: a surrender takes the fighter out as it is stated.
    f.out = 'helpless';
    say(st, ctx, 'surrender', `${f.name} surrenders.`, text('Combat procedure'), [f]);
    return { kind: 'defend', why: 'has surrendered' };
  }
  const [verb, arg] = pick.split(':') as [string, string | undefined];
  const who = arg
    ? st.combatants.find((o) => combatantKey(o) === pick.slice(pick.indexOf(':') + 1))
    : undefined;
  const intent: Intent =
    verb === 'attack' && who
      ? { kind: 'attack', target: who, weapon: weaponFor(st, f, who) ?? null }
      : verb === 'stabilise' && who
        ? { kind: 'stabilise', ally: who }
        : verb === 'flee'
          ? { kind: 'flee' }
          : verb === 'close'
            ? { kind: 'close' }
            : { kind: 'defend', why: 'only defends this round' };
  const means =
    intent.kind === 'attack'
      ? `attack ${intent.target.name}`
      : intent.kind === 'stabilise'
        ? `stabilise ${intent.ally.name}`
        : intent.kind === 'close'
          ? 'close in'
          : 'flee';
  // The Referee's too: the players' view keeps them when the GM says the non-player characters are
  // not visible (core/veil.ts, `intents`); the log is the GM's.
  if (ctx.explain && intent.kind !== 'defend')
    say(st, ctx, 'intent', `${f.name} means to ${means}.`, text('FIGHT! Drop into Combat Rounds'), [f]);
  return intent;
}

function suggestIntent(f: OqFighter, foes: OqFighter[], dying: OqFighter[]): string {
  const leaves = leavesTheFight(f.spec.tactics, f.hp);
  if (leaves) return leaves;
  if (dying.length > 0 && f.spec.skills.healing >= STABILISE_AT)
    return `stabilise:${combatantKey(dying[0] as OqFighter)}`;
  const t = f.spec.tactics.target === 'first' ? foes[0] : [...foes].sort((x, y) => x.hp - y.hp)[0];
  return t ? `attack:${combatantKey(t)}` : 'defend';
}

function orderSkill(f: OqFighter, i: Intent): number {
  return actionSkill(f.spec, f.bonus, i.kind, i.kind === 'attack' ? i.weapon : null);
}

/** FIGHT! 2-3: the skill an action is made with, modified, which places it in the order (moving or fleeing: Athletics, ours). */
export function actionSkill(
  spec: OqFighterSpec,
  bonus: number,
  kind: Intent['kind'],
  weapon: Weapon | null,
): number {
  const s = spec.skills;
  if (kind === 'attack') return (weapon ? s[weapon.skill] : s.unarmed) + bonus + spec.modifier;
  if (kind === 'stabilise') return s.healing;
  return s.athletics;
}

/** FIGHT! 3: the order counts down by modified skill; ties go to the higher DEX, then as listed (ours; a stable sort keeps the list's order). */
export function byOrder(
  x: { readonly skill: number; readonly f: { readonly spec: OqFighterSpec } },
  y: { readonly skill: number; readonly f: { readonly spec: OqFighterSpec } },
): number {
  return y.skill - x.skill || y.f.spec.characteristics.DEX - x.f.spec.characteristics.DEX;
}

function act(st: OqState, ctx: FightContext, f: OqFighter, i: Intent): void {
  f.willAct = false;
  // The catchers' +20% is for their next action, whatever it is.
  if (i.kind !== 'attack') f.bonus = 0;
  if (f.loseActionIn === st.round) {
    say(st, ctx, 'fumble', `${f.name} loses this action to the fumble.`, ours('Fumbles'), [f]);
    return;
  }
  if (i.kind === 'flee') {
    f.out = 'fled';
    say(st, ctx, 'flee', `${f.name} runs from the fight.`, text('Combat procedure'), [f]);
    return;
  }
  if (i.kind === 'close') {
    setDistance(st, [f], 'close');
    say(st, ctx, 'close', `${f.name} closes in: within 2 m of the enemy from now on.`, ours('Closing in'), [
      f,
    ]);
    return;
  }
  if (i.kind === 'stabilise') {
    if (i.ally.out !== 'dying') return;
    const r = test(st, ctx, f, 'healing', f.spec.skills.healing, `stabilise ${i.ally.name}`);
    const ok = r.level === 'success' || r.level === 'critical';
    say(
      st,
      ctx,
      'heal',
      `${f.name} tends ${i.ally.name}: Healing D100 ${formatD100(r.roll)} against ${f.spec.skills.healing}: ${LEVEL_WORD[r.level]}${ok ? ': stabilised (surgery after the fight)' : ''}.`,
      text('Healing Wounds'),
      [f, i.ally],
    );
    if (ok) stabilise(i.ally);
    return;
  }
  if (i.kind !== 'attack') return;
  // A target that fell (or moved out of reach) before this turn: the attacker picks another (ours).
  let t = i.target;
  if (t.out !== null || weaponFor(st, f, t) === undefined) {
    const foes = enemies(st, f).filter((o) => weaponFor(st, f, o) !== undefined);
    if (foes.length === 0) return;
    const pick = decide(
      ctx,
      f,
      'retarget',
      `${f.name}: ${t.name} is down; attack whom?`,
      foes.map((o) => ({ key: combatantKey(o), label: `${o.name} (${o.hp} HP)` })),
      combatantKey([...foes].sort((x, y) => x.hp - y.hp)[0] as OqFighter),
    );
    t = foes.find((o) => combatantKey(o) === pick) as OqFighter;
  }
  attack(st, ctx, f, t, weaponFor(st, f, t) ?? null);
}

function stabilise(f: OqFighter): void {
  f.stabilised = true;
  f.mortalSince = null;
  f.out = 'unconscious';
}

/** Take Action: the attack against the defender's reaction (facts, "attack against a defence"). */
export function attack(st: OqState, ctx: FightContext, a: OqFighter, d: OqFighter, w: Weapon | null): void {
  const skill: Skill = w ? w.skill : 'unarmed';
  const target = a.spec.skills[skill] + a.bonus + a.spec.modifier;
  const bonusNote = `${a.bonus ? ` (+${a.bonus} caught them)` : ''}${a.spec.modifier ? ` (${a.spec.modifier > 0 ? '+' : '−'}${Math.abs(a.spec.modifier)} situation)` : ''}`;
  a.bonus = 0;
  a.stats.blows++;
  // The damage dice are rolled with the attack at the table.
  const wd = w ? w.damage : FIST;
  const ra = test(st, ctx, a, skill, target, `attack ${d.name}`, {
    count: wd.count,
    sides: wd.sides,
    label: `damage (${weaponDice(wd)})`,
  });
  const missile = skill === 'ranged';
  // The reaction: parry (a weapon or shield; only a shield against a missile: ours) or dodge, once a round by default.
  // "If called for": a reaction is rolled only against an attack that would land.
  const landing = ra.level === 'success' || ra.level === 'critical';
  const attackLine = `${a.name} attacks ${d.name}${w ? ` with ${w.name.toLowerCase()}` : ''}: D100 ${formatD100(ra.roll)} against ${ra.against}${bonusNote}: ${LEVEL_WORD[ra.level]}`;
  // A defender asked to react sees the attack's result first: the attack is told before the question.
  const asks = landing && mayReact(st, d);
  const citeAttack = facts('Attack against a defence');
  if (asks) say(st, ctx, 'attack', `${attackLine}.`, citeAttack, [a, d], { attack: ra.level });
  const reaction = asks
    ? react(st, ctx, d, a, missile, `${formatD100(ra.roll)}: ${LEVEL_WORD[ra.level]}`)
    : null;
  const rd = reaction
    ? test(
        st,
        ctx,
        d,
        reaction.skill,
        d.spec.skills[reaction.skill] + d.spec.modifier,
        reaction.skill === 'dodge' ? `dodge ${a.name}` : `parry ${a.name}`,
      )
    : null;
  const cell = ATTACK_RESULTS[ra.level][rd ? rd.level : 'none'];
  const reactionLine =
    rd && reaction
      ? `${d.name} ${reaction.skill === 'dodge' ? 'dodges' : `parries with ${reaction.weapon?.name.toLowerCase()}`}: D100 ${formatD100(rd.roll)} against ${rd.against}: ${LEVEL_WORD[rd.level]}`
      : `${d.name} ${noReaction(st, d)}`;
  const detail = { attack: ra.level, defence: rd ? rd.level : 'none' };
  if (asks) say(st, ctx, 'reaction', `${reactionLine}: ${cell.says}.`, citeAttack, [d, a], detail);
  else
    say(
      st,
      ctx,
      'attack',
      `${attackLine}${landing ? `; ${reactionLine}` : ''}: ${cell.says}.`,
      citeAttack,
      [a, d],
      detail,
    );
  if (ra.level === 'critical') {
    a.stats.criticalsDealt++;
    d.stats.criticalsTaken++;
  }
  if (cell.attackerFumbles) fumbled(st, ctx, a);
  if (cell.defenderFumbles) fumbled(st, ctx, d);
  // Ours (option parrySize): a successful parry with a smaller weapon lets the rest through.
  const pw = reaction?.weapon ?? null;
  const lets =
    cell.damage === 'none' &&
    smallerParryLets(st.setup.opt.parrySize, ra.level, rd ? rd.level : 'none', pw, w ? w.damage : FIST);
  if (cell.damage === 'none' && !lets) return;
  a.stats.hits++;
  damage(
    st,
    ctx,
    a,
    d,
    w,
    cell.damage === 'maximum',
    cell.armour || cell.damage === 'none',
    cell.damage === 'none' ? (reaction?.weapon ?? null) : null,
  );
}

function noReaction(st: OqState, d: OqFighter): string {
  if (d.surprised === 'helpless') return 'cannot defend (surprised)';
  if (st.setup.opt.oneReaction && d.reactionsUsed >= 1) return 'has no reaction left this round';
  return 'does not react';
}

/** Whether the defender may react at all: standing, not caught helpless, a reaction left this round. */
function mayReact(st: OqState, d: OqFighter): boolean {
  return !(
    d.out !== null ||
    d.surprised === 'helpless' ||
    (st.setup.opt.oneReaction && d.reactionsUsed >= 1)
  );
}

function react(
  st: OqState,
  ctx: FightContext,
  d: OqFighter,
  a: OqFighter,
  missile: boolean,
  attack: string,
): { skill: Skill; weapon: Weapon | null } | null {
  const pw = parryWeapon(d.spec.weapons, missile);
  const choices: Choice[] = [];
  if (pw)
    choices.push({ key: 'parry', label: `parry with ${pw.name.toLowerCase()} (${d.spec.skills.close}%)` });
  choices.push(
    { key: 'dodge', label: `dodge (${d.spec.skills.dodge}%)` },
    { key: 'none', label: 'no reaction' },
  );
  const suggested = suggestedReaction(d.spec, pw);
  const pick = decide(
    ctx,
    d,
    'reaction',
    `${d.name}: react to ${a.name}'s ${missile ? 'shot' : 'attack'} (D100 ${attack})?`,
    choices,
    suggested,
    undefined,
    // Parry or dodge by the better skill, as the tactics do: routine unless the table asks for it.
    d.spec.tactics.reaction === 'auto',
  );
  if (pick === 'none') return null;
  d.reactionsUsed++;
  if (pick === 'parry') d.stats.parries++;
  return pick === 'parry' ? { skill: 'close', weapon: pw } : { skill: 'dodge', weapon: null };
}

/** Ours (the text gives no fumble table): the fumbler loses its next action. */
function fumbled(st: OqState, ctx: FightContext, f: OqFighter): void {
  f.stats.fumbles++;
  if (!st.setup.opt.fumbleLosesAction) return;
  // An action still to come this round is the one lost; else next round's.
  f.loseActionIn = f.willAct ? st.round : st.round + 1;
  say(
    st,
    ctx,
    'fumble',
    `${f.name} fumbles and loses ${f.loseActionIn === st.round ? "this round's" : "next round's"} action.`,
    ours('Fumbles'),
    [f],
  );
}

/** `then`: dice rolled with these at the table (the damage modifier with the weapon's damage). */
function rollDice(ctx: FightContext, f: OqFighter, d: Dice, why: string, then?: Dice): number {
  const next = then && {
    count: then.count,
    sides: then.sides,
    label: `damage modifier (${formatDice(then)})`,
  };
  return d.count === 0 ? 0 : d.sign * roll(ctx, d.sides, f, why, d.count, next) + d.plus;
}

/** Taking Damage: the weapon's dice and the damage modifier (not for a mechanism), less AP; maximum: both at their most, armour ignored. */
function damage(
  st: OqState,
  ctx: FightContext,
  a: OqFighter,
  d: OqFighter,
  w: Weapon | null,
  maximum: boolean,
  armour: boolean,
  parriedWith: Weapon | null,
): void {
  const wd: Dice = w ? w.damage : FIST;
  const dm = damageModifierWith(w, a.spec.dm);
  const weaponRoll = maximum
    ? mostOf(wd)
    : rollDice(ctx, a, wd, `damage (${weaponDice(wd)})`, dm.count ? dm : undefined);
  const dmRoll = maximum
    ? maximumModifier(dm, st.setup.opt.fullPenalty)
    : rollDice(ctx, a, dm, `damage modifier (${formatDice(dm)})`);
  const ap = armour ? armourPoints(d.spec.armour) : 0;
  // Ours (option parrySize): a parry with a smaller weapon stops only as much as the parrying weapon's most.
  const stopped = parriedWith ? mostOf(parriedWith.damage) : 0;
  const dealt = Math.max(0, weaponRoll + dmRoll - stopped - ap);
  const before = d.hp;
  d.hp -= dealt;
  a.stats.woundsDealt += dealt;
  d.stats.woundsTaken += dealt;
  if (ctx.explain) {
    const parts = [`${maximum ? 'maximum ' : ''}${weaponDice(wd)} ${weaponRoll}`];
    if (dm.count) parts.push(`${dmRoll < 0 ? '−' : '+'} ${Math.abs(dmRoll)} damage modifier`);
    else if (w?.mechanism) parts.push('(a mechanism: no damage modifier)');
    if (stopped) parts.push(`− ${stopped} parried by the ${parriedWith?.name.toLowerCase()}`);
    if (ap) parts.push(`− ${ap} AP`);
    else if (!armour && armourPoints(d.spec.armour) > 0) parts.push('(armour ignored)');
    const result =
      dealt === 0
        ? 'no damage gets through'
        : `${dealt} damage: HP ${before} → ${d.hp}${d.hp > 0 ? ' (a minor wound)' : ''}`;
    say(
      st,
      ctx,
      'damage',
      `${d.name}: ${parts.join(' ')} = ${result}.`,
      stopped ? ours('Parrying with a smaller weapon') : text('Taking Damage'),
      [a, d],
      { dealt, hp: d.hp },
    );
  }
  if (d.hp <= 0 && before > 0) mortalWound(st, ctx, d);
}

/** Mortal Wounds: hit points at zero or below: out of the fight, to be helped within this round or the next. */
function mortalWound(st: OqState, ctx: FightContext, f: OqFighter): void {
  f.out = 'dying';
  f.mortalSince = st.round;
  f.stabilised = false;
  say(
    st,
    ctx,
    'mortal',
    `${f.name} is mortally wounded: unconscious, and dies unless stabilised or healed by the end of round ${st.round + 1}.`,
    text('Mortal Wounds'),
    [f],
  );
}

// ------------------------------------------------------------------ the round's end

function endRound(st: OqState, ctx: FightContext): void {
  for (const f of st.combatants) if (st.round >= 1) f.surprised = null;
  for (const f of st.combatants) {
    if (f.out !== 'dying' || f.mortalSince === null) continue;
    // Healing magic strong enough (Heal 6, Divine Heal, Treat Wounds), if a friend standing can cast it:
    // its caster decides (so an automated side's tactics answer, and nobody is asked in vain).
    const healer = st.combatants.find((o) => o.side === f.side && o.out === null && o.spec.healingMagic);
    const pick = healer
      ? decide(
          ctx,
          healer,
          'heal-magic',
          `${healer.name}: cast strong healing magic (Heal 6, Divine Heal, Treat Wounds) on the dying ${f.name} this round?`,
          [
            { key: 'no', label: 'no' },
            { key: 'yes', label: `yes: ${f.name} is healed, and regains consciousness on a Resilience test` },
          ],
          'no',
        )
      : 'no';
    if (pick === 'yes') {
      f.hp = Math.max(1, f.hp);
      f.mortalSince = null;
      f.stabilised = true;
      const r = test(st, ctx, f, 'resilience', f.spec.skills.resilience, 'regain consciousness');
      const up = r.level === 'success' || r.level === 'critical';
      f.out = up ? null : 'unconscious';
      say(
        st,
        ctx,
        'heal',
        `${f.name} is healed (HP ${f.hp}); Resilience D100 ${formatD100(r.roll)} against ${f.spec.skills.resilience}: ${up ? 'regains consciousness' : 'stays unconscious'}.`,
        text('Healing Wounds'),
        [f],
      );
      continue;
    }
    if (st.setup.opt.mortalDeath && st.round >= f.mortalSince + 1) {
      f.out = 'dead';
      f.mortalSince = null;
      say(
        st,
        ctx,
        'death',
        `${f.name} was not stabilised or healed by the end of the next round, and dies.`,
        text('Healing Wounds'),
        [f],
      );
    }
  }
}
