/** The example files under `root`/data, ruleset by ruleset (scripts/examples.mjs). */
export function exampleFiles(root: string, options?: { json?: boolean; only?: string }): string[];
