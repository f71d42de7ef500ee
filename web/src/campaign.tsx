// The campaign: its encounters (made from the bestiary or pasted as YAML, checked by the same
// schemas as the command line, each problem shown at its line) and its fights (started with a
// seed, imported from a save of `fray fight --save`, opened, exported).
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  download,
  type Character,
  type Creature,
  type EncounterItem,
  type FightItem,
  type RulesetItem,
  partyFile,
} from './api.js';
import { Problems } from './problems.js';
import { changes } from './state.js';
import { EncounterForm } from './form.js';
import { encounterYaml, GRID_RULESETS, type Pick } from './encounter-yaml.js';
import { BoardView } from './board/board.js';
import { Characters } from './characters.js';
import { CreaturePicker } from './creature-picker.js';
import { PasteBlock } from './paste.js';
import { Tabs } from './tabs.js';
import { Help } from './help.js';
import { DangerPanel } from './danger.js';
import { RULESET_HELP } from './help-links.js';

function Builder({
  rulesets,
  onText,
  onDraft,
}: {
  rulesets: readonly RulesetItem[];
  onText: (t: string, ruleset: string) => void;
  /** Told the draft as YAML after each change, or '' while a side is empty (no fight to weigh). */
  onDraft: (yaml: string) => void;
}) {
  const [ruleset, setRuleset] = useState('wfrp1e');
  const [creatures, setCreatures] = useState<Creature[]>([]);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [title, setTitle] = useState('A new fight');
  const [sides, setSides] = useState<[string, string]>(['Heroes', 'Monsters']);
  const [use, setUse] = useState('');
  const [characters, setCharacters] = useState<Character[]>([]);
  const [who, setWho] = useState('');
  useEffect(() => {
    void api.bestiary(ruleset).then((c) => {
      setCreatures(c);
      // The list fetched again (any change to the campaign) keeps the creature the GM picked.
      setUse((u) => (c.some((x) => x.id === u) ? u : (c[0]?.id ?? '')));
    });
    // A character whose row cannot be read has no entry to bring into a fight.
    void api.usableCharacters(ruleset).then((c) => {
      setCharacters(c);
      setWho((w) => (c.some((x) => x.name === w) ? w : (c[0]?.name ?? '')));
    });
  }, [ruleset, changes.value]);
  const addCharacter = (side: 0 | 1) => {
    const c = characters.find((x) => x.name === who);
    if (c && !picks.some((p) => p.entry && p.use === c.name))
      setPicks([
        ...picks,
        {
          use: c.name,
          count: 1,
          side,
          entry: c.party ? { use: `${partyFile(ruleset)}#${c.name}` } : c.entry,
        },
      ]);
  };
  useEffect(() => {
    const fights = picks.some((p) => p.side === 0) && picks.some((p) => p.side === 1);
    onDraft(fights ? encounterYaml(ruleset, title, sides, picks, creatures) : '');
  }, [ruleset, title, sides, picks, creatures]);
  // The same creature again for a side is one more of it ("Orc × 2"), not another line.
  const add = (side: 0 | 1) => {
    if (!use) return;
    const at = picks.findIndex((p) => p.use === use && p.side === side);
    setPicks(
      at < 0
        ? [...picks, { use, count: 1, side }]
        : picks.map((p, i) => (i === at ? { ...p, count: Math.min(50, p.count + 1) } : p)),
    );
  };
  return (
    <div class="builder">
      <div class="row">
        <label>
          Ruleset{' '}
          <select value={ruleset} onChange={(e) => (setRuleset(e.currentTarget.value), setPicks([]))}>
            {rulesets.map((r) => (
              <option value={r.id}>{r.id}</option>
            ))}
          </select>
        </label>
        <Help to={RULESET_HELP[ruleset]?.encounter} />
        <label>
          Title <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
      </div>
      {creatures.length === 0 ? (
        <p class="hint">This ruleset has no bestiary: write the combatants in the YAML.</p>
      ) : (
        <div class="row">
          <label>
            Creature <CreaturePicker creatures={creatures} value={use} onChange={setUse} />
          </label>
          {([0, 1] as const).map((i) => (
            <button type="button" disabled={!use} onClick={() => add(i)}>
              add to {sides[i]}
            </button>
          ))}
        </div>
      )}
      {characters.length > 0 && (
        <div class="row">
          <label>
            Character{' '}
            <select value={who} onChange={(e) => setWho(e.currentTarget.value)} aria-label="character">
              {characters.map((c) => (
                <option value={c.name}>
                  {c.name}
                  {c.party ? ' (party)' : ''}
                </option>
              ))}
            </select>
          </label>
          {([0, 1] as const).map((i) => (
            <button type="button" onClick={() => addCharacter(i)}>
              add to {sides[i]}
            </button>
          ))}
        </div>
      )}
      <details class="paste-in">
        <summary>Paste a stat block</summary>
        <p class="hint">
          As a book or a page prints it: each line read is shown before it goes in. <Help topic="statBlock" />
        </p>
        <PasteBlock
          ruleset={ruleset}
          label="paste a stat block into the encounter"
          actions={([0, 1] as const).map((i) => ({
            label: `add to ${sides[i]}`,
            run: (entry: Record<string, unknown>) =>
              setPicks((p) => [...p, { use: String(entry.name), count: 1, side: i, entry }]),
          }))}
        />
      </details>
      <div class="sides">
        {([0, 1] as const).map((i) => (
          <div class="side">
            <input
              aria-label={`side ${i + 1} name`}
              value={sides[i]}
              onInput={(e) =>
                setSides(i === 0 ? [e.currentTarget.value, sides[1]] : [sides[0], e.currentTarget.value])
              }
            />
            <ul>
              {picks.map((p, k) =>
                p.side === i ? (
                  <li>
                    {creatures.find((c) => c.id === p.use)?.name ?? p.use}
                    {p.entry ? ' ' : ' × '}
                    <input
                      hidden={p.entry !== undefined}
                      type="number"
                      min={1}
                      max={50}
                      value={p.count}
                      class="count"
                      aria-label={`how many ${creatures.find((c) => c.id === p.use)?.name ?? p.use}`}
                      onInput={(e) =>
                        setPicks(
                          picks.map((x, j) =>
                            j === k ? { ...x, count: Number(e.currentTarget.value) || 1 } : x,
                          ),
                        )
                      }
                    />{' '}
                    <button
                      type="button"
                      class="link"
                      onClick={() => setPicks(picks.filter((_, j) => j !== k))}
                    >
                      remove
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ))}
      </div>
      <button
        type="button"
        disabled={picks.length === 0}
        onClick={() => onText(encounterYaml(ruleset, title, sides, picks, creatures), ruleset)}
      >
        Write it as YAML below
      </button>
    </div>
  );
}

/** An empty campaign's way in: a ruleset's shipped example party and encounters, in one click. */
function Examples({ rulesets, onLoaded }: { rulesets: readonly RulesetItem[]; onLoaded: () => void }) {
  const [ruleset, setRuleset] = useState('wfrp1e');
  const [said, setSaid] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const load = async () => {
    setError(null);
    try {
      const r = await api.loadExamples(ruleset);
      setSaid(
        `${r.encounters} encounter${r.encounters === 1 ? '' : 's'} and ${r.characters} character${r.characters === 1 ? '' : 's'} of ${ruleset} added`,
      );
      onLoaded();
      // Every list of the page (the characters too) fetched again, whether or not the live socket
      // has said so yet (a page just opened may not have said hello when the answer comes).
      changes.value++;
    } catch (e) {
      setError(e as Error);
    }
  };
  return (
    <div class="row">
      <select
        value={ruleset}
        onChange={(e) => setRuleset(e.currentTarget.value)}
        aria-label="examples of the ruleset"
      >
        {rulesets.map((r) => (
          <option value={r.id}>{r.title}</option>
        ))}
      </select>
      <button type="button" onClick={() => void load()}>
        Load the examples
      </button>
      {said && <span role="status">{said}</span>}
      <Problems error={error} />
    </div>
  );
}

export function Campaign() {
  const [encounters, setEncounters] = useState<EncounterItem[]>([]);
  const [fights, setFights] = useState<FightItem[]>([]);
  const [rulesets, setRulesets] = useState<RulesetItem[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const [importError, setImportError] = useState<Error | null>(null);
  const [seeds, setSeeds] = useState<Record<number, string>>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [view, setView] = useState<'yaml' | 'form' | 'board'>('yaml');
  const [draft, setDraft] = useState('');
  const refresh = () => {
    void api.encounters().then(setEncounters);
    void api.fights().then(setFights);
  };
  useEffect(refresh, [changes.value]);
  useEffect(() => void api.rulesets().then(setRulesets), []);

  const save = async () => {
    setError(null);
    try {
      if (editing !== null) await api.saveEncounter(editing, text);
      else await api.addEncounter(text);
      setText('');
      setEditing(null);
      refresh();
    } catch (e) {
      setError(e as Error);
    }
  };
  const start = async (id: number) => {
    const seed = seeds[id]?.trim();
    try {
      const v = await api.startFight(id, seed ? Number(seed) : undefined);
      location.hash = `#/fights/${v.id}`;
    } catch (e) {
      setError(e as Error);
    }
  };
  const importSave = async (file: File | undefined) => {
    if (!file) return;
    setImportError(null);
    try {
      const v = await api.importFight(await file.text());
      location.hash = `#/fights/${v.id}`;
    } catch (e) {
      setImportError(e as Error);
    }
  };
  return (
    <main class="campaign">
      <section class="panel">
        <h2>Fights</h2>
        {fights.length === 0 && <p class="hint">No fight yet: start one from an encounter.</p>}
        <ul class="list">
          {[...fights].reverse().map((f) => (
            <li>
              <a href={`#/fights/${f.id}`}>{f.title}</a> <span class="tag">{f.ruleset}</span>{' '}
              <span class="muted">{f.outcome ?? 'in play'}</span>{' '}
              {f.damaged && <span class="damaged">⚠ {f.damaged}</span>}{' '}
              <button
                type="button"
                class="link"
                onClick={() => void download(`/api/fights/${f.id}/export`, `fight-${f.id}.json`)}
              >
                export
              </button>
            </li>
          ))}
        </ul>
        <label class="import">
          Import a save (<code>fray fight --save</code>):{' '}
          <input type="file" accept=".json" onChange={(e) => void importSave(e.currentTarget.files?.[0])} />
        </label>
        <Problems error={importError} />
      </section>
      <section class="panel">
        <h2>Encounters</h2>
        {encounters.length === 0 && (
          <>
            <p class="hint">No encounter yet: build one below, or paste YAML, or start from the examples.</p>
            <Examples rulesets={rulesets} onLoaded={refresh} />
          </>
        )}
        <ul class="list">
          {encounters.map((e) => (
            <li>
              <strong>{e.title}</strong> <span class="tag">{e.ruleset}</span>{' '}
              <input
                class="seed"
                placeholder="seed"
                aria-label={`seed for ${e.title}`}
                value={seeds[e.id] ?? ''}
                onInput={(ev) => setSeeds({ ...seeds, [e.id]: ev.currentTarget.value })}
              />{' '}
              <button type="button" onClick={() => void start(e.id)}>
                Start a fight
              </button>{' '}
              <button
                type="button"
                class="link"
                onClick={() =>
                  void api.encounter(e.id).then((x) => {
                    setText(x.text);
                    setEditing(e.id);
                  })
                }
              >
                edit
              </button>{' '}
              <button type="button" class="link" onClick={() => void api.deleteEncounter(e.id).then(refresh)}>
                delete
              </button>
            </li>
          ))}
        </ul>
      </section>
      <Characters rulesets={rulesets} />
      <section class="panel wide">
        <h2>{editing !== null ? `Edit encounter ${editing}` : 'New encounter'}</h2>
        <Help topic="encounter" corner />
        <Builder
          rulesets={rulesets}
          onText={(t, ruleset) => {
            setText(t);
            // A grid fight's draft is a room to draw: its board comes up.
            if (GRID_RULESETS.has(ruleset)) setView('board');
          }}
          onDraft={setDraft}
        />
        {/* The builder's draft while it has both sides; else the encounter written below (one being edited). */}
        <DangerPanel
          text={draft || text}
          of={draft ? "the builder's draft" : 'the encounter written below'}
        />
        <Tabs
          label="the encounter as"
          tabs={[
            ['yaml', 'YAML'],
            ['form', 'Form'],
            ['board', 'Board'],
          ]}
          value={view}
          onChange={setView}
        />
        {view === 'form' && <EncounterForm text={text} onText={setText} />}
        {view === 'board' && <BoardView text={text} onText={setText} />}
        <textarea
          hidden={view !== 'yaml'}
          aria-label="encounter YAML"
          spellcheck={false}
          rows={14}
          value={text}
          placeholder={
            'ruleset: wfrp1e\ntitle: …\nsides:\n  - name: Heroes\n    players: true\n    combatants: …'
          }
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <Problems error={error} />
        <button type="button" class="primary" disabled={!text.trim()} onClick={() => void save()}>
          {editing !== null ? 'Check and save the encounter' : 'Check and add the encounter'}
        </button>
        {editing !== null && (
          <button type="button" class="link" onClick={() => (setEditing(null), setText(''))}>
            cancel
          </button>
        )}
      </section>
    </main>
  );
}
