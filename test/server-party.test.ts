// The campaign's party from fight to fight on the server (issue 45, part 2): an encounter of the
// campaign brings the party's characters in by reference and a fight starts from them as they are;
// what a fight left on them is shown field by field, written into the characters in one step (at
// the step it was shown at), and taken back exactly by an undo, which refuses to undo over a change
// made since.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FightView } from '../src/server/fights.js';
import type { PartyResult } from '../src/server/party.js';
import { closeApps, startApp } from './app.js';
import { fray, ROOT } from './helpers.js';

afterEach(closeApps);

const HEROES = readFileSync(join(ROOT, 'data/wfrp1e/campaign/heroes.yaml'), 'utf8');
/** The example ambush, its party the campaign's: the three heroes against two orcs and two goblins. */
const AMBUSH = readFileSync(join(ROOT, 'data/wfrp1e/campaign/ambush.yaml'), 'utf8').replace(
  'party: heroes.yaml',
  'party: party-wfrp1e.yaml',
);

/** A campaign with the example party and the ambush; `seed` 2 leaves Gunnar at W 3, Helmut at 5 and Skallier 6 arrows. */
async function campaign() {
  const s = await startApp('party');
  const imported = await s.gm('POST', '/api/characters/import', { text: HEROES });
  expect(imported.status).toBe(201);
  const e = await s.gm('POST', '/api/encounters', { text: AMBUSH });
  expect(e.status, e.body.error).toBe(201);
  const characters = async () =>
    (await s.gm('GET', '/api/characters?ruleset=wfrp1e')).body as {
      id: number;
      name: string;
      entry: Record<string, unknown>;
      health: { label: string; value: number; max: number } | null;
    }[];
  const byName = async (name: string) => (await characters()).find((c) => c.name === name);
  /** A fight of the ambush played by the tactics on both sides, to its end. */
  const fought = async (seed: number): Promise<FightView> => {
    const f = await s.gm('POST', '/api/fights', { encounterId: e.body.id, seed });
    expect(f.status, f.body.error).toBe(201);
    await s.gm('PUT', `/api/fights/${f.body.id}/auto`, { sides: [0, 1] });
    return (await s.gm('GET', `/api/fights/${f.body.id}`)).body as FightView;
  };
  const party = async (fight: number) =>
    (await s.gm('GET', `/api/fights/${fight}/party`)).body as PartyResult;
  return { ...s, encounter: e.body.id as number, characters, byName, fought, party };
}

