import { spawnSync } from 'node:child_process';
import { catalogService } from '@liveedu/catalog';
import { identityService } from '@liveedu/identity';
import { todoService } from '@liveedu/todo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestStack, type TestStack } from '../support/stack.ts';

// Requests the API fuzzing found answered outside the published contract, each kept here as it
// is answered now (tests/fuzz runs the whole contract; these name the cases it found).

let stack: TestStack;
let user: Session;
beforeAll(async () => {
  stack = await startTestStack({
    services: { identity: identityService, todo: todoService, catalog: catalogService },
  });
  user = await stack.newUser('edges');
});
afterAll(() => stack?.close());

const auth = () => ({ authorization: `Bearer ${user.token}`, id: user._id });

describe('answers the fuzzing found outside the contract', () => {
  it('answers a method with a body but no content type on a known path 405 with Allow, also under /media', async () => {
    for (const path of [
      '/api/v1/get-all-category',
      '/api/v1/add-to-favourite/64d0c0de0000000000000101',
      '/media/64d0c0de0000000000000101/set-1/1.abc/master.m3u8',
    ]) {
      const response = await fetch(`${stack.url}${path}`, { method: 'QUERY', headers: auth() });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow'), path).toMatch(/GET|PUT/);
      expect(await response.json(), path).toHaveProperty('message');
    }
  });

  it('answers a listed path asked with a method only its parameterised sibling has 405, not as the sibling', async () => {
    // PUT and DELETE /api/v1/notes/:noteId would take "export" as a note's id.
    for (const method of ['PUT', 'DELETE']) {
      const response = await fetch(`${stack.url}/api/v1/notes/export`, { method, headers: auth() });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET, HEAD');
    }
    // The coupon check is listed after PUT /api/v1/coupons/:couponId; its own methods still answer.
    const options = await fetch(`${stack.url}/api/v1/coupons/check`, { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('GET, HEAD');
    const put = await fetch(`${stack.url}/api/v1/coupons/check`, { method: 'PUT', headers: auth() });
    expect(put.status).toBe(405);
  });

  it('routes a path segment of 100 characters however many bytes they take, and refuses a longer one with 400', async () => {
    const wide = 'ṰĀ'.repeat(50); // 100 characters, 300 bytes in UTF-8, 900 percent-encoded
    const fits = await stack.call('GET', `/api/v1/courses/${encodeURIComponent(wide)}`);
    expect(fits.status).toBe(200);
    const over = await stack.call('GET', `/api/v1/courses/${encodeURIComponent(`${wide}x`)}`);
    expect(over).toMatchObject({ status: 400, body: { message: 'A part of this address is too long' } });
  });

  it('states in the document that a search needs a character other than white space, and answers 400 as stated', async () => {
    for (const blank of ['\u00a0', '   ', '\ufeff\t']) {
      const answer = await stack.call('GET', `/api/v1/search/${encodeURIComponent(blank)}`);
      expect(answer, JSON.stringify(blank)).toMatchObject({
        status: 400,
        body: { message: 'Nothing to search' },
      });
    }
    const doc = await stack.call<{
      paths: Record<string, { get: { parameters: Array<{ name: string; schema: { pattern: string } }> } }>;
    }>('GET', '/api/docs/openapi.json');
    const query = doc.body.paths['/api/v1/search/{query}']?.get.parameters.find((p) => p.name === 'query');
    const rule = query?.schema.pattern ?? '';
    // The pattern refuses exactly what the handler finds blank, read as JavaScript reads it...
    const js = new RegExp(rule);
    for (const blank of ['\u00a0', ' ', '\ufeff', '\u2028\u3000'])
      expect(js.test(blank), JSON.stringify(blank)).toBe(false);
    for (const text of ['a', ' react ', '\u001c', 'é'])
      expect(js.test(text), JSON.stringify(text)).toBe(true);
    // ...and as Python reads it (the dialect of the fuzzer and of many clients).
    const python = spawnSync(
      'python3',
      [
        '-c',
        'import re, sys; p = sys.argv[1]; print(",".join(str(bool(re.search(p, s))) for s in sys.argv[2:]))',
        rule,
        '\ufeff',
        '\u0085',
        '\u001c',
        'a',
      ],
      { encoding: 'utf8' },
    );
    expect(python.stdout.trim()).toBe('False,True,True,True');
  });

  it('answers a multipart body cut short 400 with a message, not 500', async () => {
    const response = await fetch(`${stack.url}/api/v1/update-avatar`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The upload is not a well-formed multipart form' });
  });

  it('drops a __proto__ key in a JSON body and keeps the rest', async () => {
    const response = await fetch(`${stack.url}/api/v1/update-user-desc`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"__proto__": {"role": "admin"}, "desc": "Teaches by example"}',
    });
    expect(response.status).toBe(200);
    const me = await stack.call('GET', '/api/v1/getUserData', { as: user });
    expect(me.body).toMatchObject({ desc: 'Teaches by example', role: 'student' });
  });

  it('refuses what the handlers refused with the same sentences, now from the schemas', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api2/v1/create-todo', { desc: '   ' }, "Empty todo can't be created."],
      ['PUT', '/api/v1/change-username', { username: '  ' }, 'Username field is empty.'],
      ['PUT', '/api/v1/update-user-desc', { desc: '' }, 'Description is empty.'],
      [
        'PUT',
        '/api/v1/change-password',
        { currPass: 'x', newPass: 'short', confirmNewPass: 'short' },
        'Password must be at least 8 characters',
      ],
      ['POST', '/api/v1/tutor-request-ytlink', {}, 'Please fill atleast one field'],
      [
        'POST',
        '/api/v1/tutor-request-ytlink',
        { ytLink: 'ftp://example.com' },
        'Please enter a valid link starting with http:// or https://',
      ],
      ['POST', '/api/v1/forgot-password', {}, 'Email is required'],
      ['POST', '/api/v1/login', { username: ' ', password: 'x' }, 'All fields are required'],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await stack.call(method, path, { as: user, body });
      expect({ status: response.status, body: response.body }, `${path} ${JSON.stringify(body)}`).toEqual({
        status: 400,
        body: { message },
      });
    }
  });
});
