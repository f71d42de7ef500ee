// What the encounter builder writes (issue 45): its draft from the bestiary, the campaign's
// characters and pasted stat blocks, in every ruleset, groups included, is checked by the server
// as a file is checked and must pass; and so must what the board editor writes after a GM has
// drawn walls and doors, moved, turned and added models (web/src/board: the page's own code).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeApps, startApp } from './app.js';
import { bestiary } from '../src/files/bestiary.js';
import { RULESETS } from '../src/rulesets/index.js';
import {
  encounterData,
  nameOfCreature,
  sizeOfCreature,
  toYaml,
  type Json,
  type Pick,
} from '../web/src/encounter-yaml.js';
import {
  moved,
  painted,
  readBoard,
  readGridModels,
  resized,
  turned,
  whyNotHere,
  writeGrid,
  type Board,
  type GridModel,
} from '../web/src/board/grid.js';
import {
  linedUp,
  placedAt,
  radiusOf,
  readSceneModels,
  whyNotThere,
  writeScene,
} from '../web/src/board/scene.js';

afterEach(closeApps);

const BLOCKS = join(import.meta.dirname, '..', 'data', 'blocks');
const PREFIX: Readonly<Record<string, string>> = {
  wfrp1e: 'wfrp1e-',
  'wfrp-cp': 'cp-',
  openquest: 'oq-',
  'fantasy-wargaming': 'fw-',
  'ahq-house': 'ahq-',
};

type Gm = Awaited<ReturnType<typeof startApp>>['gm'];

/** The server's word on an encounter's text, as the page's form asks it. */
async function check(gm: Gm, text: string): Promise<string[]> {
  const r = await gm('POST', '/api/encounters/check', { text });
  expect(r.status).toBe(200);
  return (r.body.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);
}

/** Everything the builder can put on a side in a ruleset: the examples' characters and the stat blocks pasted. */
async function material(gm: Gm, ruleset: string): Promise<Json[]> {
  await gm('POST', '/api/examples', { ruleset });
  const characters = (await gm('GET', `/api/characters?ruleset=${ruleset}`)).body as {
    entry: Json;
    damaged: string | null;
  }[];
  const pasted: Json[] = [];
  for (const f of readdirSync(BLOCKS).filter(
    (n) => n.startsWith(PREFIX[ruleset] as string) && n.endsWith('.txt'),
  )) {
    const r = await gm('POST', '/api/import', { ruleset, text: readFileSync(join(BLOCKS, f), 'utf8') });
    if (r.status === 200) pasted.push(r.body.entry as Json);
  }
  return [...characters.filter((c) => !c.damaged).map((c) => c.entry), ...pasted];
}

describe('the builder’s drafts pass the check a file passes (issue 45)', () => {
  for (const ruleset of RULESETS.keys())
    it(`${ruleset}: every creature of the bestiary alone and in a group of three, the characters and pasted blocks`, async () => {
      const { gm } = await startApp(`builder-${ruleset}`);
      const creatures = bestiary(ruleset);
      const entries = await material(gm, ruleset);
      // Each named once: a pasted block may be a creature the examples also bring.
      const seen = new Set<string>();
      const heroes: Pick[] = entries
        .filter((e) => !seen.has(String(e.name)) && seen.add(String(e.name)))
        .map((entry) => ({ use: String(entry.name), count: 1, side: 0, entry }));
      const monsters: Pick[] = creatures.flatMap((c): Pick[] => [
        { use: c.id, count: 1, side: 1 },
        { use: c.id, count: 3, side: 1 },
      ]);
      expect(heroes.length + monsters.length).toBeGreaterThan(2);
      // Without a bestiary the builder has characters and stat blocks on both sides.
      const picks = monsters.length
        ? [...heroes, ...monsters]
        : heroes.map((p, i) => ({ ...p, side: (i % 2) as 0 | 1 }));
      const data = encounterData(ruleset, 'Everything', ['Heroes', 'Monsters'], picks, creatures);
      expect(await check(gm, toYaml(data))).toEqual([]);
    });

  it('ahq-house: a group is one square per model on the map, not a count; a troll fills its 2 × 2', () => {
    const creatures = bestiary('ahq-house');
    const data = encounterData(
      'ahq-house',
      'Orcs',
      ['Heroes', 'Monsters'],
      [
        { use: 'orc', count: 3, side: 1 },
        { use: 'troll', count: 1, side: 1 },
      ],
      creatures,
    );
    const yaml = toYaml(data);
    expect(yaml).not.toContain('count');
    expect(yaml).toMatch(/\{ use: orc, at: \[o, p, q\], facing: W \}/);
    const board = readBoard(String(data.map)) as Board;
    const models = readGridModels(data, board, nameOfCreature(creatures), sizeOfCreature(creatures));
    expect(models.map((m) => m.name)).toEqual(['Orc 1', 'Orc 2', 'Orc 3', 'Troll']);
    expect(models.every((m) => m.at)).toBe(true);
    expect(models.at(-1)?.size).toBe(2);
  });
});

