import { ApiError } from '@liveedu/api-client';
import { completeLogin, useApi, useSession, useSessionDispatch } from '@liveedu/session';
import { Banner, Button } from '@liveedu/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from './auth-card.tsx';

type Message = { tone: 'success' | 'error'; text: string } | null;

const EMPTY = { username: '', email: '', password: '' };

export function SignUpPage() {
  const api = useApi();
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const justSignedUp = useRef(false);

  if (isLoggedIn && !justSignedUp.current) return <Navigate to="/profile" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const username = form.username.trim();
    const email = form.email.trim();
    if (!username || !email || !form.password) {
      setMessage({ tone: 'error', text: 'All fields are required' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const created = await api.signUp({ username, email, password: form.password });
      setMessage({ tone: 'success', text: created.message });
      // The new account logs in at once with the same credentials.
      const login = await api.login({ username, password: form.password });
      justSignedUp.current = true;
      await dispatch(completeLogin(login));
      setForm(EMPTY);
      navigate('/profile');
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : 'Sign up failed' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <AuthCard aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <form onSubmit={onSubmit} noValidate>
        <label>
          Username
          <input type="text" autoComplete="username" {...field('username')} />
        </label>
        <label>
          Email
          <input type="email" autoComplete="email" {...field('email')} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="new-password" {...field('password')} />
        </label>
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing up…' : 'Sign Up'}
        </Button>
        <p className="note">By signing up, you agree to our Terms of Use and Privacy Policy.</p>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
