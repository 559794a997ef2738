/**
 * The signed-in callers a fuzzing run speaks as, made through the public API as a person would
 * make them: a new student, a new student whose tutor application the admin accepted, and the
 * admin. Each is the pair of headers the gateway checks.
 */
export interface FuzzRole {
  name: 'student' | 'tutor' | 'admin';
  headers: { authorization: string; id: string };
}

interface LoggedIn {
  _id: string;
  token: string;
}

async function call<T>(base: string, method: string, path: string, body: unknown, as?: LoggedIn): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(as ? { authorization: `Bearer ${as.token}`, id: as._id } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer;
}

const login = (base: string, username: string, password: string) =>
  call<LoggedIn>(base, 'POST', '/api/v1/login', { username, password });

async function newStudent(base: string, name: string): Promise<LoggedIn> {
  const username = `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'fuzzing correct horse';
  await call(base, 'POST', '/api/v1/user-signUp', { username, email: `${username}@example.com`, password });
  return login(base, username, password);
}

const asRole = (name: FuzzRole['name'], user: LoggedIn): FuzzRole => ({
  name,
  headers: { authorization: `Bearer ${user.token}`, id: user._id },
});

export async function signInRoles(base: string, adminPassword: string): Promise<FuzzRole[]> {
  const admin = await login(base, 'admin', adminPassword);
  const student = await newStudent(base, 'fuzzstudent');
  const tutor = await newStudent(base, 'fuzztutor');
  await call(base, 'POST', '/api/v1/tutor-request-ytlink', { ytLink: 'https://youtu.be/fuzzing' }, tutor);
  await call(base, 'PUT', '/api/v1/acceptTutorRequest', { option: 'accept', id: tutor._id }, admin);
  return [asRole('student', student), asRole('tutor', tutor), asRole('admin', admin)];
}
