// `fray sheet` for WFRP 1e: each combatant as the rules compute it before the first blow, with
// the same functions the round uses (Effective Initiative, skill with a weapon, armour points,
// the optional weapon modifiers), and what its tactics will do.
import { showSum, showTerm, sumTerms, type Term } from '../../core/arith.js';
import { sourcesLines, type SourcedRow } from '../../core/loader.js';
import type { CombatantSheet } from '../../core/ruleset.js';
import {
  handTerms,
  isMounted,
  mayEverParry,
  parryTerms,
  shieldFor,
  skillWith,
  weaponDamage,
  weaponToHitTerm,
} from './blow.js';
import { CHARS, type Missile, type Weapon, type Zone } from './catalogue.js';
import { MISSILE_MODIFIERS } from './data/missile-tables.js';
import { RIDER_UP_TO, type AttackerReach } from './data/tables.js';
import type { W1Setup } from './encounter.js';
import { effectiveStrength, rangeDamage } from './missile/hits.js';
import { effectiveInitiative } from './round/initiative.js';
import { armourPoints, blowTicks, drawLoss, UNARMED_DAMAGE, wornOn } from './rules.js';
import { current, newState, sideOf, strongHand, type Fighter, type W1State } from './state.js';
import { entryOf, isMagic, WIGHT_MAX_S } from './creatures.js';
import { formatCite } from '../../core/events.js';

export function wfrp1eSheets(setup: W1Setup): CombatantSheet[] {
  const st = newState(setup);
  return st.combatants.map((f) => ({
    id: f.id,
    name: f.name,
    side: sideOf(st, f).name,
    lines: [
      profileLine(f),
      `W ${f.W}/${f.maxW}; ${initiative(st, f)}`,
      armour(f),
      ...weapons(st, f),
      ...ownRules(f),
      ...(f.spec.skills.length > 0 ? [`skills: ${f.spec.skills.join(', ')}`] : []),
      ...situation(f),
      ...(f.mount ? [`rides ${f.mount.name}`] : []),
      ...(f.rider ? [ridden(f, f.rider)] : []),
      `tactics: ${tactics(st, f)}`,
      ...sources(st, f),
    ],
  }));
}

/** Where its data rows come from: the bestiary's creature, its weapons and armour; `more`, a variant's own rows. */
export function sources(st: W1State, f: Fighter, more: readonly SourcedRow[] = []): string[] {
  const creature = f.spec.creature ? st.cat.creatures.get(f.spec.creature) : undefined;
  return sourcesLines([...(creature ? [creature] : []), ...weaponsOf(f), ...f.spec.armour, ...more]);
}

/** Every weapon it starts with: in hand, natural and carried. */
export function weaponsOf(f: Fighter): Weapon[] {
  return [f.spec.right, f.spec.left, ...f.spec.natural, ...f.spec.carried].filter(
    (w): w is Weapon => w !== null,
  );
}

/** The profile in the text's order ("-" where a creature has none). */
export function profileLine(f: Fighter): string {
  return `profile: ${CHARS.map((c) => `${c} ${f.profile[c] ?? '-'}`).join(', ')}`;
}

/** § Effective Initiative and § Multiple Attacks: EI in the first round, after it, when winning; where the blows fall. */
function initiative(st: W1State, f: Fighter): string {
  const ei = () => {
    const { base, terms } = effectiveInitiative(st, f);
    return { base, terms, value: sumTerms(base, terms) };
  };
  const first = ei();
  // The spear's and halberd's first-round I differs against a mounted foe: read it against one, if any.
  const mountedFoe = st.combatants.find((o) => o.side !== f.side && isMounted(o));
  f.target = mountedFoe ?? null;
  const vsMounted = ei().value;
  f.target = null;
  f.roundsFought = 1;
  const later = ei().value;
  f.winning = true;
  const winning = ei().value;
  f.winning = false;
  f.roundsFought = 0;
  st.edge = { players: sideOf(st, f).players, bonus: 1 };
  const edge = st.opt.effectiveInitiative && ei().terms.some((t) => t.label === 'edge');
  st.edge = null;
  const A = current(f, 'A', st.round);
  return [
    `${showSum('EI: I', first.base, first.terms)}${vsMounted !== first.value ? ` (${vsMounted} against a mounted foe)` : ''}${later !== first.value ? ` in the first round, ${later} after` : ''}`,
    winning !== later ? `${winning} when winning` : '',
    edge ? '+D10 in rounds its side has the edge' : '',
    `A ${A}: blows at ${blowTicks(first.value, A, st.opt.blowSpacing).join(', ')}`,
  ]
    .filter((x) => x)
    .join('; ');
}

export const ZONES: readonly Zone[] = ['head', 'arms', 'body', 'legs'];

