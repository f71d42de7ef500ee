// The party that goes on (issue 16): a party file brought into encounters whole (`party:`) or a
// member at a time (`use: FILE#Name`), and `fray party apply SAVE` writing back what lasts: a diff
// first, then asked; atomic, with a backup; the file's comments and layout kept.
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoDriver, runFight } from '../src/core/index.js';
import { Rng, SeededDice } from '../src/dice/index.js';
import { w1Lasting } from '../src/rulesets/wfrp1e/lasting.js';
import { current, type W1State } from '../src/rulesets/wfrp1e/state.js';
import type { CpState } from '../src/rulesets/wfrp-cp/state.js';
import { fray, loadFile, ROOT } from './helpers.js';

const CAMPAIGN = join(ROOT, 'data', 'wfrp1e', 'campaign');

/** The example campaign copied to a folder of its own, so the tests write nothing of the repo's. */
function campaign(): { dir: string; party: string; ambush: string; save: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fray-party-'));
  for (const f of ['heroes.yaml', 'ambush.yaml']) copyFileSync(join(CAMPAIGN, f), join(dir, f));
  return {
    dir,
    party: join(dir, 'heroes.yaml'),
    ambush: join(dir, 'ambush.yaml'),
    save: join(dir, 's.json'),
  };
}

const encounter = (members: string) => `ruleset: wfrp1e
title: On the road
sides:
  - name: Heroes
    players: true
${members}
  - name: Orcs
    combatants:
      - { use: orc }
`;

describe('a party in an encounter', () => {
  it('party: FILE brings every member onto the side, as written there', () => {
    const l = loadFile(join(CAMPAIGN, 'ambush.yaml'));
    const st = l.ruleset.create(l.setup) as W1State;
    const company = st.combatants.filter((c) => c.side === 0);
    expect(company.map((c) => c.name)).toEqual(['Helmut', 'Skallier', 'Gunnar']);
    const bow = company[1]?.missiles.get('bow');
    expect((bow?.ammo ?? 0) + (bow?.loaded ?? 0)).toBe(12);
    expect(l.parties).toEqual([
      {
        file: 'heroes.yaml',
        side: 0,
        members: ['Helmut', 'Skallier', 'Gunnar'].map((n) => ({ member: n, name: n })),
      },
    ]);
  });

  it('use: FILE#Name brings one member, the entry’s own fields over the member’s', () => {
    const c = campaign();
    writeFileSync(
      join(c.dir, 'e.yaml'),
      encounter('    combatants:\n      - { use: heroes.yaml#Gunnar, weapons: [dagger] }'),
    );
    const l = loadFile(join(c.dir, 'e.yaml'));
    const st = l.ruleset.create(l.setup) as W1State;
    const gunnar = st.combatants.find((x) => x.name === 'Gunnar');
    expect(gunnar?.right?.id).toBe('dagger');
    expect(gunnar?.profile.T).toBe(4); // the dwarf of the bestiary, through the member's own use:
  });

  it('refuses what does not fit, at its line, in the file it is in', async () => {
    const c = campaign();
    const e = join(c.dir, 'e.yaml');
    writeFileSync(e, encounter('    combatants:\n      - { use: heroes.yaml#Gunar }'));
    let r = await fray(['fight', e]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /e\.yaml:7:\d+ sides\[0\]\.combatants\[0\]\.use: no member 'Gunar' in heroes\.yaml \(did you mean Gunnar\?\); members: Helmut, Skallier, Gunnar/,
    );
    // A member's own mistake is reported in the party file, at its line.
    writeFileSync(c.party, readFileSync(c.party, 'utf8').replace('weapons: [axe]', 'weapons: [axxe]'));
    writeFileSync(e, encounter('    party: heroes.yaml'));
    r = await fray(['fight', e]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/heroes\.yaml:\d+:\d+ members\[2\]\.weapons\[0\]: unknown weapon 'axxe'/);
    // A party of another ruleset.
    writeFileSync(c.party, readFileSync(c.party, 'utf8').replace('ruleset: wfrp1e', 'ruleset: openquest'));
    r = await fray(['fight', e]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /heroes\.yaml:7:\d+ ruleset: the party is written for openquest, the encounter is wfrp1e/,
    );
  });
});

