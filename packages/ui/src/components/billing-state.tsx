import { GST_STATES, type GstStateCode, isGstStateCode } from '@liveedu/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { Field } from './field.tsx';

/** Where the buyer's state is remembered between purchases (this browser only). */
export const BILLING_STATE_KEY = 'billingState';

/** The states by name, as a person looks for theirs. */
const STATES = (Object.entries(GST_STATES) as [GstStateCode, string][]).sort(([, a], [, b]) =>
  a.localeCompare(b, 'en'),
);

/**
 * The buyer's state for the tax invoice, remembered in this browser: read after the first render
 * (a page rendered on the server has no storage), written when chosen. `''` when none is chosen.
 */
export function useBillingState(): [GstStateCode | '', (state: GstStateCode | '') => void] {
  const [state, setState] = useState<GstStateCode | ''>('');
  useEffect(() => {
    const kept = window.localStorage.getItem(BILLING_STATE_KEY);
    if (isGstStateCode(kept)) setState(kept);
  }, []);
  const choose = useCallback((next: GstStateCode | '') => {
    setState(next);
    if (next) window.localStorage.setItem(BILLING_STATE_KEY, next);
    else window.localStorage.removeItem(BILLING_STATE_KEY);
  }, []);
  return [state, choose];
}

/** The choice of the buyer's Indian state or union territory, named on the GST tax invoice. */
export function BillingStateSelect({
  value,
  onChange,
}: {
  value: GstStateCode | '';
  onChange: (state: GstStateCode | '') => void;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>Your state (for the tax invoice)</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(isGstStateCode(event.target.value) ? event.target.value : '')}
      >
        <option value="">Choose your state</option>
        {STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}
