import { describe, expect, it } from 'vitest';
import { descProblem, newPasswordProblem, usernameProblem } from './domain.ts';

describe('profile rules', () => {
  it('checks a new username with the messages the client shows', () => {
    expect(usernameProblem('  ')).toBe('Username field is empty.');
    expect(usernameProblem('ADMIN')).toBe('Username already exists');
    expect(usernameProblem('a b')).toMatch(/^Username must be/);
    expect(usernameProblem('good_name')).toBeNull();
  });

  it('needs a description with something in it', () => {
    expect(descProblem(' \n ')).toBe('Description is empty.');
    expect(descProblem('I teach maths')).toBeNull();
  });

  it('needs a new password typed twice the same and at least 8 characters long', () => {
    expect(newPasswordProblem('', '')).toBe('All fields are required');
    expect(newPasswordProblem('abcdefgh', 'abcdefgX')).toBe('New password and confirm password do not match');
    expect(newPasswordProblem('short', 'short')).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
  });
});