/** README facts, Armour: AP on each location; "x/y" where leather adds its 1 (only against 1–3 damage after T). */
function armour(f: Fighter): string {
  let leather = false;
  const zones = ZONES.map((zone) => {
    const worn = wornOn(f.armour, zone);
    const ap = (afterT: number) => armourPoints(worn, false, afterT, false);
    const plain = ap(10);
    const low = ap(1);
    if (low !== plain) leather = true;
    return `${zone} ${plain}${low !== plain ? `/${low}` : ''}`;
  });
  const shield = shieldFor(f, false) ? armourPoints(wornOn(f.armour, null), true, 1, false) : 0;
  const pieces = f.armour.map((a) => a.name.toLowerCase());
  return [
    `armour: ${zones.join(', ')}${pieces.length ? ` (${pieces.join(', ')})` : ''}`,
    shield ? `shield +${shield} on every location` : '',
    leather ? "x/y: leather's 1 counts only against 1–3 damage after T" : '',
  ]
    .filter((x) => x)
    .join('; ');
}

/** Held items first (a two-handed one once), then natural weapons, then what is carried. */
function weapons(st: W1State, f: Fighter): string[] {
  const out: string[] = [];
  const strong = strongHand(f);
  if (f.right && f.right === f.left) out.push(weaponLine(st, f, f.right, 'both hands', strong));
  else
    for (const hand of ['right', 'left'] as const) {
      const w = f[hand];
      if (w) out.push(weaponLine(st, f, w, `${hand} hand`, hand));
    }
  for (const w of f.natural) out.push(weaponLine(st, f, w, 'natural', null));
  for (const w of f.carried) out.push(weaponLine(st, f, w, carriedNote(st, w), strong));
  if (!f.right && !f.left && f.natural.length === 0) out.push(fists(st, f));
  return out;
}

function carriedNote(st: W1State, w: Weapon): string {
  if (st.opt.instantTakeUp) return 'carried';
  const loss = drawLoss(w);
  return loss === null
    ? 'carried, drawn in a round'
    : loss === 0
      ? 'carried'
      : `carried, drawn at −${-loss} EI`;
}

function weaponLine(
  st: W1State,
  f: Fighter,
  w: Weapon,
  where: string,
  hand: 'right' | 'left' | null,
): string {
  const bits: string[] = [];
  if (w.melee && !w.shield) bits.push(...blowBits(st, f, w, hand));
  if (w.parry) bits.push(`parry ${parryLine(st, f, w)}`);
  else if (w.melee && !w.shield) bits.push('no parry');
  if (w.missile) bits.push(...missileBits(st, f, w));
  return `${w.name.toLowerCase()} (${where}${isMagic(f.spec, w) ? ', magic' : ''}): ${bits.join('; ')}`;
}

/** Its bestiary row's own rules that the round plays (creatures.ts), with where they stand. */
export function ownRules(f: Fighter): string[] {
  const s = f.spec;
  const rules = [
    s.immune === 'non-magic' ? 'only magic weapons wound it' : '',
    s.drains === 'S'
      ? `its blows that would wound the living take 1 S instead (its own S rising to ${WIGHT_MAX_S}; S 0 is death); they wound Undead and Daemons, and no ethereal creature`
      : '',
  ].filter((x) => x);
  return rules.length > 0 ? [`own rules: ${rules.join('; ')} [${formatCite(entryOf(f))}]`] : [];
}

/** To hit and damage against a plain foe on foot (§ To Hit Modifiers the striker brings; § Weapon Modifiers). */
function blowBits(st: W1State, f: Fighter, w: Weapon, hand: 'right' | 'left' | null): string[] {
  const { skill, unskilled } = skillWith(st, f, w, 'WS');
  const ws = unskilled ? 'WS (unskilled)' : 'WS';
  const line = (mountedCharging: boolean, flying: boolean) => {
    const terms: Term[] = [];
    handTerms(f, w, hand, 'strike', terms);
    const wm = weaponToHitTerm(st, w, mountedCharging, flying, false);
    if (wm) terms.push(wm);
    return `to hit ${showSum(ws, skill, terms)}; damage ${damage(st, f, weaponDamage(st, w, mountedCharging), w)}`;
  };
  const plain = line(false, false);
  const out = [plain];
  const atFliers = weaponToHitTerm(st, w, false, true, false);
  if (atFliers && atFliers.value !== weaponToHitTerm(st, w, false, false, false)?.value)
    out.push(`${showTerm(atFliers)} to hit against fliers`);
  if (f.mount && line(true, false) !== plain) out.push(`mounted and charging: ${line(true, false)}`);
  return out;
}

/** § Combat Procedure: D6 + S (− T − armour at the target); "D6 + 6 (S 4 + 2 lance)" with a weapon modifier. */
function damage(st: W1State, f: Fighter, mod: number, w: Weapon | null): string {
  const S = current(f, 'S', st.round);
  if (mod === 0 || !w) return `D6 + S ${S}`;
  return `D6 + ${S + mod} (S ${S} ${showTerm({ label: w.name.toLowerCase(), value: mod })})`;
}

function parryLine(st: W1State, f: Fighter, w: Weapon): string {
  const { skill, unskilled } = skillWith(st, f, w, 'WS');
  const test = st.opt.parryTest === 'below' ? 'under' : 'at most';
  return `${test} ${showSum(unskilled ? 'WS (unskilled)' : 'WS', skill, parryTerms(st, w))}`;
}

