import { type AdminUser, messageOf } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { Avatar, Button, bareList, ConfirmDialog, EmptyState, flatPanel, theme } from '@liveedu/ui';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useAdminApi } from '../hooks/admin-api.ts';
import { Badge, type BadgeTone } from './badge.tsx';
import { InlineError } from './page-frame.tsx';

const List = styled.ul`
  ${bareList}
  ${flatPanel}
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 44px minmax(8rem, 1fr) minmax(10rem, 1.5fr) 6rem auto;
  align-items: center;
  gap: 1rem;
  padding: 0.65rem 1rem;
  border-bottom: 1px solid ${theme.colors.border};
  &:last-child { border-bottom: 0; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .email { color: ${theme.colors.muted}; overflow-wrap: anywhere; }
`;

const roleTone: Record<string, BadgeTone> = { tutor: 'green', student: 'blue', admin: 'yellow' };

/**
 * Users with avatar, username, email and a role badge, each with a Delete that asks first.
 * `onDeleted` runs after the server removed the user, so the caller can load its list again.
 */
export function UserList({
  users,
  label,
  emptyText,
  invalidates,
}: {
  users: AdminUser[];
  label: string;
  emptyText: string;
  /** The reads a deletion changes (the lists and the totals): read again after it. */
  invalidates: QueryKey[];
}) {
  const api = useAdminApi();
  const [asking, setAsking] = useState<AdminUser | null>(null);
  const deletion = useApiMutation((user: AdminUser) => api.deleteUser(user._id), { invalidates });
  const busy = deletion.isPending;
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);

  async function remove(user: AdminUser) {
    setFailure(null);
    try {
      await deletion.mutateAsync(user);
      setAsking(null);
    } catch (error) {
      console.error('Deleting a user failed', error);
      setAsking(null);
      setFailure({ id: user._id, message: `Could not delete ${user.username}: ${messageOf(error)}` });
    }
  }

  if (users.length === 0) return <EmptyState message={emptyText} />;
  return (
    <>
      <List aria-label={label}>
        {users.map((user) => (
          <Item key={user._id} aria-label={user.username}>
            <Avatar src={user.avatar} username={user.username} />
            <span className="name">{user.username}</span>
            <span className="email">{user.email}</span>
            <Badge $tone={roleTone[user.role] ?? 'blue'}>{user.role}</Badge>
            <span>
              <Button
                type="button"
                $variant="danger"
                aria-label={`Delete ${user.username}`}
                onClick={() => setAsking(user)}
              >
                Delete
              </Button>
              {failure?.id === user._id ? <InlineError role="alert">{failure.message}</InlineError> : null}
            </span>
          </Item>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title="Delete user"
        message={`Are you sure ? You want to delete ${asking?.username ?? 'this user'} ?`}
        confirmLabel="Yes, delete"
        busy={busy}
        onConfirm={() => asking && void remove(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
