// The Combat Points rules for `npm run agree`: the example duels the chain solves, and random duels within it.
import { between, pick } from './common.mjs';

/** What the chain needs of every duel: Sudden Death criticals and no fumbles (no lasting effects). */
const WITHIN = ['criticals=sudden-death', 'fumbles=off'];

/** The skills the chain plays, with what they need (skills.ts). */
const NEEDS = {
  'dodge blow': {},
  ambidextrous: {},
  'combat reflexes': { WS: 40, I: 40 },
  'forceful blow': { WS: 50, S: 5, A: 2 },
  'deadly strike': { WS: 50, S: 4, A: 3 },
  'dodge foreseeing': { WS: 50, A: 3, Int: 50 },
};

/** A Combat Points duel within what the chain solves: profiles, abilities, weapons, shields, armour, skills, plans and options at random. */
function cpDuel(r) {
  const person = (name) => {
    const profile = {
      WS: between(r, 20, 45),
      S: between(r, 2, 5),
      T: between(r, 2, 5),
      W: between(r, 4, 12),
      I: between(r, 20, 65),
      A: pick(r, [1, 1, 2, 3]),
    };
    const skills = Object.keys(NEEDS).filter(() => r() < 0.2);
    // An advanced skill's requirements are met by raising the profile (WS: with the weapon's ability).
    let ws = 0;
    for (const k of skills)
      for (const [ch, least] of Object.entries(NEEDS[k]))
        if (ch === 'WS') ws = Math.max(ws, least);
        else profile[ch] = Math.max(profile[ch] ?? 0, least);
    const ability = () => Math.max(between(r, 5, 40), ws - profile.WS);
    const [weapons, abilities] = pick(r, [
      [['sword'], { swords: ability() }],
      [
        ['sword', 'shield'],
        { swords: ability(), shields: { base: between(r, 5, 15), advance: pick(r, [0, 10, 20, 30]) } },
      ],
      [['axe'], { axes: ability() }],
      [['sword', 'sword'], { swords: ability() }],
      [['dagger'], { 'daggers-and-knives': ability() }],
      [['halberd'], { polearms: ability() }],
    ]);
    const armour = pick(r, [
      [],
      ['mail-shirt'],
      ['leather-jerkin', 'helmet'],
      ['sleeved-mail-coat', 'helmet'],
    ]);
    const plan =
      r() < 0.4
        ? `, plan: { reserve: ${pick(r, [0, 20, 40, 60])}, target: ${pick(r, [5, 15, 30, 100])}, keepW: ${pick(r, [0, 2, 4])}, dodge: ${pick(r, ['true', 'false'])} }`
        : '';
    return `      - { name: ${name}, use: human, profile: ${JSON.stringify(profile)}, abilities: ${JSON.stringify(abilities)}, weapons: [${weapons.join(', ')}], armour: [${armour.join(', ')}], skills: [${skills.join(', ')}]${plan} }\n`;
  };
  const options = {
    criticals: 'sudden-death',
    fumbles: 'off',
    dodges: pick(r, ['one-per-round', 'any']),
    shieldArmour: pick(r, ['off', 'on']),
    ties: pick(r, ['roll', 'listed']),
    // Options that change nothing in the chain's duels: the simulation must agree all the same.
    additionalDamage: pick(r, ['on', 'off']),
    chargeBonus: pick(r, ['on', 'off']),
    parryForAnother: pick(r, ['divide', 'multiply']),
  };
  return (
    `ruleset: wfrp-cp\ntitle: Random duel\noptions: ${JSON.stringify(options)}\n` +
    `space: ${pick(r, ['open', 'crowd'])}\nsides:\n` +
    `  - name: Ann\n    combatants:\n${person('Ann')}` +
    `  - name: Bob\n    combatants:\n${person('Bob')}`
  );
}

export default {
  name: 'wfrp-cp',
  duels: ['sword-alone', 'sword-and-shield', 'two-swords', 'duel-all-out'].map((n) => ({
    file: `data/wfrp-cp/encounters/experiments/${n}.yaml`,
    options: WITHIN,
  })),
  random: cpDuel,
};
