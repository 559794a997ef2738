import { resetAppConfig } from '@liveedu/api-client';
import { answerRoutes, renderWithProviders, requestedPaths } from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime of the app that bundles this package, as Module Federation's runtime API.
const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn<(id: string) => Promise<unknown>>(),
  registerRemotes: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteApp } = await import('./remote-app.tsx');
const { isRemoteLoadFailure } = await import('./fallback-plugin.ts');
const { resetRemote } = await import('./remotes.ts');

let crash = false;
function TutorApp({ page }: { page: string }) {
  if (crash) throw new Error('broken page');
  return <p>Tutor page {page}</p>;
}

beforeEach(() => {
  crash = false;
  // Each test loads the remote afresh.
  resetRemote('tutor');
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  resetAppConfig();
  answerRoutes({ 'GET /app-config.json': { body: { remotes: { tutor: '/mf/tutor/mf-manifest.json' } } } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('RemoteApp', () => {
  it("registers the remote from the run-time config and renders its app's page", async () => {
    runtime.loadRemote.mockResolvedValue({ default: TutorApp });
    renderWithProviders(<RemoteApp remote="tutor" page="my-courses" />);
    expect(await screen.findByText('Tutor page my-courses')).toBeTruthy();
    expect(requestedPaths()).toEqual(['/app-config.json']);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'tutor', entry: 'http://localhost:3000/mf/tutor/mf-manifest.json' }]),
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('tutor/app');
  });

  it('tries twice more, then shows the error with a Retry that loads it again', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('connection refused'));
    renderWithProviders(<RemoteApp remote="tutor" page="my-courses" />);
    expect(
      await screen.findByText(
        'The tutor part of the site could not be loaded. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    // Each retry forgets the failed remote so the runtime fetches its manifest again.
    expect(runtime.registerRemotes).toHaveBeenCalledWith([expect.objectContaining({ name: 'tutor' })], {
      force: true,
    });
    runtime.loadRemote.mockResolvedValue({ default: TutorApp });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tutor page my-courses')).toBeTruthy();
  });

  it("treats the fallback plugin's marker as a failed load", async () => {
    const marker = { __remoteLoadFailed: true, error: new Error('manifest 404') };
    expect(isRemoteLoadFailure(marker)).toBe(true);
    runtime.loadRemote.mockResolvedValue(marker);
    renderWithProviders(<RemoteApp remote="tutor" page="my-courses" />);
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeTruthy();
  });

  it('contains a crash of the page, and Retry renders it again', async () => {
    crash = true;
    runtime.loadRemote.mockResolvedValue({ default: TutorApp });
    renderWithProviders(<RemoteApp remote="tutor" page="withdraw-money" />);
    expect(
      await screen.findByText(
        'This part of the page stopped working. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    crash = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tutor page withdraw-money')).toBeTruthy();
  });
});
