import type { PostAuthor } from '@liveedu/api-client';
import { Button, Field, Modal, theme } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { momentOf } from '../api/conversation.ts';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A post's date as the conversation shows it: `28 Nov 2026`. */
export function postDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

export const Badge = styled.span<{ $tone?: 'instructor' | 'answered' | 'hidden' }>`
  display: inline-block;
  padding: 0.05rem 0.45rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  color: ${({ $tone }) =>
    $tone === 'answered'
      ? theme.colors.success
      : $tone === 'hidden'
        ? theme.colors.warning
        : theme.colors.primaryDark};
  background: ${({ $tone }) =>
    $tone === 'answered' ? theme.colors.successBg : $tone === 'hidden' ? theme.colors.warningBg : '#eef2ff'};
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem;
  margin: 0.2rem 0;
  font-size: 0.9rem;
  color: ${theme.colors.muted};
`;

/** Who wrote a post and when; the course's tutor is marked "Instructor". */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
}: {
  author: PostAuthor;
  createdAt: string;
  editedAt?: string | null;
}) {
  return (
    <Byline>
      <span>{author.name}</span>
      {author.instructor ? <Badge $tone="instructor">Instructor</Badge> : null}
      <span aria-hidden="true">·</span>
      <time dateTime={createdAt}>{postDate(createdAt)}</time>
      {editedAt ? <span>(edited)</span> : null}
    </Byline>
  );
}

/** What the author of a post a moderator hid sees on it (nobody else sees it at all). */
export function HiddenNote() {
  return <Badge $tone="hidden">Hidden by a moderator</Badge>;
}

const Moment = styled.button`
  border: 0;
  padding: 0.1rem 0.4rem;
  border-radius: 4px;
  background: #eef2ff;
  color: ${theme.colors.primaryDark};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  &:disabled { cursor: default; }
`;

/** A question's second in the video: a button that moves the video there, when there is a video to move. */
export function MomentButton({ atSec, onSeek }: { atSec: number; onSeek?: (atSec: number) => void }) {
  const at = momentOf(atSec);
  if (!onSeek) return <Moment as="span">{at}</Moment>;
  return (
    <Moment type="button" aria-label={`Go to ${at} in the video`} onClick={() => onSeek(atSec)}>
      {at}
    </Moment>
  );
}

/** An upvote given or taken back by the same button; one's own post shows its count only. */
export function UpvoteButton({
  upvotes,
  upvoted,
  own,
  busy,
  what,
  onToggle,
}: {
  upvotes: number;
  upvoted: boolean;
  own: boolean;
  busy: boolean;
  /** What is upvoted, for the button's name: "this question", "this answer". */
  what: string;
  onToggle: () => void;
}) {
  const count = `${upvotes} ${upvotes === 1 ? 'upvote' : 'upvotes'}`;
  if (own) return <span>{count}</span>;
  return (
    <Button
      type="button"
      $variant={upvoted ? 'primary' : 'secondary'}
      aria-pressed={upvoted}
      aria-label={`Upvote ${what}: ${count}`}
      disabled={busy}
      onClick={onToggle}
    >
      ▲ {upvotes}
    </Button>
  );
}

const REASON_MIN = 3;
const REASON_MAX = 500;

/** Asks why a post should be looked at by a moderator, and sends the report. */
export function ReportDialog({
  what,
  open,
  busy,
  error,
  onSend,
  onClose,
}: {
  /** "question" or "answer". */
  what: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onSend: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length >= REASON_MIN) onSend(reason.trim());
  };
  return (
    <Modal open={open} title={`Report this ${what}`} onClose={onClose}>
      <form onSubmit={submit}>
        <Field>
          <label htmlFor="report-reason">Why should a moderator look at it?</label>
          <textarea
            id="report-reason"
            value={reason}
            minLength={REASON_MIN}
            maxLength={REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {error ? <p role="alert">{error}</p> : null}
        <Button type="submit" disabled={busy || reason.trim().length < REASON_MIN}>
          Send report
        </Button>
      </form>
    </Modal>
  );
}
