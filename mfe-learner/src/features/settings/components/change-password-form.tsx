import { useApi } from '@liveedu/session';
import { Button, Field, toast, useBusyAction } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';

const EMPTY = { currPass: '', newPass: '', confirmNewPass: '' };

const FIELDS: { key: keyof typeof EMPTY; id: string; label: string; autoComplete: string }[] = [
  { key: 'currPass', id: 'curr-pass', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPass', id: 'new-pass', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirmNewPass', id: 'confirm-pass', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Current, new and confirm; only the confirm field is checked here, the server checks the rest. */
export function ChangePasswordForm() {
  const api = useApi();
  const [values, setValues] = useState(EMPTY);
  const [busy, run] = useBusyAction();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.confirmNewPass) {
      toast.error('All fields are required');
      return;
    }
    await run(async () => {
      const res = await api.changePassword(values);
      toast.success(res.message);
      setValues(EMPTY);
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby="password-heading">
      <h3 id="password-heading">Change Password</h3>
      {FIELDS.map((f) => (
        <Field key={f.key}>
          <label htmlFor={f.id}>{f.label}</label>
          <input
            id={f.id}
            type="password"
            autoComplete={f.autoComplete}
            value={values[f.key]}
            onChange={set(f.key)}
          />
        </Field>
      ))}
      <Button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </Button>
    </form>
  );
}
