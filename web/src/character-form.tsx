// A character as a form: the fields of its ruleset's combatant entry that a character is made of
// (characteristics with their bounds, weapons and armour picked from the data, skills, tactics),
// drawn from the entry's own schema, with the sheet the rules compute shown beside it as it is
// written (`fray sheet`'s lines) and each problem at its field. YAML is the other view of the same.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type CharacterFormSpec, type CombatantSheet, type Issue, type PropSchema } from './api.js';
import { ApiError } from './api.js';
import { inline } from './encounter-yaml.js';
import { Tabs } from './tabs.js';

type Entry = Record<string, unknown>;

/** A field's words for its label: "leftHanded" → "left handed", "combatLevel" → "combat level". */
function labelOf(key: string): string {
  // Abbreviations stay as the books write them (WS, Dex, STR); field names become words.
  if (/^[A-Z]/.test(key)) return key;
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The schema a value takes, without a union's "or anything" half (a profile's '-'). */
function plainOf(s: PropSchema): { s: PropSchema; dash: boolean } {
  if (s.anyOf) {
    const real = s.anyOf.find((x) => x.type !== undefined || x.enum || x.properties);
    return { s: real ?? s, dash: true };
  }
  return { s, dash: false };
}

/** Two values the same as the entry holds them (a number and its text are not). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A box's own text, every key of it, each sent on as `read` makes of it. A box that showed the
 * entry's value instead lost keys: each render while it was typed in (the sheet answering a moment
 * after the last change) put the older value back under the fingers. The entry's value is shown
 * only when the text no longer means it: the entry was changed from outside.
 */
function useTyped(
  value: unknown,
  show: (v: unknown) => string,
  read: (t: string) => unknown,
  onChange: (v: unknown) => void,
) {
  const [typed, setTyped] = useState(() => show(value));
  return {
    value: same(read(typed), value) ? typed : show(value),
    onInput: (e: { currentTarget: HTMLInputElement }) => {
      const t = e.currentTarget.value;
      setTyped(t);
      onChange(read(t));
    },
  };
}

/**
 * A number box's text as the entry takes it: nothing when empty, '-' where a profile allows none,
 * a number, or else the text itself, which the server's check then refuses at its field: a value
 * cut to what parses ("12.5" as 12) would be a character nobody typed.
 */
function numberFrom(t: string, s: PropSchema, dash: boolean): unknown {
  const x = t.trim();
  if (x === '') return undefined;
  if (dash && x === '-') return '-';
  const number = s.type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  return number.test(x) ? Number(x) : x;
}

/** A record's value as typed: a number, an object written as JSON, or the text for the check to refuse. */
function valueFrom(t: string): unknown {
  const x = t.trim();
  if (x === '') return undefined;
  if (/^-?\d+$/.test(x)) return Number(x);
  if (x.startsWith('{') || x.startsWith('['))
    try {
      return JSON.parse(x) as unknown;
    } catch {
      // Not JSON after all: sent as typed, and the check says what it expected.
    }
  return x;
}

const textOf = (v: unknown) => (v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function NumberField({
  label,
  s,
  value,
  dash,
  bad,
  onChange,
}: {
  label: string;
  s: PropSchema;
  value: unknown;
  dash: boolean;
  bad: boolean;
  onChange: (v: unknown) => void;
}) {
  const typed = useTyped(value, textOf, (t) => numberFrom(t, s, dash), onChange);
  return (
    <label class="field">
      <span class="flabel">{label}</span>
      <input
        class="short"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={bad}
        title={`${s.minimum ?? ''}–${s.maximum ?? ''}${dash ? ', or - if it has none' : ''}`}
        placeholder={s.minimum !== undefined ? `${s.minimum}–${s.maximum ?? ''}` : ''}
        {...typed}
      />
    </label>
  );
}

/** A line of text (a culture), or a list written "a, b": what is typed stays as typed. */
function TextField({
  label,
  value,
  list,
  bad,
  onChange,
}: {
  label: string;
  value: unknown;
  list: boolean;
  bad: boolean;
  onChange: (v: unknown) => void;
}) {
  const typed = useTyped(
    value,
    (v) => (list ? (Array.isArray(v) ? v.join(', ') : '') : String(v ?? '')),
    (t) => {
      if (!list) return t.trim() || undefined;
      const items = t
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      return items.length ? items : undefined;
    },
    onChange,
  );
  return (
    <label class="field">
      <span class="flabel">{label}</span>
      <input aria-label={label} aria-invalid={bad} placeholder={list ? 'a, b' : undefined} {...typed} />
    </label>
  );
}

/** A list of ids picked from the data: the chosen ones in order, each removable, and a picker for more. */
function IdList({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { readonly id: string; readonly name: string }[];
  value: readonly string[];
  onChange: (v: string[] | undefined) => void;
}) {
  const name = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  // A pick by pointer adds at once. A key only moves the choice: a closed list changes at each
  // arrow or letter, and adding at each change put a sword in for every key pressed on the way
  // to a spear. Enter, or the button that then shows, adds the choice.
  const [held, setHeld] = useState('');
  const byKey = useRef(false);
  const list = useRef<HTMLSelectElement>(null);
  const add = (id: string) => {
    setHeld('');
    if (id) onChange([...value, id]);
  };
  return (
    <div class="field idlist" role="group" aria-label={label}>
      <span class="flabel">{label}</span>
      {value.map((id, i) => (
        <span class="chip">
          {name(id)}{' '}
          <button
            type="button"
            class="link"
            aria-label={`remove ${name(id)} from ${label}`}
            onClick={() => {
              const next = value.filter((_, j) => j !== i);
              onChange(next.length ? next : undefined);
            }}
          >
            ✕
          </button>
        </span>
      ))}
      <select
        ref={list}
        aria-label={`add to ${label}`}
        value={held}
        onPointerDown={() => (byKey.current = false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && held) {
            e.preventDefault();
            add(held);
          } else if (e.key !== 'Tab' && e.key !== 'Shift') byKey.current = true;
        }}
        onChange={(e) => (byKey.current ? setHeld(e.currentTarget.value) : add(e.currentTarget.value))}
      >
        <option value="">add…</option>
        {options.map((o) => (
          <option value={o.id}>{o.name}</option>
        ))}
      </select>
      {held && (
        <button type="button" onClick={() => (add(held), list.current?.focus())}>
          add {name(held)}
        </button>
      )}
    </div>
  );
}

