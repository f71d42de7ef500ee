// Magic (rules 35-40): casting at its EI and actions, touch spells, magic missiles and their dodges.
import type { FightContext } from '../../../core/context.js';
import { combatantKey } from '../../../core/request.js';
import { formatD100 } from '../../../dice/d100.js';
import { d100, decide, roll, say } from '../../wfrp1e/say.js';
import { oursCp, rule, section } from '../cite.js';
import type { Spell } from '../data.js';
import {
  actionCap,
  actionsLeft,
  cpLeft,
  currentEI,
  enemies,
  foes,
  mayDefend,
  initiativeTest,
  showInitiativeTest,
} from '../fighter.js';
import { resolveBlow } from '../melee.js';
import { castingActions, castingEI, magicActionLimit, magicMissileEffect, MIN_CP } from '../rules.js';
import { type CpFighter, type CpState, now } from '../state.js';
import { belowZero, chartEffect } from './falls-and-fire.js';

export function cast(st: CpState, ctx: FightContext, f: CpFighter, s: Spell): void {
  const start = currentEI(st, f);
  let acts = castingActions(s.level);
  const level = f.cp.mage?.level ?? 0;
  const limit = magicActionLimit(level);
  let count = 1;
  if (s.kind === 'missile' && s.each) {
    const most = Math.max(1, Math.min(level, actionsLeft(f) - acts + 1, limit - f.magicUsed - acts + 1));
    count =
      most > 1
        ? ctx.amount({
            kind: 'amount',
            actor: f.id,
            topic: 'missiles',
            label: `${f.name}: how many ${s.name}s (one more action each)`,
            min: 1,
            max: most,
            step: 1,
            suggested: most,
          })
        : 1;
    acts += count - 1;
  }
  const first = castingEI(start, castingActions(s.level));
  f.used += acts;
  f.magicUsed += acts;
  say(
    st,
    ctx,
    'cast',
    `${f.name} casts ${s.name}: ${acts} action${acts === 1 ? '' : 's'} (${s.level === 'petty' ? 'petty magic' : `level ${s.level}`}); it acts at EI ${first}${count > 1 ? `, then ${Array.from({ length: count - 1 }, (_x, i) => first - 20 * (i + 1)).join(', ')}` : ''}.`,
    rule(36),
    [f],
    { acts, ei: first },
  );
  if (s.kind === 'self') {
    st.scheduled.push({
      ei: first,
      by: f,
      label: `${f.name}'s ${s.name}`,
      act: () => {
        f.auraAP += s.armour;
        say(
          st,
          ctx,
          'spell',
          `${f.name} is protected: +${s.armour} AP everywhere.`,
          section('Combat example #3'),
          [f],
        );
      },
    });
    return;
  }
  const targets = s.kind === 'touch' ? foes(st, f) : enemies(st, f);
  if (targets.length === 0) return;
  const pick = decide(
    ctx,
    f,
    'spell-target',
    `${f.name}: ${s.name} at whom?`,
    targets.map((o) => ({ key: combatantKey(o), label: o.name })),
    combatantKey([...targets].sort((x, y) => x.W - y.W)[0] as CpFighter),
  );
  const t = targets.find((o) => combatantKey(o) === pick) as CpFighter;
  if (s.kind === 'touch') {
    // Rule 37: the touch is an unarmed attack for CP; its actions are the spell's, and it lands at the spell's moment (rule 36).
    const touch = () => {
      const room = Math.min(cpLeft(st, f), actionCap(st, f, null));
      if (room < MIN_CP || f.out !== null || t.out !== null || !foes(st, f).includes(t)) return;
      const cp = ctx.amount({
        kind: 'amount',
        actor: f.id,
        topic: 'attack-cp',
        label: `${f.name}: CP for the touch of ${s.name}`,
        min: MIN_CP,
        max: room,
        step: 1,
        suggested: room,
      });
      f.spent += cp;
      resolveBlow(st, ctx, {
        a: f,
        d: t,
        kind: 'strike',
        cp,
        weapon: null,
        forceful: false,
        onHit: () => touchEffect(st, ctx, f, t, s),
      });
    };
    if (first >= start) touch();
    else
      st.scheduled.push({
        ei: first,
        by: f,
        label: `${f.name}'s touch of ${s.name} at ${t.name}`,
        act: touch,
      });
    return;
  }
  for (let i = 0; i < count; i++) {
    st.scheduled.push({
      ei: first - 20 * i,
      by: f,
      label: `${f.name}'s ${s.name}${count > 1 ? ` ${i + 1}` : ''} at ${t.name}`,
      act: () => magicMissile(st, ctx, f, missileTarget(st, ctx, f, t, s), s),
    });
  }
}

