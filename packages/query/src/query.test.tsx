import { createApiClient } from '@liveedu/api-client';
import { answer, json, renderWithProviders, requestedPaths } from '@liveedu/web-test-kit';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiMutation } from './use-api-mutation.ts';
import { useApiQuery } from './use-api-query.ts';
import { usePagedQuery } from './use-paged-query.ts';

const api = createApiClient({ baseUrl: '/' });

function Todos({ id }: { id: string }) {
  const todos = useApiQuery(['todos'], (signal) => api.todos(signal));
  if (todos.status === 'loading') return <p>Loading {id}</p>;
  if (todos.status === 'error') {
    return (
      <p>
        Failed {id}: {todos.error}
        <button type="button" onClick={todos.reload}>
          Retry {id}
        </button>
      </p>
    );
  }
  return (
    <p>
      {id}: {todos.data.data.map((t) => t.desc).join(', ')}
    </p>
  );
}

function AddTodo() {
  const add = useApiMutation((desc: string) => api.createTodo(desc), { invalidates: [['todos']] });
  return (
    <button type="button" onClick={() => add.mutate('Write tests')}>
      Add
    </button>
  );
}

describe('useApiQuery', () => {
  it('sends one request for two readers of the same key', async () => {
    answer(() => json({ data: [{ _id: 't1', desc: 'Read' }] }));
    renderWithProviders(
      <>
        <Todos id="first" />
        <Todos id="second" />
      </>,
    );
    expect(await screen.findByText('first: Read')).toBeTruthy();
    expect(screen.getByText('second: Read')).toBeTruthy();
    expect(requestedPaths()).toEqual(['/api2/v1/getAll-todos']);
  });

  it("shows the server's message at once, with no retry, and loads again on reload", async () => {
    let up = false;
    answer(() =>
      up ? json({ data: [{ _id: 't1', desc: 'Back' }] }) : json({ message: 'Todos are down' }, 503),
    );
    renderWithProviders(<Todos id="list" />);
    expect(await screen.findByText('Failed list: Todos are down')).toBeTruthy();
    expect(requestedPaths()).toHaveLength(1);
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry list' }));
    expect(await screen.findByText('list: Back')).toBeTruthy();
  });

  it('tries a request that got no answer twice more before showing the error', async () => {
    answer(() => Response.error());
    renderWithProviders(<Todos id="list" />);
    expect(await screen.findByText('Failed list: The server could not be reached.')).toBeTruthy();
    expect(requestedPaths()).toHaveLength(3);
  });
});

describe('useApiMutation', () => {
  it('reads the keys it names again after the write', async () => {
    const todos = [{ _id: 't1', desc: 'Read' }];
    answer(({ method, body }) => {
      if (method === 'POST') {
        todos.push({ _id: 't2', desc: (body as { desc: string }).desc });
        return json({ message: 'Created' }, 201);
      }
      return json({ data: todos });
    });
    renderWithProviders(
      <>
        <Todos id="list" />
        <AddTodo />
      </>,
    );
    expect(await screen.findByText('list: Read')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('list: Read, Write tests')).toBeTruthy();
    expect(requestedPaths()).toEqual([
      '/api2/v1/getAll-todos',
      '/api2/v1/create-todo',
      '/api2/v1/getAll-todos',
    ]);
  });
});

function Courses() {
  const list = usePagedQuery(['courses'], (page, signal) =>
    api.allCourses(signal, page).then((r) => ({ ...r, items: r.courses })),
  );
  if (list.status !== 'ready') return <p>{list.status}</p>;
  return (
    <div>
      <p>{list.items.map((c) => c.title).join(', ')}</p>
      <p>
        {list.items.length} of {list.total}
      </p>
      {list.moreError ? <p>More failed: {list.moreError}</p> : null}
      {list.hasMore ? (
        <button type="button" onClick={list.loadMore}>
          More
        </button>
      ) : null}
    </div>
  );
}

describe('usePagedQuery', () => {
  const course = (n: number) => ({ _id: `c${n}`, title: `Course ${n}` });

  it('appends the next page on loadMore and stops at the last; a failed page keeps the items', async () => {
    let failSecond = true;
    answer(({ path }) => {
      if (path.endsWith('page=2')) {
        if (failSecond) return json({ message: 'Page two is down' }, 500);
        return json({ courses: [course(3)], total: 3, page: 2, pages: 2 });
      }
      return json({ courses: [course(1), course(2)], total: 3, page: 1, pages: 2 });
    });
    renderWithProviders(<Courses />);
    expect(await screen.findByText('Course 1, Course 2')).toBeTruthy();
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('More failed: Page two is down')).toBeTruthy();
    expect(screen.getByText('Course 1, Course 2')).toBeTruthy();
    failSecond = false;
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('Course 1, Course 2, Course 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(requestedPaths()).toEqual(['/api/v1/courses', '/api/v1/courses?page=2', '/api/v1/courses?page=2']);
  });
});
