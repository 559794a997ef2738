import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './hooks.ts';
import { completeLogin, logOut, restoreSession } from './session-thunks.ts';
import { createSessionStore } from './store.ts';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Probe() {
  const s = useSession();
  return (
    <p data-testid="session">
      {String(s.isLoggedIn)}|{s.role}|{s.statusOfPage}|{s.userId ?? '-'}
    </p>
  );
}

describe('session', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts logged out as a student with no application', () => {
    const store = createSessionStore('/');
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    expect(screen.getByTestId('session').textContent).toBe('false|student|none|-');
  });

  it('restores from the stored id and token and reloads role and status from the server', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockResolvedValue(
      json({
        avatar: 'a.png',
        email: 'e@x.in',
        username: 'asha',
        role: 'tutor',
        desc: '',
        stausOfPage: 'in progress',
      }),
    );
    const store = createSessionStore('/gw/');
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    let restored = false;
    await act(async () => {
      restored = await store.dispatch(restoreSession());
    });
    expect(restored).toBe(true);
    expect(screen.getByTestId('session').textContent).toBe('true|tutor|in progress|u1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/gw/api/v1/getUserData');
    const headers = init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-1');
    expect(headers.id).toBe('u1');
  });

  it('drops credentials the server refuses', async () => {
    localStorage.setItem('id', 'u1');
    localStorage.setItem('token', 'expired');
    fetchMock.mockResolvedValue(json({ message: 'Invalid token' }, 401));
    const store = createSessionStore('/');
    await store.dispatch(restoreSession());
    expect(store.getState().session.isLoggedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stays logged out without stored credentials and makes no call', async () => {
    const store = createSessionStore('/');
    expect(await store.dispatch(restoreSession())).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the role from the server, and log-out clears storage and resets the state', async () => {
    fetchMock.mockResolvedValue(
      json({
        avatar: '',
        email: 'root@x.in',
        username: 'root',
        role: 'admin',
        desc: '',
        stausOfPage: 'none',
      }),
    );
    const store = createSessionStore('/');
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
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
  });
});
