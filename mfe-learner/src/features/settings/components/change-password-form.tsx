import { messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Button, toast } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../shared/components/page-section.tsx';

const EMPTY = { currPass: '', newPass: '', confirmNewPass: '' };

/** Current, new and confirm; only the confirm field is checked here, the server checks the rest. */
export function ChangePasswordForm() {
  const api = useApi();
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.confirmNewPass) {
      toast.error('All fields are required');
      return;
    }
    setBusy(true);
    try {
      const res = await api.changePassword(values);
      toast.success(res.message);
      setValues(EMPTY);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="password-heading">
      <h3 id="password-heading">Change Password</h3>
      <Field>
        <label htmlFor="curr-pass">Current password</label>
        <input
          id="curr-pass"
          type="password"
          autoComplete="current-password"
          value={values.currPass}
          onChange={set('currPass')}
        />
      </Field>
      <Field>
        <label htmlFor="new-pass">New password</label>
        <input
          id="new-pass"
          type="password"
          autoComplete="new-password"
          value={values.newPass}
          onChange={set('newPass')}
        />
      </Field>
      <Field>
        <label htmlFor="confirm-pass">Confirm new password</label>
        <input
          id="confirm-pass"
          type="password"
          autoComplete="new-password"
          value={values.confirmNewPass}
          onChange={set('confirmNewPass')}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </Button>
    </form>
  );
}
