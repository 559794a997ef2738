import { caller, HttpError } from '@liveedu/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LearnerItem } from './catalog.ts';
import { editRefusal, learnRefusal, type Refusal } from './domain.ts';

/** An item as the caller may use it, after the catalog's answer and the rules on it. */
export interface AllowedItem extends LearnerItem {
  courseId: string;
  itemId: string;
}

async function allowed(
  app: FastifyInstance,
  request: FastifyRequest,
  at: { courseId: string; itemId: string },
  refusal: (item: LearnerItem | null) => Refusal | null,
): Promise<AllowedItem> {
  const item = await app.catalogItems.item(caller(request), at.courseId, at.itemId, request.id);
  const refused = refusal(item);
  if (refused || !item) throw new HttpError(refused?.status ?? 404, refused?.message ?? '');
  return { ...item, ...at };
}

/** The item, when the caller may learn from it (its student, unlocked; its tutor; the admin). */
export const itemToLearn = (
  app: FastifyInstance,
  request: FastifyRequest,
  at: { courseId: string; itemId: string },
) => allowed(app, request, at, learnRefusal);

/** The item, when the caller is its course's tutor. */
export const itemToEdit = (
  app: FastifyInstance,
  request: FastifyRequest,
  at: { courseId: string; itemId: string },
) => allowed(app, request, at, editRefusal);
