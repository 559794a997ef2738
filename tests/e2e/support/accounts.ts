import type { LoginResponse } from '@liveedu/api-client';
import { call } from './api.ts';
import { platform } from './browser.ts';

export const PASSWORD = 'a long password';

/** A new account (`username@example.com`, `PASSWORD`), logged in through the API. */
export async function signUpAndLogIn(username: string): Promise<LoginResponse> {
  await call('POST', '/api/v1/user-signUp', {
    body: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  return call<LoginResponse>('POST', '/api/v1/login', { body: { username, password: PASSWORD } });
}

/** A new account that asked to teach and was accepted by the admin. */
export async function approvedTutor(username: string): Promise<LoginResponse> {
  const tutor = await signUpAndLogIn(username);
  await call('POST', '/api/v1/tutor-request-ytlink', {
    as: tutor,
    body: { ytLink: `https://www.youtube.com/@${username}` },
  });
  const admin = await call<LoginResponse>('POST', '/api/v1/login', {
    body: { username: 'admin', password: platform().adminPassword },
  });
  await call('PUT', '/api/v1/acceptTutorRequest', { as: admin, body: { option: 'accept', id: tutor._id } });
  return tutor;
}
