import { Banner, Button } from '@liveedu/ui';
import styled from 'styled-components';

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  align-items: flex-start;
  > [role='alert'], > [role='status'] { align-self: stretch; margin: 0; }
`;

/** The end of a form saved as a whole: why it was not saved, or that it was, above its save button. */
export function SaveFooter({
  form: { problem, saved, saving },
  savedText,
  saveLabel,
}: {
  /** The form's state, from `useSavedDraft`. */
  form: { problem: string | null; saved: boolean; saving: boolean };
  /** What the success banner says, e.g. "Quiz saved". */
  savedText: string;
  saveLabel: string;
}) {
  return (
    <Footer>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {saved ? <Banner tone="success">{savedText}</Banner> : null}
      <Button type="submit" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : saveLabel}
      </Button>
    </Footer>
  );
}
