// Advanced skills (wfrp-combat-points.txt § Advanced skills): costs and requirements as data.
import type { Char, Profile } from '../wfrp1e/catalogue.js';

export interface AdvancedSkill {
  readonly id: string;
  readonly name: string;
  readonly xp: number;
  /** Least characteristics; WS and BS are met with some weapon's WS (BS) + ability. */
  readonly needs: Partial<Record<Char, number>>;
  /** Skills it needs first. */
  readonly after?: readonly string[];
  /** Career kinds or careers it needs (the text's wording). */
  readonly careers?: readonly string[];
  /** Not open to Academics (Weapon mastery). */
  readonly notAcademic?: true;
  /** Needs an ability bought to +40 (Weapon mastery). */
  readonly advance40?: true;
}

const skill = (
  id: string,
  name: string,
  xp: number,
  needs: AdvancedSkill['needs'],
  more: Partial<AdvancedSkill> = {},
): AdvancedSkill => ({
  id,
  name,
  xp,
  needs,
  ...more,
});

export const ADVANCED_SKILLS: readonly AdvancedSkill[] = [
  skill('combat reflexes', 'Combat reflexes', 250, { WS: 40, I: 40 }),
  skill('lightning strike', 'Lightning strike', 250, { WS: 40, I: 50 }),
  skill('deadly strike', 'Deadly strike', 250, { WS: 50, S: 4, A: 3 }),
  skill(
    'deadly strike 2',
    'Deadly strike (second level)',
    250,
    { WS: 50, S: 4, A: 3 },
    { after: ['deadly strike'] },
  ),
  skill('forceful blow', 'Forceful blow', 500, { WS: 50, S: 5, A: 2 }),
  skill('precise strike', 'Precise strike', 250, { WS: 50, A: 2 }, { after: ['strike to wound'] }),
  skill('parade', 'Parade', 250, { WS: 50, I: 40, A: 2 }),
  skill('whirlwind', 'Whirlwind', 500, { WS: 50, T: 3, A: 2 }),
  skill('shieldman', 'Shieldman', 250, { WS: 40, I: 40, Cl: 40 }),
  skill('dodge foreseeing', 'Dodge foreseeing', 250, { WS: 50, A: 3, Int: 50 }),
  skill('fast shooting', 'Fast shooting', 250, { BS: 40, I: 40 }, { careers: ['ranger'] }),
  skill(
    'lightning shooting',
    'Lightning shooting',
    250,
    { BS: 60, I: 50 },
    { careers: ['ranger'], after: ['fast shooting'] },
  ),
  skill('weapon mastery', 'Weapon mastery', 500, {}, { notAcademic: true, advance40: true }),
  skill('fear resistant', 'Fear resistant', 250, { Cl: 40 }),
  skill(
    'terror resistant',
    'Terror resistant',
    250,
    { Cl: 60, WP: 40, Int: 40 },
    { after: ['fear resistant'] },
  ),
  skill(
    'swashbuckle',
    'Swashbuckle',
    250,
    { I: 40 },
    {
      careers: ['highwayman', 'outlaw chief', 'duelist', 'duellist', 'sea captain', 'rogue'],
    },
  ),
  skill('barbarian strength', 'Barbarian strength', 250, { S: 6 }),
];

export const ADVANCED_BY_ID: ReadonlyMap<string, AdvancedSkill> = new Map(
  ADVANCED_SKILLS.map((s) => [s.id, s]),
);

/** What a character brings to the requirements. */
export interface Candidate {
  readonly profile: Profile;
  readonly skills: ReadonlySet<string>;
  /** The best WS + ability and BS + ability over its weapons. */
  readonly bestWS: number;
  readonly bestBS: number;
  /** Career kind (fighter, ranger, rogue, academic) and career, lower case. */
  readonly career: readonly string[];
  readonly advance40: boolean;
}

/** § Advanced skills: the requirements a character misses for a skill (empty: it may have it). */
export function missingRequirements(s: AdvancedSkill, c: Candidate): string[] {
  const out: string[] = [];
  for (const [ch, least] of Object.entries(s.needs) as [Char, number][]) {
    const have = ch === 'WS' ? c.bestWS : ch === 'BS' ? c.bestBS : (c.profile[ch] ?? 0);
    if (have < least)
      out.push(
        `${ch} ${least}+${ch === 'WS' || ch === 'BS' ? ' (with some weapon: basic + ability)' : ''}, has ${have}`,
      );
  }
  for (const a of s.after ?? []) if (!c.skills.has(a)) out.push(`the skill ${a}`);
  if (s.careers && !s.careers.some((k) => c.career.includes(k)))
    out.push(`a career among: ${s.careers.join(', ')}`);
  if (s.notAcademic && c.career.includes('academic')) out.push('not an Academic career');
  if (s.advance40 && !c.advance40) out.push('a weapon ability bought to +40');
  return out;
}
