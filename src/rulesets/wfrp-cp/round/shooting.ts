// Ballistic combat (rules 22, 25-30): shots and their targets, Fast shooting, loading and quick
// loading, thrown weapons.
import { showWeaponSkill } from '../abilities.js';
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { formatD100, reverseD100 } from '../../../dice/d100.js';
import { angleBetween, bearing } from '../../../space/plane.js';
import type { Weapon } from '../../wfrp1e/catalogue.js';
import { dropHand } from '../../wfrp1e/effects.js';
import { hitLocation } from '../../wfrp1e/locate.js';
import { canLoad } from '../../wfrp1e/missile/loading.js';
import { heldMissile, missileRange } from '../../wfrp1e/missile/range.js';
import { wornOn } from '../../wfrp1e/rules.js';
import { d100, decide, say } from '../../wfrp1e/say.js';
import { type Fighter, handUsable, hasSkill, type MissileState } from '../../wfrp1e/state.js';
import { oursCp, rule } from '../cite.js';
import {
  actionsPerRound,
  ballisticSkill,
  enemies,
  foes,
  mayDefend,
  skillWith,
  initiativeTest,
  showInitiativeTest,
} from '../fighter.js';
import { inflict, raiseToOne, resolveBlow, wakeByBlow } from '../melee.js';
import {
  AIMING_BONUS,
  FAST_SHOTS,
  hits,
  IMPROVISED_THROWN,
  mayBlockMissiles,
  missileArmour,
  quickLoadChance,
  rangeCritical,
  rangeToHit,
  shieldBlockChance,
  shieldDamageChance,
  TARGET_RUNNING,
  TARGETS_WITHIN_DEGREES,
} from '../rules.js';
import { type CpFighter, type CpState, now } from '../state.js';
import { wantsFastShooting } from '../tactics.js';

export function missileInHand(st: CpState, f: CpFighter): Weapon | null {
  for (const h of ['right', 'left'] as const) {
    const w = f[h];
    if (w?.missile && handUsable(f, h, st.round)) return w;
  }
  return null;
}

export function shotChoices(st: CpState, f: CpFighter): Choice[] {
  const w = missileInHand(st, f);
  if (!w || !w.missile || foes(st, f).length > 0 || f.shots > 0) return [];
  const ms = f.missiles.get(w.id);
  if (!ms || (ms.loaded < 1 && !nockable(w, ms))) return [];
  const out: Choice[] = [];
  const volley = wantsFastShooting(f);
  const bowLike = w.missile.kind === 'bow' || w.missile.kind === 'sling';
  for (const o of enemies(st, f)) {
    const range = missileRange(f, o, w);
    if (!range.band) continue;
    out.push({ key: `shoot:${combatantKey(o)}`, label: `shoot at ${o.name} (${range.band.band} range)` });
    if (bowLike && volley !== 'single')
      out.push({ key: `shoot2:${combatantKey(o)}`, label: `Fast shooting at ${o.name}: 2 shots at −20` });
    if (bowLike && volley === 'lightning')
      out.push({
        key: `shoot3:${combatantKey(o)}`,
        label: `Lightning shooting at ${o.name}: 3 shots at −40`,
      });
    out.push({ key: `aim:${combatantKey(o)}`, label: `aim longer at ${o.name} (+10, one more action)` });
  }
  return out;
}

