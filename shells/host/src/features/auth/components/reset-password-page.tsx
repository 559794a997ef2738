import { messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Banner, Button, TextField, toast } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from './auth-card.tsx';

export function ResetPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [newPass, setNewPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPass || !confirmPass) {
      setError('All fields are required');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await api.resetPassword(token, { newPass, confirmPass });
      toast.success(res.message);
      navigate('/login');
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard aria-labelledby="reset-title">
      <h1 id="reset-title">Reset Password</h1>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Enter new password"
          type="password"
          name="newPass"
          autoComplete="new-password"
          value={newPass}
          onChange={setNewPass}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPass"
          autoComplete="new-password"
          value={confirmPass}
          onChange={setConfirmPass}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Changing…' : 'Change Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
