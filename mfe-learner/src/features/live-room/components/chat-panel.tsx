import { Button, bareList, flatPanel, theme } from '@liveedu/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { CHAT_MAX, type ChatMessage } from '../api/chat.ts';

const Panel = styled.section`
  ${flatPanel}
  display: grid;
  gap: 0.75rem;
  padding: 1rem;
  h2 { margin: 0; font-size: 1.1rem; }
  .log { max-height: 22rem; overflow-y: auto; }
  ul { ${bareList} display: grid; gap: 0.6rem; }
  li { display: grid; gap: 0.1rem; }
  .who { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem; font-size: 0.9rem; }
  .who strong { overflow-wrap: anywhere; }
  .who time, .empty, .count { color: ${theme.colors.muted}; font-size: 0.85rem; }
  .text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .delete { margin-left: auto; min-height: 32px; padding: 0.2rem 0.6rem; font-size: 0.85rem; }
  form { display: grid; gap: 0.35rem; }
  label { font-weight: 600; }
  .row { display: flex; gap: 0.5rem; }
  input { flex: 1; min-width: 0; padding: 0.5rem 0.65rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
  .error { color: ${theme.colors.danger}; margin: 0; font-size: 0.9rem; }
`;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });

/**
 * The class's chat: every message with its sender's name, newest at the bottom, and a box to write
 * one (up to 500 characters). The host may take any message down.
 */
export function ChatPanel({
  messages,
  canDelete,
  connected,
  onSend,
  onDelete,
}: {
  messages: ChatMessage[];
  canDelete: boolean;
  connected: boolean;
  /** Sends a message; answers why it could not be sent, or null. */
  onSend: (text: string) => Promise<string | null>;
  onDelete: (id: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0 && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const problem = await onSend(text);
    setSending(false);
    setError(problem ?? '');
    if (!problem) setText('');
  };

  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Chat</h2>
      <div className="log" ref={log} role="log" aria-live="polite">
        {messages.length === 0 ? <p className="empty">No messages yet.</p> : null}
        <ul aria-label="Chat">
          {messages.map((message) => (
            <li key={message.id}>
              <div className="who">
                <strong>{message.senderName}</strong>
                <time dateTime={message.at}>{timeOf(message.at)}</time>
                {canDelete ? (
                  <Button
                    type="button"
                    $variant="ghost"
                    className="delete"
                    aria-label={`Delete what ${message.senderName} wrote`}
                    onClick={() => onDelete(message.id)}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
              <p className="text">{message.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <form onSubmit={send} noValidate>
        <label htmlFor={`${id}-message`}>Message</label>
        <div className="row">
          <input
            id={`${id}-message`}
            value={text}
            maxLength={CHAT_MAX}
            autoComplete="off"
            aria-describedby={`${id}-count`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" disabled={!connected || sending || text.trim() === ''}>
            Send
          </Button>
        </div>
        <span className="count" id={`${id}-count`}>
          {text.length}/{CHAT_MAX} characters
        </span>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Panel>
  );
}