/** WFRP 1e's loading rounds (a loading round takes the rest of the round: ours), and rule 29's quick crossbow loading at a round's start. */
export function loadChoices(st: CpState, f: CpFighter): Choice[] {
  if (!canLoad(st, f) || foes(st, f).length > 0) return [];
  const w = heldMissile(st, f) as Weapon;
  const m = w.missile as NonNullable<Weapon['missile']>;
  const ms = f.missiles.get(w.id);
  const out: Choice[] = [
    {
      key: 'load',
      label: `load the ${w.name.toLowerCase()} (the rest of this round; ${m.loadRounds} round${m.loadRounds === 1 ? '' : 's'} in all, ${ms?.loading ?? 0} done)`,
    },
  ];
  const chance = quickLoadChance(now(st, f, 'S'));
  if (m.kind === 'crossbow' && m.loadRounds === 1 && chance > 0 && f.used === 0 && !ms?.loading) {
    for (const o of enemies(st, f)) {
      if (missileRange(f, o, w).band)
        out.push({
          key: `quick-load:${combatantKey(o)}`,
          label: `load without the crank (${chance}%) and shoot ${o.name} at the round's end (rule 29)`,
        });
    }
  }
  return out;
}

/** Rules 25-30: a shot (or two or three), its chance, a shield's block, the critical. */
export function shoot(st: CpState, ctx: FightContext, f: CpFighter, first: CpFighter, how: string): void {
  const w = missileInHand(st, f) as Weapon;
  const ms = f.missiles.get(w.id);
  const volley = how === 'shoot3' ? FAST_SHOTS.lightning : how === 'shoot2' ? FAST_SHOTS.fast : null;
  const count = volley ? volley.shots : 1;
  f.used += how === 'aim' ? 2 : 1;
  f.shots++;
  let prev = first;
  for (let i = 0; i < count && ms; i++) {
    if (ms.loaded === 0 && nockable(w, ms)) {
      ms.ammo--;
      ms.loaded = 1;
    }
    if (ms.loaded === 0) break;
    let t = first;
    if (i > 0) {
      // Rule 28: each target within 45° of the one before (and within range).
      const ok = enemies(st, f).filter(
        (o) => o.out === null && withinAngle(f, prev, o) && missileRange(f, o, w).band !== null,
      );
      if (ok.length === 0) break;
      const pick = decide(
        ctx,
        f,
        'next-shot',
        `${f.name}: next shot at?`,
        ok.map((o) => ({ key: combatantKey(o), label: o.name })),
        combatantKey(ok.includes(prev) ? prev : (ok[0] as CpFighter)),
      );
      t = ok.find((o) => combatantKey(o) === pick) as CpFighter;
    }
    if (w.missile?.ammo !== null) ms.loaded--;
    else {
      ms.loaded--;
      if (ms.ammo > 0) {
        ms.ammo--;
        ms.loaded++;
      }
    }
    const extra = volley
      ? { n: volley.BS, why: how === 'shoot3' ? 'Lightning shooting' : 'Fast shooting' }
      : how === 'aim'
        ? { n: AIMING_BONUS, why: 'aimed' }
        : null;
    oneShot(st, ctx, f, t, w, extra);
    prev = t;
  }
  if (w.missile && w.missile.ammo === null && ms && ms.loaded === 0)
    dropHand(st, ctx, f, f.right === w ? 'right' : 'left', 'thrown');
}

/** Rule 28: bows and slings are loaded as they are shot; the next arrow or stone comes from the quiver. */
function nockable(w: Weapon, ms: MissileState): boolean {
  return ms.loaded === 0 && w.missile?.loadRounds === 0 && w.missile.ammo !== null && ms.ammo > 0;
}

function withinAngle(f: Fighter, a: Fighter, b: Fighter): boolean {
  if (!f.pos || !a.pos || !b.pos) return true;
  return angleBetween(bearing(f.pos, a.pos), bearing(f.pos, b.pos)) <= TARGETS_WITHIN_DEGREES;
}

