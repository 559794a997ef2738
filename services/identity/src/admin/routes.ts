import {
  calendarChart,
  errorResponses,
  MessageReply,
  ObjectIdString,
  paging,
  requireRole,
  type ServiceApp,
  seriesPerKey,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { PageStatusField, RoleField } from '../accounts/fields.ts';
import { MEMBERS, USERS, type UserDoc } from '../accounts/store.ts';
import { deleteUser } from './store.ts';

export const PAGE_SIZE = 7;
const NEW_USERS = 5;

const Count = Type.Object({ count: Type.Integer() });
const ListedUser = Type.Object({
  _id: Type.String(),
  avatar: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: RoleField,
  desc: Type.String(),
  stausOfPage: PageStatusField,
  createdAt: Type.String(),
});

const listed = (user: UserDoc) => ({
  _id: user._id.toHexString(),
  avatar: user.avatar,
  username: user.username,
  email: user.email,
  role: user.role,
  desc: user.desc,
  stausOfPage: user.stausOfPage,
  createdAt: user.createdAt.toISOString(),
});

/** The users the admin manages: how many, the newest, all of them a page at a time, and deleting one. */
export async function userAdminRoutes(app: ServiceApp): Promise<void> {
  const users = USERS.in(app.db);
  const admin = requireRole('admin');

  for (const [path, filter, summary] of [
    ['/api/v1/count-users', MEMBERS, 'How many users there are (students and tutors)'],
    ['/api/v1/count-students', { ...MEMBERS, role: 'student' }, 'How many students there are'],
    ['/api/v1/count-tutors', { ...MEMBERS, role: 'tutor' }, 'How many tutors there are'],
  ] as const) {
    app.get(
      path,
      { preHandler: admin, schema: { summary, response: { 200: Count, ...errorResponses } } },
      async () => ({
        count: await users.countDocuments(filter),
      }),
    );
  }

  app.get(
    '/api/v1/new-users',
    {
      preHandler: admin,
      schema: {
        summary: 'The five newest users',
        response: { 200: Type.Array(ListedUser), ...errorResponses },
      },
    },
    async () =>
      (await users.find(MEMBERS).sort({ createdAt: -1, _id: -1 }).limit(NEW_USERS).toArray()).map(listed),
  );

  app.get(
    '/api/v1/all-users',
    {
      preHandler: admin,
      schema: {
        summary: `Users, newest first, a page at a time (${PAGE_SIZE} unless limit says otherwise)`,
        ...paging.schema(
          { allUsers: Type.Array(ListedUser), count: Type.Integer() },
          { responses: errorResponses },
        ),
      },
    },
    async (request) => {
      const page = paging.request(request.query, PAGE_SIZE);
      const found = await paging.find(users, MEMBERS, { createdAt: -1, _id: -1 }, page);
      return { allUsers: found.items.map(listed), count: found.total, ...paging.fields(found.total, page) };
    },
  );

  app.delete(
    '/api/v1/delete-user/:id',
    {
      preHandler: admin,
      schema: {
        summary: 'Delete a user: their session stops working at once',
        params: Type.Object({ id: ObjectIdString }),
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      await deleteUser(app, new ObjectId(request.params.id), request.id);
      return { message: 'User deleted successfully' };
    },
  );
}

/** New users per day and per month, for the admin's charts. */
export async function signupChartRoutes(app: ServiceApp): Promise<void> {
  const users = USERS.in(app.db);
  const admin = requireRole('admin');

  calendarChart(app, {
    path: '/api/v1/user-signups',
    summary: 'New users on each of the last 28 days (Asia/Kolkata)',
    preHandler: admin,
    per: 'day',
    count: 28,
    keysAs: 'dates',
    valuesAs: 'userCounts',
    values: (days) => seriesPerKey(users, 'day', days, { match: MEMBERS }),
  });
  calendarChart(app, {
    path: '/api/v1/new-users-per-month',
    summary: 'New users in each of the last 12 months (Asia/Kolkata)',
    preHandler: admin,
    per: 'month',
    count: 12,
    keysAs: 'months',
    valuesAs: 'userCounts',
    values: (months) => seriesPerKey(users, 'month', months, { match: MEMBERS }),
  });
}
