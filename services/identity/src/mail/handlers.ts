import {
  EARNINGS_BANKDETAILS_SAVED,
  EARNINGS_WITHDRAWAL_REQUESTED,
  EARNINGS_WITHDRAWAL_UPDATED,
  type EarningsBankDetailsSaved,
  type EarningsWithdrawalRequested,
  type EarningsWithdrawalUpdated,
  type IntegrationEvent,
  MEDIA_VIDEO_FAILED,
  type MediaVideoFailed,
} from '@liveedu/contracts';
import { createMailer, type EventHandler, type HandlerContext } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { LIVE, USERS, type UserDoc } from '../accounts/store.ts';
import { identitySettings } from '../config.ts';

/** The field of the user where the last event mailed for one kind of mail is kept. */
type MailMark = 'bankMailEvent' | 'withdrawalRequestMailEvent' | 'withdrawalPaidMailEvent' | 'videoMailEvent';

interface Mail {
  subject: string;
  lines: string[];
}

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Mails a tutor about something that happened to their account, once: the user keeps the last
 * event mailed (per kind), so a redelivered event is not mailed again. A failed mail is logged;
 * the event is not retried for it.
 */
async function mailTutor(
  event: IntegrationEvent,
  tutorId: string,
  mark: MailMark,
  { db, config, log }: HandlerContext,
  compose: (user: UserDoc) => Mail,
): Promise<void> {
  if (!ObjectId.isValid(tutorId)) return;
  const user = await USERS.in(db).findOneAndUpdate(
    { _id: new ObjectId(tutorId), ...LIVE, [mark]: { $ne: event.id } },
    { $set: { [mark]: event.id } },
  );
  if (!user) return;
  const mail = compose(user);
  const mailer = createMailer(identitySettings.of({ config }));
  await mailer
    .send({
      to: user.email,
      subject: mail.subject,
      text: [`Hello ${user.username},`, '', ...mail.lines].join('\n'),
    })
    .catch((error: unknown) => {
      log.error(
        { err: error, to: mailer.destination, event: event.type },
        'could not send a mail to a tutor',
      );
    });
}

/**
 * A consumer that mails the tutor an event names, once per event, the mail `compose` writes from
 * the event's data; a null mail sends nothing.
 */
function mailsTutor<E extends IntegrationEvent<string, { tutorId: string }>>(
  event: E['type'],
  name: string,
  mark: MailMark,
  compose: (data: E['data']) => Mail | null,
): EventHandler<E> {
  return {
    event,
    name,
    async handle(delivered, context) {
      const mail = compose(delivered.data);
      if (mail) await mailTutor(delivered, delivered.data.tutorId, mark, context, () => mail);
    },
  };
}

/** A change of the bank account payouts go to, so a change the tutor did not make does not go unnoticed. */
export const onBankDetailsSaved = mailsTutor<EarningsBankDetailsSaved>(
  EARNINGS_BANKDETAILS_SAVED,
  'on-bank-details-saved',
  'bankMailEvent',
  (data) => ({
    subject: 'Your LiveEdu payout account was changed',
    lines: [
      'The bank account your LiveEdu withdrawals are paid into was set to the account ending',
      `${data.accountEnding} at ${data.nameOfBank} on ${new Date(data.savedAt).toUTCString()}.`,
      '',
      'If you did not make this change, change your password and log out everywhere from',
      'your settings at once, then write to us.',
    ],
  }),
);

/** A withdrawal asked for: money leaving the account is never silent. */
export const onWithdrawalRequested = mailsTutor<EarningsWithdrawalRequested>(
  EARNINGS_WITHDRAWAL_REQUESTED,
  'on-withdrawal-requested',
  'withdrawalRequestMailEvent',
  (data) => ({
    subject: 'Your LiveEdu withdrawal was requested',
    lines: [
      `A withdrawal of ${rupees(data.amountPaise)} from your LiveEdu balance was requested on`,
      `${new Date(data.at).toUTCString()}. We will tell you when it is paid.`,
      '',
      'If you did not ask for it, change your password and log out everywhere from your',
      'settings at once, then write to us.',
    ],
  }),
);

/** A withdrawal paid (the admin set it to Success). */
export const onWithdrawalUpdated = mailsTutor<EarningsWithdrawalUpdated>(
  EARNINGS_WITHDRAWAL_UPDATED,
  'on-withdrawal-updated',
  'withdrawalPaidMailEvent',
  (data) =>
    data.status === 'Success'
      ? {
          subject: 'Your LiveEdu withdrawal was paid',
          lines: [
            `Your withdrawal of ${rupees(data.amountPaise)} was paid into your bank account on`,
            `${new Date(data.at).toUTCString()}.`,
          ],
        }
      : null,
);

/** A video that could not be made ready to play, so a tutor who left the page learns of it. */
export const onVideoFailed = mailsTutor<MediaVideoFailed>(
  MEDIA_VIDEO_FAILED,
  'on-video-failed',
  'videoMailEvent',
  (data) => ({
    subject: 'A video you uploaded could not be prepared',
    lines: [
      `Your video "${data.filename}" could not be prepared for playing: ${data.error}`,
      '',
      'Upload it again from the course editor (MP4, MOV, WebM or Matroska).',
    ],
  }),
);