const AHQ = `ruleset: ahq-house
title: Two heroes and three orcs
map: |
  ##########
  #........#
  #.A....c.#
  #.B....d.#
  #......e.#
  ##########
sides:
  - name: Heroes
    players: true
    combatants:
      - { name: Barbarian, at: A, facing: E, profile: { WS: 8, BS: 5, DS: 6, T: 4, W: 12, Sp: 6, St: 5, Br: 9 }, weapons: [sword], armour: [] }
      - { name: Dwarf, at: B, profile: { WS: 8, BS: 5, DS: 6, T: 4, W: 12, Sp: 6, St: 5, Br: 9 }, weapons: [axe], armour: [] }
  - name: Orcs
    combatants:
      - { use: orc, at: [c, d, e], facing: W }
      - { use: troll, at: [5, 1] }
`;

describe('the board editor’s changes are the encounter’s (issue 45)', () => {
  const creatures = bestiary('ahq-house');
  const nameOf = nameOfCreature(creatures);
  const sizeOf = sizeOfCreature(creatures);
  const read = (data: Json) => {
    const board = readBoard(String(data.map)) as Board;
    return { board, models: readGridModels(data, board, nameOf, sizeOf) };
  };
  const named = (models: readonly GridModel[], name: string) =>
    models.find((m) => m.name === name) as GridModel;

  it('names a party member brought in by reference by its name in the party, not by the file', () => {
    expect(nameOf({ use: 'party-ahq-house.yaml#Sven' })).toBe('Sven');
    expect(nameOf({ use: 'troll' })).toBe('Troll');
  });

  it('reads the models of a hand-written map, letters and [x, y] alike, the troll on its block', async () => {
    const { gm } = await startApp('board-read');
    expect(await check(gm, AHQ)).toEqual([]);
    const { data } = (await gm('POST', '/api/encounters/check', { text: AHQ })).body as { data: Json };
    const { board, models } = read(data);
    expect(models.map((m) => [m.name, m.at, m.facing, m.glyph])).toEqual([
      ['Barbarian', { x: 2, y: 2 }, 'E', 'A'],
      ['Dwarf', { x: 2, y: 3 }, 'E', 'B'],
      ['Orc 1', { x: 7, y: 2 }, 'W', 'c'],
      ['Orc 2', { x: 7, y: 3 }, 'W', 'd'],
      ['Orc 3', { x: 7, y: 4 }, 'W', 'e'],
      ['Troll', { x: 5, y: 1 }, 'W', null],
    ]);
    // What the fight would refuse, with its reason.
    const orc = named(models, 'Orc 1');
    expect(whyNotHere(board, models, orc, { x: 0, y: 2 })).toBe('(0, 2) is a wall');
    expect(whyNotHere(board, models, orc, { x: 6, y: 2 })).toBe('(6, 2) is taken by Troll');
    expect(whyNotHere(board, models, orc, { x: 2, y: 3 })).toBe('(2, 3) is taken by Dwarf');
    expect(whyNotHere(board, models, named(models, 'Troll'), { x: 8, y: 4 })).toBe('(9, 4) is a wall');
    expect(painted(board, models, { x: 7, y: 3 }, '#')).toBe(
      'Orc 2 stands on (7, 3): move it before putting a wall there',
    );
    expect(resized(board, models, 7, 6)).toBe('Orc 1 stands at (7, 2), off a board of 7 × 6: move it first');
  });

  it('walls, a door, a model moved and turned, a group member moved onto an open door: the map and the entries follow, and the fight takes it', async () => {
    const { gm } = await startApp('board-edit');
    const data = (await gm('POST', '/api/encounters/check', { text: AHQ })).body.data as Json;
    let { board, models } = read(data);
    // A wall across the room with a closed door in it, and an open door beside.
    for (let y = 1; y <= 4; y++) board = painted(board, models, { x: 4, y }, '#') as Board;
    board = painted(board, models, { x: 4, y: 2 }, '+') as Board;
    board = painted(board, models, { x: 4, y: 3 }, '/') as Board;
    const troll = named(models, 'Troll');
    expect(whyNotHere(board, models, troll, { x: 3, y: 1 })).toBe('(4, 1) is a wall');
    models = moved(models, troll, { x: 5, y: 3 });
    models = moved(models, named(models, 'Orc 2'), { x: 4, y: 3 }, 'S');
    models = turned(models, named(models, 'Dwarf'), 'N');
    board = resized(board, models, 11, 6) as Board;
    const next = writeGrid(data, board, models);
    expect(next.map).toBe(
      ['###########', '#...#....##', '#.A.+..c.##', '#.B./....##', '#...#..e.##', '###########', ''].join(
        '\n',
      ),
    );
    const text = toYaml(next);
    expect(text).toContain('{ use: orc, at: [c, [4, 3], e], facing: [W, S, W] }');
    expect(text).toContain('{ use: troll, at: [5, 3], facing: W }');
    expect(text).toMatch(/name: Dwarf, at: B, profile: .*, facing: N \}/);
    expect(await check(gm, text)).toEqual([]);
    // Read again, the board is what was drawn.
    const again = read(next);
    expect(again.models.map((m) => m.at)).toEqual(models.map((m) => m.at));
  });

  it('a group written with a count (as the builder once wrote it) is placed model by model, and its count goes', async () => {
    const { gm } = await startApp('board-count');
    const text = AHQ.replace('{ use: orc, at: [c, d, e], facing: W }', '{ use: orc, count: 2 }');
    expect((await check(gm, text)).join('\n')).toContain("unknown field 'count'");
    const data = (await gm('POST', '/api/encounters/check', { text })).body.data as Json;
    let { board, models } = read(data);
    expect(models.filter((m) => !m.at).map((m) => m.name)).toEqual(['Orc 1', 'Orc 2']);
    models = moved(models, named(models, 'Orc 1'), { x: 8, y: 2 });
    expect(toYaml(writeGrid(data, board, models))).toContain('{ use: orc, count: 2, at: [o], facing: W }');
    models = moved(models, named(models, 'Orc 2'), { x: 8, y: 4 });
    const done = toYaml(writeGrid(data, board, models));
    expect(done).toContain('{ use: orc, at: [o, p], facing: W }');
    // The letters c, d and e the map marked for nothing stay where they were.
    expect(done).toContain('#......ep#');
    expect(await check(gm, done)).toEqual([]);
    board = readBoard(String(writeGrid(data, board, models).map)) as Board;
    expect([...board.marks.keys()].sort()).toEqual(['A', 'B', 'c', 'd', 'e', 'o', 'p']);
  });
});

