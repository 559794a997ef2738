import type { AdminClient, AdminUser } from '@liveedu/api-client';

export interface Totals {
  users: number;
  students: number;
  tutors: number;
  courses: number;
}

export async function loadTotals(api: AdminClient): Promise<Totals> {
  const [users, students, tutors, courses] = await Promise.all([
    api.count('users'),
    api.count('students'),
    api.count('tutors'),
    api.count('courses'),
  ]);
  return { users: users.count, students: students.count, tutors: tutors.count, courses: courses.count };
}

export function loadRecentUsers(api: AdminClient): Promise<AdminUser[]> {
  return api.newUsers();
}