/** § Missile Fire: BS (10 unskilled), each range band's reach and ES (less the text's damage drop), ammunition. */
function missileBits(st: W1State, f: Fighter, w: Weapon): string[] {
  const m = w.missile as Missile;
  const { skill, unskilled } = skillWith(st, f, w, 'BS');
  const bands = m.bands.map((b) => {
    const mod =
      b.band === 'long' ? MISSILE_MODIFIERS.long : b.band === 'extreme' ? MISSILE_MODIFIERS.extreme : 0;
    const hurt =
      b.es === 'F'
        ? 'fire'
        : b.es === null
          ? 'no damage'
          : `ES ${effectiveStrength(st, f, b) + rangeDamage(m, b)}`;
    return `${b.band} to ${b.upTo} yd ${hurt}${mod ? ` (−${-mod} BS)` : ''}`;
  });
  const ms = f.missiles.get(w.id);
  const shots = ms ? ms.loaded + ms.ammo : 0;
  return [
    `${m.ammo ? 'shoots' : 'thrown'} at ${unskilled ? 'BS (unskilled)' : 'BS'} ${skill}`,
    bands.join(', '),
    `${shots} ${m.ammo ?? 'to throw'}${ms && ms.loaded > 0 && m.ammo ? ', loaded' : ''}${m.loadRounds > 0 ? `; loads in ${m.loadRounds} round${m.loadRounds > 1 ? 's' : ''}` : ''}`,
  ];
}

/** § Unarmed Combat and § Stuns: fists strike only to stun. */
function fists(st: W1State, f: Fighter): string {
  const terms: Term[] = [];
  handTerms(f, null, null, 'strike', terms);
  return `fists: to hit ${showSum('WS', current(f, 'WS', st.round), terms)}; to stun only, damage D6 + S ${current(f, 'S', st.round)} − ${-UNARMED_DAMAGE}`;
}

export function situation(f: Fighter): string[] {
  const s = f.spec.situation;
  const bits = [
    s.higherGround ? 'on higher ground' : '',
    s.obstacle ? 'behind an obstacle' : '',
    s.behind ? 'behind its opponents (no parry against it)' : '',
    f.spec.cover ? `in ${f.spec.cover} cover` : '',
    f.asleep ? 'asleep' : '',
  ].filter((x) => x);
  return bits.length > 0 ? [`situation: ${bits.join(', ')}`] : [];
}

/** § Mounted Combat: which of the pair a blow strikes. */
export function ridden(mount: Fighter, rider: Fighter): string {
  const size = mount.mountSize ?? 'horse';
  const upTo = (reach: AttackerReach) => RIDER_UP_TO[reach][size];
  const taller =
    upTo('10ft-or-more') === upTo('rider')
      ? `≤ ${upTo('rider')} from taller or mounted ones`
      : `≤ ${upTo('10ft-or-more')} from taller ones, ≤ ${upTo('rider')} from mounted ones`;
  return `ridden by ${rider.name}: a blow at the pair strikes the rider on D100 ≤ ${upTo('under-10ft')} from attackers under 10 ft, ${taller}; else the mount`;
}

/** What tactics.ts and the declarations will choose for it. */
function tactics(st: W1State, f: Fighter): string {
  const t = f.tactics;
  const canParry = [f.right, f.left, ...f.carried].some((w) => w?.parry);
  const parry = !mayEverParry(st, f)
    ? `does not parry (the GM's creature; monsterParry=${st.opt.monsterParry})`
    : t.parry === 'never' || !canParry
      ? `never parries${canParry ? '' : ' (nothing to parry with)'}`
      : t.parry === 'always'
        ? 'parries every blow it can'
        : 'parries blows that could bring W to 0';
  // declarations.ts: a missile weapon in hand is shot (or held) until engaged; then a bow is dropped for a hand weapon carried.
  const bow = [f.right, f.left].find((w) => w?.missile) ?? null;
  const drawable = f.carried.find((w) => w.melee && !w.missile);
  const engaged =
    bow && !bow.melee
      ? t.dropMissile && drawable
        ? `engaged, drops the ${bow.name.toLowerCase()} and draws the ${drawable.name.toLowerCase()}`
        : 'engaged, shoots what is loaded'
      : '';
  return [
    parry,
    t.melee === 'close' ? `closes${st.spatial ? ` (${t.advance})` : ''}` : 'waits to be engaged',
    bow ? `${t.missile === 'fire' ? 'shoots' : 'holds'} the ${bow.name.toLowerCase()} until engaged` : '',
    engaged,
    t.target === 'weakest' ? 'strikes the most wounded foe' : 'strikes the first foe',
    t.fleeBelow > 0 ? `flees below ${t.fleeBelow} W` : '',
    t.press ? '' : 'does not press a beaten foe',
    t.stun ? 'strikes to stun' : '',
    t.aim !== 'none' ? `aims at the ${t.aim.replace('-', ' ')}` : '',
    t.grapple ? 'grapples when unarmed' : '',
    f.flying ? (t.dive ? 'dives in and climbs out each round' : 'stays and fights in the air') : '',
    t.tend ? '' : 'does not tend fallen friends',
  ]
    .filter((x) => x)
    .join('; ');
}
