import type { UserData } from '@liveedu/api-client';
import {
  type ApiRequest,
  answer,
  json,
  type Responder,
  renderWithProviders,
  requests,
  unexpected,
} from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileUserContext } from '../../../shared/hooks/profile-user.ts';
import { SettingsPage } from './settings-page.tsx';

const user: UserData = {
  _id: '64d0c0de0000000000000001',
  avatar: '',
  email: 'asha@example.com',
  username: 'asha',
  role: 'student',
  desc: 'Line one\nLine two',
  stausOfPage: 'none',
};

const SESSIONS = {
  sessions: [
    {
      sid: 'a'.repeat(32),
      device: 'Firefox on Linux',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-27T09:00:00.000Z',
      current: true,
    },
    {
      sid: 'b'.repeat(32),
      device: 'Chrome on Android',
      createdAt: '2026-11-01T08:00:00.000Z',
      lastSeenAt: '2026-11-02T08:00:00.000Z',
      current: false,
    },
  ],
};
const isSessionsList = (request: ApiRequest) =>
  request.method === 'GET' && request.path === '/api/v1/sessions';

/** The page's calls answered by `respond`; the devices list it loads beside them, by SESSIONS. */
function answerPage(respond: Responder = unexpected) {
  answer((request) => (isSessionsList(request) ? json(SESSIONS) : respond(request)));
}

/** What the page sent, the devices list it loads on its own left out. */
const pageRequests = () => requests().filter((request) => !isSessionsList(request));

function renderPage(data: UserData = user) {
  const reload = vi.fn();
  renderWithProviders(
    <ProfileUserContext.Provider value={{ user: data, reload }}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </ProfileUserContext.Provider>,
  );
  return reload;
}

/** Types `value` into the field labelled `label` and presses the button named `button`. */
function enter(label: string, value: string, button: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

beforeEach(() => answerPage());
afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('shows the email read-only and links Forgot Password', () => {
    renderPage();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('asha@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('refuses an empty username and an empty description, sending nothing', async () => {
    renderPage();
    enter('Username', ' ', 'Change Username');
    expect(await screen.findByText('Username field is empty.')).toBeTruthy();
    enter('Description', '', 'Save');
    expect(await screen.findByText('Description is empty.')).toBeTruthy();
    expect(pageRequests()).toHaveLength(0);
  });

  it("changes the username with the server's message and reads the user again", async () => {
    answerPage(() => json({ message: 'Username changed successfully' }));
    const reload = renderPage();
    enter('Username', 'asha_r', 'Change Username');
    expect(await screen.findByText('Username changed successfully')).toBeTruthy();
    expect(pageRequests()[0]?.body).toEqual({ username: 'asha_r' });
    expect(reload).toHaveBeenCalled();
  });

  it("shows the server's message when the username is taken", async () => {
    answerPage(() => json({ message: 'Username already exists' }, 409));
    renderPage();
    enter('Username', 'priya_sharma', 'Change Username');
    expect(await screen.findByText('Username already exists')).toBeTruthy();
  });

  it("keeps the description's line breaks in the modal", () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'View description' }));
    const dialog = screen.getByRole('dialog', { name: 'Description' });
    expect(within(dialog).getByTestId('description-text').textContent).toBe('Line one\nLine two');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it("says 'No Description' for an empty description", () => {
    renderPage({ ...user, desc: '' });
    fireEvent.click(screen.getByRole('button', { name: 'View description' }));
    expect(screen.getByText('No Description')).toBeTruthy();
  });

  it("asks for an image first in the avatar popup ('Please select an image first.'), png or jpeg only", async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change avatar' }));
    const dialog = screen.getByRole('dialog', { name: 'Change avatar' });
    expect(within(dialog).getByText('Select Image')).toBeTruthy();
    expect(dialog.querySelector('input[type=file]')?.getAttribute('accept')).toBe('image/png,image/jpeg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select an image first.')).toBeTruthy();
    expect(pageRequests()).toHaveLength(0);
  });

  it("checks only the confirm field of the password form ('All fields are required')", async () => {
    answerPage(() => json({ message: 'Current password is incorrect' }, 400));
    renderPage();
    enter('New password', 'a new password', 'Change Password');
    expect(await screen.findByText('All fields are required')).toBeTruthy();
    expect(pageRequests()).toHaveLength(0);
    enter('Confirm new password', 'a new password', 'Change Password');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(pageRequests()[0]?.body).toEqual({
      currPass: '',
      newPass: 'a new password',
      confirmNewPass: 'a new password',
    });
  });

  it('lists the devices logged in, logs one out, and logs out everywhere', async () => {
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Where you are logged in' });
    expect(await within(panel).findByText('Firefox on Linux')).toBeTruthy();
    expect(within(panel).getByText(/This device/)).toBeTruthy();
    // The current device has no "Log out" of its own: that is the LogOut of the menu.
    expect(within(panel).queryByRole('button', { name: 'Log out Firefox on Linux' })).toBeNull();

    answerPage((request) =>
      request.method === 'DELETE'
        ? json({ message: 'The session was ended' })
        : json({ message: 'Logged out on every device' }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Log out Chrome on Android' }));
    expect(await screen.findByText('The session was ended')).toBeTruthy();
    expect(pageRequests()[0]).toMatchObject({ method: 'DELETE', path: `/api/v1/sessions/${'b'.repeat(32)}` });

    fireEvent.click(within(panel).getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('Logged out on every device')).toBeTruthy();
    expect(pageRequests().map((r) => `${r.method} ${r.path}`)).toContain('POST /api/v1/logout-all');
  });
});
