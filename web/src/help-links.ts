// Where each part of the GM's screen is explained in the help (the docs as pages under /docs/,
// scripts/docs.mjs): a page and the id of one of its headings. test/docs.test.ts checks that each
// lands on a heading that is there, so a heading renamed in the docs fails a test, not a GM.

/** The help of one part of the pages: the page (its address under /docs/) and the heading's id. */
export interface HelpLink {
  readonly page: string;
  readonly anchor: string;
  /** What the link is help on, as a screen reader says it ("help on the GM's rulings"). */
  readonly on: string;
}

const link = (to: string, on: string): HelpLink => {
  const [page = '', anchor = ''] = to.split('#');
  return { page, anchor, on };
};

export const HELP = {
  question: link('table-play#who-is-asked-what', 'how a question is asked and answered'),
  rulings: link('table-play#the-gms-rulings', "the GM's rulings"),
  tracker: link('table-play#the-tracker', 'the tracker'),
  table: link('table-play#players-on-their-own-devices', "the players' own devices"),
  party: link('table-play#the-party-in-the-web-app', 'what a fight leaves on the party'),
  characters: link('bringing-your-own#in-the-web-app', 'characters and stat blocks'),
  encounter: link('readme#encounter-files', 'encounter files'),
  statBlock: link('bringing-your-own#pasting-a-stat-block-fray-import', 'pasting a stat block'),
  studies: link('simulation#from-the-page-the-designers-studies', "the designer's studies"),
  runs: link('simulation#how-the-work-is-dealt-out', 'fights, seeds, the round cap and stopping when sure'),
  sim: link('simulation#the-figures', "a simulation's figures"),
  compare: link('simulation#ab-fray-compare', 'comparisons'),
  sweep: link('simulation#sweeps-fray-sweep', 'sweeps'),
  odds: link('simulation#exact-odds-fray-odds', 'exact odds'),
  danger: link('simulation#how-deadly-is-it', 'how deadly an encounter is, and the bands'),
} as const;

export type HelpTopic = keyof typeof HELP;

/** Each ruleset's page: what its encounters may say, and its options. */
export const RULESET_HELP: Readonly<Record<string, { encounter: HelpLink; options: HelpLink }>> = {
  wfrp1e: {
    encounter: link('rulesets/wfrp1e#encounter-reference', 'what a WFRP 1e encounter may say'),
    options: link('rulesets/wfrp1e#options', "WFRP 1e's options"),
  },
  'wfrp-cp': {
    encounter: link('rulesets/wfrp-cp#how-it-reuses-wfrp-1e', 'what a Combat Points encounter may say'),
    options: link('rulesets/wfrp-cp#readings-where-the-text-is-silent-ours', "the Combat Points' options"),
  },
  openquest: {
    encounter: link('rulesets/openquest#the-encounter-file', 'what an OpenQuest encounter may say'),
    options: link(
      'rulesets/openquest#readings-where-the-text-is-silent-ours-each-an-option-where-it-matters',
      "OpenQuest's options",
    ),
  },
  'fantasy-wargaming': {
    encounter: link(
      'rulesets/fantasy-wargaming#the-encounter-file',
      'what a Fantasy Wargaming encounter may say',
    ),
    options: link(
      'rulesets/fantasy-wargaming#readings-where-the-text-is-silent-ours-each-an-option-where-it-matters',
      "Fantasy Wargaming's options",
    ),
  },
  'ahq-house': {
    encounter: link('rulesets/ahq-house#the-encounter-file', 'what an Advanced HeroQuest encounter may say'),
    options: link('rulesets/ahq-house#options-ours', "the house rules' options"),
  },
};

/** The address of a help link. */
export const helpHref = (h: HelpLink) => `/docs/${h.page}${h.anchor ? `#${h.anchor}` : ''}`;
