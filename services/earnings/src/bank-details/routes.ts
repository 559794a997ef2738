import {
  badRequest,
  caller,
  HAS_TEXT,
  MessageReply,
  RuledString,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { stepUpFor } from '../withdrawals/step-up.ts';
import {
  ACCOUNT_NUMBER,
  ALL_FIELDS_REQUIRED,
  BAD_ACCOUNT_NUMBER,
  BAD_IFSC,
  parseBankDetails,
} from './domain.ts';
import { hasBankDetails, saveBankDetails } from './store.ts';

// parseBankDetails' rules stated for the published contract (values are trimmed and the IFSC
// upper-cased before they are checked, so the patterns allow both).
const present = { minLength: 1, pattern: HAS_TEXT, message: ALL_FIELDS_REQUIRED };
const Field = RuledString([present, { maxLength: 200, message: ALL_FIELDS_REQUIRED }]);
const around = (pattern: RegExp) => `^\\s*${pattern.source.slice(1, -1)}\\s*$`;
const AccountNumber = RuledString([
  present,
  { pattern: around(ACCOUNT_NUMBER), message: BAD_ACCOUNT_NUMBER },
]);
const Ifsc = RuledString([present, { pattern: `^\\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\\s*$`, message: BAD_IFSC }]);

/** The account a tutor's withdrawals are paid into. */
export default async function bankDetailsRoutes(app: ServiceApp): Promise<void> {
  const tutorOnly = requireRole('tutor');
  const confirm = stepUpFor(app);

  app.post(
    '/api/v1/submit-account-details',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Save (or replace) the bank account withdrawals are paid into',
        body: Type.Object({
          fullName: Field,
          // A numeric form field may be sent as a JSON number.
          accountNumber: Type.Union(
            [AccountNumber, Type.Integer({ minimum: 100_000_000, maximum: Number.MAX_SAFE_INTEGER })],
            { errorMessage: { anyOf: BAD_ACCOUNT_NUMBER } },
          ),
          nameOfBank: Field,
          ifsc: Ifsc,
          currPass: Type.Optional(
            Type.String({
              maxLength: 200,
              description: 'The current password, needed when the log-in is more than 10 minutes old',
            }),
          ),
        }),
        response: { 200: MessageReply, 400: MessageReply, 403: MessageReply, 429: MessageReply },
      },
    },
    async (request) => {
      const parsed = parseBankDetails(request.body);
      if (!parsed.ok) throw badRequest(parsed.message);
      await confirm(caller(request), request.body.currPass, request.id);
      await saveBankDetails(app.outbox, caller(request).userId, parsed.details, request.id);
      return { message: 'Bank details saved successfully' };
    },
  );

  app.get(
    '/api/v1/isBankDetail',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Whether the tutor has bank details (answered in `message`)',
        response: { 200: Type.Object({ message: Type.Boolean() }) },
      },
    },
    async (request) => ({ message: await hasBankDetails(app.db, caller(request).userId) }),
  );
}
