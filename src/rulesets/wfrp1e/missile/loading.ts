// § Missile Weapon Chart and § Firearm Reload Times: loading and reloading, a shot chambered, a thrown
// weapon spent.
import type { FightContext } from '../../../core/context.js';
import { lookup } from '../../../core/table.js';
import { formatD100 } from '../../../dice/d100.js';
import type { Missile, Weapon } from '../catalogue.js';
import { CITES } from '../cite.js';
import { STRESS_OUTCOMES, type StressOutcome } from '../data/missile-tables.js';
import { gap } from '../scene.js';
import { d100, decide, say } from '../say.js';
import { current, type Fighter, HANDS, isEngaged, type MissileState, type W1State } from '../state.js';
import { heldMissile } from './range.js';

export function stateOf(f: Fighter, w: Weapon): MissileState {
  let ms = f.missiles.get(w.id);
  if (!ms) {
    ms = {
      loaded: 0,
      loading: 0,
      ammo: 0,
      broken: null,
      reprime: false,
      reprimed: false,
      damp: false,
      stress: null,
    };
    f.missiles.set(w.id, ms);
  }
  return ms;
}

/** Draw, load, aim and fire in one round: bows, slings and thrown weapons; not in melee. */
function loadsInTheRound(m: Missile): boolean {
  return m.loadRounds === 0 && m.magazine === null;
}

/** A shot is ready, or can be readied within the round (§ Missile Fire, Draw/Load; § Missiles In Melee). */
export function canShoot(st: W1State, f: Fighter): boolean {
  const w = heldMissile(st, f);
  if (!w) return false;
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  if (ms.broken === 'destroyed' || ms.broken === 'ramrod' || ms.reprime) return false;
  if ((f.profile.BS ?? null) === null) return false;
  if (ms.loaded > 0 || ms.broken === 'burned') return true;
  return loadsInTheRound(m) && m.ammo !== null && ms.ammo > 0 && !isEngaged(st, f);
}

/** The weapon needs rounds of loading (or repriming, or refilling) and there is something to load. */
export function canLoad(st: W1State, f: Fighter): boolean {
  const w = heldMissile(st, f);
  if (!w || isEngaged(st, f)) return false;
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  if (ms.broken !== null) return false;
  if (ms.reprime) return true;
  if (m.magazine !== null) return ms.loaded < m.magazine && ms.ammo > 0;
  if (loadsInTheRound(m)) return false;
  // The lasso is its own ammunition: coiling it again needs nothing more.
  return ms.loaded < m.barrels && (ms.ammo > 0 || m.kind === 'lasso');
}

/** Takes one shot out of the weapon, loading it within the round if that is how it works. */
export function chamber(st: W1State, f: Fighter, w: Weapon, ms: MissileState): boolean {
  if (ms.loaded > 0) return true;
  const m = w.missile as Missile;
  if (!loadsInTheRound(m) || isEngaged(st, f) || ms.ammo <= 0) return false;
  ms.ammo--;
  ms.loaded = 1;
  return true;
}

/** Thrown away with the shot: gone from the hand (the lasso stays in it, to be coiled again). */
function thrownAway(m: Missile): boolean {
  return m.ammo === null && m.kind !== 'lasso';
}

/** After a shot: thrown weapons leave the hand (another is drawn if there is one). */
export function spent(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  ms.loaded = Math.max(0, ms.loaded - 1);
  ms.reprimed = false;
  const m = w.missile as Missile;
  if (!thrownAway(m)) return;
  if (ms.ammo > 0) {
    ms.ammo--;
    ms.loaded = 1;
    return;
  }
  for (const hand of HANDS) {
    if (f[hand] === w) {
      f[hand] = null;
      if (w.hands === 2) f.right = f.left = null;
      break;
    }
  }
  say(st, ctx, 'item', `${f.name} has no more ${w.name.toLowerCase()}s to throw.`, CITES.missileProcedure, [
    f,
  ]);
}

