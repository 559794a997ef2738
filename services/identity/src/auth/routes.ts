import { IDENTITY_INTERNAL } from '@liveedu/contracts';
import {
  conflict,
  internalSchema,
  MessageReply,
  registerSharedRateLimit,
  requireServiceToken,
  type ServiceApp,
  Type,
  unauthorized,
  WrittenText,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { signUpProblem, usernameKey } from '../accounts/domain.ts';
import { EmailField, NewPasswordField, PasswordField, RoleField, UsernameField } from '../accounts/fields.ts';
import { newAccount } from '../accounts/new-account.ts';
import { checkPassword, hashPassword } from '../accounts/passwords.ts';
import { findByUsername, findLiveUser, registerUser } from '../accounts/store.ts';
import { identitySettings } from '../config.ts';
import { SESSION_DAYS } from '../sessions/domain.ts';
import { openSession } from '../sessions/store.ts';
import { perAccountLimit } from './per-account-limit.ts';

const Credentials = {
  username: WrittenText({ max: 100 }, 'All fields are required', 'Invalid username or password'),
  password: PasswordField(),
};

export async function signUpRoutes(app: ServiceApp): Promise<void> {
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
      const passwordHash = await hashPassword(password);
      const user = newAccount({ username, email, passwordHash, role: 'student' }, new Date());
      await registerUser(app, user, request.id);
      return reply.status(201).send({ message: 'User registered successfully' });
    },
  );
}

export async function logInRoutes(app: ServiceApp): Promise<void> {
  const perUsername = identitySettings.of(app).LOGIN_RATE_LIMIT_PER_USERNAME;

  // Guessing one account's password from many addresses is limited here, per username;
  // the gateway limits each address.
  await registerSharedRateLimit(app, 'identity');

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
      const user = await findByUsername(app.db, username);
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

/** Calls only our own processes make; the gateway never routes `/internal/*`. */
export async function passwordCheckRoutes(app: ServiceApp): Promise<void> {
  const { passwordCheck } = IDENTITY_INTERNAL;
  await registerSharedRateLimit(app, 'identity');
  /**
   * Whether `password` is the user's: another service asking for the password again before money
   * moves. Ten tries an hour per user, on every replica, so it is no way to guess one.
   */
  app.post(
    passwordCheck.path,
    {
      preHandler: requireServiceToken(app.config.internalSecret),
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 hour',
          keyGenerator: (request) => `password-check:${(request.params as { id: string }).id}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many password confirmations for this account. Try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
          }),
        },
      },
      schema: internalSchema(passwordCheck),
    },
    async (request) => {
      const user = await findLiveUser(app.db, new ObjectId(request.params.id), { passwordHash: 1 });
      const matches = await checkPassword(user?.passwordHash, request.body.password);
      return { matches: Boolean(user) && matches };
    },
  );
}
