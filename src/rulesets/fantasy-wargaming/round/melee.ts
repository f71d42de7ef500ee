// Combat round sequence 2, the melee phase: first strikes, counter-attacks, lunges, then flurries and
// defences.
import type { FightContext } from '../../../core/context.js';
import { decide, roll, say } from '../../../core/say.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import { firstStrike } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';
import { lungeWanted } from '../tactics.js';
import { type Blow, missileWeapon, type Phase, signed, standing, wfOf } from './phase.js';
import { magicBlow, missileBlow } from './pre-melee.js';
import { aim, retarget, step } from './step.js';

export function melee(st: FwState, ctx: FightContext, phase: Phase): void {
  const n = phase.n;
  phase.melee = true;
  say(st, ctx, 'phase', `Melee phase ${n - st.setup.volleys}.`, text('Combat round sequence'));
  for (const [f, a] of phase.actions) {
    if (a.kind === 'none') say(st, ctx, 'action', `${f.name} ${a.why}.`, text('Combat round sequence'), [f]);
  }
  const blows: Blow[] = [];
  for (const [f, a] of phase.actions) {
    if (a.kind !== 'attack' && a.kind !== 'charge') continue;
    const t = retarget(st, phase, f, a.target);
    if (!t || f.out) continue;
    const mine = { length: f.wielded.length, surplusAgility: wfOf(st, f, f.wielded).surplusAgility };
    const theirs = { length: t.wielded.length, surplusAgility: wfOf(st, t, t.wielded).surplusAgility };
    blows.push({
      attacker: f,
      target: t,
      weapon: f.wielded,
      magic: false,
      missile: false,
      charge: a.kind === 'charge',
      lunge: false,
      firstStrike: firstStrike(mine, theirs, st.setup.opt.firstStrikeAgility),
      extra: [],
    });
    f.lastAction = { kind: 'attack', target: t.id };
    if (a.kind === 'charge') f.chargedOrLunged = n;
  }
  for (const [f, a] of phase.actions)
    if (a.kind !== 'attack' && a.kind !== 'charge') f.lastAction = { kind: a.kind, target: null };

  // 2.1 First strikes.
  const first = blows.filter((b) => b.firstStrike);
  if (first.length) step(st, ctx, phase, 'First strikes', first);
  // 2.2 Counter-attacks against first strikes: one struck first, who meant to attack, strikes back at once.
  const counters: Blow[] = [];
  for (const b of blows) {
    if (b.firstStrike || b.attacker.out) continue;
    const striker = first.find((x) => x.target === b.attacker && x.attacker.out === null);
    if (!striker) continue;
    aim(phase, b, striker.attacker);
    counters.push(b);
  }
  if (counters.length) step(st, ctx, phase, 'Counter-attacks', counters);
  // 2.3 Lunges are declared; 2.4 flurries of blows, dodges, disengages and parries.
  const rest = blows.filter((b) => !b.firstStrike && !counters.includes(b) && b.attacker.out === null);
  for (const b of rest) {
    const t = retarget(st, phase, b.attacker, b.target);
    if (!t) continue;
    aim(phase, b, t);
    // A charge is already its blow; dithering starts nothing new.
    if (b.charge || b.attacker.bound === 'dither') continue;
    const suggest = lungeWanted(b.attacker.spec.tactics, t.endurance, t.spec.maxEndurance)
      ? 'lunge'
      : 'flurry';
    const pick = decide(
      ctx,
      b.attacker,
      'lunge',
      `${b.attacker.name}: lunge at ${t.name} (${signed(st.setup.charts.lunge)}, no defence next phase)?`,
      [
        { key: 'flurry', label: 'a flurry of blows' },
        { key: 'lunge', label: 'lunge' },
      ],
      suggest,
      undefined,
      // A flurry, or the same as last time, is routine: a person asks to lunge (`ask NAME`).
      suggest === (b.attacker.lastLunge ?? 'flurry'),
    );
    b.attacker.lastLunge = pick;
    if (pick === 'lunge') {
      b.lunge = true;
      b.attacker.chargedOrLunged = n;
      say(st, ctx, 'lunge', `${b.attacker.name} lunges at ${t.name}.`, text('Combat round sequence'), [
        b.attacker,
        t,
      ]);
    }
  }
  const flurries = rest.filter((b) => b.target.out === null);
  // Combat round sequence (the option): the one missile or spell into the melee goes to a participant picked at random.
  for (const [f, a] of phase.actions) {
    if (a.kind !== 'into-melee' || f.out) continue;
    const m = missileWeapon(f);
    const pool = standing(st).filter((x) => x !== f && phase.actions.get(x)?.kind !== 'into-melee');
    if ((!a.magic && !m) || !pool.length) continue;
    const what = a.magic ? (f.spec.magic?.name ?? 'spell') : (m as Weapon).name;
    const r = roll(ctx, pool.length, f, `who the ${what} hits in the melee (1–${pool.length})`);
    const t = pool[r - 1] as FwFighter;
    say(
      st,
      ctx,
      'into-melee',
      `${f.name} ${a.magic ? 'casts' : 'looses'} into the melee: D${pool.length} ${r} picks ${t.name}.`,
      text('Combat round sequence'),
      [f, t],
    );
    flurries.push(a.magic ? magicBlow(f, t) : missileBlow(st, f, m as Weapon, t, 1));
  }
  if (flurries.length) step(st, ctx, phase, 'Flurries of blows', flurries);
  for (const [f, a] of phase.actions) if (a.kind !== 'none' && a.kind !== 'into-melee') f.phasesFought++;
}