/** One value picked from a list, or none (the entry then leaves the field out). */
function PickOne({
  label,
  value,
  none,
  options,
  onChange,
}: {
  label: string;
  value: unknown;
  none: string;
  options: readonly { id: string; name: string }[];
  onChange: (v: unknown) => void;
}) {
  return (
    <label class="field">
      <span class="flabel">{label}</span>
      <select
        aria-label={label}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.currentTarget.value || undefined)}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option value={o.id}>{o.name}</option>
        ))}
      </select>
    </label>
  );
}

/** One row of a record ("swords 25"), its value as typed. */
function RecordRow({
  label,
  value,
  bad,
  onChange,
}: {
  label: string;
  value: unknown;
  bad: boolean;
  onChange: (v: unknown) => void;
}) {
  const typed = useTyped(value, textOf, valueFrom, onChange);
  // A base and an advance written out need the room a number does not.
  const wide = typed.value.trim().startsWith('{');
  return <input class={wide ? 'mid' : 'short'} aria-label={label} aria-invalid={bad} {...typed} />;
}

/** The box that adds a row to a record: "swords: 25", kept as typed until it reads as a row. */
function AddRow({ label, onAdd }: { label: string; onAdd: (key: string, v: unknown) => void }) {
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const add = () => {
    const m = /^([^:]+?)\s*:\s*(.+)$/.exec(text.trim());
    if (!m) return setWrong(text.trim() !== '');
    onAdd(m[1] as string, valueFrom(m[2] as string));
    setText('');
    setWrong(false);
  };
  return (
    <span class="field">
      <input
        aria-label={`add to ${label}`}
        aria-invalid={wrong}
        placeholder="name: value"
        value={text}
        onInput={(e) => (setText(e.currentTarget.value), setWrong(false))}
        onChange={add}
      />
      {wrong && (
        <span class="field-problem" role="status">
          write it as <code>name: value</code>
        </span>
      )}
    </span>
  );
}

/**
 * A record (a weapon class's ability …): a row a key, as written. A row emptied stays, empty, while
 * the form lasts: its box vanishing from under the cursor would take the next keys with it.
 */
function RecordField({
  label,
  value,
  bad,
  onChange,
}: {
  label: string;
  value: unknown;
  bad: (key: string) => boolean;
  onChange: (v: unknown) => void;
}) {
  const obj = (value ?? {}) as Entry;
  const [rows, setRows] = useState(() => Object.keys(obj));
  const keys = [...rows, ...Object.keys(obj).filter((k) => !rows.includes(k))];
  const put = (k: string, v: unknown) => {
    const next = { ...obj };
    if (v === undefined) delete next[k];
    else next[k] = v;
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <fieldset class="field group">
      <legend>{label}</legend>
      {keys.map((k) => (
        <label class="field" key={k}>
          <span class="flabel">{k}</span>
          <RecordRow label={`${label} ${k}`} value={obj[k]} bad={bad(k)} onChange={(v) => put(k, v)} />
        </label>
      ))}
      <AddRow
        label={label}
        onAdd={(k, v) => {
          setRows((r) => (r.includes(k) ? r : [...r, k]));
          put(k, v);
        }}
      />
    </fieldset>
  );
}

