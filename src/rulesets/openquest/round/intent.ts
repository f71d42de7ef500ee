// FIGHT! 1, Statement of intent: what each fighter means to do this round.
import type { FightContext } from '../../../core/context.js';
import { decideKeys, directKey, say } from '../../../core/say.js';
import { combatantKey } from '../../../core/request.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import { distanceOf, type OqFighter, type OqState } from '../state.js';
import { leavesTheFight, STABILISE_AT } from '../tactics.js';
import { enemies, weaponFor } from './tests.js';

export type Intent =
  | { kind: 'attack'; target: OqFighter; weapon: Weapon | null }
  | { kind: 'stabilise'; ally: OqFighter }
  | { kind: 'flee' }
  | { kind: 'close' }
  | { kind: 'defend'; why: string };

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

export function intentOf(st: OqState, ctx: FightContext, f: OqFighter): Intent {
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
