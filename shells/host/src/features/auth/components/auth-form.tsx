import { type LoginResponse, messageOf } from '@liveedu/api-client';
import { completeLogin, useSession, useSessionDispatch } from '@liveedu/session';
import { Banner, Button, toast } from '@liveedu/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { AuthCard } from './auth-card.tsx';

export type Message = { tone: 'success' | 'error'; text: string } | null;

/** The text fields of a form: their values, and the props that bind one to a `TextField`. */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
  });
  return { values, field, clear: () => setValues(initial) };
}

/** What a form shows while it is submitted: the message above it, and whether it is busy. */
export interface Submission {
  message: Message;
  busy: boolean;
}

const toastError = (error: unknown) => toast.error(messageOf(error));

/**
 * A form's submission: the message it shows above the form (`fail` shows an error), and `run`,
 * which clears the message, is busy while the call runs and hands what the call threw to
 * `onError` (by default a toast with its message).
 */
export function useSubmission() {
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const fail = (text: string) => setMessage({ tone: 'error', text });
  const run = async (call: () => Promise<void>, onError: (error: unknown) => void = toastError) => {
    setMessage(null);
    setBusy(true);
    try {
      await call();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return { state: { message, busy } satisfies Submission, setMessage, fail, run };
}

/**
 * For the pages that log in: `away` is true when the visitor was logged in already (not by this
 * page), and `finish` stores the session the login answered.
 */
export function useLogIn() {
  const dispatch = useSessionDispatch();
  const { isLoggedIn } = useSession();
  const loggedInHere = useRef(false);
  const finish = async (response: LoginResponse) => {
    loggedInHere.current = true;
    await dispatch(completeLogin(response));
  };
  return { away: isLoggedIn && !loggedInHere.current, finish };
}

/** An auth page's words: `id` names its title element; `submit` and `busy` label its button. */
export interface AuthTexts {
  id: string;
  title: string;
  submit: string;
  busy: string;
}

/**
 * The frame of every auth page: the card and its title, the message, the form (its fields, then
 * the submit button, then `afterButton`) and, below the form, `footer`.
 */
export function AuthForm(props: {
  texts: AuthTexts;
  state: Submission;
  onSubmit: () => void;
  children: ReactNode;
  afterButton?: ReactNode;
  footer?: ReactNode;
}) {
  const { texts, state } = props;
  const titleId = `${texts.id}-title`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <AuthCard aria-labelledby={titleId}>
      <h1 id={titleId}>{texts.title}</h1>
      {state.message ? <Banner tone={state.message.tone}>{state.message.text}</Banner> : null}
      <form onSubmit={submit} noValidate>
        {props.children}
        <Button type="submit" disabled={state.busy}>
          {state.busy ? texts.busy : texts.submit}
        </Button>
        {props.afterButton}
      </form>
      {props.footer}
    </AuthCard>
  );
}
