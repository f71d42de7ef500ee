// FIGHT! 4, Take action: each fighter's action at its turn (attack, stabilise a friend, flee, close,
// defend).
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import { combatantKey } from '../../../core/request.js';
import { formatD100 } from '../../../dice/d100.js';
import { ours, text } from '../cite.js';
import { type OqFighter, type OqState, setDistance } from '../state.js';
import { attack } from './attack.js';
import type { Intent } from './intent.js';
import { enemies, LEVEL_WORD, test, weaponFor } from './tests.js';

export function act(st: OqState, ctx: FightContext, f: OqFighter, i: Intent): void {
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
