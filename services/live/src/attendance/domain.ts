/** Who came to a class, worked out from the media server's joined and left reports. */

export interface Presence {
  joins: readonly Date[];
  leaves: readonly Date[];
}

export interface AttendeeFigures {
  firstJoinedAt: Date;
  lastLeftAt: Date | null;
  /** Minutes in the room, to one decimal. */
  totalMinutes: number;
  /** In the room now (joined more often than left). */
  present: boolean;
}

/**
 * A participant's time in the room: the reports taken in time order, each stretch running from
 * a join while out to the leave that empties their connections; a stretch still open runs until
 * `until`. Reports may come late or out of order; a leave with no join before it counts nothing.
 */
export function attendeeFigures(presence: Presence, until: Date): AttendeeFigures | null {
  const reports = [
    ...presence.joins.map((at) => ({ at: at.getTime(), joined: true })),
    ...presence.leaves.map((at) => ({ at: at.getTime(), joined: false })),
  ].sort((a, b) => a.at - b.at || Number(b.joined) - Number(a.joined));
  const firstJoin = reports.find((r) => r.joined);
  if (!firstJoin) return null;
  let inside = 0;
  let since = 0;
  let totalMs = 0;
  for (const report of reports) {
    if (report.joined) {
      if (inside === 0) since = report.at;
      inside += 1;
    } else if (inside > 0) {
      inside -= 1;
      if (inside === 0) totalMs += report.at - since;
    }
  }
  if (inside > 0) totalMs += Math.max(0, until.getTime() - since);
  const lastLeave = presence.leaves.reduce<number | null>(
    (latest, at) => (latest === null || at.getTime() > latest ? at.getTime() : latest),
    null,
  );
  return {
    firstJoinedAt: new Date(firstJoin.at),
    lastLeftAt: lastLeave === null ? null : new Date(lastLeave),
    totalMinutes: Math.round(totalMs / 6_000) / 10,
    present: inside > 0,
  };
}

/** The media server's reports that make attendance. */
export const ATTENDANCE_EVENTS = ['participant_joined', 'participant_left'] as const;
export type AttendanceEvent = (typeof ATTENDANCE_EVENTS)[number];

export const isAttendanceEvent = (name: string): name is AttendanceEvent =>
  (ATTENDANCE_EVENTS as readonly string[]).includes(name);
