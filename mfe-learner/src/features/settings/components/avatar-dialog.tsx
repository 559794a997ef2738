import { messageOf } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { Banner, Button, ImageDropZone, Modal, toast } from '@liveedu/ui';
import { useState } from 'react';
import { uploadAvatar } from '../api/upload-avatar.ts';

export const AVATAR_TYPES = 'image/png,image/jpeg';

/** The avatar popup: pick a png or jpeg, upload it with a progress bar. */
export function AvatarDialog({
  open,
  current,
  onClose,
  onUploaded,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const api = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (progress !== null) return;
    setFile(null);
    setError(null);
    onClose();
  };

  const upload = async () => {
    if (!file) {
      setError('Please select an image first.');
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const res = await uploadAvatar(api, file, setProgress);
      toast.success(res.message ?? 'Avatar updated');
      setFile(null);
      setProgress(null);
      onUploaded();
      onClose();
    } catch (e) {
      setProgress(null);
      setError(messageOf(e));
    }
  };

  return (
    <Modal open={open} title="Change avatar" onClose={close}>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <ImageDropZone
        label="Select Image"
        file={file}
        accept={AVATAR_TYPES}
        previewUrl={current}
        progress={progress}
        onFile={(f) => {
          setError(null);
          setFile(f);
        }}
      />
      <p style={{ fontSize: '0.85rem', margin: '0.5rem 0 0' }}>PNG or JPEG images only.</p>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', marginTop: '1rem' }}>
        <Button type="button" $variant="secondary" onClick={close} disabled={progress !== null}>
          Cancel
        </Button>
        <Button type="button" onClick={upload} disabled={progress !== null}>
          {progress !== null ? `Uploading… ${progress}%` : 'Upload'}
        </Button>
      </div>
    </Modal>
  );
}
