// The bestiary's own rules that the engine plays (issue 43): only magic weapons wound the creatures
// a row marks `immune: non-magic` (the Ghost, Spectre, Wight and Wraith), and the Wight's blows
// drain Strength from the living. The entries are the rulebook's, as the public WFRP 1e wiki
// transcribes them (docs/sources.md, WFRP 1e (1986), Bestiary); our readings where they are silent
// are on docs/rulesets/wfrp1e.md, Creatures' own rules.
import type { FightContext } from '../../core/context.js';
import type { Cite } from '../../core/events.js';
import type { Weapon } from './catalogue.js';
import { CREATURE_RULES, ENTRIES } from './cite.js';
import type { FighterSpec } from './encounter.js';
import { takeOut } from './effects.js';
import { say } from './say.js';
import { current, type Fighter, type W1State } from './state.js';

/**
 * What a blow or missile does to the one it strikes, by the creatures' own rules: wounds as usual;
 * nothing (a weapon that is not magic at a creature only magic wounds; a Wight's blow at another
 * ethereal creature); or, from a Wight at the living, a drain of Strength in place of the wounds.
 */
export type BlowOutcome = 'wounds' | 'immune' | 'ethereal' | 'drain';

/** The weapon (null: fists) is magic in this combatant's hands (`magic:` names its id). */
export function isMagic(a: Pick<FighterSpec, 'magic'>, weapon: Weapon | null): boolean {
  return weapon !== null && a.magic.includes(weapon.id);
}

// WFRP 1e (1986), Bestiary § Wight, § Ghost, § Spectre, § Wraith
/**
 * A Wight's attacks "count as magical" but wound no other ethereal creature (those only magic
 * wounds) and drain the living; a creature only magic wounds takes nothing from another weapon.
 */
export function blowOutcome(
  a: Pick<FighterSpec, 'magic' | 'drains'>,
  weapon: Weapon | null,
  struck: Pick<FighterSpec, 'immune' | 'living'>,
): BlowOutcome {
  if (a.drains) return struck.immune ? 'ethereal' : struck.living ? 'drain' : 'wounds';
  if (struck.immune === 'non-magic' && !isMagic(a, weapon)) return 'immune';
  return 'wounds';
}

// WFRP 1e (1986), Bestiary § Wight
/** A Wight's S "cannot exceed 6": what one point drained from the living brings it to. */
export function drainedInto(S: number): number {
  return S >= WIGHT_MAX_S ? S : S + 1;
}

export const WIGHT_MAX_S = 6;

/** Where a creature's own rule stands: its bestiary entry, or our page for a row of the user's own. */
export function entryOf(f: Fighter): Cite {
  return (f.spec.creature !== null && ENTRIES[f.spec.creature]) || CREATURE_RULES;
}

/** The bestiary's name for what a combatant is ("the Wight"), or its own name. */
function kindOf(st: W1State, f: Fighter): string {
  const c = f.spec.creature === null ? undefined : st.cat.creatures.get(f.spec.creature);
  return c ? `the ${c.name}` : f.name;
}

/**
 * A blow or missile that does nothing by the creatures' own rules, said; false when it does what
 * blows do (wounds, or a drain that deal() takes in their place).
 */
export function harmless(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  weapon: Weapon | null,
  struck: Fighter,
): boolean {
  const outcome = blowOutcome(a.spec, weapon, struck.spec);
  if (outcome !== 'immune' && outcome !== 'ethereal') return false;
  if (ctx.explain) {
    const what = weapon ? `${a.name}'s ${weapon.name.toLowerCase()}` : `${a.name}'s fists`;
    say(
      st,
      ctx,
      'unharmed',
      outcome === 'immune'
        ? `${struck.name} takes no harm: only magic weapons wound ${kindOf(st, struck)}, and ${what} ${weapon ? 'is' : 'are'} not magic.`
        : `${struck.name} takes no harm: ${kindOf(st, a)} cannot wound an ethereal creature.`,
      outcome === 'immune' ? entryOf(struck) : entryOf(a),
      [a, struck],
    );
  }
  return true;
}

/**
 * WFRP 1e (1986), Bestiary § Wight: a blow of a Wight that would wound the living takes 1 S from
 * the victim instead (for good: "regained at a rate of 1 point per day of complete rest") and gives
 * the Wight 1 S, up to 6; a victim brought to S 0 is slain.
 */
export function drainStrength(
  st: W1State,
  ctx: FightContext,
  a: Fighter,
  victim: Fighter,
  wounds: number,
): void {
  const before = current(victim, 'S', st.round);
  victim.charMods.push({
    from: st.round,
    until: Infinity,
    delta: { S: -1 },
    why: `S drained by ${kindOf(st, a)}`,
  });
  const after = current(victim, 'S', st.round);
  const was = current(a, 'S', st.round);
  const now = drainedInto(was);
  if (now !== was)
    a.charMods.push({
      from: st.round,
      until: Infinity,
      delta: { S: now - was },
      why: 'S drained from the living',
    });
  if (ctx.explain)
    say(
      st,
      ctx,
      'drain',
      `${kindOf(st, a)[0]?.toUpperCase()}${kindOf(st, a).slice(1)} does not wound the living: instead of ${wounds} W, ${victim.name} loses 1 S (S ${before} → ${after}) and ${a.name} gains it (S ${was} → ${now}${now === was ? `: it cannot pass ${WIGHT_MAX_S}` : ''}).`,
      entryOf(a),
      [victim, a],
      { S: after },
    );
  if (after <= 0) takeOut(st, ctx, victim, 'dead', `drained to S 0 by ${a.name}`);
}
