/** A course's tutor may announce this many times in any `ANNOUNCEMENT_WINDOW_MS`. */
export const ANNOUNCEMENTS_PER_WINDOW = 4;
export const ANNOUNCEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The announcement times still within the window at `now`. */
export function withinWindow(times: readonly Date[], now: Date): Date[] {
  return times.filter((time) => now.getTime() - time.getTime() < ANNOUNCEMENT_WINDOW_MS);
}

/** Whole seconds until another announcement may go (0: one may go now). */
export function secondsToWait(times: readonly Date[], now: Date): number {
  const recent = withinWindow(times, now).sort((a, b) => a.getTime() - b.getTime());
  if (recent.length < ANNOUNCEMENTS_PER_WINDOW) return 0;
  const oldest = recent[recent.length - ANNOUNCEMENTS_PER_WINDOW] as Date;
  return Math.max(1, Math.ceil((oldest.getTime() + ANNOUNCEMENT_WINDOW_MS - now.getTime()) / 1000));
}

/** "3 hours 20 minutes": a wait in words. */
export function waitInWords(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds % 3600) / 60);
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.join(' ') || 'a minute';
}
