import { answer, json, requests, userData } from '@liveedu/web-test-kit';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from './hooks.ts';
import { completeLogin, logOut, restoreSession } from './session-thunks.ts';
import { createSessionStore, type SessionStore } from './store.ts';

function Probe() {
  const s = useSession();
  return (
    <p data-testid="session">
      {String(s.isLoggedIn)}|{s.role}|{s.statusOfPage}|{s.userId ?? '-'}
    </p>
  );
}

function renderProbe(store: SessionStore) {
  render(
    <Provider store={store}>
      <Probe />
    </Provider>,
  );
}

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('starts logged out as a student with no application', () => {
    const store = createSessionStore('/');
    renderProbe(store);
    expect(screen.getByTestId('session').textContent).toBe('false|student|none|-');
  });

  it('restores from the stored id and token and reloads role and status from the server', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'tok-1');
    answer(() =>
      json(
        userData({
          avatar: 'a.png',
          email: 'e@x.in',
          username: 'asha',
          role: 'tutor',
          stausOfPage: 'in progress',
        }),
      ),
    );
    const store = createSessionStore('/gw/');
    renderProbe(store);
    let restored = false;
    await act(async () => {
      restored = await store.dispatch(restoreSession());
    });
    expect(restored).toBe(true);
    expect(screen.getByTestId('session').textContent).toBe('true|tutor|in progress|u1');
    const [sent] = requests();
    expect(sent?.path).toBe('/gw/api/v1/getUserData');
    expect(sent?.headers.authorization).toBe('Bearer tok-1');
    expect(sent?.headers.id).toBe('u1');
  });

  it('drops credentials the server refuses', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'expired');
    answer(() => json({ message: 'Invalid token' }, 401));
    const store = createSessionStore('/');
    await store.dispatch(restoreSession());
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stays logged out without stored credentials and makes no call', async () => {
    const store = createSessionStore('/');
    expect(await store.dispatch(restoreSession())).toBe(false);
    expect(requests()).toHaveLength(0);
  });

  it('takes the role from the server, and log-out clears storage and resets the state', async () => {
    answer(() => json(userData({ email: 'root@x.in', username: 'root', role: 'admin' })));
    const store = createSessionStore('/');
    renderProbe(store);
    await act(async () => {
      await store.dispatch(completeLogin({ message: 'Welcome', role: 'admin', _id: 'a1', token: 't-a' }));
    });
    expect(localStorage.getItem('id')).toBe('a1');
    expect(localStorage.getItem('token')).toBe('t-a');
    expect(screen.getByTestId('session').textContent).toBe('true|admin|none|a1');

    act(() => {
      store.dispatch(logOut());
    });
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('false|student|none|-'));
    expect(localStorage.getItem('id')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    // The server is told, with the token being dropped, so the session ends everywhere.
    await waitFor(() => {
      const logout = requests().find((r) => r.path === '/api/v1/logout');
      expect(logout).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer t-a', id: 'a1' } });
    });
  });
});
