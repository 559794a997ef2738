import { isDuplicateKey, storedCollection } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';

/** One user's upvote of one post (a question or an answer), keyed `<postId>:<userId>`: once each. */
export interface VoteDoc {
  _id: string;
  postId: string;
  userId: string;
  at: Date;
}

/** A user following a question, keyed `<questionId>:<userId>`: the list shows it by key. */
export interface FollowDoc {
  _id: string;
  questionId: string;
  userId: string;
}

export const VOTES = storedCollection<VoteDoc>('votes', [{ key: { userId: 1 }, name: 'by_user' }]);
export const FOLLOWS = storedCollection<FollowDoc>('follows', [{ key: { userId: 1 }, name: 'by_user' }]);

export const markKey = (postId: string, userId: string) => `${postId}:${userId}`;

/**
 * Upvotes the post, or takes the user's upvote back when they gave one. Only the write that
 * inserted the vote adds to the count, and only the one that deleted it takes away, so however
 * many clicks race the count equals the votes.
 */
export async function toggleVote(
  db: Db,
  collection: string,
  postId: ObjectId,
  userId: string,
): Promise<{ upvoted: boolean; upvotes: number }> {
  const posts = db.collection<{ _id: ObjectId; upvotes: number }>(collection);
  const key = markKey(postId.toHexString(), userId);
  const votes = VOTES.in(db);
  let upvoted: boolean;
  try {
    await votes.insertOne({ _id: key, postId: postId.toHexString(), userId, at: new Date() });
    upvoted = true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    upvoted = false;
  }
  if (upvoted) {
    const after = await posts.findOneAndUpdate(
      { _id: postId },
      { $inc: { upvotes: 1 } },
      { returnDocument: 'after', projection: { upvotes: 1 } },
    );
    return { upvoted, upvotes: after?.upvotes ?? 0 };
  }
  const removed = await votes.deleteOne({ _id: key });
  const after =
    removed.deletedCount === 1
      ? await posts.findOneAndUpdate(
          { _id: postId },
          { $inc: { upvotes: -1 } },
          { returnDocument: 'after', projection: { upvotes: 1 } },
        )
      : await posts.findOne({ _id: postId }, { projection: { upvotes: 1 } });
  return { upvoted: false, upvotes: after?.upvotes ?? 0 };
}

/** Which of the posts the user upvoted, and which of the questions they follow, by key. */
export async function viewerMarks(
  db: Db,
  userId: string,
  postIds: readonly string[],
  questionIds: readonly string[] = [],
): Promise<{ upvoted: Set<string>; following: Set<string> }> {
  const [votes, follows] = await Promise.all([
    postIds.length === 0
      ? []
      : VOTES.in(db)
          .find({ _id: { $in: postIds.map((id) => markKey(id, userId)) } }, { projection: { postId: 1 } })
          .toArray(),
    questionIds.length === 0
      ? []
      : FOLLOWS.in(db)
          .find(
            { _id: { $in: questionIds.map((id) => markKey(id, userId)) } },
            { projection: { questionId: 1 } },
          )
          .toArray(),
  ]);
  return {
    upvoted: new Set(votes.map((vote) => vote.postId)),
    following: new Set(follows.map((follow) => follow.questionId)),
  };
}
