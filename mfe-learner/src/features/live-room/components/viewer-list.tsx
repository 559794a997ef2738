import { messageOf } from '@liveedu/api-client';
import { Button, bareList, ConfirmDialog, flatPanel, theme, toast } from '@liveedu/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { inRaisedHandOrder } from '../api/room-state.ts';
import { useLiveRoomApi } from '../hooks/use-live-room-api.ts';

/** A member watching the class, as the host's list shows them. */
export interface Viewer {
  identity: string;
  name: string;
  /** The member may use their camera and microphone. */
  canSpeak: boolean;
}

const Panel = styled.section`
  ${flatPanel}
  padding: 1rem;
  h2 { margin: 0 0 0.75rem; font-size: 1.1rem; }
  ul { ${bareList} display: grid; gap: 0.5rem; }
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
  .name { flex: 1 1 8rem; overflow-wrap: anywhere; font-weight: 600; }
  .hand { color: ${theme.colors.warning}; background: ${theme.colors.warningBg}; border-radius: 999px; padding: 0 0.5rem; font-size: 0.85rem; }
  .speaks { color: ${theme.colors.success}; font-size: 0.85rem; }
  button { min-height: 36px; padding: 0.3rem 0.7rem; }
  .empty { margin: 0; color: ${theme.colors.muted}; }
`;

/**
 * The host's list of who watches: raised hands first, each with "Invite to speak" (pressed again,
 * the invitation is taken back) and "Remove" (asked first: they cannot join this class again).
 */
export function ViewerList({
  sessionId,
  viewers,
  hands,
  onSpeakChanged,
}: {
  sessionId: string;
  viewers: Viewer[];
  hands: Record<string, number>;
  /** The live service let a member speak, or took it back. */
  onSpeakChanged: (identity: string, allowed: boolean) => void;
}) {
  const id = useId();
  const live = useLiveRoomApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Viewer | null>(null);

  const act = async (identity: string, call: () => Promise<unknown>, after?: () => void) => {
    setBusy(identity);
    try {
      await call();
      after?.();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const ordered = inRaisedHandOrder(viewers, hands);
  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Viewers ({viewers.length})</h2>
      {ordered.length === 0 ? <p className="empty">Nobody else is here yet.</p> : null}
      <ul aria-label="Viewers">
        {ordered.map((viewer) => (
          <li key={viewer.identity}>
            <span className="name">{viewer.name}</span>
            {hands[viewer.identity] !== undefined ? <span className="hand">✋ Hand raised</span> : null}
            {viewer.canSpeak ? <span className="speaks">May speak</span> : null}
            <Button
              type="button"
              $variant="secondary"
              aria-pressed={viewer.canSpeak}
              disabled={busy === viewer.identity}
              onClick={() =>
                act(
                  viewer.identity,
                  () => live.allowToSpeak(sessionId, viewer.identity, !viewer.canSpeak),
                  () => onSpeakChanged(viewer.identity, !viewer.canSpeak),
                )
              }
            >
              Invite to speak
            </Button>
            <Button
              type="button"
              $variant="danger"
              disabled={busy === viewer.identity}
              onClick={() => setRemoving(viewer)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the class"
        message={`Remove ${removing?.name ?? ''} from this live class? They cannot join it again.`}
        confirmLabel="Yes, remove"
        busy={busy !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const viewer = removing;
          if (!viewer) return;
          void act(viewer.identity, () => live.removeParticipant(sessionId, viewer.identity)).then(() =>
            setRemoving(null),
          );
        }}
      />
    </Panel>
  );
}
