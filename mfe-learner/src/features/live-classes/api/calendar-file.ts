/** A class's calendar file name: its title in plain letters, e.g. `Graphs, live` → `graphs-live.ics`. */
export function calendarFileName(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${words || 'live-class'}.ics`;
}

/**
 * Saves a file the page was given (a calendar file read with the session's credentials, which a
 * plain link could not send) under `name`, as a download would.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
