import { messageOf } from '@liveedu/api-client';
import { useApi, useSession } from '@liveedu/session';
import { Banner, Button, TextField, toast } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const api = useApi();
  const { isLoggedIn } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await api.forgotPassword(email.trim());
      toast.success(res.message);
      setEmail('');
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <p className="note">We will send link on this email to change your password</p>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Continue'}
        </Button>
      </form>
      <p>
        {isLoggedIn ? <Link to="/profile">Back to Profile</Link> : <Link to="/login">Back to Log in</Link>}
      </p>
    </AuthCard>
  );
}