function oneShot(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  w: Weapon,
  extra: { n: number; why: string } | null,
): void {
  const m = w.missile;
  if (!m) return;
  const range = missileRange(f, t, w);
  const band = range.band?.band ?? 'extreme';
  const skill = ballisticSkill(st, f, w);
  const behaviour = t.flee ? TARGET_RUNNING : 0;
  const chance = skill.total + rangeToHit(band) + behaviour + (extra?.n ?? 0);
  const r = d100(ctx, f, `shot at ${t.name} (need ${chance} or less)`);
  const hit = hits(r, chance);
  say(
    st,
    ctx,
    'shot',
    `${f.name} shoots at ${t.name} (${band} range): ${showWeaponSkill(skill)}${rangeToHit(band) ? ` − ${-rangeToHit(band)} ${band} range` : ''}${behaviour ? ` − ${-behaviour} running` : ''}${extra ? ` ${extra.n > 0 ? '+' : '−'} ${Math.abs(extra.n)} ${extra.why}` : ''} = ${chance}; D100 ${formatD100(r)}: ${hit ? 'hit' : 'miss'}.`,
    rule(25),
    [f, t],
    { roll: r, chance },
  );
  f.stats.blows++;
  if (!hit) return;
  f.stats.hits++;
  const thrown = m.kind === 'thrown' || (m.kind === 'bomb' && st.cpo.bombs === 'melee') || m.improvised;
  // Rule 22: a thrown weapon may be dodged.
  if (thrown && mayDefend(st, t) && hasSkill(t, 'dodge blow') && t.dodges < st.cpo.dodgesPerRound) {
    t.dodges++;
    const I = initiativeTest(st, t);
    const x = d100(ctx, t, `dodge the thrown ${w.name.toLowerCase()}: I test (need ${I} or less)`);
    say(
      st,
      ctx,
      'dodge',
      `${t.name} dodges: D100 ${formatD100(x)} ${x <= I ? '≤' : '>'} ${showInitiativeTest(st, t)}: ${x <= I ? 'dodged' : 'hit'}.`,
      rule(22),
      [t],
    );
    if (x <= I) return;
  }
  let ES = typeof range.band?.es === 'number' ? range.band.es : now(st, f, 'S');
  // Rule 30: a shield blocks a missile when its bearer stands still (Shieldman: moving too).
  const shield = [t.left, t.right].find((x) => x?.shield) ?? null;
  if (shield && !thrown && mayDefend(st, t) && mayBlockMissiles(t.moved > 0, hasSkill(t, 'shieldman'))) {
    const sk = skillWith(st, t, shield);
    const mod = st.setup.cp.classes.shieldModifier.get(shield.id) ?? 0;
    const need = shieldBlockChance(now(st, t, 'WS'), sk.ability, mod, skill.level);
    const x = d100(ctx, t, `block with the shield (need ${need} or less)`);
    const blocked = x <= need;
    say(
      st,
      ctx,
      'block',
      `${t.name} raises the shield: WS ${now(st, t, 'WS')} + Shields ${sk.ability}${mod ? ` ${mod}` : ''} − 10 × ${f.name}'s level ${skill.level} = ${need}; D100 ${formatD100(x)}: ${blocked ? 'blocked' : 'not blocked'}.`,
      rule(30),
      [t, f],
    );
    if (blocked) {
      const hitES = ES + rangeCritical(band);
      const chance2 = shieldDamageChance(hitES, mod);
      const y = d100(ctx, t, `does it break the shield? (${chance2}% or less)`);
      if (y > chance2) {
        say(st, ctx, 'block', `The shield holds (D100 ${formatD100(y)} > ${chance2}).`, rule(30), [t]);
        return;
      }
      say(
        st,
        ctx,
        'block',
        `The ${w.name.toLowerCase()} breaks through (D100 ${formatD100(y)} ≤ ${chance2}): the shield is ruined, ES ${ES} − 1.`,
        rule(30),
        [t],
      );
      dropHand(st, ctx, t, t.left === shield ? 'left' : 'right', 'broken by a missile', true);
      ES -= 1;
    }
  }
  if (thrown) {
    // Rule 27 for bombs (ours): the blast's ES stands for S, and distance does not weaken it.
    const blast = m.kind === 'bomb' && typeof range.band?.es === 'number' ? range.band.es : null;
    const mod = m.improvised ? IMPROVISED_THROWN : 0;
    const S = blast ?? now(st, f, 'S') + mod + rangeCritical(band);
    resolveBlowThrown(
      st,
      ctx,
      f,
      t,
      w,
      S,
      reverseD100(r),
      blast !== null ? `(the bomb's ES ${blast})` : '(thrower, range)',
    );
    return;
  }
  const part = hitLocation(ctx, f, t, reverseD100(r), false).part;
  const worn = wornOn(t.armour, part.zone);
  const armour = missileArmour(worn.metal + t.auraAP, worn.leather, band, m.kind === 'firearm');
  const was = ES + rangeCritical(band) - armour;
  const sum = `${f.name}'s shot strikes ${t.name}'s ${part.name}: ES ${ES}${rangeCritical(band) ? ` − ${-rangeCritical(band)} ${band} range` : ''}${armour ? ` − ${armour} armour` : m.kind === 'firearm' ? ' (firearms ignore armour)' : ''} = ${was}`;
  if (t.LP > 0) {
    t.pool += Math.max(0, was) * 10;
    say(
      st,
      ctx,
      'pool',
      `${sum}; ${t.name} has LP: ${Math.max(0, was) * 10}% to the round's pool (now ${t.pool}%).`,
      oursCp('Missiles against monsters with LP'),
      [f, t],
    );
    return;
  }
  const { value, modifier } = raiseToOne(t, part.id, was);
  say(
    st,
    ctx,
    'damage',
    `${sum}${was <= 0 ? `: 0 or less, +1 with ${modifier}%` : ''}: critical +${value}.`,
    rule(26),
    [f, t],
  );
  inflict(st, ctx, t, part, value, f, { modifier });
  wakeByBlow(st, ctx, t);
}

