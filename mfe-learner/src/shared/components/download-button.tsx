import { Button, useBusyAction } from '@liveedu/ui';
import type { ReactNode } from 'react';
import { saveFile } from '../save-file.ts';

/**
 * A secondary button that reads a file with the session's credentials (`read`) and saves it as
 * `fileName`: disabled while it reads (showing `busyLabel`, when given), a failure told in a toast.
 */
export function DownloadButton({
  read,
  fileName,
  children,
  busyLabel,
  className,
  'aria-label': ariaLabel,
}: {
  read: () => Promise<Blob>;
  fileName: string;
  children: ReactNode;
  busyLabel?: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const [busy, run] = useBusyAction();
  const download = () => run(async () => saveFile(await read(), fileName));
  return (
    <Button
      type="button"
      $variant="secondary"
      className={className}
      onClick={download}
      disabled={busy}
      aria-label={ariaLabel}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
