import { renderWithProviders } from '@liveedu/web-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../api/chat.ts';
import { ChatPanel } from './chat-panel.tsx';

const MESSAGES: ChatMessage[] = [
  { id: 'm1', text: 'Is BFS a queue?', at: '2026-12-01T10:01:00.000Z', senderId: 's1', senderName: 'ravi' },
  { id: 'm2', text: 'Yes, a queue.', at: '2026-12-01T10:02:00.000Z', senderId: 't1', senderName: 'meera' },
];

function panel(
  canDelete: boolean,
  onSend: (text: string) => Promise<string | null> = vi.fn(async () => null),
) {
  const onDelete = vi.fn();
  renderWithProviders(
    <ChatPanel messages={MESSAGES} canDelete={canDelete} connected onSend={onSend} onDelete={onDelete} />,
  );
  return { onSend, onDelete };
}

describe('the class chat panel', () => {
  it('lists each message with its sender; only the host may delete one', () => {
    const { onDelete } = panel(true);
    const items = within(screen.getByRole('list', { name: 'Chat' })).getAllByRole('listitem');
    expect(
      items.map((item) => [
        within(item).getByText(/ravi|meera/).textContent,
        item.querySelector('p')?.textContent,
      ]),
    ).toEqual([
      ['ravi', 'Is BFS a queue?'],
      ['meera', 'Yes, a queue.'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete what ravi wrote' }));
    expect(onDelete).toHaveBeenCalledWith('m1');
  });

  it('gives a viewer no delete buttons', () => {
    panel(false);
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('sends what was written, takes at most 500 characters, and says why a message was not sent', async () => {
    const onSend = vi.fn(async (text: string) =>
      text === 'offline' ? 'You are not connected to the class' : null,
    );
    panel(false, onSend);
    const box = screen.getByLabelText('Message') as HTMLInputElement;
    expect(box.maxLength).toBe(500);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(onSend).toHaveBeenCalledWith('Thanks!');
    fireEvent.change(box, { target: { value: 'offline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are not connected to the class');
    expect(box.value).toBe('offline');
  });
});
