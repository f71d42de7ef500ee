// WFRP 1e for `npm run agree`: its example duels and a generator of random duels within the chain.
import { between, pick } from './common.mjs';

/** A WFRP 1e duel within what the chain solves: profiles, weapons, shields, armour, tactics and options at random. */
function wfrp1eDuel(r) {
  const person = (name) => {
    const profile = {
      WS: between(r, 20, 70),
      S: between(r, 2, 5),
      T: between(r, 2, 5),
      W: between(r, 3, 8),
      I: between(r, 10, 70),
      A: pick(r, [1, 1, 2, 3]),
      Int: between(r, 15, 45),
    };
    // Weapons with rows of their own in the weapon modifiers table, a two-handed one among them.
    const weapons = [pick(r, ['sword', 'axe', 'mace', 'club', 'flail', 'bastard-sword', 'great-axe'])];
    if (weapons[0] !== 'great-axe' && r() < 0.4) weapons.push('shield');
    const armour = pick(r, [
      [],
      ['mail-shirt'],
      ['leather-jerkin', 'helmet'],
      ['sleeved-mail-coat', 'helmet'],
      ['sleeved-mail-coat', 'plate-bracers', 'helmet'],
    ]);
    const parry = pick(r, ['auto', 'always', 'never', null]);
    const tactics = parry ? `, tactics: { parry: ${parry} }` : '';
    return `      - { name: ${name}, use: human, profile: ${JSON.stringify(profile)}, weapons: [${weapons.join(', ')}], armour: [${armour.join(', ')}]${tactics} }\n`;
  };
  const options = {
    criticals: 'sudden-death',
    fumbles: 'off',
    additionalDamage: pick(r, ['on', 'off']),
    blowSpacing: pick(r, ['intervals', 'halving']),
    parryTest: pick(r, ['below', 'at-most']),
    monsterParry: pick(r, ['never', 'int-over-30', 'any']),
    effectiveInitiative: pick(r, ['off', 'on']),
    weaponModifiers: pick(r, ['off', 'on']),
    multipleAttacks: pick(r, ['spread', 'spread', 'simplified']),
    specialistWeapons: pick(r, ['on', 'off']),
    bracerPenalty: pick(r, ['off', 'on']),
    // Options the chain accepts because they change nothing in its duels: the simulation must agree.
    takeUp: pick(r, ['action', 'instant']),
    chargeBonus: pick(r, ['first-blow', 'round']),
    missileCriticals: pick(r, ['sudden-death', 'detailed']),
    fireDamage: pick(r, ['body-critical', 'wounds-only']),
  };
  const players = r() < 0.5 ? '    players: true\n' : '';
  return (
    `ruleset: wfrp1e\ntitle: Random duel\noptions: ${JSON.stringify(options)}\nsides:\n` +
    `  - name: Ann\n${players}    combatants:\n${person('Ann')}` +
    `  - name: Bob\n    combatants:\n${person('Bob')}`
  );
}

/** The example duels (with options that bring them within the chain, when needed) and the generator. */
export default {
  name: 'wfrp1e',
  duels: [
    { file: 'data/wfrp1e/examples/reference-duel-sudden-death.yaml', options: [] },
    { file: 'data/wfrp1e/examples/reference-duel.yaml', options: [] },
    ...[
      'a-helmet-worth-one-point',
      'helmut-and-the-skaven',
      'serafin-and-the-giant',
      'serafin-and-the-ogre',
      'pistol-duel',
    ].map((n) => ({ file: `data/wfrp1e/encounters/${n}.yaml`, options: [] })),
    // The same duels with the rules the chain holds today, where theirs are beyond it.
    ...['reference-duel', 'a-helmet-worth-one-point', 'helmut-and-the-skaven', 'serafin-and-the-giant'].map(
      (n) => ({
        file: n === 'reference-duel' ? `data/wfrp1e/examples/${n}.yaml` : `data/wfrp1e/encounters/${n}.yaml`,
        options: ['criticals=sudden-death', 'fumbles=off'],
      }),
    ),
  ],
  random: wfrp1eDuel,
};
