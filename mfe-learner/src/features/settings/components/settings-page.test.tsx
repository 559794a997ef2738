import type { UserData } from '@liveedu/api-client';
import { answer, json, renderWithProviders, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(requests()).toHaveLength(0);
  });

  it("changes the username with the server's message and reads the user again", async () => {
    answer(() => json({ message: 'Username changed successfully' }));
    const reload = renderPage();
    enter('Username', 'asha_r', 'Change Username');
    expect(await screen.findByText('Username changed successfully')).toBeTruthy();
    expect(requests()[0]?.body).toEqual({ username: 'asha_r' });
    expect(reload).toHaveBeenCalled();
  });

  it("shows the server's message when the username is taken", async () => {
    answer(() => json({ message: 'Username already exists' }, 409));
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
    expect(requests()).toHaveLength(0);
  });

  it("checks only the confirm field of the password form ('All fields are required')", async () => {
    answer(() => json({ message: 'Current password is incorrect' }, 400));
    renderPage();
    enter('New password', 'a new password', 'Change Password');
    expect(await screen.findByText('All fields are required')).toBeTruthy();
    expect(requests()).toHaveLength(0);
    enter('Confirm new password', 'a new password', 'Change Password');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(requests()[0]?.body).toEqual({
      currPass: '',
      newPass: 'a new password',
      confirmNewPass: 'a new password',
    });
  });
});
