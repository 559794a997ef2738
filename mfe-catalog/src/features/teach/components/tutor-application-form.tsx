import { sessionActions, useApi, useSessionDispatch } from '@liveedu/session';
import { Button, Loading, TextField, theme, toast, useBusyAction } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  max-width: 520px;
  label { display: grid; gap: 0.3rem; font-weight: 500; min-width: 0; }
  input { max-width: 100%; min-width: 0; box-sizing: border-box; }
  input[type='url'], input[type='text'] {
    padding: 0.6rem 0.75rem;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
  }
`;

/** Either a resume image or a YouTube link; with a file chosen the link is ignored. */
export function TutorApplicationForm() {
  const api = useApi();
  const dispatch = useSessionDispatch();
  const [ytLink, setYtLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, run] = useBusyAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file && !ytLink.trim()) {
      toast.error('Please fill atleast one field');
      return;
    }
    await run(async () => {
      const res = file ? await api.tutorRequestFile(file) : await api.tutorRequestYtLink(ytLink.trim());
      toast.success(res.message);
      dispatch(sessionActions.statusOfPageSet('in progress'));
    });
  };

  if (busy) return <Loading label="Sending your application…" />;
  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Tutor application">
      <TextField
        label="YouTube channel link"
        inputMode="url"
        name="ytLink"
        placeholder="https://www.youtube.com/@your-channel"
        value={ytLink}
        onChange={setYtLink}
      />
      <label>
        Teaching resume (image)
        <input
          type="file"
          name="file"
          accept="image/*"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <Button type="submit">Submit application</Button>
    </Form>
  );
}
