export { notificationsService } from './app.ts';
export type { InboxDoc, NotificationDoc } from './inbox/store.ts';
export { sendDueDigests } from './mail/digest.ts';
export { outgoingMail } from './mail/outgoing.ts';
export type { DigestDoc } from './mail/store.ts';
export type { PreferencesDoc } from './preferences/store.ts';
export type { RecipientDoc } from './recipients/store.ts';
