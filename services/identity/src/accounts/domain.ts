export type PageStatus = 'none' | 'in progress' | 'accept' | 'reject';
export const PAGE_STATUSES: readonly PageStatus[] = ['none', 'in progress', 'accept', 'reject'];

export const ADMIN_USERNAME = 'admin';
export const DEFAULT_AVATAR = '';

export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

export const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_DESC_LENGTH = 5000;

export const USERNAME_RULE =
  'Username must be 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit';
export const PASSWORD_RULE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

/** Checks a sign-up in the order a person fixes a form; null when it is acceptable. */
export function signUpProblem(input: { username: string; email: string; password: string }): string | null {
  if (!input.username.trim() || !input.email.trim() || !input.password) return 'All fields are required';
  if (!USERNAME.test(input.username.trim())) return USERNAME_RULE;
  if (usernameKey(input.username) === ADMIN_USERNAME) return 'Username already exists';
  if (!EMAIL.test(input.email.trim())) return 'Please enter a valid email address';
  if (input.password.length < MIN_PASSWORD_LENGTH) return PASSWORD_RULE;
  return null;
}

/** A new username; 'Username already exists' is the one problem answered with 409. */
export function usernameProblem(username: string): string | null {
  if (!username.trim()) return 'Username field is empty.';
  if (!USERNAME.test(username.trim())) return USERNAME_RULE;
  if (usernameKey(username) === ADMIN_USERNAME) return 'Username already exists';
  return null;
}

export function descProblem(desc: string): string | null {
  if (!desc.trim()) return 'Description is empty.';
  if (desc.length > MAX_DESC_LENGTH) return `Description must be at most ${MAX_DESC_LENGTH} characters`;
  return null;
}

/** A new password typed twice (change-password and reset-password); null when acceptable. */
export function newPasswordProblem(newPass: string, confirm: string): string | null {
  if (!newPass || !confirm) return 'All fields are required';
  if (newPass !== confirm) return 'New password and confirm password do not match';
  if (newPass.length < MIN_PASSWORD_LENGTH) return PASSWORD_RULE;
  return null;
}
