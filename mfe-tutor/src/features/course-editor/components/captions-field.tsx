import { useApi } from '@liveedu/session';
import { theme, toast, useBusyAction } from '@liveedu/ui';
import { CAPTION_LANGUAGES, languageName } from '@liveedu/video';
import { type ChangeEvent, useId, useState } from 'react';
import styled from 'styled-components';

/** The largest captions file the media service takes. */
export const MAX_CAPTION_BYTES = 1024 * 1024;

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 0.75rem;
  align-items: center;
  flex-basis: 100%;
  font-size: 0.9rem;
  select, input { max-width: 100%; }
  .muted { color: ${theme.colors.muted}; }
`;

/**
 * WebVTT captions for an uploaded video, one file per language: the languages it has, and a
 * file chosen for a language adds or replaces that language's captions.
 */
export function CaptionsField({
  videoId,
  captions,
  onSaved,
}: {
  videoId: string;
  captions: readonly string[];
  onSaved: () => void;
}) {
  const api = useApi();
  const id = useId();
  const [lang, setLang] = useState('en');
  const [busy, run] = useBusyAction();

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_CAPTION_BYTES) {
      toast.error('Captions files can be at most 1 MB');
      return;
    }
    await run(async () => {
      await api.putCaptions(videoId, lang, await file.text());
      toast.success(`${languageName(lang)} captions saved`);
      onSaved();
    });
  };

  return (
    <Box>
      <span className="muted" data-testid="captions">
        Captions: {captions.length ? captions.map(languageName).join(', ') : 'none yet'}
      </span>
      <label htmlFor={`${id}-lang`}>Language</label>
      <select id={`${id}-lang`} value={lang} onChange={(event) => setLang(event.target.value)}>
        {CAPTION_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-file`}>{busy ? 'Saving captions…' : 'Add captions (.vtt)'}</label>
      <input id={`${id}-file`} type="file" accept=".vtt,text/vtt" disabled={busy} onChange={upload} />
    </Box>
  );
}