/** One field of the entry, drawn from its schema; `bad` says whether the check refused a path under it. */
function Field({
  field,
  path,
  s0,
  spec,
  value,
  bad,
  onChange,
}: {
  field: string;
  path: string;
  s0: PropSchema;
  spec: CharacterFormSpec;
  value: unknown;
  bad: (path: string) => boolean;
  onChange: (v: unknown) => void;
}) {
  const { s, dash } = plainOf(s0);
  const label = labelOf(field);
  if (s.type === 'integer' || s.type === 'number')
    return <NumberField label={label} s={s} value={value} dash={dash} bad={bad(path)} onChange={onChange} />;
  if (s.type === 'boolean')
    return (
      <label class="field flag">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked || undefined)}
        />{' '}
        {label}
      </label>
    );
  if (s.enum)
    return (
      <PickOne
        label={label}
        value={value}
        none="(default)"
        options={s.enum.map((v) => ({ id: v, name: v }))}
        onChange={onChange}
      />
    );
  if (s.type === 'string') {
    const options = spec.lists[field];
    if (options)
      return <PickOne label={label} value={value} none="(none)" options={options} onChange={onChange} />;
    return <TextField label={label} value={value} list={false} bad={bad(path)} onChange={onChange} />;
  }
  if (s.type === 'array') {
    const items = plainOf(s.items ?? {}).s;
    const list = Array.isArray(value) ? (value as string[]) : [];
    if (items.enum || (field === 'skills' && spec.skills.length > 0)) {
      const choices = items.enum ?? spec.skills;
      return (
        <fieldset class="field checks">
          <legend>{label}</legend>
          {choices.map((c) => (
            <label>
              <input
                type="checkbox"
                checked={list.includes(c)}
                onChange={(e) => {
                  const next = e.currentTarget.checked ? [...list, c] : list.filter((x) => x !== c);
                  onChange(next.length ? next : undefined);
                }}
              />{' '}
              {c}
            </label>
          ))}
        </fieldset>
      );
    }
    const options = spec.lists[field];
    if (options) return <IdList label={label} options={options} value={list} onChange={onChange} />;
    return <TextField label={label} value={value} list bad={bad(path)} onChange={onChange} />;
  }
  if (s.type === 'object' && s.properties) {
    const obj = (value ?? {}) as Entry;
    return (
      <fieldset class="field group">
        <legend>{label}</legend>
        {Object.entries(s.properties).map(([k, sub]) => (
          <Field
            key={k}
            field={k}
            path={`${path}.${k}`}
            s0={sub}
            spec={spec}
            value={obj[k]}
            bad={bad}
            onChange={(v) => {
              const next = { ...obj };
              if (v === undefined) delete next[k];
              else next[k] = v;
              onChange(Object.keys(next).length ? next : undefined);
            }}
          />
        ))}
      </fieldset>
    );
  }
  if (s.type === 'object')
    return <RecordField label={label} value={value} bad={(k) => bad(`${path}.${k}`)} onChange={onChange} />;
  return null;
}

/** A refusal's problems, or the failure itself as one: a refusal that names none still shows. */
const issuesOf = (e: Error): readonly Issue[] =>
  e instanceof ApiError && e.issues.length > 0
    ? e.issues
    : [{ file: '', path: '', message: e.message || 'refused, with no reason given' }];

/**
 * The builder: the form (or the YAML) of one entry, and its sheet computed as it changes. `entry`
 * is what is built; `onEntry` hears each change.
 */
