// The campaign's characters: party members and others, each one combatant entry for its ruleset,
// made with a form (the values the rules derive shown as it is written), as YAML, or from a stat
// block pasted from a book or a page; the party imported and exported as a party file.
import { useEffect, useState } from 'preact/hooks';
import { api, download, partyFile, type Character, type RulesetItem } from './api.js';
import { CharacterForm } from './character-form.js';
import { PasteBlock } from './paste.js';
import { Problems } from './problems.js';
import { changes } from './state.js';
import { Tabs } from './tabs.js';
import { Help } from './help.js';

type Way = 'form' | 'paste';

/** How a character goes into its next fight: its W or HP, and what earlier fights left for good. */
function Standing({ c }: { c: Character }) {
  const g = c.health;
  const left = Array.isArray(c.entry.lasting)
    ? (c.entry.lasting as { why?: unknown }[]).map((x) => x.why).filter((w) => typeof w === 'string')
    : [];
  if (!g && left.length === 0) return null;
  return (
    <span class="standing">
      {g && (
        <span class={g.value < g.max ? 'hurt' : undefined}>
          {g.label} {g.value}/{g.max}
        </span>
      )}
      {left.length > 0 && <span class="muted"> · {left.join(', ')}</span>}
    </span>
  );
}

export function Characters({ rulesets }: { rulesets: readonly RulesetItem[] }) {
  const [list, setList] = useState<Character[]>([]);
  const [ruleset, setRuleset] = useState('wfrp1e');
  const [entry, setEntry] = useState<Record<string, unknown>>({});
  const [way, setWay] = useState<Way>('form');
  const [error, setError] = useState<Error | null>(null);
  const refresh = () => void api.characters().then(setList);
  useEffect(refresh, [changes.value]);
  const keep = async (e: Record<string, unknown>) => {
    setError(null);
    // JSON is YAML: the entry goes as the command line's text would.
    await api.addCharacter(ruleset, JSON.stringify(e));
    refresh();
  };
  const add = async () => {
    try {
      await keep(entry);
      setEntry({});
    } catch (e) {
      setError(e as Error);
    }
  };
  return (
    <section class="panel wide" aria-label="characters">
      <h2>Characters</h2>
      <Help topic="characters" corner />
      {list.length === 0 && (
        <p class="hint">No character yet: the party goes here, one combatant entry each.</p>
      )}
      <ul class="list">
        {list.map((c) => (
          <li>
            <strong>{c.name}</strong> <span class="tag">{c.ruleset}</span>{' '}
            <span class="muted">{c.party ? 'party' : 'other'}</span> <Standing c={c} />{' '}
            {c.damaged && <span class="damaged">⚠ {c.damaged}</span>}{' '}
            <button
              type="button"
              class="link"
              onClick={() => (
                setRuleset(c.ruleset),
                setEntry({ ...c.entry, name: `${c.name} (copy)` }),
                setWay('form')
              )}
            >
              copy
            </button>{' '}
            <button type="button" class="link" onClick={() => void api.deleteCharacter(c.id).then(refresh)}>
              delete
            </button>
          </li>
        ))}
      </ul>
      <div class="row">
        <label>
          Ruleset{' '}
          <select
            value={ruleset}
            onChange={(e) => (setRuleset(e.currentTarget.value), setEntry({}))}
            aria-label="character ruleset"
          >
            {rulesets.map((r) => (
              <option value={r.id}>{r.id}</option>
            ))}
          </select>
        </label>
        <Tabs
          label="how to make the character"
          tabs={[
            ['form', 'Build it'],
            ['paste', 'Paste a stat block'],
          ]}
          value={way}
          onChange={setWay}
        />
      </div>
      {way === 'form' ? (
        <>
          <CharacterForm ruleset={ruleset} entry={entry} onEntry={setEntry} />
          <Problems error={error} />
          <div class="row">
            <button type="button" disabled={!entry.name} onClick={() => void add()}>
              Check and add the character
            </button>
          </div>
        </>
      ) : (
        <PasteBlock
          ruleset={ruleset}
          label="paste a character's stat block"
          actions={[{ label: 'Keep as a character', run: keep }]}
        />
      )}
      <div class="row">
        <label>
          Import a party file:{' '}
          <input
            type="file"
            accept=".yaml,.yml,.json"
            aria-label="party file"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f)
                void f
                  .text()
                  .then((t) => api.importParty(t))
                  .then(refresh, (err: Error) => setError(err));
            }}
          />
        </label>
        <button
          type="button"
          class="link"
          onClick={() =>
            void download(`/api/characters/party?ruleset=${ruleset}`, partyFile(ruleset)).catch(
              (err: Error) => setError(err),
            )
          }
        >
          export the {ruleset} party
        </button>
      </div>
    </section>
  );
}
