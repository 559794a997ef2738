import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@liveedu/contracts';
import { HttpError, notFound } from '@liveedu/service-kit';

/** What checkout needs of a course, read from the catalog's public course page. */
export interface CourseForSale {
  _id: string;
  title: string;
  /** Rupees, as the catalog answers. */
  price: unknown;
  tutorId: string;
  tutorUsername: string;
  /** The buyer's own id when the catalog has them enrolled; the catalog names nobody else. */
  studentsEnrolled: string[];
}

const unavailable = () => new HttpError(503, 'The catalog service is unavailable, please try again');

/** Reads a course from the catalog over HTTP (services never read each other's databases). */
export function createCatalogClient(baseUrl: string, timeoutMs = 5000) {
  return {
    /**
     * `identity` is the gateway-signed header of the buyer's request, passed on so the catalog
     * answers whether this buyer is enrolled (including enrollments no payment here recorded).
     */
    async course(id: string, requestId: string, identity?: string): Promise<CourseForSale> {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/api/v1/get-course-details/${encodeURIComponent(id)}`, {
          headers: {
            accept: 'application/json',
            [REQUEST_ID_HEADER]: requestId,
            ...(identity ? { [IDENTITY_HEADER]: identity } : {}),
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw unavailable();
      }
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel();
        throw notFound('Course not found');
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw unavailable();
      }
      let body: Record<string, unknown>;
      try {
        body = (await response.json()) as Record<string, unknown>;
      } catch {
        throw unavailable();
      }
      const creator = (body.courseCreatedBy ?? {}) as Record<string, unknown>;
      if (typeof body._id !== 'string' || typeof creator._id !== 'string') throw unavailable();
      const enrolled = Array.isArray(body.studentsEnrolled) ? body.studentsEnrolled : [];
      return {
        _id: body._id,
        title: typeof body.title === 'string' ? body.title : '',
        price: body.price,
        tutorId: creator._id,
        tutorUsername: typeof creator.username === 'string' ? creator.username : '',
        // Entries may be ids or populated users, depending on the catalog's answer.
        studentsEnrolled: enrolled
          .map((s) => (typeof s === 'string' ? s : (s as { _id?: unknown } | null)?._id))
          .filter((s): s is string => typeof s === 'string'),
      };
    },
  };
}

export type CatalogClient = ReturnType<typeof createCatalogClient>;
