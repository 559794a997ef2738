import { ApiError } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { TextField } from '@liveedu/ui';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthForm, useFields, useLogIn, useSubmission } from './auth-form.tsx';

const TEXTS = { id: 'login', title: 'Log in', submit: 'Log in', busy: 'Logging in…' };

export function LogInPage() {
  const api = useApi();
  const navigate = useNavigate();
  const logIn = useLogIn();
  const { values, field } = useFields({ username: '', password: '' });
  const { state, setMessage, fail, run } = useSubmission();

  if (logIn.away) return <Navigate to="/" replace />;

  const onSubmit = () => {
    const username = values.username.trim();
    if (!username || !values.password) return fail('All fields are required');
    run(
      async () => {
        const response = await api.login({ username, password: values.password });
        setMessage({ tone: 'success', text: response.message });
        await logIn.finish(response);
        // Where to go is decided by the role the server answered, not by the typed name.
        navigate(response.role === 'admin' ? '/dashboard' : '/profile');
      },
      // With no answer from the server nothing is shown, as the spec asks.
      (error) =>
        error instanceof ApiError && !error.isNetworkError ? fail(error.message) : setMessage(null),
    );
  };

  const footer = (
    <p>
      <Link to="/signup">Don't have an account? Sign up</Link>
    </p>
  );
  return (
    <AuthForm
      texts={TEXTS}
      state={state}
      onSubmit={onSubmit}
      afterButton={<Link to="/forgot-password">Forgot Password?</Link>}
      footer={footer}
    >
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
    </AuthForm>
  );
}
