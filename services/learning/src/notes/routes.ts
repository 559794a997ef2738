import {
  caller,
  conflict,
  errorResponses,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { itemToLearn } from '../items/access.ts';
import { MAX_NOTE_LENGTH, notesAsMarkdown } from './domain.ts';
import { addNote, MAX_NOTES_PER_COURSE, NOTES, type NoteDoc } from './store.ts';

const NoteText = WrittenText(
  { max: MAX_NOTE_LENGTH },
  'A note needs some text',
  `A note must be at most ${MAX_NOTE_LENGTH} characters`,
);
const AtSec = Type.Number({
  minimum: 0,
  maximum: 86_400,
  description: 'The second of the video it is about',
});

const Note = Type.Object({
  _id: Type.String(),
  courseId: Type.String(),
  itemId: Type.String(),
  atSec: Type.Optional(Type.Number()),
  text: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const present = (note: NoteDoc) => ({
  _id: note._id.toHexString(),
  courseId: note.courseId,
  itemId: note.itemId,
  ...(note.atSec === undefined ? {} : { atSec: note.atSec }),
  text: note.text,
  createdAt: note.createdAt.toISOString(),
  updatedAt: note.updatedAt.toISOString(),
});

const NO_NOTE = 'Note not found';
const NoteParams = Type.Object({ noteId: ObjectIdString });

/** One of the caller's notes, by the id in the path. */
const ownNote = (request: { params: { noteId: string } }, userId: string) => ({
  _id: new ObjectId(request.params.noteId),
  userId,
});

/** A learner writes, changes and deletes their own notes. */
export async function noteWritingRoutes(app: ServiceApp): Promise<void> {
  const notes = NOTES.in(app.db);

  app.post(
    '/api/v1/notes',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Write a note on an item of a course you learn (optionally at a second of its video)',
        body: Type.Object({
          courseId: ObjectIdString,
          itemId: ObjectIdString,
          atSec: Type.Optional(AtSec),
          text: NoteText,
        }),
        response: { 201: Note, ...errorResponses, 409: MessageReply },
      },
    },
    async (request, reply) => {
      const { courseId, itemId, atSec, text } = request.body;
      const item = await itemToLearn(app, request, { courseId, itemId });
      const note = await addNote(app.db, {
        userId: caller(request).userId,
        courseId,
        itemId,
        courseTitle: item.courseTitle,
        itemTitle: item.itemTitle,
        ...(atSec === undefined ? {} : { atSec }),
        text: text.trim(),
      });
      if (!note) throw conflict(`You can keep at most ${MAX_NOTES_PER_COURSE} notes in a course`);
      return reply.status(201).send(present(note));
    },
  );

  app.put(
    '/api/v1/notes/:noteId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change one of your notes',
        params: NoteParams,
        body: Type.Object({ text: NoteText, atSec: Type.Optional(AtSec) }),
        response: { 200: Note, ...errorResponses },
      },
    },
    async (request) => {
      const { text, atSec } = request.body;
      const updated = await notes.findOneAndUpdate(
        ownNote(request, caller(request).userId),
        { $set: { text: text.trim(), updatedAt: new Date(), ...(atSec === undefined ? {} : { atSec }) } },
        { returnDocument: 'after' },
      );
      if (!updated) throw notFound(NO_NOTE);
      return present(updated);
    },
  );

  app.delete(
    '/api/v1/notes/:noteId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Delete one of your notes',
        params: NoteParams,
        response: { 200: MessageReply, ...errorResponses },
      },
    },
    async (request) => {
      const deleted = await notes.deleteOne(ownNote(request, caller(request).userId));
      if (deleted.deletedCount !== 1) throw notFound(NO_NOTE);
      return { message: 'Note deleted' };
    },
  );
}

/** A learner reads their own notes, in the player or as a Markdown file. */
export async function noteReadingRoutes(app: ServiceApp): Promise<void> {
  const notes = NOTES.in(app.db);

  app.get(
    '/api/v1/notes',
    {
      preHandler: requireUser,
      schema: {
        summary: "Your notes in a course, or on one of its items (by time in the video); nobody else's",
        ...paging.schema(
          { notes: Type.Array(Note) },
          {
            query: { courseId: ObjectIdString, itemId: Type.Optional(ObjectIdString) },
            responses: { 401: MessageReply },
          },
        ),
      },
    },
    async (request) => {
      const { courseId, itemId } = request.query;
      const filter = { userId: caller(request).userId, courseId, ...(itemId ? { itemId } : {}) };
      const sort = itemId ? { atSec: 1, createdAt: 1 } : { createdAt: 1 };
      const page = paging.request(request.query);
      const found = await paging.find(notes, filter, sort as never, page);
      return { notes: found.items.map(present), ...paging.fields(found.total, page) };
    },
  );

  app.get(
    '/api/v1/notes/export',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Your notes in a course as a Markdown file',
        querystring: Type.Object({ courseId: ObjectIdString }),
        response: {
          200: Type.Unsafe<string>({
            description: 'The notes as Markdown, each item under its title',
            content: { 'text/markdown': { schema: { type: 'string' } } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { courseId } = request.query;
      const list = await notes
        .find({ userId: caller(request).userId, courseId })
        .sort({ createdAt: 1 })
        .limit(MAX_NOTES_PER_COURSE)
        .toArray();
      const markdown = notesAsMarkdown(list[0]?.courseTitle ?? null, list);
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="notes-${courseId}.md"`)
        .send(markdown);
    },
  );
}
