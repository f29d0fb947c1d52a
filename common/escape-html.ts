/**
 * Text into HTML, for text and attribute values alike: notices and seeded bodies carry HTML, and
 * names, subjects and descriptions are members' words.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
