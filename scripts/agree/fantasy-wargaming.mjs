// Fantasy Wargaming for `npm run agree`: its example duels and a generator of random duels small
// enough for the chain's budget (endurance 2 to 5), with morale, exhaustion, defences, lunges,
// charges, berserk candidates, several weapons and the options at random.
import { between, pick } from './common.mjs';

/** A Fantasy Wargaming duel within what the chain solves. */
function fwDuel(r) {
  const person = (name) => {
    const ch = {
      physique: between(r, 8, 16),
      agility: between(r, 8, 16),
      endurance: between(r, 2, 5),
      intelligence: between(r, 6, 14),
      bravery: between(r, 8, 16),
      selfishness: between(r, 6, 14),
    };
    const weapons = [pick(r, ['broadsword', 'mace', 'hand-axe', 'club', 'spear', 'battle-axe', 'dagger'])];
    if (r() < 0.3) weapons.push(pick(r, ['dagger', 'short-sword', 'club']));
    if (r() < 0.5) weapons.push(pick(r, ['small-shield', 'large-shield']));
    const armour = pick(r, [null, 'leather', 'mail']);
    const tactics = {
      defence: pick(r, ['never', 'when-outnumbered', 'parry', 'dodge', 'disengage']),
      lunge: pick(r, ['never', 'always', 'finish']),
      charge: r() < 0.5,
      panic: pick(r, ['surrender-when-hurt', 'surrender', 'panic']),
    };
    const hurt = r() < 0.2 ? `, endurance: ${Math.max(1, ch.endurance - 1)}` : '';
    return (
      `      - { name: ${name}, characteristics: ${JSON.stringify(ch)}, combatLevel: ${between(r, 1, 4)}` +
      `, weapons: [${weapons.join(', ')}]${armour ? `, armour: ${armour}` : ''}` +
      `${r() < 0.2 ? ', culture: Viking' : ''}, tactics: ${JSON.stringify(tactics)}${hurt} }\n`
    );
  };
  const options = {
    morale: pick(r, ['on', 'off', 'off']),
    exhaustion: pick(r, ['endurance', 'off']),
    firstStrike: pick(r, ['5', '4']),
    defenceEffect: pick(r, ['table', 'column-shifts']),
    lowIntelligenceMorale: pick(r, ['+1', '0', '-1']),
    // Changes nothing one against one (nobody is suggested to shoot into the melee): the simulation must agree.
    intoMelee: pick(r, ['no', 'random']),
  };
  return (
    `ruleset: fantasy-wargaming\ntitle: Random duel\narea: ${pick(r, [10, 25, 35, 60])}\noptions: ${JSON.stringify(options)}\nsides:\n` +
    `  - name: Ann\n    combatants:\n${person('Ann')}` +
    `  - name: Bob\n    combatants:\n${person('Bob')}`
  );
}

export default {
  name: 'fantasy-wargaming',
  duels: [
    { file: 'data/fantasy-wargaming/encounters/duel-bare.yaml', options: [] },
    { file: 'data/fantasy-wargaming/encounters/duel-bare.yaml', options: ['firstStrike=4'] },
    { file: 'data/fantasy-wargaming/encounters/duel.yaml', options: [] },
  ],
  random: fwDuel,
};
