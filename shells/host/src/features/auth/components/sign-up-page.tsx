import { ApiError } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { TextField } from '@liveedu/ui';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthForm, useFields, useLogIn, useSubmission } from './auth-form.tsx';

const TEXTS = { id: 'signup', title: 'Sign up', submit: 'Sign Up', busy: 'Signing up…' };

export function SignUpPage() {
  const api = useApi();
  const navigate = useNavigate();
  const logIn = useLogIn();
  const { values, field, clear } = useFields({ username: '', email: '', password: '' });
  const { state, setMessage, fail, run } = useSubmission();

  if (logIn.away) return <Navigate to="/profile" replace />;

  const onSubmit = () => {
    const username = values.username.trim();
    const email = values.email.trim();
    const { password } = values;
    if (!username || !email || !password) return fail('All fields are required');
    run(
      async () => {
        const created = await api.signUp({ username, email, password });
        setMessage({ tone: 'success', text: created.message });
        // The new account logs in at once with the same credentials.
        await logIn.finish(await api.login({ username, password }));
        clear();
        navigate('/profile');
      },
      (error) => fail(error instanceof ApiError ? error.message : 'Sign up failed'),
    );
  };

  const terms = <p className="note">By signing up, you agree to our Terms of Use and Privacy Policy.</p>;
  const footer = (
    <p>
      Already have an account? <Link to="/login">Log in</Link>
    </p>
  );
  return (
    <AuthForm texts={TEXTS} state={state} onSubmit={onSubmit} afterButton={terms} footer={footer}>
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
    </AuthForm>
  );
}
