import { badRequest, caller, HttpError } from '@liveedu/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LearnerItem } from './catalog.ts';
import { editRefusal, kindRefusal, learnRefusal, type Refusal } from './domain.ts';

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

/** The item its course's tutor writes a quiz or an assignment on, when it takes one (400 otherwise). */
export async function itemToWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  at: { courseId: string; itemId: string },
  wanted: 'quiz' | 'assignment',
): Promise<AllowedItem> {
  const item = await itemToEdit(app, request, at);
  const wrongKind = kindRefusal(item.kind, wanted);
  if (wrongKind) throw badRequest(wrongKind);
  return item;
}
