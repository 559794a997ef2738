import { calendarKeys } from '@liveedu/calendar';
import {
  conflict,
  HAS_TEXT,
  isDuplicateKey,
  MessageReply,
  RuledString,
  registerSharedRateLimit,
  type ServiceApp,
  Type,
  unauthorized,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { SESSION_DAYS } from '../../domain/sessions.ts';
import {
  DEFAULT_AVATAR,
  emailKey,
  signUpProblem,
  USERS,
  type UserDoc,
  usernameKey,
} from '../../domain/user.ts';
import { userRegistered } from '../../events.ts';
import { checkPassword, hashPassword } from '../../passwords.ts';
import { openSession } from '../../sessions.ts';
import { identitySettings } from '../../settings.ts';
import { LIVE, usersOf } from '../../users.ts';
import { EmailField, NewPasswordField, PasswordField, RoleField, UsernameField } from '../fields.ts';
import { perAccountLimit } from '../per-account-limit.ts';

const Credentials = {
  username: RuledString([
    { minLength: 1, pattern: HAS_TEXT, message: 'All fields are required' },
    { maxLength: 100, message: 'Invalid username or password' },
  ]),
  password: PasswordField(),
};

export default async function authRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  const perUsername = identitySettings.of(app).LOGIN_RATE_LIMIT_PER_USERNAME;

  // Guessing one account's password from many addresses is limited here, per username;
  // the gateway limits each address.
  await registerSharedRateLimit(app, 'identity');

  app.post(
    '/api/v1/user-signUp',
    {
      schema: {
        summary: 'Create a student account',
        body: Type.Object({ username: UsernameField(), email: EmailField(), password: NewPasswordField() }),
        response: { 201: MessageReply, 400: MessageReply, 409: MessageReply },
      },
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const problem = signUpProblem({ username, email, password });
      if (problem === 'Username already exists') throw conflict(problem);
      if (problem) return reply.status(400).send({ message: problem });
      const now = new Date();
      const user: UserDoc = {
        _id: new ObjectId(),
        username: username.trim(),
        usernameKey: usernameKey(username),
        email: email.trim(),
        emailKey: emailKey(email),
        passwordHash: await hashPassword(password),
        role: 'student',
        avatar: DEFAULT_AVATAR,
        desc: '',
        stausOfPage: 'none',
        createdAt: now,
        ...calendarKeys(now),
      };
      try {
        await app.outbox.insertOne(USERS, user, [userRegistered(user, { requestId: request.id })]);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        const taken = await users.findOne({ usernameKey: user.usernameKey });
        throw conflict(taken ? 'Username already exists' : 'Email already exists');
      }
      return reply.status(201).send({ message: 'User registered successfully' });
    },
  );

  app.post(
    '/api/v1/login',
    {
      ...perAccountLimit({
        max: perUsername,
        timeWindow: '1 minute',
        field: 'username',
        normalise: usernameKey,
        tooMany: 'Too many log-in attempts for this account.',
      }),
      schema: {
        summary: 'Log in; returns a bearer token',
        body: Type.Object(Credentials),
        response: {
          200: Type.Object({
            message: Type.String(),
            role: RoleField,
            _id: Type.String(),
            token: Type.String(),
          }),
          400: MessageReply,
          401: MessageReply,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const user = await users.findOne({ usernameKey: usernameKey(username), ...LIVE });
      if (!(await checkPassword(user?.passwordHash, password)) || !user) {
        throw unauthorized('Invalid username or password');
      }
      const _id = user._id.toHexString();
      const { session, tokenVersion } = await openSession(
        app,
        user._id,
        request.headers['user-agent'],
        request.id,
      );
      const token = app.jwt.sign(
        { sub: _id, username: user.username, sid: session.sid, tv: tokenVersion },
        { expiresIn: `${SESSION_DAYS}d` },
      );
      return { message: 'Logged in successfully', role: user.role, _id, token };
    },
  );
}
