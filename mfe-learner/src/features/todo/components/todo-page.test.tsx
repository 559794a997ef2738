import { answer, json, renderWithProviders, requestedPaths, requests } from '@liveedu/web-test-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TodoPage } from './todo-page.tsx';

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <TodoPage />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('todo page', () => {
  it("refuses an empty todo with 'Empty todo can't be created.' and sends nothing", async () => {
    answer(() => json({ data: [] }));
    renderPage();
    expect(await screen.findByText('Your ToDo Is Empty')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Write Todo'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("Empty todo can't be created.")).toBeTruthy();
    expect(requestedPaths()).toEqual(['/api2/v1/getAll-todos']);
  });

  it('shows the full text of a long todo in the View popup and deletes it', async () => {
    const long = `Read chapter four. ${'Practise the exercises carefully. '.repeat(5)}`;
    let todos = [{ _id: 't1', desc: long }];
    answer(({ method, path }) => {
      if (method === 'DELETE') {
        todos = todos.filter((t) => path !== `/api2/v1/delete-todo/${t._id}`);
        return json({ message: 'Todo deleted' });
      }
      return json({ data: todos });
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
    // Deleted, then the list read again.
    expect(requests().at(-2)?.path).toBe('/api2/v1/delete-todo/t1');
  });

  it('shows the load error with a retry', async () => {
    answer(() => json({ message: 'Todos are unavailable' }, 503));
    renderPage();
    expect(await screen.findByText('Todos are unavailable')).toBeTruthy();
  });
});
