// Avoiding a Fight: running away (and the chase), intimidation and fast talk.
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import { formatD100 } from '../../../dice/d100.js';
import { text } from '../cite.js';
import { CAUGHT_BONUS, type Level, opposed } from '../rules.js';
import type { OqFighter, OqState } from '../state.js';
import { LEVEL_WORD, test } from './tests.js';

/** Avoiding a Fight: running away (a chase by opposed Athletics), intimidation or fast talk (the GM gives the outcome). */
export function avoid(st: OqState, ctx: FightContext, a: NonNullable<OqState['setup']['avoid']>): void {
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
