import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';

/** A box that is no box: the page lays out as if it were not there. */
const Gate = styled.fieldset`
  display: contents;
`;

/**
 * The page's controls stay disabled until the browser has taken the page over: a page rendered on
 * the server shows at once, before its scripts run (ADR 13), and a button pressed or a form sent
 * then would do nothing, or reload the page and lose what was typed. Links work all along.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return <Gate disabled={!live}>{children}</Gate>;
}
