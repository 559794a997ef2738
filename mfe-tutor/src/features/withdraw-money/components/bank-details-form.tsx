import { type BankDetails, messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Banner, Button, raisedPanel, toast } from '@liveedu/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { checkBankDetails } from '../api/withdrawal-rules.ts';
import { CurrentPasswordField } from './current-password-field.tsx';

const Form = styled.form`
  max-width: 32rem;
  ${raisedPanel}
  padding: 1.25rem;
  h3 { margin-top: 0; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.3rem; }
  input { width: 100%; padding: 0.55rem 0.7rem; border: 1px solid #d1d5db; border-radius: 8px; }
  button { margin-top: 1rem; }
`;

const FIELDS: { name: keyof BankDetails; label: string }[] = [
  { name: 'fullName', label: 'Full name' },
  { name: 'accountNumber', label: 'Account number' },
  { name: 'nameOfBank', label: 'Name of bank' },
  { name: 'ifsc', label: 'IFSC' },
];

/** The bank account withdrawals are paid to; shown until the tutor has saved one. */
export function BankDetailsForm({ onSaved }: { onSaved: () => void }) {
  const api = useApi();
  const [details, setDetails] = useState<BankDetails>({
    fullName: '',
    accountNumber: '',
    nameOfBank: '',
    ifsc: '',
  });
  const [currPass, setCurrPass] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkBankDetails(details);
    setProblem(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      const answer = await api.submitAccountDetails({
        fullName: details.fullName.trim(),
        accountNumber: details.accountNumber.trim(),
        nameOfBank: details.nameOfBank.trim(),
        ifsc: details.ifsc.trim(),
        ...(currPass ? { currPass } : {}),
      });
      if (answer?.message) toast.success(answer.message);
      onSaved();
    } catch (error) {
      // Logged as the spec says, and also shown: a tutor whose IFSC or account number the server
      // refuses needs to know what to correct. The form stays filled.
      console.error('The bank details could not be saved', error);
      setProblem(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Bank details" noValidate>
      <h3>Add your bank details</h3>
      {FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={`bank-${f.name}`}>{f.label}</label>
          <input
            id={`bank-${f.name}`}
            name={f.name}
            value={details[f.name]}
            {...(f.name === 'accountNumber'
              ? { type: 'number', inputMode: 'numeric' as const }
              : { type: 'text' })}
            autoComplete="off"
            onChange={(e) => setDetails((d) => ({ ...d, [f.name]: e.target.value }))}
          />
        </div>
      ))}
      <CurrentPasswordField value={currPass} onChange={setCurrPass} idPrefix="bank" />
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Submit'}
      </Button>
    </Form>
  );
}
