const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => entities[character] ?? character);

/**
 * A quoted attribute value as the page heads are written (web/lib/head-tags.ts) and matched again on
 * the server (server/http/site-head.ts): one function, so the server finds exactly what was written.
 */
export const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
