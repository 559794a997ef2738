import { CATALOG_COURSE_COMPLETED, type CatalogCourseCompleted } from '@liveedu/contracts';
import { type EventHandler, isDuplicateKey } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { COURSES } from '../courses/store.ts';
import { CERTIFICATES, type CertificateFields, newCertificateId, signCertificate } from './store.ts';

/** Issues the certificate of a completed course; a replayed completion finds it issued and adds nothing. */
export const onCourseCompleted: EventHandler<CatalogCourseCompleted> = {
  event: CATALOG_COURSE_COMPLETED,
  name: 'on-course-completed',
  async handle(event, { db, config }) {
    const { studentId, studentName, courseId, completedAt, durationSec } = event.data;
    const certificates = CERTIFICATES.in(db);
    if (await certificates.findOne({ studentId, courseId }, { projection: { _id: 1 } })) return;
    const course = await COURSES.in(db).findOne(
      { _id: new ObjectId(courseId) },
      { projection: { title: 1, tutorUsername: 1, tutorId: 1 } },
    );
    // A course's own tutor does not certify themselves.
    if (!course || course.tutorId === studentId) return;
    const fields: CertificateFields = {
      studentId,
      studentName,
      courseId,
      courseTitle: course.title,
      tutorName: course.tutorUsername,
      issuedAt: new Date(completedAt),
      hours: Math.round(durationSec / 360) / 10,
    };
    const _id = newCertificateId();
    try {
      await certificates.insertOne({
        _id,
        ...fields,
        signature: signCertificate(config.internalSecret, _id, fields),
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  },
};