describe('the scene editor’s changes are the encounter’s (issue 45)', () => {
  const creatures = bestiary('wfrp1e');
  const nameOf = nameOfCreature(creatures);
  const heights = new Map(creatures.map((c) => [c.id, c.height]));
  const radius = radiusOf((c) =>
    typeof c.height === 'number' ? c.height : typeof c.use === 'string' ? (heights.get(c.use) ?? null) : null,
  );

  for (const ruleset of ['wfrp1e', 'wfrp-cp'])
    it(`${ruleset}: the builder's draft placed on a scene, a group split model by model, an overlap refused with its reason`, async () => {
      const { gm } = await startApp(`scene-${ruleset}`);
      const picks: Pick[] = [
        { use: 'human', count: 2, side: 0 },
        { use: 'orc', count: 3, side: 1 },
        { use: 'troll', count: 1, side: 1 },
      ];
      const data = encounterData(ruleset, 'A scene', ['Heroes', 'Monsters'], picks, creatures);
      let models = readSceneModels(data, nameOf, radius);
      expect(models.map((m) => m.name)).toEqual(['Human 1', 'Human 2', 'Orc 1', 'Orc 2', 'Orc 3', 'Troll']);
      // One placed: the rest stand where the fight lines them up.
      const orc2 = models[3]!;
      models = placedAt(models, orc2, { x: 4, y: 10 });
      let text = toYaml(writeScene(data, models));
      expect(text).toContain(
        '      - { name: Orc 1, use: orc }\n      - { name: Orc 2, use: orc, at: [4, 10] }\n',
      );
      expect(await check(gm, text)).toEqual([]);
      // All placed and faced.
      models = linedUp(readSceneModels(data, nameOf, radius));
      const troll = models.find((m) => m.name === 'Troll')!;
      expect(troll.radius).toBeGreaterThan(1);
      const human = models[0]!;
      expect(whyNotThere(models, human, troll.at!)).toMatch(
        /^Troll stands at \(-?\d+, 12\): bases may not overlap \(2 and \d yards across\)$/,
      );
      text = toYaml(writeScene(data, models));
      expect(text).toMatch(/\{ use: troll, at: \[-?\d+, 12\], facing: 180 \}/);
      expect(await check(gm, text)).toEqual([]);
      // The overlap the editor refuses, the fight refuses too.
      const onTop = toYaml(writeScene(data, placedAt(models, human, troll.at)));
      expect((await check(gm, onTop)).join('\n')).toContain('bases may not overlap');
    });
});
