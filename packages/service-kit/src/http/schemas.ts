import { Type } from '@fastify/type-provider-typebox';

/** A MongoDB ObjectId as the API carries it. */
export const ObjectIdString = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
/** The answer to most writes, and every error. */
export const MessageReply = Type.Object({ message: Type.String() });
/** Every error response, for documentation. */
export const errorResponses = {
  400: MessageReply,
  401: MessageReply,
  403: MessageReply,
  404: MessageReply,
};
/** A non-blank string: at least one character that is not white space. */
export const NonBlank = (options: { maxLength?: number } = {}) =>
  Type.String({ minLength: 1, pattern: '\\S', maxLength: options.maxLength ?? 10_000 });
