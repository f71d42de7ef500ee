// A link to the help (the docs served with the app, under /docs/) beside what it explains. It
// opens in a new tab, so a fight or a form half filled stays as it was. It shows "help"; a screen
// reader hears what it is help on, as text of the link (not a label, which would stand for a field).
import { HELP, helpHref, type HelpLink, type HelpTopic } from './help-links.js';

export function Help({ topic, to, corner }: { topic?: HelpTopic; to?: HelpLink; corner?: boolean }) {
  const h = to ?? (topic ? HELP[topic] : undefined);
  if (!h) return null;
  return (
    <a class={corner ? 'help corner' : 'help'} href={helpHref(h)} target="_blank" rel="noopener">
      help<span class="unseen"> on {h.on} (opens in a new tab)</span>
    </a>
  );
}
