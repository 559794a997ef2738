import { createSessionStore } from '@liveedu/session';
import { Toaster } from '@liveedu/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TodoPage } from './todo-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderPage() {
  render(
    <Provider store={createSessionStore('/')}>
      <MemoryRouter>
        <TodoPage />
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('todo page', () => {
  it("refuses an empty todo with 'Empty todo can't be created.' and sends nothing", async () => {
    fetchMock.mockResolvedValue(json({ data: [] }));
    renderPage();
    expect(await screen.findByText('Your ToDo Is Empty')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Write Todo'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("Empty todo can't be created.")).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api2/v1/getAll-todos']);
  });

  it('shows the full text of a long todo in the View popup and deletes it', async () => {
    const long = `Read chapter four. ${'Practise the exercises carefully. '.repeat(5)}`;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'DELETE') return json({ message: 'Todo deleted' });
      return json({ data: [{ _id: 't1', desc: long }] });
    });
    renderPage();
    const card = await screen.findByTestId('todo');
    expect(within(card).queryByText(long)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(long.trim())).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your ToDo Is Empty')).toBeTruthy();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api2/v1/delete-todo/t1');
  });

  it('shows the load error with a retry', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Todos are unavailable' }, 503));
    renderPage();
    expect(await screen.findByText('Todos are unavailable')).toBeTruthy();
  });
});
