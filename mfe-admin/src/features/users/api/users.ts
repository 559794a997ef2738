import type { AdminClient, AdminUser } from '@liveedu/api-client';

/** The spec's page size of the all-users list. */
export const USERS_PAGE_SIZE = 7;

export interface UsersPage {
  users: AdminUser[];
  total: number;
  pages: number;
}

export async function loadUsersPage(api: AdminClient, page: number): Promise<UsersPage> {
  const { allUsers, count } = await api.allUsers(page);
  return { users: allUsers, total: count, pages: Math.max(1, Math.ceil(count / USERS_PAGE_SIZE)) };
}
