/**
 * The front end's client against the real gateway and services: the paths it builds from the
 * API document, the auth headers, the bodies, and errors as `{message}`.
 */
import { ApiError, createApiClient } from '@liveedu/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, newTutor } from '../support/flows.ts';
import { startPlatformStack } from '../support/platform.ts';
import type { Session, TestStack } from '../support/stack.ts';

let stack: TestStack;
let student: Session;
beforeAll(async () => {
  stack = await startPlatformStack();
  student = await stack.newUser('client');
});
afterAll(() => stack?.close());

const clientAs = (who: Session | null) =>
  createApiClient({
    baseUrl: stack.url,
    credentials: () => (who ? { id: who._id, token: who.token } : null),
  });

describe('the api-client through the gateway', () => {
  it('signs up and logs in, then reads the profile with the two auth headers', async () => {
    const visitor = clientAs(null);
    const username = `apiclient${Date.now().toString(36)}`;
    expect(
      await visitor.signUp({ username, email: `${username}@example.com`, password: 'a long password' }),
    ).toEqual({ message: 'User registered successfully' });
    const login = await visitor.login({ username, password: 'a long password' });
    expect(login.role).toBe('student');
    const me = await clientAs({ ...student, _id: login._id, token: login.token }).getUserData();
    expect(me).toMatchObject({ _id: login._id, username, role: 'student', stausOfPage: 'none' });
  });

  it('fills path segments, encoded, and pages with ?page=', async () => {
    const tutor = await newTutor(stack, 'clienttutor');
    const id = await createCourse(stack, tutor, { title: 'Client Paths', category: 'Web Development' });
    const client = clientAs(student);
    const category = await client.coursesByCategory('Web Development');
    expect(category.courses.courses.map((c) => c._id)).toContain(id);
    expect(category.page).toBe(1);
    const details = await client.courseDetails(id);
    expect(details).toMatchObject({ _id: id, title: 'Client Paths', studentsEnrolled: [] });
    const beyond = await client.allCourses(undefined, 999);
    expect(beyond).toMatchObject({ courses: [], page: 999 });
    const reviews = await client.courseReviews(id, 1);
    expect(reviews).toMatchObject({ reviews: [], total: 0 });
  });

  it('sends JSON bodies and deletes by id', async () => {
    const client = clientAs(student);
    await client.createTodo('Read the API document');
    const { data } = await client.todos();
    const todo = data.find((t) => t.desc === 'Read the API document');
    expect(todo).toBeDefined();
    await client.deleteTodo(todo!._id);
    expect((await client.todos()).data.map((t) => t._id)).not.toContain(todo!._id);
  });

  it("turns an error answer into an ApiError with the server's message and status", async () => {
    const missing = await clientAs(null)
      .courseDetails('64d0c0de0000000000000abc')
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: 'Course not found' });
    const anonymous = await clientAs(null)
      .getUserData()
      .catch((error: unknown) => error);
    expect(anonymous).toMatchObject({ status: 401 });
  });

  it('builds the payment callback address the gateway routes', () => {
    const url = clientAs(null).paymentVerificationUrl({
      orderId: 'order_1',
      courseId: 'c 1',
      userId: 'u',
      teacherId: 't',
      amount: 499,
    });
    expect(url).toBe(`${stack.url}/api/v1/paymentVerification/order_1/c%201/u/t/499`);
  });
});
