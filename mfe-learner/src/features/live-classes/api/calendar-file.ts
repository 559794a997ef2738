/** A class's calendar file name: its title in plain letters, e.g. `Graphs, live` → `graphs-live.ics`. */
export function calendarFileName(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${words || 'live-class'}.ics`;
}
