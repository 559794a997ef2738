import { messageOf } from '@liveedu/api-client';
import { useApiMutation } from '@liveedu/query';
import { type FormEvent, useRef, useState } from 'react';

/**
 * The form state of a thing saved as a whole (a quiz, an assignment): the draft, the problem to show
 * (what the draft lacks, or the server's refusal, with what was typed kept) and whether the last
 * save went through. A save's answer replaces the draft (with the ids the server gave) only if
 * nothing was typed while it was on its way.
 */
export function useSavedDraft<D, A>({
  initial,
  problemOf,
  save,
  answers,
  invalidates = [],
  draftOf,
}: {
  initial: () => D;
  /** What keeps the draft from being saved, or null. */
  problemOf: (draft: D) => string | null;
  save: (draft: D) => Promise<A>;
  /** The read the server's answer to a save becomes. */
  answers: readonly unknown[];
  /** The reads a save changes besides. */
  invalidates?: (readonly unknown[])[];
  /** The draft of what the server answered. */
  draftOf: (answer: A) => D;
}) {
  const write = useApiMutation(save, { invalidates, answers });
  const saving = write.isPending;
  const [draft, setDraft] = useState<D>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const sent = useRef<D | null>(null);
  const latest = useRef(draft);
  latest.current = draft;

  const change = (next: (draft: D) => D) => {
    setDraft(next);
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const invalid = problemOf(draft);
    setProblem(invalid);
    setSaved(false);
    if (invalid) return;
    sent.current = draft;
    try {
      const answer = await write.mutateAsync(draft);
      if (latest.current === sent.current) setDraft(draftOf(answer));
      setSaved(true);
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return { draft, change, submit, problem, saved, saving };
}
