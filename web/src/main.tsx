// The GM's screen: the campaign (encounters, fights), a fight (tracker, the question as a card,
// rulings, the log) and the designer's studies. Every change goes through the API (docs/api.md);
// the page keeps no state of its own that a reload would lose: where it is lives in the address
// (#/fights/3, #/designer/2).
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { signal } from '@preact/signals';
import { ApiError, gmToken, live } from './api.js';
import { Campaign } from './campaign.js';
import { Designer } from './designer.js';
import { FightScreen } from './fight.js';
import { applyTheme, ConnectionState, ThemeSwitch, Unreachable } from './parts.js';
import { changes, connection, lastChange, reconnects } from './state.js';
import './style.css';

// A request the server could not be reached for is said once, by the line across the page (and
// where it was asked, by its own message); a list that could not be fetched is fetched again on
// reconnecting. Nothing more to report of it.
addEventListener('unhandledrejection', (e) => {
  if (e.reason instanceof ApiError && e.reason.status === 0) e.preventDefault();
});

applyTheme();
const route = signal(location.hash);
addEventListener('hashchange', () => (route.value = location.hash));

const signedIn = gmToken() !== '';

function App() {
  useEffect(
    () =>
      live((msg) => {
        lastChange.value = msg;
        changes.value++;
        if (msg.what === 'reconnected') reconnects.value++;
      }),
    [],
  );
  const fight = /^#\/fights\/(\d+)/.exec(route.value);
  const designer = /^#\/designer(?:\/(\d+))?/.exec(route.value);
  return (
    <div class="app">
      <header class="top">
        <a href="#/" class="brand">
          Fray
        </a>
        <span class="where">{fight ? `Fight ${fight[1]}` : designer ? 'Designer' : 'Campaign'}</span>
        <ConnectionState state={connection.value} />
        <nav class="nav">
          <a href="#/" aria-current={!fight && !designer ? 'page' : undefined}>
            Campaign
          </a>
          <a href="#/designer" aria-current={designer ? 'page' : undefined}>
            Designer
          </a>
          {/* A tab of its own: what the GM was doing here stays as it was. */}
          <a href="/docs/" target="_blank" rel="noopener">
            Help
          </a>
        </nav>
        <ThemeSwitch />
      </header>
      <Unreachable state={connection.value} />
      {!signedIn ? (
        <main class="campaign">
          <section class="panel">
            <h2>The GM's screen needs the GM's token</h2>
            <p>
              Open the address <code>fray serve</code> printed when it started: it carries the token, and this
              browser keeps it from then on. Players join from the link the GM's screen shows for a fight.
            </p>
          </section>
        </main>
      ) : fight ? (
        <FightScreen id={Number(fight[1])} />
      ) : designer ? (
        <Designer open={designer[1] ? Number(designer[1]) : null} />
      ) : (
        <Campaign />
      )}
    </div>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