/** A round spent loading, reloading, repriming or refilling. */
export function loadRound(st: W1State, ctx: FightContext, f: Fighter): void {
  const w = heldMissile(st, f);
  if (!w || !canLoad(st, f)) {
    say(st, ctx, 'load', `${f.name} has nothing to load.`, CITES.missileProcedure, [f]);
    return;
  }
  const m = w.missile as Missile;
  const ms = stateOf(f, w);
  const name = w.name.toLowerCase();
  if (ms.reprime) {
    ms.reprime = false;
    ms.reprimed = true;
    say(st, ctx, 'load', `${f.name} reprimes the ${name}.`, CITES.misfires, [f]);
    return;
  }
  ms.loading++;
  if (m.magazine !== null) {
    const need = m.refillRounds ?? 1;
    if (ms.loading < need) {
      say(
        st,
        ctx,
        'load',
        `${f.name} refills the ${name}'s magazine: round ${ms.loading} of ${need}.`,
        CITES.missileChart,
        [f],
      );
      return;
    }
    const take = Math.min(m.magazine - ms.loaded, ms.ammo);
    ms.loaded += take;
    ms.ammo -= take;
    ms.loading = 0;
    say(
      st,
      ctx,
      'load',
      `${f.name}'s magazine is full again: ${ms.loaded} shots (${need} rounds to refill).`,
      CITES.missileChart,
      [f],
    );
    return;
  }
  if (ms.loading < m.loadRounds) {
    say(
      st,
      ctx,
      'load',
      `${f.name} loads the ${name}: round ${ms.loading} of ${m.loadRounds}${m.perBarrel ? ` for barrel ${ms.loaded + 1}` : ''}.`,
      m.kind === 'firearm' ? CITES.firearmsChart : CITES.missileChart,
      [f],
    );
    return;
  }
  ms.loading = 0;
  ms.loaded++;
  if (m.kind !== 'lasso') ms.ammo--;
  ms.damp = false;
  say(
    st,
    ctx,
    'load',
    `${f.name}'s ${name} is loaded${m.barrels > 1 ? ` (${ms.loaded} of ${m.barrels} barrels)` : ''}.`,
    m.kind === 'firearm' ? CITES.firearmsChart : CITES.missileChart,
    [f],
  );
  if (m.kind === 'firearm' && st.opt.reloadStress) underStress(st, ctx, f, w, ms);
}

/** § Firearm Reload Times (optional): with enemies close, a Dex test; failure brings a mishap by how badly. */
function underStress(st: W1State, ctx: FightContext, f: Fighter, w: Weapon, ms: MissileState): void {
  const near = st.combatants.some((o) => o.side !== f.side && o.out === null && gap(f, o) <= 24);
  if (!near) return;
  const dex = current(f, 'Dex', st.round);
  const r = d100(ctx, f, `Dex test reloading under stress (need ${dex} or less)`);
  if (r <= dex) {
    say(
      st,
      ctx,
      'stress',
      `${f.name} reloads under stress: Dex test D100 ${formatD100(r)} ≤ ${dex}, all well.`,
      CITES.reloadTimes,
      [f],
    );
    return;
  }
  const by = Math.min(100, r - dex);
  const suggested = lookup(STRESS_OUTCOMES, by);
  const labels: Record<StressOutcome, string> = {
    slow: '−10 I on the firing round',
    'extra-round': 'another round of reloading',
    misfire: 'an automatic misfire',
    'no-powder': 'forgot the powder: a click, nothing else',
    'no-shot': 'forgot the shot: a bang, no damage',
    ramrod: 'the ramrod left in the barrel: fires at triple damage, then useless',
  };
  const pick = decide(
    ctx,
    null,
    'stress',
    `GM: ${f.name} failed the Dex test by ${by}: which mishap?`,
    (Object.keys(labels) as StressOutcome[]).map((k) => ({ key: k, label: labels[k] })),
    suggested,
  ) as StressOutcome;
  say(
    st,
    ctx,
    'stress',
    `${f.name} fumbles the reload (Dex test D100 ${formatD100(r)} > ${dex}, by ${by}): ${labels[pick]}.`,
    CITES.reloadTimes,
    [f],
    { by, mishap: pick },
  );
  if (pick === 'extra-round') {
    ms.loaded = Math.max(0, ms.loaded - 1);
    ms.ammo++;
    ms.loading = Math.max(0, (w.missile as Missile).loadRounds - 1);
    return;
  }
  ms.stress = pick;
}
