import { Banner, Button, bareList, flatPanel, theme } from '@liveedu/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { LIVE_SECTION_TITLE } from '../api/recording-lecture.ts';
import { downloadRecording, type RecordingSave } from '../hooks/use-recording-saves.ts';

const Panel = styled.section`
  ${flatPanel}
  padding: 1rem;
  margin-bottom: 1rem;
  h2 { margin: 0 0 0.5rem; font-size: 1.1rem; }
  ul { ${bareList} display: grid; gap: 0.75rem; }
  li { display: grid; gap: 0.35rem; }
  progress { width: 100%; height: 0.6rem; accent-color: ${theme.colors.primary}; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  .muted { color: ${theme.colors.muted}; margin: 0; }
`;

const clock = (date: Date) => date.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });

function SaveRow({
  save,
  startsAt,
  onRetry,
}: {
  save: RecordingSave;
  startsAt: string;
  onRetry: (key: number) => void;
}) {
  const started = `Recording from ${clock(save.recordedAt)}`;
  if (save.status === 'uploading') {
    return (
      <>
        <progress max={100} value={save.percent} aria-label="Recording upload progress" />
        <p className="muted" role="status">
          {started}: uploading… {save.percent}%
        </p>
      </>
    );
  }
  if (save.status === 'saving') {
    return (
      <p className="muted" role="status">
        {started}: adding it to the course…
      </p>
    );
  }
  if (save.status === 'waiting') {
    return (
      <p className="muted" role="status">
        {started} is a lecture of “{LIVE_SECTION_TITLE}”; it becomes this class’s recording when the class
        starts at {clock(new Date(startsAt))}. Keep this page open until then.
      </p>
    );
  }
  if (save.status === 'saved') {
    return (
      <Banner tone="success">
        {started} is saved as a lecture of “{LIVE_SECTION_TITLE}”.
      </Banner>
    );
  }
  return (
    <>
      <Banner tone="error">
        {started} could not be saved: {save.error}. It is kept here: try again, or download it.
      </Banner>
      <div className="row">
        <Button type="button" onClick={() => onRetry(save.key)}>
          Retry upload
        </Button>
        <Button type="button" $variant="secondary" onClick={() => downloadRecording(save.file)}>
          Download recording
        </Button>
      </div>
    </>
  );
}

/** The class's recordings on their way to the course, with their progress, and a retry for one that failed. */
export function RecordingSaves({
  saves,
  startsAt,
  onRetry,
}: {
  saves: RecordingSave[];
  /** When the class starts: a recording made before becomes its recording then. */
  startsAt: string;
  onRetry: (key: number) => void;
}) {
  const id = useId();
  if (saves.length === 0) return null;
  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Recordings</h2>
      <ul>
        {saves.map((save) => (
          <li key={save.key}>
            <SaveRow save={save} startsAt={startsAt} onRetry={onRetry} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
