// What every answer tells the browser about the pages, once the server is open to a network of
// strangers: which sources a page may load (its own scripts, nothing inline but styles), that no
// other site may frame it (a player's page under a site's own buttons), that a file is what its
// type says, and that no address leaves the page in a Referer (the join link carries the code, the
// player's page its seat's token).

/**
 * The Content-Security-Policy of the pages. Styles may be inline: the studies' plots are Observable
 * Plot's SVG, a `<style>` and style attributes in the HTML the server made; scripts may not. The
 * favicon is a data: URL. `host` (checked: one of the server's names) lets the live socket be
 * named outright, for browsers whose 'self' does not cover ws: and wss:.
 */
export function contentSecurityPolicy(host: string | null): string {
  const socket = host === null ? '' : ` ws://${host} wss://${host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every answer carries. */
export function securityHeaders(host: string | null): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(host),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
