import type { ResponseOf } from '@liveedu/api-client';
import { identityService } from '@liveedu/identity';
import { todoService } from '@liveedu/todo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ services: { identity: identityService, todo: todoService } });
});
afterAll(() => stack?.close());

describe('sign-up, log-in and getUserData through the gateway', () => {
  it('signs up, logs in and reads the profile the spec describes', async () => {
    const signUp = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: 'asha', email: 'Asha@Example.com', password: 'a long password' },
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body).toEqual({ message: 'User registered successfully' });

    const login = await stack.call<ResponseOf<'/api/v1/login', 'post'>>('POST', '/api/v1/login', {
      body: { username: 'asha', password: 'a long password' },
    });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('student');
    expect(login.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(login.body.token.split('.')).toHaveLength(3);
    expect(login.body.message).toBeTruthy();

    const me = await stack.call('GET', '/api/v1/getUserData', {
      as: { ...login.body, username: 'asha', password: '', email: '' },
    });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      _id: login.body._id,
      avatar: '',
      email: 'Asha@Example.com',
      username: 'asha',
      role: 'student',
      desc: '',
      stausOfPage: 'none',
    });
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);
  });

  it('requires every field and refuses taken usernames and emails, case-insensitively', async () => {
    const empty = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: '', email: '', password: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'All fields are required' });
    const missing = await stack.call('POST', '/api/v1/user-signUp', { body: { username: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'All fields are required' });

    await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: 'ravi', email: 'ravi@example.com', password: 'another password' },
    });
    const sameName = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: 'RAVI', email: 'other@example.com', password: 'another password' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: 'Username already exists' });
    const sameEmail = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: 'ravi2', email: 'RAVI@example.com', password: 'another password' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ message: 'Email already exists' });
    const admin = await stack.call('POST', '/api/v1/user-signUp', {
      body: { username: 'Admin', email: 'not-admin@example.com', password: 'another password' },
    });
    expect(admin.status).toBe(409);
  });

  it('makes one account when the same username signs up ten times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        stack.call('POST', '/api/v1/user-signUp', {
          body: { username: 'Crowded', email: `crowded${i}@example.com`, password: 'a long password' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: 'Username already exists' });
    }
    const users = stack.services.identity!.app.db.collection('users');
    expect(await users.countDocuments({ usernameKey: 'crowded' })).toBe(1);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const user = await stack.newUser('pw');
    const wrong = await stack.call('POST', '/api/v1/login', {
      body: { username: user.username, password: 'nope nope' },
    });
    const unknown = await stack.call('POST', '/api/v1/login', {
      body: { username: 'nobody-here', password: 'nope nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    const blank = await stack.call('POST', '/api/v1/login', { body: { username: '', password: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'All fields are required' });
  });

  it('creates the admin account from ADMIN_PASSWORD with the admin role', async () => {
    const login = await stack.call<ResponseOf<'/api/v1/login', 'post'>>('POST', '/api/v1/login', {
      body: { username: 'admin', password: 'admin-test-password' },
    });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('admin');
  });
});

describe('todos through the gateway', () => {
  it('creates, lists and deletes only the caller’s own todos', async () => {
    const alice = await stack.newUser('alice');
    const bob = await stack.newUser('bob');

    const created = await stack.call<ResponseOf<'/api2/v1/create-todo', 'post'>>(
      'POST',
      '/api2/v1/create-todo',
      { as: alice, body: { desc: '  Finish the React course  ' } },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.desc).toBe('Finish the React course');
    await stack.call('POST', '/api2/v1/create-todo', { as: alice, body: { desc: 'Review chapter 2' } });
    await stack.call('POST', '/api2/v1/create-todo', { as: bob, body: { desc: 'Bob’s own' } });

    const list = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
      'GET',
      '/api2/v1/getAll-todos',
      {
        as: alice,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((todo) => todo.desc)).toEqual(['Review chapter 2', 'Finish the React course']);

    const stolen = await stack.call('DELETE', `/api2/v1/delete-todo/${created.body.data._id}`, { as: bob });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Todo not found' });
    const stillThere = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
      'GET',
      '/api2/v1/getAll-todos',
      { as: alice },
    );
    expect(stillThere.body.data).toHaveLength(2);

    const deleted = await stack.call('DELETE', `/api2/v1/delete-todo/${created.body.data._id}`, {
      as: alice,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Todo deleted' });
    const after = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
      'GET',
      '/api2/v1/getAll-todos',
      {
        as: alice,
      },
    );
    expect(after.body.data.map((todo) => todo.desc)).toEqual(['Review chapter 2']);
    const bobs = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
      'GET',
      '/api2/v1/getAll-todos',
      { as: bob },
    );
    expect(bobs.body.data.map((todo) => todo.desc)).toEqual(['Bob’s own']);
  });

  it('refuses an empty or blank todo and a malformed id', async () => {
    const user = await stack.newUser('blank');
    for (const desc of ['', '   \n\t']) {
      const response = await stack.call('POST', '/api2/v1/create-todo', { as: user, body: { desc } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "Empty todo can't be created." });
    }
    const bad = await stack.call('DELETE', '/api2/v1/delete-todo/not-an-id', { as: user });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('message');
    const list = await stack.call<ResponseOf<'/api2/v1/getAll-todos', 'get'>>(
      'GET',
      '/api2/v1/getAll-todos',
      { as: user },
    );
    expect(list.body.data).toEqual([]);
  });

  it('needs a logged-in caller', async () => {
    const response = await stack.call('GET', '/api2/v1/getAll-todos');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in to continue' });
  });
});
