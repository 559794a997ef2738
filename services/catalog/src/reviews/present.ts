import { Type } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { DELETED_USER, ReviewUser, reviewUsers } from '../courses/present.ts';
import { REVIEWS } from './store.ts';

/** A review on a course's page: its id (its author's user id), its stars, text and the tutor's reply. */
export const CourseReview = Type.Object({
  _id: Type.String({
    description: "The review's id: its author's user id (one review per student and course)",
  }),
  rating: Type.Number(),
  comment: Type.String(),
  user: ReviewUser,
  createdAt: Type.String(),
  reply: Type.Optional(Type.Object({ text: Type.String(), at: Type.String() })),
});

export const StarBreakdown = Type.Object(
  { '5': Type.Number(), '4': Type.Number(), '3': Type.Number(), '2': Type.Number(), '1': Type.Number() },
  { description: 'How many reviews give each number of stars' },
);

export const StarsField = Type.String({
  pattern: '^[1-5]$',
  description: 'Only the reviews giving this many stars (1 to 5)',
  errorMessage: 'stars must be a whole number from 1 to 5',
});

/** The reviews of these row ids, in their order, each with its author's current name and avatar. */
export async function reviewsIn(db: Db, rowIds: string[]) {
  const rows = await REVIEWS.in(db)
    .find({ _id: { $in: rowIds } })
    .toArray();
  const byId = new Map(rows.map((r) => [r._id, r]));
  const users = await reviewUsers(
    db,
    rows.map((r) => r.userId),
  );
  return rowIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        _id: r.userId,
        rating: r.rating,
        comment: r.comment,
        user: users.get(r.userId) ?? DELETED_USER,
        createdAt: r.createdAt.toISOString(),
        ...(r.reply ? { reply: { text: r.reply.text, at: r.reply.at.toISOString() } } : {}),
      },
    ];
  });
}
