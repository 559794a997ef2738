import { badRequest, caller, MessageReply, requireRole, type ServiceApp, Type } from '@liveedu/service-kit';
import { collections } from '../../collections.ts';
import { parseBankDetails } from '../../domain/bank-details.ts';

const Field = Type.String({ maxLength: 200 });

/** The account a tutor's withdrawals are paid into. */
export default async function bankDetailsRoutes(app: ServiceApp): Promise<void> {
  const { bankDetails } = collections(app.db);
  const tutorOnly = requireRole('tutor');

  app.post(
    '/api/v1/submit-account-details',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Save (or replace) the bank account withdrawals are paid into',
        body: Type.Object({
          fullName: Field,
          // A numeric form field may be sent as a JSON number.
          accountNumber: Type.Union([Type.String({ maxLength: 40 }), Type.Number()]),
          nameOfBank: Field,
          ifsc: Type.String({ maxLength: 40 }),
        }),
        response: { 200: MessageReply, 400: MessageReply },
      },
    },
    async (request) => {
      const parsed = parseBankDetails(request.body);
      if (!parsed.ok) throw badRequest(parsed.message);
      await bankDetails.updateOne(
        { _id: caller(request).userId },
        { $set: { ...parsed.details, updatedAt: new Date() } },
        { upsert: true },
      );
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
    async (request) => ({
      message:
        (await bankDetails.findOne({ _id: caller(request).userId }, { projection: { _id: 1 } })) !== null,
    }),
  );
}
