// The Combat Points play tests' scene: humans with a sword (or what a test makes them) on two
// sides, the dice and answers of each test, and the answers its questions take most often.
import { playerOf, type Decisions } from '../script.js';
import type { CpState } from '../../src/rulesets/wfrp-cp/state.js';

export interface Who {
  name: string;
  /** Extra YAML lines for the combatant (indented by the helper). */
  more?: string;
  profile?: string;
}

export const STRONG =
  '{ M: 4, WS: 50, BS: 50, S: 6, T: 4, W: 12, I: 50, A: 3, Dex: 50, Ld: 50, Int: 50, Cl: 60, WP: 50, Fel: 40 }';
export const PROFILE =
  '{ M: 4, WS: 30, BS: 30, S: 4, T: 4, W: 10, I: 40, A: 1, Dex: 40, Ld: 40, Int: 40, Cl: 40, WP: 40, Fel: 40 }';

function combatant(w: Who): string {
  const more = (w.more ?? 'weapons: [sword]\nabilities: { swords: 20 }')
    .split('\n')
    .map((l) => `        ${l}`)
    .join('\n');
  const use = w.more?.includes('use:') ? '' : '        use: human\n';
  const profile = w.profile === '' ? '' : `        profile: ${w.profile ?? PROFILE}\n`;
  return `      - name: ${w.name}\n${use}${profile}${more}\n`;
}

/** Two sides of humans (or what `more` makes them), engaged unless `head` says otherwise. */
export function encounter(a: Who[], b: Who[], head = '', sideB = ''): string {
  return `ruleset: wfrp-cp\n${head}\nsides:\n  - name: A\n    players: true\n    combatants:\n${a.map(combatant).join('')}  - name: B\n${sideB}    combatants:\n${b.map(combatant).join('')}`;
}

/** Fighters on equal EI go in the order listed unless a test says otherwise: fewer dice to script. */
export const fight = playerOf<CpState>({ ties: 'listed' });

/** `n` turns passed without acting. */
export const ends = (n: number): Decisions => Array.from({ length: n }, () => ['turn', 'end'] as const);

/** A block with `cp` CP and `w` W taken off the blow. */
export const block = (cp: number, w = 0): Decisions => [
  ['defence', 'block'],
  ['defence-cp', cp],
  ['defence-w', w],
];
