import type { Role } from '@liveedu/contracts';
import { Type } from '@liveedu/service-kit';
import { PAGE_STATUSES, type PageStatus } from '../domain/user.ts';

/**
 * A string answered as it is stored, with its possible values in the API document (so clients'
 * generated types know them); identity writes no other value.
 */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.String({ enum: [...values] }));

const ROLES: readonly Role[] = ['student', 'tutor', 'admin'];

export const RoleField = oneOf(ROLES);
export const PageStatusField = oneOf<PageStatus>(PAGE_STATUSES);