/** Rules 22, 27: a thrown weapon or bomb hurts by the melee formula, its S reduced by range. */
function resolveBlowThrown(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  w: Weapon,
  S: number,
  locationRoll: number,
  why: string,
): void {
  resolveBlow(st, ctx, {
    a: f,
    d: t,
    kind: 'strike',
    cp: 0,
    weapon: w,
    forceful: false,
    automatic: 'the thrown weapon has already hit',
    thrown: { S, mod: 0, why },
    locationRoll,
  });
}

/** Rule 29: a crossbow loaded quickly (S × 10 − 50): fired at the round's end with the ability alone. */
export function quickLoad(st: CpState, ctx: FightContext, f: CpFighter, w: Weapon, t: CpFighter): void {
  const need = quickLoadChance(now(st, f, 'S'));
  const r = d100(ctx, f, `quick crossbow loading (need ${need} or less)`);
  f.used = actionsPerRound(f);
  say(
    st,
    ctx,
    'load',
    `${f.name} loads the ${w.name.toLowerCase()} without the crank: D100 ${formatD100(r)} ${r <= need ? '≤' : '>'} ${need}: ${r <= need ? 'ready, fired at the end of the round' : 'too slow: loaded, to be shot next round'}.`,
    rule(29),
    [f],
  );
  // Rule 29 ("in following round normal rules apply"), our reading: the round's loading is done either way; too slow, the bolt waits for next round's shot.
  const ms = f.missiles.get(w.id);
  if (ms && ms.ammo > 0) ms.ammo--;
  if (r > need) {
    if (ms) {
      ms.loaded++;
      ms.loading = 0;
    }
    return;
  }
  st.scheduled.push({
    ei: -Infinity,
    by: f,
    label: `${f.name}'s quickly loaded bolt`,
    act: () => {
      if (t.out === null && missileRange(f, t, w).band && missileInHand(st, f) === w)
        oneShot(st, ctx, f, t, w, { n: -now(st, f, 'BS'), why: 'BS (the ability alone, rule 29)' });
      else if (ms) {
        // Not fired: the bolt stays in the crossbow for next round (rule 29).
        ms.loaded++;
        say(st, ctx, 'load', `${f.name}'s bolt is not loosed: the crossbow stays loaded.`, rule(29), [f]);
      }
    },
  });
}
