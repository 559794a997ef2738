import { useApi, useSession } from '@liveedu/session';
import { TextField, toast } from '@liveedu/ui';
import { Link } from 'react-router';
import { AuthForm, useFields, useSubmission } from './auth-form.tsx';

const TEXTS = { id: 'forgot', title: 'Forgot password', submit: 'Continue', busy: 'Sending…' };

export function ForgotPasswordPage() {
  const api = useApi();
  const { isLoggedIn } = useSession();
  const { values, field, clear } = useFields({ email: '' });
  const { state, fail, run } = useSubmission();

  const onSubmit = () => {
    const email = values.email.trim();
    if (!email) return fail('Email is required');
    run(async () => {
      toast.success((await api.forgotPassword(email)).message);
      clear();
    });
  };

  const back = isLoggedIn ? (
    <Link to="/profile">Back to Profile</Link>
  ) : (
    <Link to="/login">Back to Log in</Link>
  );
  return (
    <AuthForm texts={TEXTS} state={state} onSubmit={onSubmit} footer={<p>{back}</p>}>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <p className="note">We will send link on this email to change your password</p>
    </AuthForm>
  );
}