describe('fray party apply', () => {
  it('shows the diff, writes nothing on no, writes on yes with a backup, keeps the comments', async () => {
    const c = campaign();
    const before = readFileSync(c.party, 'utf8');
    expect((await fray(['fight', c.ambush, '--seed', '4', '--save', c.save])).code).toBe(0);
    const no = await fray(['party', 'apply', c.save], ['n']);
    expect(no.code).toBe(0);
    expect(no.out).toContain('after Ambush on the Altdorf road (victory for The company after 8 rounds)');
    expect(no.out).toContain('Helmut: wounds: (not written) → 3');
    expect(no.out).toContain('Skallier: ammo: { bow: 12 } → { bow: 4 }');
    expect(no.out).toContain('Nothing written.');
    expect(readFileSync(c.party, 'utf8')).toBe(before);
    expect(existsSync(`${c.party}.bak`)).toBe(false);

    const yes = await fray(['party', 'apply', c.save], ['y']);
    expect(yes.code).toBe(0);
    expect(yes.out).toContain('Written to');
    expect(readFileSync(`${c.party}.bak`, 'utf8')).toBe(before);
    const after = readFileSync(c.party, 'utf8');
    // Only the changed lines differ: every comment and every other line is as it was.
    const gone = before.split('\n').filter((l) => !after.split('\n').includes(l));
    expect(gone).toEqual(['    ammo: { bow: 12 }']);
    expect(after).toContain('    ammo: { bow: 4 }');
    expect(after).toMatch(/armour: \[mail-shirt, helmet\]\n {4}wounds: 3\n/);
    expect(after).toContain('# An elf scout who shoots first and closes last.');

    // The next fight starts from it: Helmut hurt, Skallier with 4 arrows.
    const next = loadFile(c.ambush);
    const st = next.ruleset.create(next.setup) as W1State;
    expect(st.combatants.find((x) => x.name === 'Helmut')?.W).toBe(3);
    const bow = st.combatants.find((x) => x.name === 'Skallier')?.missiles.get('bow');
    expect((bow?.ammo ?? 0) + (bow?.loaded ?? 0)).toBe(4);
    // Applied again: nothing left to write.
    const again = await fray(['party', 'apply', c.save, '--yes']);
    expect(again.out).toContain('Nothing to write');
  });

  it('--yes writes without asking; a healed member loses the wounds line (a ruling in the save)', async () => {
    const c = campaign();
    writeFileSync(
      c.party,
      readFileSync(c.party, 'utf8').replace(
        '    armour: [mail-shirt, helmet]\n',
        '    armour: [mail-shirt, helmet]\n    wounds: 5\n',
      ),
    );
    const r = await fray(
      ['fight', c.ambush, '-i', '--auto', 'Greenskins', '--seed', '1', '--save', c.save],
      ['set Helmut W 8 a healing draught', 'quit'],
    );
    expect(r.code).toBe(0);
    const a = await fray(['party', 'apply', c.save, '--yes']);
    expect(a.code).toBe(0);
    expect(a.out).toContain('not over: as it stands in round 1');
    expect(a.out).toContain('Helmut: wounds: 5 → (not written)');
    expect(a.out).not.toContain('[y/N]');
    expect(readFileSync(c.party, 'utf8')).not.toContain('wounds: 5');
  });

  it('refuses a save without a party, or a party file it did not use, and writes nothing', async () => {
    const c = campaign();
    const plain = join(c.dir, 'plain.json');
    expect(
      (
        await fray([
          'fight',
          join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'),
          '--seed',
          '1',
          '--save',
          plain,
        ])
      ).code,
    ).toBe(0);
    const r = await fray(['party', 'apply', plain, '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('brought in no party');
    await fray(['fight', c.ambush, '--seed', '4', '--save', c.save]);
    const other = join(c.dir, 'other.yaml');
    writeFileSync(other, readFileSync(c.party, 'utf8'));
    const o = await fray(['party', 'apply', c.save, '--party', other, '--yes']);
    expect(o.code).toBe(2);
    expect(o.err).toContain('the fight has no members of');
    expect(readFileSync(other, 'utf8')).toBe(readFileSync(c.party, 'utf8'));
    expect(existsSync(`${c.party}.bak`)).toBe(false);
  });
});

describe('a save from elsewhere writes no party file outside its folder', () => {
  /** The GM's campaign in victim/, and a save of its fight received in received/. */
  async function received() {
    const c = campaign();
    const inbox = join(c.dir, 'received');
    mkdirSync(inbox);
    const save = join(inbox, 's.json');
    expect((await fray(['fight', c.ambush, '--seed', '4', '--save', save])).code).toBe(0);
    return { ...c, save, inbox };
  }

  it('refuses the party file a save names outside its folder: exit 2, nothing written, the way to go on named', async () => {
    const c = await received();
    const before = readFileSync(c.party, 'utf8');
    const r = await fray(['party', 'apply', c.save, '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`the save names the party file ${c.party}, outside its folder (${c.inbox})`);
    expect(r.err).toContain('--party');
    expect(r.out).toBe('');
    expect(readFileSync(c.party, 'utf8')).toBe(before);
    expect(existsSync(`${c.party}.bak`)).toBe(false);
    // The same save, its party path edited to climb out, and to a link beside it that leads out.
    const text = readFileSync(c.save, 'utf8');
    writeFileSync(c.save, text.replace(JSON.stringify(c.party), JSON.stringify('../heroes.yaml')));
    expect((await fray(['party', 'apply', c.save, '--yes'])).code).toBe(2);
    symlinkSync(c.party, join(c.inbox, 'heroes.yaml'));
    writeFileSync(c.save, text.replace(JSON.stringify(c.party), JSON.stringify('heroes.yaml')));
    const link = await fray(['party', 'apply', c.save, '--yes']);
    expect(link.code).toBe(2);
    expect(link.err).toContain('outside its folder');
    expect(readFileSync(c.party, 'utf8')).toBe(before);
  });

  it('writes it when the user names it (--party) or allows its folder, asking with the whole path', async () => {
    const c = await received();
    const named = await fray(['party', 'apply', c.save, '--party', c.party], ['n']);
    expect(named.code, named.err).toBe(0);
    expect(named.out).toContain(`Write these changes to ${c.party}? [y/N]`);
    const allowed = await fray(['party', 'apply', c.save, '--allow-path', c.dir, '--yes']);
    expect(allowed.code, allowed.err).toBe(0);
    expect(readFileSync(c.party, 'utf8')).toContain('wounds: 5');
  });

  it('a save beside its party (relative or absolute path) is written as before', async () => {
    const c = campaign();
    expect((await fray(['fight', c.ambush, '--seed', '4', '--save', c.save])).code).toBe(0);
    const text = readFileSync(c.save, 'utf8');
    writeFileSync(c.save, text.replace(JSON.stringify(c.party), JSON.stringify('heroes.yaml')));
    const r = await fray(['party', 'apply', c.save, '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(c.party, 'utf8')).toContain('wounds: 5');
  });

  it('refuses a party file that is a link, writing nothing', async () => {
    const c = campaign();
    const real = join(c.dir, 'real-heroes.yaml');
    copyFileSync(c.party, real);
    rmSync(c.party);
    symlinkSync(real, c.party);
    expect((await fray(['fight', c.ambush, '--seed', '4', '--save', c.save])).code).toBe(0);
    const r = await fray(['party', 'apply', c.save, '--yes']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot write: a symbolic link');
    expect(lstatSync(c.party).isSymbolicLink()).toBe(true);
    expect(existsSync(`${c.party}.bak`)).toBe(false);
  });
});

describe('what lasts in WFRP 1e', () => {
  it('a lost hand and an eye are written back, and hold from the next fight’s first round', () => {
    const c = campaign();
    writeFileSync(
      c.party,
      readFileSync(c.party, 'utf8').replace(
        '    armour: [mail-shirt, helmet]\n',
        '    armour: [mail-shirt, helmet]\n    lasting: [{ why: left hand lost, hand: left }, { why: an eye lost, change: { BS: -20 } }]\n',
      ),
    );
    const l = loadFile(c.ambush);
    const st = l.ruleset.create(l.setup) as W1State;
    const helmut = st.combatants.find((x) => x.name === 'Helmut');
    if (!helmut) throw new Error('no Helmut');
    expect(helmut.conds).toContainEqual(
      expect.objectContaining({ kind: 'handUseless', hand: 'left', from: 0, until: Infinity }),
    );
    const r = runFight(l.ruleset, l.setup, {
      driver: new AutoDriver(new SeededDice(Rng.seeded(2))),
      maxRounds: 1,
    });
    const after = (r.state as W1State).combatants.find((x) => x.name === 'Helmut');
    if (!after) throw new Error('no Helmut');
    expect(after.W).toBeLessThanOrEqual(8);
    // What it writes back is what it read, whatever else happened.
    expect(w1Lasting(after).fields.lasting).toEqual([
      { why: 'left hand lost', hand: 'left' },
      { why: 'an eye lost', change: { BS: -20 } },
    ]);
    // The eye's −20 BS holds in the fight: BS 30 − 20.
    expect(current(after, 'BS', 1)).toBe(10);
  });
});

describe('what lasts in every ruleset', () => {
  const examples: [string, string][] = [
    ['openquest/encounters/duel.yaml', 'hp'],
    ['fantasy-wargaming/encounters/duel.yaml', 'endurance'],
    ['ahq-house/encounters/crypt.yaml', 'wounds'],
    ['wfrp-cp/encounters/hans-and-the-goblins.yaml', 'wounds'],
    ['wfrp1e/encounters/demo.yaml', 'wounds'],
  ];
  it.each(examples)(
    '%s: the number that takes it out, written when below its most, taken out when full',
    (file, field) => {
      const l = loadFile(join(ROOT, 'data', file));
      const r = runFight(l.ruleset, l.setup, { driver: new AutoDriver(new SeededDice(Rng.seeded(5))) });
      const t = l.ruleset.tracker(r.state);
      for (const row of t.rows) {
        const g = row.gauges[0];
        const lasting = l.ruleset.lasting?.(r.state, row.id);
        if (!g || !lasting) throw new Error(`${file}: nothing lasts for ${row.name}`);
        expect(lasting.fields[field], `${file} ${row.name}`).toBe(
          g.value < g.max ? (Math.max(0, g.value) === g.value ? g.value : g.value) : null,
        );
      }
    },
  );
});

describe('Combat Points: insanity points', () => {
  it('are read from the file and written back', () => {
    const file = join(ROOT, 'data', 'wfrp-cp', 'encounters', 'hans-and-the-goblins.yaml');
    const text = readFileSync(file, 'utf8');
    const c = campaign();
    const copy = join(c.dir, 'hans.yaml');
    writeFileSync(copy, text.replace(/( {6}- name: Hans\n)/, '$1        insanity: 3\n'));
    const l = loadFile(copy);
    const st = l.ruleset.create(l.setup) as CpState;
    const hans = st.combatants.find((x) => x.name === 'Hans');
    expect(hans?.insanity).toBe(3);
    if (hans) hans.insanity = 4;
    const id = st.combatants.find((x) => x.name === 'Hans')?.id as string;
    expect(l.ruleset.lasting?.(st, id)?.fields.insanity).toBe(4);
  });
});
