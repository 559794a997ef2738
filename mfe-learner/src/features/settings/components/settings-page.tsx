import { messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Avatar, Button, Field, media, theme, toast } from '@liveedu/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { PageSection, Panel } from '../../../shared/components/page-section.tsx';
import { useProfileUser } from '../../../shared/hooks/profile-user.ts';
import { AvatarDialog } from './avatar-dialog.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DescriptionModal } from './description-modal.tsx';
import { SessionsPanel } from './sessions-panel.tsx';

const Stack = styled.div`
  display: grid;
  gap: 1.25rem;
  h3 { margin: 0 0 0.75rem; font-size: 1.15rem; }
`;

const AvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
`;

const Inline = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-direction: column;
  ${media.sm} { flex-direction: row; }
  input { flex: 1; min-width: 0; }
`;

const DescArea = styled.textarea`
  height: 30vh;
  resize: vertical;
  line-height: 1.5;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  a { font-weight: 600; }
  color: ${theme.colors.muted};
`;

/** Avatar, email, username, description, password and logged-in devices of the user. */
export function SettingsPage() {
  const api = useApi();
  const { user, reload } = useProfileUser();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [descOpen, setDescOpen] = useState(false);
  const [username, setUsername] = useState(user.username);
  const [desc, setDesc] = useState(user.desc ?? '');
  const [busy, setBusy] = useState<'username' | 'desc' | null>(null);

  // A value read back from the server after a change replaces what the form shows.
  useEffect(() => setUsername(user.username), [user.username]);
  useEffect(() => setDesc(user.desc ?? ''), [user.desc]);

  /** Saves one setting: refuses an empty value with `empty`, then reads the user back. */
  const save =
    (
      which: 'username' | 'desc',
      value: string,
      empty: string,
      send: (v: string) => Promise<{ message: string }>,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (!value.trim()) {
        toast.error(empty);
        return;
      }
      setBusy(which);
      try {
        const res = await send(value);
        toast.success(res.message);
        reload();
      } catch (error) {
        toast.error(messageOf(error));
      } finally {
        setBusy(null);
      }
    };
  const changeUsername = save('username', username.trim(), 'Username field is empty.', (v) =>
    api.changeUsername(v),
  );
  const saveDesc = save('desc', desc, 'Description is empty.', (v) => api.updateUserDesc(v));

  return (
    <PageSection aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <Stack>
        <Panel>
          <h3>Avatar</h3>
          <AvatarRow>
            <Avatar src={user.avatar} username={user.username} size={80} />
            <Button type="button" $variant="secondary" onClick={() => setAvatarOpen(true)}>
              Change avatar
            </Button>
          </AvatarRow>
        </Panel>

        <Panel>
          <Field>
            <label htmlFor="settings-email">Email</label>
            <input id="settings-email" type="email" value={user.email} readOnly />
          </Field>
          <form onSubmit={changeUsername}>
            <Field>
              <label htmlFor="settings-username">Username</label>
              <Inline>
                <input
                  id="settings-username"
                  value={username}
                  autoComplete="username"
                  onChange={(e) => setUsername(e.target.value)}
                />
                <Button type="submit" disabled={busy === 'username'}>
                  {busy === 'username' ? 'Saving…' : 'Change Username'}
                </Button>
              </Inline>
            </Field>
          </form>
        </Panel>

        <Panel>
          <form onSubmit={saveDesc}>
            <Field>
              <label htmlFor="settings-desc">Description</label>
              <DescArea id="settings-desc" value={desc} onChange={(e) => setDesc(e.target.value)} />
            </Field>
            <Row>
              <Button type="submit" disabled={busy === 'desc'}>
                {busy === 'desc' ? 'Saving…' : 'Save'}
              </Button>
              <Button type="button" $variant="secondary" onClick={() => setDescOpen(true)}>
                View description
              </Button>
            </Row>
          </form>
        </Panel>

        <Panel>
          <ChangePasswordForm />
          <Row style={{ marginTop: '1rem' }}>
            <span>Cannot remember it?</span>
            <Link to="/forgot-password">Forgot Password</Link>
          </Row>
        </Panel>

        <Panel>
          <SessionsPanel />
        </Panel>
      </Stack>
      <AvatarDialog
        open={avatarOpen}
        current={user.avatar}
        onClose={() => setAvatarOpen(false)}
        onUploaded={reload}
      />
      <DescriptionModal open={descOpen} desc={user.desc ?? ''} onClose={() => setDescOpen(false)} />
    </PageSection>
  );
}
