/** A page of the help: its title, the ids of its headings, and its HTML (scripts/docs.mjs). */
export interface DocPage {
  readonly title: string;
  readonly ids: readonly string[];
  readonly html: string;
}

/** Every page of the help by its address under /docs/ (`index`: the contents). */
export function renderDocs(root?: string): Map<string, DocPage>;

/** Writes the help's pages, style, script and pictures into `out`. */
export function writeDocs(out: string, root?: string): void;

/** A page's address under /docs/ from its file in the repository. */
export function pageName(file: string): string;
