/**
 * "Add to my calendar" (docs/api.md Calendar feeds): the event's iCalendar text, fetched through
 * the signed client, handed to the browser as a file named after the event.
 */

/** `Open House.ics`: the event's name less what file systems refuse; `event-{id}.ics` if none is left. */
export function icsFileName(name: string, id: number): string {
  const cleaned = name
    // Control characters, and those Windows and macOS refuse in a file name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${cleaned === '' ? `event-${id}` : cleaned}.ics`;
}
