// The GM's side of the table: open this fight to the players' devices, show the join link and its
// QR code, let the network reach Fray, say what the players see, give or free seats, and see each
// answer the players send. Everything goes through the API; the page keeps nothing of its own.
import { useEffect, useState } from 'preact/hooks';
import { api, type FightView, type PlayersSee, type TableState } from './api.js';
import { reconnects, useHeard } from './state.js';
import { Help } from './help.js';

/** A QR code of one of the table's links (the join link, a seat's), drawn by the server. */
function Qr({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    api.qr(link).then(setSvg, () => setSvg(''));
  }, [link, reconnects.value]);
  // The SVG is made by our server from a link of its own: nothing a user typed.
  return svg ? (
    <div class="qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />
  ) : null;
}

const SEE: { key: keyof PlayersSee; label: string; values: { v: string; label: string }[] }[] = [
  {
    key: 'health',
    label: "the other side's W/HP",
    values: [
      { v: 'state', label: 'as a rough state (unhurt, hurt, badly hurt, down)' },
      { v: 'numbers', label: 'as numbers' },
      { v: 'hidden', label: 'hidden' },
    ],
  },
  {
    key: 'rolls',
    label: "the GM side's rolls",
    values: [
      { v: 'hidden', label: 'hidden (behind the screen)' },
      { v: 'shown', label: 'shown' },
    ],
  },
  {
    key: 'intents',
    label: "the GM side's intents (OpenQuest)",
    values: [
      { v: 'shown', label: 'declared (in view)' },
      { v: 'hidden', label: 'kept until it acts (out of view)' },
    ],
  },
];

/** The changes that are a fight's step (src/server/app.ts, players.ts): the table's state is as it was. */
const STEPS = new Set(['answer', 'undo', 'ruling', 'dice', 'auto', 'see']);

/** The table's state (the fight open to it, its seats), fetched again after every change the server tells. */
export function useTable(): [TableState | null, (t: TableState) => void, string | null] {
  const [table, setTable] = useState<TableState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchTable = () => void api.table().then(setTable, (e: Error) => setError(e.message));
  useEffect(fetchTable, []);
  // A step of a fight (an answer, an undo, a ruling) changes nothing of the table's: not fetched for.
  useHeard((heard) => {
    if (!STEPS.has(heard.what)) fetchTable();
  });
  return [table, setTable, error];
}

export function TablePanel({
  view,
  onView,
  table,
  setTable,
}: {
  view: FightView;
  onView: (v: FightView) => void;
  table: TableState | null;
  setTable: (t: TableState) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [given, setGiven] = useState<{ name: string; link: string; seat: number } | null>(null);
  const run = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
      setTable(await api.table());
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!table) return null;
  const open = table.fight === view.id;
  return (
    <section class="panel table-panel" aria-label="the table">
      <h2>The players' devices</h2>
      <Help topic="table" corner />
      {error && (
        <p class="problems" role="alert">
          {error}
        </p>
      )}
      {!open ? (
        <div class="row">
          <button type="button" class="primary" onClick={() => void run(() => api.openTable(view.id))}>
            Open this fight to the table
          </button>
          <span class="muted">
            {table.fight !== null
              ? `Fight ${table.fight} is open to the table now.`
              : 'No fight is open to the table.'}{' '}
            Players join from their phones; the table display goes on a shared screen.
          </span>
        </div>
      ) : (
        <>
          <div class="table-join">
            <Qr link="join" label="QR code of the join link" />
            <div>
              <p>
                Join: <a href={table.links[0]}>{table.links[0]}</a>
              </p>
              {!table.network && (
                <p class="warn">
                  Only this computer reaches Fray now: players' phones cannot open the link until Fray listens
                  on the network.
                </p>
              )}
              <label class="check">
                <input
                  type="checkbox"
                  checked={table.network}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    void run(() => api.network(on));
                  }}
                />{' '}
                Other devices on this network can reach Fray (anyone here with the link can join; the GM's
                screen still needs the GM's token)
              </label>
              <div class="row">
                <button type="button" onClick={() => void run(() => api.newCode())}>
                  New join code
                </button>
                <button type="button" onClick={() => void run(() => api.openTable(null))}>
                  Close the table
                </button>
              </div>
            </div>
          </div>
          <h3>What the players see</h3>
          <div class="see">
            {SEE.map((s) => (
              <label>
                {s.label}{' '}
                <select
                  aria-label={s.label}
                  value={view.see[s.key]}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    void run(async () =>
                      onView(await api.see(view.id, { ...view.see, [s.key]: v } as PlayersSee, view)),
                    );
                  }}
                >
                  {s.values.map((x) => (
                    <option value={x.v}>{x.label}</option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <h3>Seats</h3>
          <ul class="list seats">
            {table.seats.map((s) => (
              <li>
                {s.kind === 'display' ? 'Table display' : (s.name ?? s.combatant)}
                {s.player && <span class="muted"> — {s.player}</span>}{' '}
                {s.kind === 'player' && s.name === null && <span class="muted">(not in this fight)</span>}{' '}
                <button type="button" class="link" onClick={() => void run(() => api.freeSeat(s.id))}>
                  free
                </button>
              </li>
            ))}
            {table.characters
              .filter((c) => !c.taken)
              .map((c) => (
                <li class="free-seat">
                  {c.name} <span class="muted">no player yet</span>{' '}
                  <button
                    type="button"
                    class="link"
                    onClick={() =>
                      void run(async () => {
                        const s = await api.giveSeat({ character: c.id });
                        setGiven({ name: c.name, link: s.link, seat: s.id });
                      })
                    }
                  >
                    give it (a link and a code for that phone)
                  </button>
                </li>
              ))}
            <li>
              <button
                type="button"
                class="link"
                onClick={() =>
                  void run(async () => {
                    const s = await api.giveSeat({ display: true, player: 'table display' });
                    setGiven({ name: 'the table display', link: s.link, seat: s.id });
                  })
                }
              >
                a table display for a shared screen
              </button>
            </li>
          </ul>
          {given && (
            <div class="table-join given">
              <Qr link={`seat:${given.seat}`} label={`QR code of ${given.name}'s link`} />
              <p>
                For {given.name}: <a href={given.link}>{given.link}</a>{' '}
                <button type="button" class="link" onClick={() => setGiven(null)}>
                  done
                </button>
              </p>
            </div>
          )}
          {view.answers.length > 0 && (
            <>
              <h3>Answers from the table</h3>
              <ol class="answers" aria-label="answers from the table">
                {[...view.answers].reverse().map((a) => (
                  <li>
                    <strong>{a.by}</strong>: {a.question} → {a.answer}
                  </li>
                ))}
              </ol>
              <p class="muted">Undo takes back the last answer, a player's too; then answer it yourself.</p>
            </>
          )}
        </>
      )}
    </section>
  );
}
