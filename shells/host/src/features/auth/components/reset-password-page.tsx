import { useApi } from '@liveedu/session';
import { TextField, toast } from '@liveedu/ui';
import { useNavigate, useParams } from 'react-router';
import { AuthForm, useFields, useSubmission } from './auth-form.tsx';

const TEXTS = { id: 'reset', title: 'Reset Password', submit: 'Change Password', busy: 'Changing…' };

export function ResetPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { values, field } = useFields({ newPass: '', confirmPass: '' });
  const { state, fail, run } = useSubmission();

  const onSubmit = () => {
    if (!values.newPass || !values.confirmPass) return fail('All fields are required');
    run(async () => {
      toast.success((await api.resetPassword(token, values)).message);
      navigate('/login');
    });
  };

  return (
    <AuthForm texts={TEXTS} state={state} onSubmit={onSubmit}>
      <TextField
        label="Enter new password"
        type="password"
        autoComplete="new-password"
        {...field('newPass')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPass')}
      />
    </AuthForm>
  );
}
