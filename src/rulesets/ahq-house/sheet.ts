// `fray sheet` for the Advanced HeroQuest house rules: each model's profile with its armour's
// effects, what it needs to hit (close combat against its enemies' DS, the ranged table by band),
// its damage dice, the monster rules it carries, and what its tactics will do.
import { sourcesLines } from '../../core/loader.js';
import type { CombatantSheet } from '../../core/ruleset.js';
import type { MonsterRule } from './data.js';
import { closeNeed, RANGE_BANDS, rangedNeed, rearDice, type RangeBand } from './rules.js';
import { handWeapon, missileWeapon, toughnessOf, withArmour, type AhqSetup, type AhqSpec } from './state.js';
import type { Weapon } from './data.js';

/** MONSTER SPECIAL RULES, in a few words each. */
const RULE_WORDS: Readonly<Record<MonsterRule, string>> = {
  infestation: 'Infestation: it strikes from the diagonals too, while not engaged',
  backstab: `Backstab: ${rearDice(true)} more damage dice from the rear (others ${rearDice(false)})`,
  'run-amok':
    'Run Amok: each turn a Bravery roll (D12 ≤ Br), failed, it attacks the closest model within 5 squares, friend or foe; a beastmaster of its side near it spares the roll',
  panic:
    'Panic: each turn a Bravery roll (D12 ≤ Br), failed, it flees 2 × Sp squares; a slavemaster of its side near it spares the roll',
};

/** The least squares of a band, to read the ranged table with. */
const bandStart = (b: RangeBand) => Number(b.split(/[-+]/)[0]);

export function ahqSheets(setup: AhqSetup): CombatantSheet[] {
  return setup.fighters.map((f) => {
    const p = f.profile;
    const { T, helmet } = toughnessOf(f);
    const enemies = setup.fighters.filter((o) => o.side !== f.side);
    const w = handWeapon(f);
    const m = missileWeapon(f);
    const pieces = f.armour.map(
      (a) =>
        `${a.name} ${(['DS', 'BS', 'T', 'Sp', 'St'] as const)
          .filter((k) => a[k] !== 0)
          .map((k) => `${k} ${a[k] > 0 ? '+' : '−'}${Math.abs(a[k])}`)
          .join(', ')}`,
    );
    return {
      id: f.id,
      name: f.name,
      side: setup.sides[f.side]?.name ?? '',
      lines: [
        `profile: WS ${p.WS}, BS ${p.BS}, DS ${p.DS}, T ${p.T}, W ${p.W}, Sp ${p.Sp}, St ${p.St}, Br ${p.Br}`,
        `with armour: BS ${withArmour(f, 'BS')}, DS ${withArmour(f, 'DS')}, T ${T}${helmet ? ` (+${helmet} helmet on an exact to-hit roll)` : ''}, Sp ${withArmour(f, 'Sp')}, St ${withArmour(f, 'St')}${pieces.length ? ` (${pieces.join('; ')})` : ''}`,
        `W ${f.wounds}/${p.W}; size ${f.size}; at (${f.at.x}, ${f.at.y}) facing ${f.facing}`,
        `${w ? w.name : 'unarmed'}: ${w?.dd ?? f.unarmedDd} damage dice${cardDice(w)}${w?.long ? ', long (strikes diagonally past an engaged friend)' : ''}; hits ${closeNeeds(f, enemies, setup)}`,
        ...(m
          ? [
              `${m.name}: ${m.dd} damage dice${cardDice(m)}, range ${m.range} squares; ${rangedNeeds(f, m.range ?? 0)}`,
            ]
          : []),
        ...f.spells.map(
          (s) =>
            `spell ${s.name} (${s.college}): ${s.kind}${s.dd ? `, ${s.dd} dice` : ''}${s.range ? `, range ${s.range}` : ''}`,
        ),
        ...f.rules.map((r) => RULE_WORDS[r]),
        ...(f.beastmaster
          ? [`beastmaster: spares its side's Run Amok rolls within ${f.beastmaster} squares`]
          : []),
        ...(f.slavemaster
          ? [`slavemaster: spares its side's Panic rolls within ${f.slavemaster} squares`]
          : []),
        `tactics: ${tactics(f, m !== null)}`,
        ...sourcesLines([
          ...(f.fromBestiary ? [f.fromBestiary] : []),
          ...f.weapons,
          ...f.armour,
          ...f.spells,
        ]),
      ],
    };
  });
}

/** " (its card's; the weapon table's 3)": dice a monster card gives its wielder. */
function cardDice(w: Weapon | null): string {
  return w?.tableDd === undefined ? '' : ` (its card's; the weapon table's ${w.tableDd})`;
}

/** Close combat: the D12 it needs against each DS among its enemies (the cards' limit, or its card's row). */
function closeNeeds(f: AhqSpec, enemies: readonly AhqSpec[], setup: AhqSetup): string {
  const byDs = new Map<number, string[]>();
  for (const e of enemies) {
    const ds = withArmour(e, 'DS');
    const names = byDs.get(ds) ?? [];
    if (!names.includes(e.name.replace(/ \d+$/, ''))) names.push(e.name.replace(/ \d+$/, ''));
    byDs.set(ds, names);
  }
  return [...byDs]
    .sort((a, b) => a[0] - b[0])
    .map(([ds, names]) => `${names.join(', ')} (DS ${ds}) on D12 ≥ ${closeNeed(f, ds, setup.opt.toHit).need}`)
    .join(', ');
}

/** Ranged Attacks: the D12 needed in each band within the weapon's range (* no critical there). */
function rangedNeeds(f: AhqSpec, range: number): string {
  const BS = withArmour(f, 'BS');
  const bands = RANGE_BANDS.filter((b) => bandStart(b) <= range).map((b) => {
    const cell = rangedNeed(BS, bandStart(b));
    return `${cell.need === null ? 'out of reach' : `${cell.need}${cell.critical ? '' : '*'}`} at ${b}`;
  });
  return `shoots at BS ${BS}: D12 ≥ ${bands.join(', ')} squares (* no critical)`;
}

/** tactics.ts as the turn reads it. */
function tactics(f: AhqSpec, shoots: boolean): string {
  const t = f.tactics;
  const St = withArmour(f, 'St');
  return [
    t.target === 'nearest'
      ? 'goes for the nearest enemy'
      : t.target === 'weakest'
        ? 'goes for the enemy with fewest wounds'
        : 'goes for an enemy a friend already fights',
    t.rear ? 'takes the square behind an engaged enemy when it can' : '',
    St < t.evadeAt
      ? 'never evades to reach a better target'
      : `evades by Stealth (St ${St}) to reach a better target`,
    shoots && t.keepAway ? 'shoots from out of reach, stepping back first' : '',
    f.spells.some((s) => s.kind === 'bolt') ? 'casts a bolt when not engaged' : '',
    t.critical === 'free-attack' ? 'takes the free attack of a critical hit' : 'evades on a critical hit',
  ]
    .filter((x) => x)
    .join('; ');
}
