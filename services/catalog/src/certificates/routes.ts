import { caller, errorResponses, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { certificatePdf } from './pdf.ts';
import { CERTIFICATE_ID, CERTIFICATES, genuineCertificate } from './store.ts';

const Params = Type.Object({ certificateId: Type.String({ pattern: CERTIFICATE_ID }) });

/** A student's own certificates. */
export default async function certificateRoutes(app: ServiceApp): Promise<void> {
  const certificates = CERTIFICATES.in(app.db);

  app.get(
    '/api/v1/certificates',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your certificates, newest first (a revoked one, of a refunded course, is not listed)',
        response: {
          200: Type.Array(
            Type.Object({
              certificateId: Type.String(),
              courseId: Type.String(),
              courseTitle: Type.String(),
              issuedAt: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const mine = await certificates
        .find({ studentId: caller(request).userId, revokedAt: { $exists: false } })
        .sort({ issuedAt: -1 })
        .limit(1_000)
        .toArray();
      return mine.map((c) => ({
        certificateId: c._id,
        courseId: c.courseId,
        courseTitle: c.courseTitle,
        issuedAt: c.issuedAt.toISOString(),
      }));
    },
  );
}

/** Anyone may check a certificate and download it, without logging in. */
export async function certificateCheckRoutes(app: ServiceApp): Promise<void> {
  const genuine = (certificateId: string) =>
    genuineCertificate(app.db, app.config.internalSecret, certificateId);

  app.get(
    '/api/v1/certificates/:certificateId',
    {
      schema: {
        summary:
          'Verify a certificate: anyone may, without logging in; one revoked after a refund says so (revoked, revokedAt)',
        params: Params,
        response: {
          200: Type.Object({
            certificateId: Type.String(),
            studentName: Type.String(),
            courseTitle: Type.String(),
            tutorName: Type.String(),
            issuedAt: Type.String(),
            hours: Type.Number(),
            /** The course was refunded: the certificate no longer stands. */
            revoked: Type.Boolean(),
            revokedAt: Type.Optional(Type.String()),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const c = await genuine(request.params.certificateId);
      return {
        certificateId: c._id,
        studentName: c.studentName,
        courseTitle: c.courseTitle,
        tutorName: c.tutorName,
        issuedAt: c.issuedAt.toISOString(),
        hours: c.hours,
        revoked: c.revokedAt !== undefined,
        ...(c.revokedAt ? { revokedAt: c.revokedAt.toISOString() } : {}),
      };
    },
  );

  app.get(
    '/api/v1/certificates/:certificateId/pdf',
    {
      schema: {
        summary: 'The certificate as a PDF (A4 landscape, with a QR code to its verification page)',
        params: Params,
        response: {
          // The PDF when there is one; every refusal is `{message}` in JSON, as elsewhere.
          200: Type.Unsafe<Buffer>({
            description: 'The PDF',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const c = await genuine(request.params.certificateId);
      const pdf = await certificatePdf(c, `${app.config.publicUrl}/certificates/${c._id}`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="liveedu-certificate-${c._id}.pdf"`)
        .send(pdf);
    },
  );
}
