import { runPeriodically, type ServiceApp } from '@liveedu/service-kit';
import { REMINDER_SWEEP_MS } from './domain.ts';
import { sendDueReminders } from './store.ts';

/** Every 30 seconds while the service runs: the reminders due by then go out, once each. */
export function remindPeriodically(app: ServiceApp): void {
  runPeriodically(
    app,
    REMINDER_SWEEP_MS,
    () => sendDueReminders(app.db, app.outbox, new Date()),
    'could not send the due live-class reminders',
  );
}
