import { messageOf, type NotificationPreferences } from '@liveedu/api-client';
import { useApiMutation, useApiQuery } from '@liveedu/query';
import { useSession } from '@liveedu/session';
import { Banner, Button, ErrorState, flatPanel, Loading, theme, useNotificationsApi } from '@liveedu/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { PageSection } from '../../../shared/components/page-section.tsx';
import { choicesOf, MAIL_CHOICES, mailKindsFor } from '../api/mail-kinds.ts';

const PREFERENCES = ['learner', 'notification-preferences'];

const Form = styled.form`
  ${flatPanel}
  padding: 1rem 1.25rem;
  fieldset {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem 1.25rem;
    margin: 0;
    padding: 0.75rem 0;
    border: 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  legend { float: left; width: 100%; padding: 0 0 0.35rem; font-weight: 600; }
  fieldset label { display: inline-flex; align-items: center; gap: 0.35rem; }
  .save { display: flex; flex-direction: column; align-items: flex-start; gap: 0.25rem; margin-top: 1rem; }
  .save [role] { align-self: stretch; margin: 0; }
`;

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const notifications = useNotificationsApi();
  const { role } = useSession();
  const id = useId();
  const kinds = mailKindsFor(role);
  const [draft, setDraft] = useState(saved);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useApiMutation(
    (preferences: Partial<NotificationPreferences>) => notifications.savePreferences(preferences),
    { invalidates: [], answers: PREFERENCES },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    try {
      const answer = await save.mutateAsync(choicesOf(draft, kinds));
      setDraft(answer.preferences);
      setOutcome({ tone: 'success', text: 'Your mail preferences are saved' });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error) });
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Mail preferences" noValidate>
      {kinds.map(({ kind, label }) => (
        <fieldset key={kind}>
          <legend>{label}</legend>
          {MAIL_CHOICES.map((choice) => (
            <label key={choice.id} htmlFor={`${id}-${kind}-${choice.id}`}>
              <input
                id={`${id}-${kind}-${choice.id}`}
                type="radio"
                name={`${id}-${kind}`}
                value={choice.id}
                checked={draft[kind] === choice.id}
                onChange={() => setDraft((d) => ({ ...d, [kind]: choice.id }))}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="save">
        {outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null}
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save mail preferences'}
        </Button>
      </div>
    </Form>
  );
}

/** Per kind of notification, whether it is mailed right away, in a daily digest, or not at all. */
export function MailPreferences() {
  const notifications = useNotificationsApi();
  const preferences = useApiQuery(PREFERENCES, (signal) => notifications.preferences(signal));
  return (
    <PageSection aria-labelledby="mail-preferences-heading">
      <h2 id="mail-preferences-heading">Mail preferences</h2>
      {preferences.status === 'loading' ? (
        <Loading label="Loading your mail preferences…" />
      ) : preferences.status === 'error' ? (
        <ErrorState message={preferences.error} onRetry={preferences.reload} />
      ) : (
        <PreferencesForm saved={preferences.data.preferences} />
      )}
    </PageSection>
  );
}
