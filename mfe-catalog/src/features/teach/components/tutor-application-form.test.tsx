import { sessionActions } from '@liveedu/session';
import { answer, createTestStore, json, renderWithProviders, requestedPaths } from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeachPage } from './teach-page.tsx';

function renderPage(setup?: (store: ReturnType<typeof createTestStore>) => void) {
  const store = createTestStore();
  setup?.(store);
  renderWithProviders(
    <MemoryRouter>
      <TeachPage />
    </MemoryRouter>,
    store,
  );
  return store;
}

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => vi.unstubAllGlobals());

describe('tutor application', () => {
  it("says 'Please fill atleast one field' with neither link nor file", async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Please fill atleast one field')).toBeTruthy();
    expect(requestedPaths()).toEqual([]);
  });

  it('sends the link, shows the loading state, then the under-review text', async () => {
    let reply: (r: Response) => void = () => {};
    answer(() => new Promise<Response>((r) => (reply = r)));
    const store = renderPage((s) => s.dispatch(sessionActions.loggedIn({ userId: 'u1' })));
    fireEvent.change(screen.getByLabelText('YouTube channel link'), {
      target: { value: 'https://youtube.com/@me' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Sending your application…')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Tutor application' })).toBeNull();
    reply(json({ message: 'Application sent' }));
    expect(await screen.findByText(/Your application to become a tutor is under review\./)).toBeTruthy();
    expect(screen.getByText(/Please wait for 3 to 4 bussiness days/)).toBeTruthy();
    expect(store.getState().session.statusOfPage).toBe('in progress');
    expect(requestedPaths()).toEqual(['/api/v1/tutor-request-ytlink']);
  });

  it('shows the accepted text to a tutor and no form', () => {
    renderPage((s) => s.dispatch(sessionActions.userDataLoaded({ role: 'tutor', stausOfPage: 'accept' })));
    expect(screen.getByText('Congratulations! Application Accepted')).toBeTruthy();
    expect(screen.getByText(/You are now a tutor\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });
});
