import {
  badRequest,
  caller,
  createMailer,
  errorResponses,
  HAS_TEXT,
  MessageReply,
  RuledString,
  registerSharedRateLimit,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { emailKey, newPasswordProblem } from '../accounts/domain.ts';
import { NewPasswordField, PasswordField } from '../accounts/fields.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { perAccountLimit } from '../auth/per-account-limit.ts';
import { identitySettings } from '../config.ts';
import { looksLikeResetToken, newResetToken } from './domain.ts';
import { changePassword, resetPassword, saveResetToken, tokenHolder, workingToken } from './store.ts';

const SENT = 'If an account with this email exists, we have sent it a link to reset the password.';
const BAD_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

/** The reset mail's text: the link, and what to do when someone else asked for it. */
const resetMailText = (username: string, link: string) =>
  [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your LiveEdu account.',
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail;',
    'your password stays as it is.',
  ].join('\n');

export async function forgotPasswordRoutes(app: ServiceApp): Promise<void> {
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
      const user = await saveResetToken(app.db, email, hash);
      if (user) {
        const link = `${app.config.publicUrl}/reset-password/${token}`;
        // Sent after answering: waiting for the mail server would tell who has an account.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your LiveEdu password',
            text: resetMailText(user.username, link),
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
}

export async function resetPasswordRoutes(app: ServiceApp): Promise<void> {
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
      const valid = workingToken(token);
      const user = await tokenHolder(app.db, valid);
      if (!user) throw badRequest(BAD_TOKEN);
      const problem = newPasswordProblem(newPass, confirmPass);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(newPass);
      if (!(await resetPassword(app, valid, user, passwordHash, request.id))) throw badRequest(BAD_TOKEN);
      return { message: 'Your password has been reset. You can log in with the new password now.' };
    },
  );
}

export async function passwordChangeRoutes(app: ServiceApp): Promise<void> {
  await registerSharedRateLimit(app, 'identity');

  app.put(
    '/api/v1/change-password',
    {
      preHandler: requireUser,
      // Guessing the current password through this route is limited per user, on every replica.
      ...perAccountLimit({
        max: identitySettings.of(app).CHANGE_PASSWORD_RATE_LIMIT_PER_USER,
        timeWindow: '1 hour',
        field: 'caller',
        normalise: (id) => id,
        tooMany: 'Too many password changes for this account.',
      }),
      schema: {
        summary: 'Change the caller’s password',
        body: Type.Object({
          currPass: PasswordField(),
          newPass: NewPasswordField(),
          confirmNewPass: PasswordField(),
        }),
        response: { 200: MessageReply, ...errorResponses, 429: MessageReply },
      },
    },
    async (request) => {
      const { currPass, newPass, confirmNewPass } = request.body;
      const problem = newPasswordProblem(newPass, confirmNewPass);
      if (problem) throw badRequest(problem);
      const me = new ObjectId(caller(request).userId);
      await changePassword(app, me, { currPass, newPass }, caller(request).sessionId, request.id);
      return { message: 'Password changed successfully' };
    },
  );
}