export function CharacterForm({
  ruleset,
  entry,
  onEntry,
}: {
  ruleset: string;
  entry: Entry;
  onEntry: (e: Entry) => void;
}) {
  const [spec, setSpec] = useState<{ ruleset: string; spec: CharacterFormSpec } | null>(null);
  const [sheet, setSheet] = useState<CombatantSheet | null>(null);
  const [issues, setIssues] = useState<readonly Issue[]>([]);
  const [asYaml, setAsYaml] = useState(false);
  const [yaml, setYaml] = useState('');
  // The YAML view sends only what was typed in it: the text it opened with is the entry already.
  const yamlTyped = useRef(false);
  // The server's YAML of the entry it last answered for, for the YAML view to open with.
  const written = useRef<{ entry: string; yaml: string } | null>(null);
  // An entry that is not the one the form last sent came from outside (a copy, another ruleset,
  // the form emptied once the character is added): the fields start again from it.
  const sent = useRef(entry);
  const generation = useRef(0);
  if (entry !== sent.current) {
    sent.current = entry;
    generation.current++;
  }
  const send = (next: Entry) => {
    sent.current = next;
    onEntry(next);
  };
  const key = JSON.stringify(entry);
  const yamlOf = (e: Entry) =>
    written.current?.entry === JSON.stringify(e)
      ? written.current.yaml
      : Object.entries(e)
          .map(([k, v]) => `${k}: ${inline(v)}\n`)
          .join('');
  const openYaml = (e: Entry) => {
    yamlTyped.current = false;
    setYaml(yamlOf(e));
  };
  useEffect(() => {
    let live = true;
    void api.characterForm(ruleset).then((s) => live && setSpec({ ruleset, spec: s }));
    return () => void (live = false);
  }, [ruleset]);
  useEffect(() => {
    if (asYaml) openYaml(entry);
  }, [generation.current]);
  // The sheet, a moment after each change (not at every key); an answer for an entry since
  // changed is dropped, or it would stand beside, and write its YAML over, the newer one.
  useEffect(() => {
    if (asYaml) return;
    if (!entry.name) {
      setSheet(null);
      setIssues([]);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      void api.characterSheet(ruleset, { entry }).then(
        (r) => {
          if (!live) return;
          written.current = { entry: key, yaml: r.yaml };
          setSheet(r.sheet);
          setIssues([]);
        },
        (e: Error) => live && (setSheet(null), setIssues(issuesOf(e))),
      );
    }, 250);
    return () => ((live = false), clearTimeout(t));
  }, [ruleset, key, asYaml]);
  const set = (k: string, v: unknown) => {
    const next = { ...entry };
    if (v === undefined) delete next[k];
    else next[k] = v;
    send(next);
  };
  // The YAML read by the server a moment after each key: the entry it makes, or its problems at their lines.
  useEffect(() => {
    if (!asYaml || !yamlTyped.current || !yaml.trim()) return;
    let live = true;
    const t = setTimeout(() => {
      void api.characterSheet(ruleset, { text: yaml }).then(
        (r) => live && (send(r.entry), setSheet(r.sheet), setIssues([])),
        (e: Error) => live && (setSheet(null), setIssues(issuesOf(e))),
      );
    }, 250);
    return () => ((live = false), clearTimeout(t));
  }, [yaml, asYaml, ruleset]);
  const at = (field: string) =>
    issues.filter(
      (i) => i.path === field || i.path.startsWith(`${field}.`) || i.path.startsWith(`${field}[`),
    );
  const bad = (path: string) => issues.some((i) => i.path === path);
  const form = spec?.ruleset === ruleset ? spec.spec : null;
  return (
    <div class="character-form">
      <Tabs
        label="how to see the character"
        tabs={[
          ['form', 'Form view'],
          ['yaml', 'YAML view'],
        ]}
        value={asYaml ? 'yaml' : 'form'}
        onChange={(v) => {
          if (v === 'yaml' && !asYaml) openYaml(entry);
          setAsYaml(v === 'yaml');
        }}
      />
      <div class="builder-columns">
        <div>
          {asYaml ? (
            <textarea
              aria-label="character YAML"
              spellcheck={false}
              rows={12}
              value={yaml}
              onInput={(e) => ((yamlTyped.current = true), setYaml(e.currentTarget.value))}
            />
          ) : (
            <div class="form-fields" key={generation.current}>
              <label class="field">
                <span class="flabel">name</span>
                <input
                  aria-label="character name"
                  value={String(entry.name ?? '')}
                  onInput={(e) => set('name', e.currentTarget.value || undefined)}
                />
              </label>
              {form?.schema &&
                form.fields.map((f) => (
                  <div key={f}>
                    <Field
                      field={f}
                      path={f}
                      s0={form.schema?.properties[f] as PropSchema}
                      spec={form}
                      value={entry[f]}
                      bad={bad}
                      onChange={(v) => set(f, v)}
                    />
                    {at(f).map((i) => (
                      <span class="field-problem">
                        {i.path}: {i.message}
                      </span>
                    ))}
                  </div>
                ))}
            </div>
          )}
        </div>
        <aside class="sheet" aria-label="the sheet as the rules compute it" aria-live="polite">
          <h3>{sheet ? sheet.name : 'Sheet'}</h3>
          {sheet ? (
            <ul>
              {[...sheet.lines, ...(sheet.warnings ?? [])].map((l) => (
                <li>{l}</li>
              ))}
            </ul>
          ) : issues.length ? (
            <ul class="problems">
              {issues.map((i) => (
                <li>
                  {i.line !== undefined && <span class="at">line {i.line} </span>}
                  {i.path && <code>{i.path}</code>} {i.message}
                </li>
              ))}
            </ul>
          ) : (
            <p class="hint">Give it a name and its numbers: the values the rules derive show here.</p>
          )}
        </aside>
      </div>
    </div>
  );
}