describe('an encounter of the campaign brings in the party by reference', () => {
  it('reads the characters as they are when a fight starts, and the save keeps them as they were', async () => {
    const c = await campaign();
    const helmut = await c.byName('Helmut');
    const edited = { ...helmut?.entry, wounds: 2 };
    const put = await c.gm('PUT', `/api/characters/${helmut?.id}`, {
      ruleset: 'wfrp1e',
      text: JSON.stringify(edited),
    });
    expect(put.status, put.body.error).toBe(200);
    const f = await c.gm('POST', '/api/fights', { encounterId: c.encounter, seed: 1 });
    const row = (f.body as FightView).tracker.rows.find((r) => r.name === 'Helmut');
    expect(row?.gauges[0]).toEqual({ label: 'W', value: 2, max: 8 });
    const save = (await c.gm('GET', `/api/fights/${f.body.id}/export`)).body as { party: unknown };
    expect(save.party).toEqual([
      {
        file: 'party-wfrp1e.yaml',
        side: 0,
        members: ['Gunnar', 'Helmut', 'Skallier'].map((n) => ({ member: n, name: n })),
      },
    ]);
    // Healed afterwards: the fight already begun keeps Helmut as he came into it.
    await c.gm('PUT', `/api/characters/${helmut?.id}`, {
      ruleset: 'wfrp1e',
      text: JSON.stringify(helmut?.entry),
    });
    const again = (await c.gm('GET', `/api/fights/${f.body.id}`)).body as FightView;
    expect(again.tracker.rows.find((r) => r.name === 'Helmut')?.gauges[0]?.value).toBe(2);
  });

  it('refuses a member the party lacks, a file of its own, and another ruleset’s party, each with the way on', async () => {
    const c = await campaign();
    const one = (use: string) =>
      c.gm('POST', '/api/encounters/check', {
        text: `ruleset: wfrp1e\ntitle: t\nsides:\n  - name: A\n    combatants:\n      - { use: "${use}" }\n  - name: B\n    combatants:\n      - { use: orc }\n`,
      });
    expect((await one('party-wfrp1e.yaml#Helmut')).body.ok).toBe(true);
    const missing = await one('party-wfrp1e.yaml#Hans');
    expect(missing.body.issues[0].message).toMatch(
      /no member 'Hans' in party-wfrp1e\.yaml; members: Gunnar, Helmut, Skallier/,
    );
    const file = await one('heroes.yaml#Helmut');
    expect(file.body.issues[0].message).toMatch(/names no files but its party \(party-wfrp1e\.yaml/);
    const other = await one('party-openquest.yaml#Helmut');
    expect(other.body.issues[0].message).toMatch(/the campaign's openquest party has nobody in it/);
  });

  it('runs on the command line as exported, beside the party exported, and takes fray party apply there', async () => {
    const c = await campaign();
    const dir = mkdtempSync(join(tmpdir(), 'fray-exported-'));
    const party = join(dir, 'party-wfrp1e.yaml');
    writeFileSync(party, (await c.gm('GET', '/api/characters/party?ruleset=wfrp1e')).body as string);
    writeFileSync(
      join(dir, 'ambush.yaml'),
      (await c.gm('GET', `/api/encounters/${c.encounter}/export`)).body as string,
    );
    const save = join(dir, 's.json');
    const fought = await fray(['fight', join(dir, 'ambush.yaml'), '--seed', '4', '--save', save]);
    expect(fought.code, fought.err).toBe(0);
    const applied = await fray(['party', 'apply', save, '--yes']);
    expect(applied.code, applied.err).toBe(0);
    expect(applied.out).toContain(`Written to `);
    expect(readFileSync(party, 'utf8')).toMatch(/wounds: \d/);
  });

  it('keeps a study of it with the members written in, so a re-run runs the same fights', async () => {
    const c = await campaign();
    const r = await c.gm('POST', '/api/studies', {
      kind: 'sim',
      encounterId: c.encounter,
      runs: 10,
      seed: 1,
    });
    expect(r.status, r.body.error).toBe(202);
    await c.gm('POST', `/api/studies/${r.body.id}/stop`);
    const study = (await c.gm('GET', `/api/studies/${r.body.id}`)).body as { text: string };
    expect(study.text).not.toContain('party-wfrp1e.yaml');
    expect(study.text).toMatch(/name: Skallier[\s\S]*bow: 12/);
  });
});

describe('what a fight left on the party', () => {
  it('is shown field by field, applied at the step shown, carried into the next fight, and undone exactly', async () => {
    const c = await campaign();
    const before = await c.characters();
    const v = await c.fought(2);
    expect(v.outcome).toMatch(/victory for The company/);
    const shown = await c.party(v.id);
    expect(shown.step).toBe(v.inputs);
    const of = (name: string) => shown.members.find((m) => m.name === name);
    expect(of('Helmut')?.end?.gauge).toEqual({ label: 'W', value: 5, max: 8 });
    expect(of('Helmut')?.changes).toEqual([{ field: 'wounds', to: 5 }]);
    expect(of('Gunnar')?.changes).toEqual([{ field: 'wounds', to: 3 }]);
    expect(of('Skallier')?.changes).toEqual([{ field: 'ammo', from: { bow: 12 }, to: { bow: 6 } }]);
    expect(shown.applied).toEqual([]);

    // Shown at an earlier step: refused, nothing written.
    const stale = await c.gm('POST', `/api/fights/${v.id}/party`, { step: v.inputs - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/moved on since those changes were shown/);
    expect(await c.characters()).toEqual(before);

    const applied = await c.gm('POST', `/api/fights/${v.id}/party`, { step: shown.step });
    expect(applied.status, applied.body.error).toBe(200);
    const after = applied.body as PartyResult;
    expect(after.members.every((m) => m.changes.length === 0)).toBe(true);
    expect(after.applied).toHaveLength(1);
    expect(after.applied[0]).toMatchObject({ step: v.inputs, outcome: v.outcome, undone: null });
    expect(after.applied[0]?.changes.map((x) => `${x.name} ${x.field}`)).toEqual([
      'Gunnar wounds',
      'Helmut wounds',
      'Skallier ammo',
    ]);
    expect((await c.byName('Helmut'))?.entry.wounds).toBe(5);
    expect((await c.byName('Helmut'))?.health).toEqual({ label: 'W', value: 5, max: 8 });
    expect((await c.byName('Skallier'))?.entry.ammo).toEqual({ bow: 6 });
    const twice = await c.gm('POST', `/api/fights/${v.id}/party`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/nothing to apply/);

    // The next fight starts from the party as it is now.
    const next = await c.gm('POST', '/api/fights', { encounterId: c.encounter, seed: 1 });
    const rows = (next.body as FightView).tracker.rows;
    expect(rows.find((r) => r.name === 'Helmut')?.gauges[0]).toEqual({ label: 'W', value: 5, max: 8 });
    expect(rows.find((r) => r.name === 'Gunnar')?.gauges[0]?.value).toBe(3);

    // Undone: every character exactly as it was, the record kept and marked.
    const undone = await c.gm('POST', `/api/fights/${v.id}/party/undo`);
    expect(undone.status, undone.body.error).toBe(200);
    expect((undone.body as PartyResult).applied[0]?.undone).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await c.characters()).map((x) => x.entry)).toEqual(before.map((x) => x.entry));
    expect((await c.byName('Helmut'))?.health).toEqual({ label: 'W', value: 8, max: 8 });
    expect((await c.gm('POST', `/api/fights/${v.id}/party/undo`)).status).toBe(409);
  });

  it('does not undo over a change made since, and says who changed', async () => {
    const c = await campaign();
    const v = await c.fought(2);
    expect((await c.gm('POST', `/api/fights/${v.id}/party`, {})).status).toBe(200);
    const helmut = await c.byName('Helmut');
    await c.gm('PUT', `/api/characters/${helmut?.id}`, {
      ruleset: 'wfrp1e',
      text: JSON.stringify({ ...helmut?.entry, wounds: 7 }),
    });
    const r = await c.gm('POST', `/api/fights/${v.id}/party/undo`);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/Helmut has changed since it was applied/);
    expect((await c.byName('Helmut'))?.entry.wounds).toBe(7);
    expect((await c.byName('Gunnar'))?.entry.wounds).toBe(3);
  });

  it('carries a critical that lasts and says who died; a fight without the party says how to bring it in', async () => {
    const c = await campaign();
    const v = await c.fought(6);
    const shown = await c.party(v.id);
    const gunnar = shown.members.find((m) => m.name === 'Gunnar');
    expect(gunnar?.changes).toContainEqual({ field: 'lasting', to: [{ why: 'critical 6', toHit: -10 }] });
    expect(shown.members.find((m) => m.name === 'Helmut')?.notes).toEqual(['died in the fight']);
    expect(shown.members.find((m) => m.name === 'Helmut')?.end?.out).toBe('dead');

    const plain = await c.gm('POST', '/api/encounters', {
      text: 'ruleset: wfrp1e\ntitle: Orcs\nsides:\n  - name: A\n    combatants: [{ use: human }]\n  - name: B\n    combatants: [{ use: orc }]\n',
    });
    const f = await c.gm('POST', '/api/fights', { encounterId: plain.body.id, seed: 1 });
    const none = await c.party(f.body.id);
    expect(none.members).toEqual([]);
    expect(none.notes[0]).toMatch(/use: party-wfrp1e\.yaml#Name/);
    expect((await c.gm('POST', `/api/fights/${f.body.id}/party`, {})).status).toBe(409);
    expect((await c.gm('GET', '/api/fights/99/party')).status).toBe(404);
  });
});
