import type { Role } from '@liveedu/contracts';
import { HAS_TEXT, RuledString, Type } from '@liveedu/service-kit';
import {
  EMAIL,
  MAX_DESC_LENGTH,
  MIN_PASSWORD_LENGTH,
  PAGE_STATUSES,
  PASSWORD_RULE,
  type PageStatus,
  USERNAME,
  USERNAME_RULE,
} from './domain.ts';

/**
 * A string answered as it is stored, with its possible values in the API document (so clients'
 * generated types know them); identity writes no other value.
 */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.String({ enum: [...values] }));

const ROLES: readonly Role[] = ['student', 'tutor', 'admin'];

export const RoleField = oneOf(ROLES);
export const PageStatusField = oneOf<PageStatus>(PAGE_STATUSES);

// The domain's rules as request schemas, with the domain's sentences: what the handlers would
// refuse, the published contract refuses first. Values are trimmed where stored, so the
// patterns allow white space around them.
const REQUIRED = 'All fields are required';
const trimmed = (pattern: RegExp) => `^\\s*${pattern.source.slice(1, -1)}\\s*$`;
const present = (message: string) => ({ minLength: 1, pattern: HAS_TEXT, message });

export const UsernameField = (blank = REQUIRED) =>
  RuledString([present(blank), { maxLength: 100, pattern: trimmed(USERNAME), message: USERNAME_RULE }]);

export const EmailField = () =>
  RuledString([
    present(REQUIRED),
    { maxLength: 254, pattern: trimmed(EMAIL), message: 'Please enter a valid email address' },
  ]);

/** A password being chosen: at least the minimum, at most what hashing accepts. */
export const NewPasswordField = () =>
  RuledString([
    { minLength: 1, message: REQUIRED },
    { minLength: MIN_PASSWORD_LENGTH, maxLength: 200, message: PASSWORD_RULE },
  ]);

/** A password being proved (log-in, the current one): anything non-empty, within bounds. */
export const PasswordField = () => RuledString([{ minLength: 1, maxLength: 200, message: REQUIRED }]);

export const DescField = () =>
  RuledString([
    present('Description is empty.'),
    { maxLength: MAX_DESC_LENGTH, message: `Description must be at most ${MAX_DESC_LENGTH} characters` },
  ]);
