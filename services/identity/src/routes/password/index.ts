import {
  badRequest,
  HAS_TEXT,
  MessageReply,
  RuledString,
  registerSharedRateLimit,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import {
  hashResetToken,
  looksLikeResetToken,
  newResetToken,
  RESET_TOKEN_TTL_MS,
} from '../../domain/reset-token.ts';
import { emailKey, newPasswordProblem, USERS, type UserDoc } from '../../domain/user.ts';
import { sessionsEnded } from '../../events.ts';
import { createMailer } from '../../mail.ts';
import { hashPassword } from '../../passwords.ts';
import { identitySettings } from '../../settings.ts';
import { LIVE, usersOf } from '../../users.ts';
import { NewPasswordField, PasswordField } from '../fields.ts';
import { perAccountLimit } from '../per-account-limit.ts';

const SENT = 'If an account with this email exists, we have sent it a link to reset the password.';
const BAD_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

export default async function passwordRoutes(app: ServiceApp): Promise<void> {
  const users = usersOf(app.db);
  const settings = identitySettings.of(app);
  const mailer = createMailer(settings);
  const perAddress = settings.FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL;

  // Someone flooding one inbox with reset mails is limited per address; the gateway limits
  // each client address.
  await registerSharedRateLimit(app, 'identity');

  app.post(
    '/api/v1/forgot-password',
    {
      ...perAccountLimit({
        max: perAddress,
        timeWindow: '1 hour',
        field: 'email',
        normalise: emailKey,
        tooMany: 'Too many password reset requests for this email.',
      }),
      schema: {
        summary: 'Mail a password reset link; the answer does not say whether the email is known',
        body: Type.Object(
          {
            email: RuledString([
              { minLength: 1, pattern: HAS_TEXT, maxLength: 254, message: 'Email is required' },
            ]),
          },
          { errorMessage: { required: 'Email is required' } },
        ),
        response: { 200: MessageReply, 400: MessageReply, 429: MessageReply },
      },
    },
    async (request) => {
      const { email } = request.body;
      const { token, hash } = newResetToken();
      const user = await users.findOneAndUpdate(
        { emailKey: emailKey(email), ...LIVE },
        { $set: { resetTokenHash: hash, resetExpiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) } },
      );
      if (user) {
        const link = `${app.config.publicUrl}/reset-password/${token}`;
        // Sent after answering: waiting for the mail server would tell who has an account.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your LiveEdu password',
            text: [
              `Hello ${user.username},`,
              '',
              'Someone asked to reset the password of your LiveEdu account.',
              'Open this link within one hour to choose a new password:',
              '',
              link,
              '',
              'The link works once. If you did not ask for it, ignore this mail;',
              'your password stays as it is.',
            ].join('\n'),
          })
          .catch((error) => {
            request.log.error(
              { err: error, to: mailer.destination },
              'could not send the password reset mail',
            );
          });
      }
      return { message: SENT };
    },
  );

  app.post(
    '/api/v1/reset-password/:token',
    {
      schema: {
        summary: 'Set a new password with the token from a reset mail (works once, for one hour)',
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: Type.Object({ newPass: NewPasswordField(), confirmPass: PasswordField() }),
        response: { 200: MessageReply, 400: MessageReply },
      },
    },
    async (request) => {
      const { token } = request.params;
      const { newPass, confirmPass } = request.body;
      if (!looksLikeResetToken(token)) throw badRequest(BAD_TOKEN);
      const valid = { resetTokenHash: hashResetToken(token), resetExpiresAt: { $gt: new Date() }, ...LIVE };
      const user = await users.findOne(valid, { projection: { _id: 1, sessions: 1 } });
      if (!user) throw badRequest(BAD_TOKEN);
      const problem = newPasswordProblem(newPass, confirmPass);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(newPass);
      // The token is spent in the same write that sets the password: a second use finds nothing.
      // Every session ends with it (whoever asked for the reset may not be the one logged in).
      const ended = sessionsEnded(
        user._id.toHexString(),
        (user.sessions ?? []).map((s) => s.sid),
        true,
        { requestId: request.id },
      );
      const spent = await app.outbox.updateOne<UserDoc>(
        USERS,
        { ...valid, _id: user._id },
        {
          $set: { passwordHash, sessions: [], sessionsSeen: {} },
          $unset: { resetTokenHash: '', resetExpiresAt: '' },
          $inc: { tokenVersion: 1, rev: 1 },
        },
        [ended],
      );
      if (spent.matchedCount !== 1) throw badRequest(BAD_TOKEN);
      return { message: 'Your password has been reset. You can log in with the new password now.' };
    },
  );
}
