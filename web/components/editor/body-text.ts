/** True when the HTML has some text left once the tags are gone (`<p></p>` is blank). */
export function bodyHasText(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text !== '';
}
