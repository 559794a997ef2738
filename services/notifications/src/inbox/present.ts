import { Type } from '@liveedu/service-kit';
import type { NotificationDoc } from './store.ts';

/** A notification as the API answers it. */
export const Notification = Type.Object({
  _id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  link: Type.String(),
  createdAt: Type.String(),
  read: Type.Boolean(),
});

export const presentNotification = (doc: NotificationDoc) => ({
  _id: doc._id,
  kind: doc.kind,
  title: doc.title,
  link: doc.link,
  createdAt: doc.createdAt.toISOString(),
  read: doc.read,
});
