import type { Role } from '@liveedu/contracts';
import type { ObjectId } from 'mongodb';

export type PageStatus = 'none' | 'in progress' | 'accept' | 'reject';

export interface UserDoc {
  _id: ObjectId;
  username: string;
  /** Lower-cased copies carry the unique indexes: names and addresses are case-insensitive. */
  usernameKey: string;
  email: string;
  emailKey: string;
  passwordHash: string;
  role: Role;
  avatar: string;
  desc: string;
  stausOfPage: PageStatus;
  createdAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` in Asia/Kolkata, for the admin's sign-up charts. */
  day: string;
  month: string;
  /** Set when the account is deleted; such a user no longer exists for anyone. */
  deletedAt?: Date;
}

export const USERS = 'users';
export const ADMIN_USERNAME = 'admin';
export const DEFAULT_AVATAR = '';

export const usernameKey = (username: string) => username.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

/** Checks a sign-up in the order a person fixes a form; null when it is acceptable. */
export function signUpProblem(input: { username: string; email: string; password: string }): string | null {
  if (!input.username.trim() || !input.email.trim() || !input.password) return 'All fields are required';
  if (!USERNAME.test(input.username.trim())) {
    return 'Username must be 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit';
  }
  if (usernameKey(input.username) === ADMIN_USERNAME) return 'Username already exists';
  if (!EMAIL.test(input.email.trim())) return 'Please enter a valid email address';
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  return null;
}
