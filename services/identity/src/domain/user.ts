import type { Role } from '@liveedu/contracts';
import type { ObjectId } from 'mongodb';

export type PageStatus = 'none' | 'in progress' | 'accept' | 'reject';
export const PAGE_STATUSES: readonly PageStatus[] = ['none', 'in progress', 'accept', 'reject'];

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
  /** Object key of an uploaded avatar in the `avatars` bucket (absent for the default avatar). */
  avatarKey?: string;
  desc: string;
  stausOfPage: PageStatus;
  /** The tutor application: when it was sent, its link and its resume (an object in `resumes`). */
  appliedAt?: Date;
  ytLink?: string;
  resumeKey?: string;
  /** When an admin last accepted or rejected the application (the 60-day rule counts from it). */
  decidedAt?: Date;
  /** SHA-256 of the one outstanding password-reset token, and when it stops working. */
  resetTokenHash?: string;
  resetExpiresAt?: Date;
  createdAt: Date;
  /** `YYYY-MM-DD` and `YYYY-MM` in Asia/Kolkata, for the admin's sign-up charts. */
  day: string;
  month: string;
  /** Bumped by every profile change, so a change and the event describing it never race. */
  rev?: number;
  /** Set when the account is deleted; such a user no longer exists for anyone. */
  deletedAt?: Date;
  /** The log-in sessions still open, oldest first (see `domain/sessions.ts`). */
  sessions?: SessionEntry[];
  /** When each open session was last seen, by id (kept apart: seeing a session is not a change). */
  sessionsSeen?: Record<string, Date>;
  /** Raised when every session ends at once; a token carrying an older one is refused. */
  tokenVersion?: number;
  /** The last payout-account event mailed about, so a redelivery mails nothing more. */
  bankMailEvent?: string;
  /** The last withdrawal request, and the last withdrawal paid, mailed to the tutor. */
  withdrawalRequestMailEvent?: string;
  withdrawalPaidMailEvent?: string;
  /** The last failed-video event mailed to the tutor. */
  videoMailEvent?: string;
}

export interface SessionEntry {
  sid: string;
  /** The browser or client that logged in, as its User-Agent named it. */
  device: string;
  createdAt: Date;
  expiresAt: Date;
}

export const USERS = 'users';
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
