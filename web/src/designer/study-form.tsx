// The study form: its kind, encounter, runs, seed and round cap, the rule options it sets, and
// the axis or variants a sweep or a comparison asks.
import { useEffect, useState } from 'preact/hooks';
import { api, type EncounterItem, type RulesetItem } from '../api.js';
import { Problems } from '../problems.js';
import {
  axisHints,
  axisText,
  bodyOf,
  entriesOf,
  freshForm,
  numberFields,
  poolOf,
  readAxis,
  valuesAround,
  writtenNumbers,
  type AxisPick,
  type EncounterData,
  type Form,
  type NumberField,
  type Pool,
} from './form-data.js';
import { KIND_NAME, KINDS, randomSeed } from './format.js';
import { Help } from '../help.js';
import { RULESET_HELP } from '../help-links.js';

/** The round cap of a study: empty is the encounter's own. */
function RoundCap({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <label class="field">
      <span class="flabel">Round cap</span>
      <input
        aria-label="round cap"
        class="mid-num"
        inputMode="numeric"
        placeholder="as written"
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/**
 * The rule options a study sets, as chips ("criticals=detailed ×"), and a pair of lists to set
 * another: the option, its value (the option's summary under them). What is not set is the
 * encounter's own.
 */
function Options({
  ruleset,
  values,
  onChange,
  prefix,
  own,
}: {
  ruleset: RulesetItem | undefined;
  values: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  prefix: string;
  /** The options the encounter sets itself. */
  own: Readonly<Record<string, string>>;
}) {
  const opts = ruleset?.options ?? [];
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const spec = opts.find((o) => o.name === name) ?? opts[0];
  if (!spec) return <p class="hint">This ruleset has no options.</p>;
  const has = own[spec.name] ?? spec.default;
  const shown = value && spec.values.includes(value) ? value : (values[spec.name] ?? has);
  const set = Object.entries(values);
  return (
    <div class="option-picker">
      <div class="chips">
        {set.length === 0 && <span class="muted">as the encounter has them</span>}
        {set.map(([k, v]) => (
          <span class="chip">
            {k}={v}{' '}
            <button
              type="button"
              class="link"
              aria-label={`drop ${prefix}${k}`}
              onClick={() => onChange(Object.fromEntries(set.filter(([x]) => x !== k)))}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div class="row">
        <select
          aria-label={`${prefix}option`}
          value={spec.name}
          onChange={(e) => (setName(e.currentTarget.value), setValue(''))}
        >
          {opts.map((o) => (
            <option value={o.name}>{o.name}</option>
          ))}
        </select>
        <select aria-label={`${prefix}value`} value={shown} onChange={(e) => setValue(e.currentTarget.value)}>
          {spec.values.map((v) => (
            <option value={v}>
              {v}
              {v === has ? ' (as is)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-label={`set ${prefix}option`}
          onClick={() => onChange({ ...values, [spec.name]: shown })}
        >
          set
        </button>
      </div>
      <p class="hint summary">{spec.summary}</p>
    </div>
  );
}

/**
 * One axis of a sweep picked by name: whose number (a combatant entry of a side, or the rule
 * options), which of its numbers, and the values; written as the path the API takes, into the box
 * under it (which still takes any path typed).
 */
function AxisPicker({
  name,
  data,
  fields,
  ruleset,
  value,
  optional,
  onChange,
}: {
  name: string;
  data: EncounterData;
  fields: readonly NumberField[];
  ruleset: RulesetItem | undefined;
  value: string;
  /** The second axis may be none. */
  optional: boolean;
  onChange: (text: string) => void;
}) {
  const options = ruleset?.options ?? [];
  const entries = data.sides.flatMap((s) => s.entries);
  const entryOf = (who: string) => entries.find((e) => `${e.side}:${e.entry}` === who);
  const read = readAxis(value);
  const whoOf = (p: AxisPick) => (p.who === 'options' ? 'options' : `${p.who.side}:${p.who.entry}`);
  // A path this encounter does not have (typed, or the last encounter's) is shown as not picked.
  const picked = read && (read.who === 'options' || entryOf(whoOf(read))) ? read : null;
  const who = picked ? whoOf(picked) : '';
  /** What the lists offer for `who`: its numbers (the schema's, then those it writes itself), or the options. */
  const fieldsOf = (w: string): { path: string; group: string; label: string; values: string }[] => {
    if (w === 'options')
      return options.map((o) => ({
        path: o.name,
        group: 'rule options',
        label: o.name,
        values: o.values.join(','),
      }));
    const e = entryOf(w);
    if (!e) return [];
    const written = writtenNumbers(e.doc);
    const listed = fields.map((f) => ({
      path: f.path,
      group: f.group || 'the entry',
      label: written.has(f.path) ? `${f.name} (${written.get(f.path)})` : f.name,
      values: valuesAround(written.get(f.path), f),
    }));
    const own = [...written]
      .filter(([path]) => !fields.some((f) => f.path === path))
      .map(([path, v]) => ({
        path,
        group: 'written in the entry',
        label: `${path} (${v})`,
        values: valuesAround(v, {}),
      }));
    return [...listed, ...own];
  };
  const offered = fieldsOf(who);
  const write = (w: string, field?: string, values?: string) => {
    if (w === '') return onChange('');
    const list = fieldsOf(w);
    const f = list.find((x) => x.path === field) ?? list[0];
    if (!f) return;
    const target = w === 'options' ? ('options' as const) : (entryOf(w) as { side: number; entry: number });
    onChange(
      axisText(
        target === 'options'
          ? { who: 'options', field: f.path, values: values ?? f.values }
          : { who: { side: target.side, entry: target.entry }, field: f.path, values: values ?? f.values },
      ),
    );
  };
  const groups = [...new Set(offered.map((f) => f.group))];
  return (
    <div class="row axis-pick">
      <label class="field">
        <span class="flabel">Whose</span>
        <select
          aria-label={`${name}: whose`}
          value={who}
          onChange={(e) => write(e.currentTarget.value, picked?.field)}
        >
          {(optional || !picked) && <option value="">{optional ? 'none' : 'pick one…'}</option>}
          {data.sides.map((sd) => (
            <optgroup label={sd.name}>
              {sd.entries.map((e) => (
                <option value={`${e.side}:${e.entry}`}>{e.label}</option>
              ))}
            </optgroup>
          ))}
          {options.length > 0 && <option value="options">the rule options</option>}
        </select>
      </label>
      <label class="field">
        <span class="flabel">Which</span>
        <select
          aria-label={`${name}: which`}
          value={picked?.field ?? ''}
          disabled={!picked}
          onChange={(e) => write(who, e.currentTarget.value)}
        >
          {!picked && <option value="" />}
          {groups.map((g) => (
            <optgroup label={g}>
              {offered
                .filter((f) => f.group === g)
                .map((f) => (
                  <option value={f.path}>{f.label}</option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="flabel">Values (LO..HI:STEP or a,b,c)</span>
        <input
          aria-label={`${name}: values`}
          class="mid"
          spellcheck={false}
          disabled={!picked}
          value={picked?.values ?? ''}
          onInput={(e) => write(who, picked?.field, e.currentTarget.value)}
        />
      </label>
    </div>
  );
}

export function StudyForm({
  encounters,
  rulesets,
  onStarted,
}: {
  encounters: readonly EncounterItem[];
  rulesets: readonly RulesetItem[];
  onStarted: (id: number) => void;
}) {
  const [encounterId, setEncounterId] = useState<number | null>(null);
  const [f, setF] = useState<Form>(freshForm);
  const [data, setData] = useState<EncounterData>({ sides: [], options: {} });
  const [pool, setPool] = useState<Pool>(poolOf([], []));
  const [fields, setFields] = useState<NumberField[]>([]);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (p: Partial<Form>) => setF((x) => ({ ...x, ...p }));
  const encounter = encounters.find((e) => e.id === encounterId) ?? encounters[0];
  const ruleset = rulesets.find((r) => r.id === encounter?.ruleset);
  useEffect(() => {
    if (!encounter) return;
    let live = true;
    void Promise.all([
      api.encounter(encounter.id).then((e) => api.checkEncounter(e.text)),
      api.bestiary(encounter.ruleset),
      api.usableCharacters(encounter.ruleset),
      api.characterForm(encounter.ruleset),
    ]).then(([checked, creatures, characters, form]) => {
      if (!live) return;
      const d = entriesOf(checked.data, creatures);
      setData(d);
      setPool(poolOf(creatures, characters));
      setFields(numberFields(form.schema));
      // The first of the first side against the first of the second, to begin with.
      const first = (s: number) => (d.sides[s]?.entries[0] ? `${s}:0` : '');
      const key = (k: number) =>
        creatures[k] ? `c:${creatures[k].id}` : characters[k] ? `h:${characters[k].id}` : '';
      set({ pickA: first(0), pickB: first(1), pairA: key(0), pairB: key(1) });
    });
    return () => {
      live = false;
    };
  }, [encounter?.id, encounter?.ruleset]);
  // A new ruleset has other options: what was chosen for the last one is dropped.
  useEffect(() => set({ options: {}, a: {}, b: {} }), [ruleset?.id]);

  if (!encounter)
    return (
      <section class="panel study-form">
        <h2>New study</h2>
        <p class="hint">
          No encounter in the campaign yet: <a href="#/">add one</a>, then study it here.
        </p>
      </section>
    );
  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const r = await api.startStudy(bodyOf(f, encounter.id, encounter.ruleset, pool));
      onStarted(r.id);
      // The next study gets a seed of its own unless one is typed.
      set({ seed: randomSeed() });
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const hints = axisHints(data, ruleset);
  const runsLabel = f.kind === 'compare' ? 'Paired fights' : f.kind === 'sweep' ? 'Fights a point' : 'Fights';
  return (
    <section class="panel study-form" aria-label="new study">
      <h2>New study</h2>
      <Help topic={f.kind} corner />
      <div class="row">
        <label class="grow">
          Encounter{' '}
          <select
            aria-label="encounter"
            value={String(encounter.id)}
            onChange={(e) => setEncounterId(Number(e.currentTarget.value))}
          >
            {encounters.map((e) => (
              <option value={String(e.id)}>
                {e.title} ({e.ruleset})
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="row tabs" role="tablist" aria-label="kind of study">
        {KINDS.map((k) => (
          <button
            type="button"
            role="tab"
            aria-selected={f.kind === k.kind}
            class={f.kind === k.kind ? 'on' : ''}
            onClick={() => set({ kind: k.kind })}
          >
            {k.label}
          </button>
        ))}
      </div>
      {f.kind !== 'odds' && (
        <div class="row">
          <label class="field">
            <span class="flabel">{runsLabel}</span>
            <input
              aria-label="runs"
              class="mid-num"
              inputMode="numeric"
              value={f.runs}
              onInput={(e) => set({ runs: e.currentTarget.value })}
            />
          </label>
          <label class="field">
            <span class="flabel">Seed</span>
            <span class="inline">
              <input
                aria-label="seed"
                class="mid-num"
                inputMode="numeric"
                value={f.seed}
                onInput={(e) => set({ seed: e.currentTarget.value })}
              />
              <button type="button" class="link" onClick={() => set({ seed: randomSeed() })}>
                new
              </button>
            </span>
          </label>
          <RoundCap value={f.maxRounds} onInput={(v) => set({ maxRounds: v })} />
          <Help topic="runs" />
          {(f.kind === 'sim' || f.kind === 'compare') && (
            <label class="field" title="stop once every win rate is known to ± this (0.005 is half a point)">
              <span class="flabel">Stop when sure to ±</span>
              <input
                aria-label="until ci"
                class="short"
                placeholder="0.005"
                value={f.untilCi}
                onInput={(e) => set({ untilCi: e.currentTarget.value })}
              />
            </label>
          )}
        </div>
      )}
      {f.kind === 'odds' && (
        <div class="row">
          <RoundCap value={f.maxRounds} onInput={(v) => set({ maxRounds: v })} />
        </div>
      )}
      <h3>
        Rule options{f.kind === 'compare' ? ' (both)' : ''}{' '}
        <Help to={ruleset ? RULESET_HELP[ruleset.id]?.options : undefined} />
      </h3>
      <Options
        ruleset={ruleset}
        own={data.options}
        values={f.options}
        onChange={(options) => set({ options })}
        prefix=""
      />
      {f.kind === 'compare' && (
        <div class="variants">
          {(['a', 'b'] as const).map((v) => (
            <fieldset class="variant">
              <legend>{v.toUpperCase()}</legend>
              <Options
                ruleset={ruleset}
                own={data.options}
                values={f[v]}
                onChange={(x) => set({ [v]: x })}
                prefix={`${v.toUpperCase()} `}
              />
              <textarea
                aria-label={`${v.toUpperCase()} edits`}
                rows={2}
                spellcheck={false}
                placeholder="edits: path=value, a line each"
                value={v === 'a' ? f.editsA : f.editsB}
                onInput={(e) =>
                  set(v === 'a' ? { editsA: e.currentTarget.value } : { editsB: e.currentTarget.value })
                }
              />
            </fieldset>
          ))}
        </div>
      )}
      {f.kind === 'sweep' && (
        <div class="sweep-axes">
          <datalist id="axis-hints">
            {hints.map((h) => (
              <option value={h} />
            ))}
          </datalist>
          <fieldset class="axis">
            <legend>Vary</legend>
            <AxisPicker
              name="vary"
              data={data}
              fields={fields}
              ruleset={ruleset}
              value={f.vary}
              optional={false}
              onChange={(vary) => set({ vary })}
            />
            <label class="field wide-field">
              <span class="flabel">
                as the path it writes, or any path typed (path=LO..HI:STEP or path=a,b,c)
              </span>
              <input
                aria-label="vary"
                list="axis-hints"
                spellcheck={false}
                placeholder={hints[0] ?? 'sides[0].combatants[0].profile.WS=25..65:5'}
                value={f.vary}
                onInput={(e) => set({ vary: e.currentTarget.value })}
              />
            </label>
          </fieldset>
          <fieldset class="axis">
            <legend>And a second, for a heat map (optional)</legend>
            <AxisPicker
              name="vary second"
              data={data}
              fields={fields}
              ruleset={ruleset}
              value={f.vary2}
              optional
              onChange={(vary2) => set({ vary2 })}
            />
            <label class="field wide-field">
              <span class="flabel">as its path</span>
              <input
                aria-label="vary second"
                list="axis-hints"
                spellcheck={false}
                value={f.vary2}
                onInput={(e) => set({ vary2: e.currentTarget.value })}
              />
            </label>
          </fieldset>
        </div>
      )}
      {(f.kind === 'compare' || f.kind === 'sweep') && (
        <div class="row">
          <label class="field">
            <span class="flabel">Method</span>
            <select
              aria-label="method"
              value={f.method}
              onChange={(e) => set({ method: e.currentTarget.value as Form['method'] })}
            >
              <option value="auto">exact where every variant is a duel it solves, else simulated</option>
              <option value="exact">exact only</option>
              <option value="sim">simulated</option>
            </select>
          </label>
        </div>
      )}
      {f.kind === 'odds' && (
        <div class="pair">
          <div class="row" role="radiogroup" aria-label="pick from">
            <label>
              <input
                type="radio"
                checked={f.from === 'encounter'}
                onChange={() => set({ from: 'encounter' })}
              />{' '}
              one of each side of the encounter
            </label>
            <label>
              <input
                type="radio"
                checked={f.from === 'bestiary'}
                onChange={() => set({ from: 'bestiary' })}
              />{' '}
              creatures or characters
            </label>
          </div>
          {f.from === 'encounter' ? (
            <div class="row">
              {(['pickA', 'pickB'] as const).map((k, i) => (
                <label class="field">
                  <span class="flabel">{i === 0 ? 'This one' : 'against'}</span>
                  <select
                    aria-label={i === 0 ? 'first of the pair' : 'second of the pair'}
                    value={f[k]}
                    onChange={(e) => set({ [k]: e.currentTarget.value })}
                  >
                    {data.sides.map((s) => (
                      <optgroup label={s.name}>
                        {s.entries.map((e) => (
                          <option value={`${e.side}:${e.entry}`}>{e.label}</option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          ) : (
            <div class="row">
              {(['pairA', 'pairB'] as const).map((k, i) => (
                <label class="field">
                  <span class="flabel">{i === 0 ? 'This one' : 'against'}</span>
                  <select
                    aria-label={i === 0 ? 'first creature' : 'second creature'}
                    value={f[k]}
                    onChange={(e) => set({ [k]: e.currentTarget.value })}
                  >
                    {pool.characters.length > 0 && (
                      <optgroup label="characters">
                        {pool.characters.map((c) => (
                          <option value={`h:${c.id}`}>{c.name}</option>
                        ))}
                      </optgroup>
                    )}
                    <optgroup label="bestiary">
                      {pool.creatures.map((c) => (
                        <option value={`c:${c.id}`}>{c.name}</option>
                      ))}
                    </optgroup>
                  </select>
                </label>
              ))}
            </div>
          )}
          <p class="hint">
            One blow each way, every die counted; and the whole fight where the ruleset can follow it exactly.
          </p>
        </div>
      )}
      <Problems error={error} />
      <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
        Start the {KIND_NAME[f.kind]}
      </button>
    </section>
  );
}
