import {
  caller,
  MessageReply,
  notFound,
  ObjectIdString,
  requireUser,
  type ServiceApp,
  Type,
  WrittenText,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { TODOS, type TodoDoc } from './store.ts';

const MAX_TODO_LENGTH = 2000;

const Todo = Type.Object({ _id: Type.String(), desc: Type.String(), createdAt: Type.String() });
const present = (todo: TodoDoc) => ({
  _id: todo._id.toHexString(),
  desc: todo.desc,
  createdAt: todo.createdAt.toISOString(),
});

const EMPTY_TODO = "Empty todo can't be created.";

export default async function todoRoutes(app: ServiceApp): Promise<void> {
  const todos = TODOS.in(app.db);

  app.get(
    '/api2/v1/getAll-todos',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's todos, newest first",
        response: { 200: Type.Object({ data: Type.Array(Todo) }) },
      },
    },
    async (request) => {
      const userId = caller(request).userId;
      const list = await todos.find({ userId }).sort({ createdAt: -1 }).limit(500).toArray();
      return { data: list.map(present) };
    },
  );

  app.post(
    '/api2/v1/create-todo',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Add a todo',
        body: Type.Object({
          desc: WrittenText(
            { max: MAX_TODO_LENGTH },
            EMPTY_TODO,
            `A todo must be at most ${MAX_TODO_LENGTH} characters`,
          ),
        }),
        response: { 201: Type.Object({ message: Type.String(), data: Todo }), 400: MessageReply },
      },
    },
    async (request, reply) => {
      const desc = request.body.desc.trim();
      const todo: TodoDoc = {
        _id: new ObjectId(),
        userId: caller(request).userId,
        desc,
        createdAt: new Date(),
      };
      await todos.insertOne(todo);
      return reply.status(201).send({ message: 'Todo created', data: present(todo) });
    },
  );

  app.delete(
    '/api2/v1/delete-todo/:id',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Delete one of the caller’s todos',
        params: Type.Object({ id: ObjectIdString }),
        response: { 200: MessageReply, 404: MessageReply },
      },
    },
    async (request) => {
      // Someone else's todo is indistinguishable from a missing one.
      const result = await todos.deleteOne({
        _id: new ObjectId(request.params.id),
        userId: caller(request).userId,
      });
      if (result.deletedCount === 0) throw notFound('Todo not found');
      return { message: 'Todo deleted' };
    },
  );
}
