import type { RateLimitOptions } from '@fastify/rate-limit';
import { MessageReply } from '@liveedu/service-kit';

/** Posts a user may write in a minute (questions, answers, announcements, reports), on every replica. */
export const POSTS_PER_MINUTE = 10;

/** The route option that limits posting per signed-in user, with the wait in the message and `Retry-After`. */
export const postingLimit: { config: { rateLimit: RateLimitOptions } } = {
  config: {
    rateLimit: {
      max: POSTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request) => `posting:${request.identity?.userId ?? request.ip}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `You are posting too fast. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    },
  },
};

/** The documented answer of a route over its limit. */
export const tooManyPosts = { 429: MessageReply };
