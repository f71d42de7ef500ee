// Advanced HeroQuest with the house rules for `npm run agree`: its example duel and a generator of
// random duels of two models in contact, the only fight its chain solves.
import { between, pick } from './common.mjs';

const WEAPONS = [
  [],
  ['dagger'],
  ['sword'],
  ['axe'],
  ['two-handed-sword'],
  ['spear'],
  ['halberd'],
  ['sword', 'bow'],
  ['short-bow'],
];
const ARMOUR = [
  [],
  ['leather'],
  ['chain', 'open-helm'],
  ['plate', 'war-helm'],
  ['scale', 'shield'],
  ['padded', 'buckler', 'open-helm'],
];

/**
 * Two models side by side on an open floor, each of random profile, weapons (a bow or spells too:
 * the tactics never use them in contact), armour, size, monster rules and tactics, and facing
 * anywhere (the start turns them to each other). Panic only where the chain follows it: St 0, so
 * that a failed Bravery roll can only give the foe a free attack.
 */
function ahqDuel(r) {
  const sizes = [pick(r, [1, 1, 1, 2]), pick(r, [1, 1, 1, 2])];
  const a = { x: 3, y: 3 };
  const east = r() < 0.5;
  // The second beside the first, east or south, its squares overlapping the first's along that side.
  const slide = between(r, -(sizes[1] - 1), sizes[0] - 1);
  const b = east ? { x: a.x + sizes[0], y: a.y + slide } : { x: a.x + slide, y: a.y + sizes[0] };
  const model = (name, at, size) => {
    const panic = r() < 0.15;
    const rules = [
      ...(r() < 0.2 ? ['run-amok'] : []),
      ...(panic ? ['panic'] : []),
      ...(r() < 0.15 ? ['backstab'] : []),
      ...(r() < 0.1 ? ['infestation'] : []),
    ];
    const profile = {
      WS: between(r, 5, 9),
      BS: between(r, 2, 9),
      DS: between(r, 4, 8),
      T: between(r, 3, 7),
      W: between(r, 2, 14),
      Sp: between(r, 4, 8),
      St: panic ? 0 : between(r, 1, 10),
      Br: between(r, 2, 12),
    };
    const weapons = pick(r, WEAPONS);
    // Both hands on a two-handed weapon leave none for a shield (refused on load; a bow only warns).
    const twoHands = weapons.some((w) => ['two-handed-sword', 'halberd', 'bow', 'short-bow'].includes(w));
    const armour = pick(r, ARMOUR).filter((x) => !(twoHands && ['shield', 'buckler'].includes(x)));
    const spells =
      r() < 0.2
        ? ', spells: { college: Jade, list: [healing-hands] }'
        : r() < 0.2
          ? ', spells: { college: Bright, list: [fireball] }'
          : '';
    const tactics = {
      target: pick(r, ['nearest', 'weakest', 'gang-up']),
      rear: r() < 0.5,
      evadeAt: pick(r, [0, 5, 13]),
      keepAway: r() < 0.5,
      critical: 'free-attack',
    };
    const wounds = r() < 0.2 ? `, wounds: ${between(r, 1, profile.W)}` : '';
    return `      - { name: ${name}, at: [${at.x}, ${at.y}], size: ${size}, facing: ${pick(r, ['N', 'E', 'S', 'W'])}, profile: ${JSON.stringify(profile)}, weapons: [${weapons.join(', ')}], armour: [${armour.join(', ')}], dd: ${between(r, 1, 3)}, rules: [${rules.join(', ')}]${spells}, tactics: ${JSON.stringify(tactics)}${wounds} }\n`;
  };
  const map = ['##########', ...Array.from({ length: 8 }, () => '#........#'), '##########'];
  const options = { criticalWound: pick(r, ['extra-die', 'none']), board: 'off' };
  const players = pick(r, [0, 1, null]);
  const side = (k, name, at, size) =>
    `  - name: ${name}\n${players === k ? '    players: true\n' : ''}    combatants:\n${model(name, at, size)}`;
  return (
    `ruleset: ahq-house\ntitle: Random duel in contact\noptions: ${JSON.stringify(options)}\nmap: |\n${map.map((l) => `  ${l}`).join('\n')}\nsides:\n` +
    side(0, 'Ann', a, sizes[0]) +
    side(1, 'Bob', b, sizes[1])
  );
}

/** The example duel and the generator. */
export default {
  name: 'ahq-house',
  duels: [
    { file: 'data/ahq-house/encounters/duel-in-contact.yaml', options: [] },
    { file: 'data/ahq-house/encounters/duel-in-contact.yaml', options: ['criticalWound=none'] },
  ],
  random: ahqDuel,
};
