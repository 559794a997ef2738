import { Modal } from '@liveedu/ui';

/** The profile description as saved, line breaks kept; 'No Description' when there is none. */
export function DescriptionModal({
  open,
  desc,
  onClose,
}: {
  open: boolean;
  desc: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title="Description" onClose={onClose}>
      <p style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="description-text">
        {desc.trim() ? desc : 'No Description'}
      </p>
    </Modal>
  );
}
