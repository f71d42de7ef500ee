// The GM's screen: the campaign (encounters, fights) and a fight (tracker, the question as a card,
// rulings, the log). Every change goes through the API (docs/api.md); the page keeps no state of
// its own that a reload would lose: where it is lives in the address (#/fights/3).
import { render } from 'preact';
import { useEffect } from 'preact/hooks';
import { signal } from '@preact/signals';
import { live } from './api.js';
import { Campaign } from './campaign.js';
import { FightScreen } from './fight.js';
import { changes } from './state.js';
import './style.css';

const route = signal(location.hash);
addEventListener('hashchange', () => (route.value = location.hash));

function App() {
  useEffect(
    () =>
      live(() => {
        changes.value++;
      }),
    [],
  );
  const fight = /^#\/fights\/(\d+)/.exec(route.value);
  return (
    <div class="app">
      <header class="top">
        <a href="#/" class="brand">
          Fray
        </a>
        <span class="where">{fight ? `Fight ${fight[1]}` : 'Campaign'}</span>
      </header>
      {fight ? <FightScreen id={Number(fight[1])} /> : <Campaign />}
    </div>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
