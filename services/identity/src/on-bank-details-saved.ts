import { EARNINGS_BANKDETAILS_SAVED, type EarningsBankDetailsSaved } from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { createMailer } from './mail.ts';
import { identitySettings } from './settings.ts';
import { LIVE, usersOf } from './users.ts';

/**
 * Tells a tutor by mail that the bank account their withdrawals go to was set or changed, so a
 * change they did not make does not go unnoticed. A redelivered event is mailed once: the user
 * keeps the last event mailed.
 */
export const onBankDetailsSaved: EventHandler<EarningsBankDetailsSaved> = {
  event: EARNINGS_BANKDETAILS_SAVED,
  name: 'on-bank-details-saved',
  async handle(event, { db, config, log }) {
    const { tutorId, accountEnding, nameOfBank, savedAt } = event.data;
    if (!ObjectId.isValid(tutorId)) return;
    const users = usersOf(db);
    const user = await users.findOneAndUpdate(
      { _id: new ObjectId(tutorId), ...LIVE, bankMailEvent: { $ne: event.id } },
      { $set: { bankMailEvent: event.id } },
    );
    if (!user) return;
    const mailer = createMailer(identitySettings.of({ config }));
    await mailer
      .send({
        to: user.email,
        subject: 'Your LiveEdu payout account was changed',
        text: [
          `Hello ${user.username},`,
          '',
          `The bank account your LiveEdu withdrawals are paid into was set to the account ending`,
          `${accountEnding} at ${nameOfBank} on ${new Date(savedAt).toUTCString()}.`,
          '',
          'If you did not make this change, change your password and log out everywhere from',
          'your settings at once, then write to us.',
        ].join('\n'),
      })
      .catch((error: unknown) => {
        log.error({ err: error, to: mailer.destination }, 'could not send the payout account mail');
      });
  },
};