/** Ours: a missile whose target has fallen by its moment flies at another enemy the caster picks. */
function missileTarget(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  s: Spell,
): CpFighter | null {
  if (t.out === null) return t;
  const others = enemies(st, f);
  if (others.length === 0 || f.out !== null) {
    say(
      st,
      ctx,
      'spell',
      `${f.name}'s ${s.name} finds no target.`,
      oursCp('A missile whose target has fallen'),
      [f],
    );
    return null;
  }
  const pick = decide(
    ctx,
    f,
    'spell-target',
    `${f.name}: ${t.name} is down; ${s.name} at whom?`,
    others.map((o) => ({ key: combatantKey(o), label: o.name })),
    combatantKey(others[0] as CpFighter),
  );
  return others.find((o) => combatantKey(o) === pick) ?? null;
}

function touchEffect(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter, s: Spell): void {
  if (s.resist) {
    const v = now(st, t, s.resist);
    const r = d100(ctx, t, `resist ${s.name}: ${s.resist} test (need ${v} or less)`);
    say(
      st,
      ctx,
      'spell',
      `${t.name} tests ${s.resist} against ${s.name}: D100 ${formatD100(r)} ${r <= v ? '≤' : '>'} ${v}: ${r <= v ? 'resists' : s.onFail === 'asleep' ? 'falls asleep' : 'succumbs'}.`,
      section('Combat example #3'),
      [t],
    );
    if (r > v && s.onFail === 'asleep') {
      const n = roll(ctx, 6, t, `${s.name}: D6 rounds asleep`);
      t.asleep = true;
      t.wakesAt = st.round + n + 1;
      say(
        st,
        ctx,
        'spell',
        `${t.name} sleeps for ${n} round${n === 1 ? '' : 's'} after this one (wakes at the start of round ${t.wakesAt}).`,
        section('Combat example #3'),
        [t],
      );
    }
  }
  if (s.fromT) {
    // Rule 40: damage "from W" is taken from T at half the dice.
    const half = { ...s.fromT, sides: Math.max(2, Math.floor(s.fromT.sides / 2)) };
    const n =
      roll(
        ctx,
        half.sides,
        f,
        `${s.name}: ${half.count > 1 ? half.count : ''}D${half.sides} from T (rule 40)`,
        half.count,
      ) + half.plus;
    t.tLost += n;
    say(st, ctx, 'spell', `${s.name} takes ${n} from ${t.name}'s T: T now ${now(st, t, 'T')}.`, rule(40), [
      t,
    ]);
    belowZero(st, ctx, t, 'falling', rule(40));
  }
}

/** Rule 39: the dice doubled, less T, on the Fire and Energy chart; a dodge (I test) halves it. */
function magicMissile(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter | null, s: Spell): void {
  if (!t || t.out === 'dead' || t.out === 'fled' || !s.dice) return;
  const dice = { ...s.dice, count: s.dice.count * 2 };
  const rolled = roll(
    ctx,
    dice.sides,
    f,
    `${s.name}: ${dice.count}D${dice.sides} (the spell's dice doubled)`,
    dice.count,
  );
  const total = rolled + dice.plus;
  const T = now(st, t, 'T');
  let dodged = false;
  if (mayDefend(st, t)) {
    const pick = decide(
      ctx,
      t,
      'dodge-magic',
      `${t.name}: dodge the ${s.name}? (an I test halves it)`,
      [
        { key: 'dodge', label: 'dodge' },
        { key: 'no', label: 'no' },
      ],
      'dodge',
    );
    if (pick === 'dodge') {
      const I = initiativeTest(st, t);
      const r = d100(ctx, t, `dodge the ${s.name}: I test (need ${I} or less)`);
      dodged = r <= I;
      say(
        st,
        ctx,
        'dodge',
        `${t.name} dodges: D100 ${formatD100(r)} ${dodged ? '≤' : '>'} ${showInitiativeTest(st, t)}: ${dodged ? 'half the effect' : 'caught full'}.`,
        rule(39),
        [t],
      );
    }
  }
  const effect = magicMissileEffect(total, T, dodged);
  say(
    st,
    ctx,
    'spell',
    `${s.name} strikes ${t.name}: ${rolled}${dice.plus ? ` + ${dice.plus}` : ''} − T ${T} = ${total - T}${dodged ? `, halved: ${(total - T) / 2} → ${effect}` : ''}: effect ${effect} on the Fire and Energy chart.`,
    rule(39),
    [f, t],
    { effect },
  );
  chartEffect(st, ctx, t, 'fire', effect, f, rule(39));
}
