import { messageOf, type Todo } from '@liveedu/api-client';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Button,
  EmptyState,
  ErrorState,
  gridList,
  Loading,
  Modal,
  theme,
  toast,
  truncate,
} from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { PageSection } from '../../../shared/components/page-section.tsx';

const Form = styled.form`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 1.25rem;
  input {
    flex: 1; min-width: 0; padding: 0.55rem 0.75rem; border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

const Grid = styled.ul`
  ${gridList({ sm: 2, lg: 3 })}
  li {
    display: flex; flex-direction: column; gap: 0.75rem; padding: 1rem;
    background: ${theme.colors.warningBg}; border: 1px solid #fde68a; border-radius: ${theme.radius};
  }
  p { margin: 0; flex: 1; white-space: pre-line; word-break: break-word; }
  div { display: flex; gap: 0.5rem; }
  div button { flex: 1; }
`;

const FullText = styled.p`
  white-space: pre-line;
  word-break: break-word;
`;

const TODOS = ['learner', 'todos'];

/** The personal todo list: write, add, view in full and delete. */
export function TodoPage() {
  const api = useApi();
  const inputId = useId();
  const todos = useApiQuery(TODOS, (signal) => api.todos(signal));
  const creation = useApiMutation((desc: string) => api.createTodo(desc), { invalidates: [TODOS] });
  const deletion = useApiMutation((todo: Todo) => api.deleteTodo(todo._id), { invalidates: [TODOS] });
  const list = todos.status === 'ready' ? (todos.data.data ?? []) : [];
  const [text, setText] = useState('');
  const [viewed, setViewed] = useState<Todo | null>(null);
  const adding = creation.isPending;
  const deleting = deletion.isPending ? deletion.variables?._id : null;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const desc = text.trim();
    if (!desc) {
      toast.error("Empty todo can't be created.");
      return;
    }
    try {
      await creation.mutateAsync(desc);
      setText('');
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const remove = async (todo: Todo) => {
    try {
      await deletion.mutateAsync(todo);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <PageSection aria-labelledby="todo-heading">
      <h2 id="todo-heading">Todo</h2>
      <Form onSubmit={add}>
        <label htmlFor={inputId} className="visually-hidden">
          Write Todo
        </label>
        <input
          id={inputId}
          placeholder="Write Todo"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={1000}
        />
        <Button type="submit" disabled={adding}>
          {adding ? 'Adding…' : 'Add'}
        </Button>
      </Form>
      {todos.status === 'loading' && list.length === 0 ? (
        <Loading label="Loading your todos…" />
      ) : todos.status === 'error' ? (
        <ErrorState message={todos.error} onRetry={todos.reload} />
      ) : list.length === 0 ? (
        <EmptyState message="Your ToDo Is Empty" />
      ) : (
        <Grid aria-label="Todos">
          {list.map((todo) => (
            <li key={todo._id} data-testid="todo">
              <p>{todo.desc.length > 80 ? `${truncate(todo.desc, 80)}…` : todo.desc}</p>
              <div>
                <Button type="button" $variant="secondary" onClick={() => setViewed(todo)}>
                  View
                </Button>
                <Button
                  type="button"
                  $variant="danger"
                  disabled={deleting === todo._id}
                  onClick={() => remove(todo)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </Grid>
      )}
      <Modal open={viewed !== null} title="Todo" onClose={() => setViewed(null)}>
        <FullText>{viewed?.desc}</FullText>
      </Modal>
    </PageSection>
  );
}
