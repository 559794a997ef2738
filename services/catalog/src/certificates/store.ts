/**
 * Certificates of completion. Each is issued once per student and course (a unique index on the
 * pair), under an unguessable id (128 random bits), with its names copied in: a deleted account or
 * course does not change or invalidate what was issued. Its fields are signed, and the public
 * verification checks the signature, so a record changed in the database does not verify.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { notFound, storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';

export interface CertificateFields {
  studentId: string;
  studentName: string;
  courseId: string;
  courseTitle: string;
  tutorName: string;
  issuedAt: Date;
  /** Hours of video in the course, to one decimal. */
  hours: number;
}

export interface CertificateDoc extends CertificateFields {
  _id: string;
  signature: string;
  /**
   * When the course was refunded: the certificate stays verifiable at its address, saying it was
   * revoked, and leaves its student's list. Set once.
   */
  revokedAt?: Date;
}

export const CERTIFICATES = storedCollection<CertificateDoc>('certificates', [
  { key: { studentId: 1, courseId: 1 }, name: 'one_per_student_course', unique: true },
]);

export const newCertificateId = () => randomBytes(16).toString('hex');
export const CERTIFICATE_ID = '^[0-9a-f]{32}$';

const canonical = (id: string, c: CertificateFields) =>
  JSON.stringify([
    id,
    c.studentId,
    c.studentName,
    c.courseId,
    c.courseTitle,
    c.tutorName,
    c.issuedAt.toISOString(),
    c.hours,
  ]);

/** The key certificates are signed with, kept apart from the other uses of the platform's secret. */
const keyOf = (secret: string) => createHmac('sha256', secret).update('liveedu certificates').digest();

export function signCertificate(secret: string, id: string, fields: CertificateFields): string {
  return createHmac('sha256', keyOf(secret)).update(canonical(id, fields)).digest('base64url');
}

export function verifyCertificate(secret: string, doc: CertificateDoc): boolean {
  const expected = Buffer.from(signCertificate(secret, doc._id, doc));
  const given = Buffer.from(doc.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A certificate whose signature holds; anything else is as good as unknown (404). */
export async function genuineCertificate(
  db: Db,
  secret: string,
  certificateId: string,
): Promise<CertificateDoc> {
  const found = await CERTIFICATES.in(db).findOne({ _id: certificateId });
  if (!found || !verifyCertificate(secret, found)) throw notFound('Certificate not found');
  return found;
}

/**
 * Revokes the student's certificate of the course, if they have one; a second revocation keeps
 * the first date. Resolves whether this call revoked it.
 */
export async function revokeCertificate(
  db: Db,
  studentId: string,
  courseId: string,
  at: Date,
): Promise<boolean> {
  const revoked = await CERTIFICATES.in(db).updateOne(
    { studentId, courseId, revokedAt: { $exists: false } },
    { $set: { revokedAt: at } },
  );
  return revoked.modifiedCount === 1;
}
