import { type DragEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme.ts';

const Zone = styled.label<{ $over: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 160px;
  padding: 1rem;
  border: 2px dashed ${({ $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${theme.radius};
  background: ${({ $over }) => ($over ? '#eef2ff' : theme.colors.surface)};
  cursor: pointer;
  text-align: center;
  color: ${theme.colors.muted};
  img { max-height: 180px; border-radius: 8px; }
  &:focus-within { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
`;

const Progress = styled.progress`
  width: 100%;
  height: 10px;
`;

/**
 * Drag-and-drop or click-to-pick for one image file. `progress` (0 to 100) shows an upload bar
 * while the caller's upload runs.
 */
export function ImageDropZone({
  label,
  file,
  onFile,
  accept = 'image/*',
  previewUrl,
  progress,
}: {
  label: string;
  file: File | null;
  onFile: (file: File | null) => void;
  accept?: string;
  previewUrl?: string;
  progress?: number | null;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const accepts = (f: File) =>
    accept === 'image/*' ? f.type.startsWith('image/') : accept.split(',').some((t) => f.type === t.trim());

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && accepts(dropped)) onFile(dropped);
  };

  const shown = preview ?? previewUrl ?? null;
  return (
    <div>
      <Zone
        htmlFor={id}
        $over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {shown ? <img src={shown} alt={file ? `Preview of ${file.name}` : 'Current image'} /> : null}
        <span>{file ? file.name : label}</span>
        <span style={{ fontSize: '0.85rem' }}>Drag and drop an image here, or click to choose one.</span>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={accept}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </Zone>
      {typeof progress === 'number' ? (
        <Progress max={100} value={progress} aria-label="Upload progress">
          {progress}%
        </Progress>
      ) : null}
    </div>
  );
}
