import { ApiError } from '@liveedu/api-client';
import { completeLogin, useApi, useSession, useSessionDispatch } from '@liveedu/session';
import { Banner, Button, TextField } from '@liveedu/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from './auth-card.tsx';

type Message = { tone: 'success' | 'error'; text: string } | null;

export function LogInPage() {
  const api = useApi();
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const justLoggedIn = useRef(false);

  if (isLoggedIn && !justLoggedIn.current) return <Navigate to="/" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMessage({ tone: 'error', text: 'All fields are required' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const response = await api.login({ username: username.trim(), password });
      setMessage({ tone: 'success', text: response.message });
      justLoggedIn.current = true;
      await dispatch(completeLogin(response));
      // Where to go is decided by the role the server answered, not by the typed name.
      navigate(response.role === 'admin' ? '/dashboard' : '/profile');
    } catch (error) {
      // With no answer from the server nothing is shown, as the spec asks.
      if (error instanceof ApiError && !error.isNetworkError)
        setMessage({ tone: 'error', text: error.message });
      else setMessage(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </Button>
        <Link to="/forgot-password">Forgot Password?</Link>
      </form>
      <p>
        <Link to="/signup">Don't have an account? Sign up</Link>
      </p>
    </AuthCard>
  );
}
