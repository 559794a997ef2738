import type { Assignment } from '@liveedu/api-client';

type FileType = Assignment['fileTypes'][number];

const ACCEPT: Record<FileType, { extensions: string[]; mime: string; name: string }> = {
  pdf: { extensions: ['.pdf'], mime: 'application/pdf', name: 'PDF' },
  zip: { extensions: ['.zip'], mime: 'application/zip', name: 'ZIP' },
  png: { extensions: ['.png'], mime: 'image/png', name: 'PNG' },
  jpg: { extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', name: 'JPG' },
  txt: { extensions: ['.txt'], mime: 'text/plain', name: 'text (.txt)' },
};

/** The file input's `accept`: the extensions and types of the kinds the assignment takes. */
export function acceptOf(types: readonly FileType[]): string {
  return types.flatMap((t) => [...ACCEPT[t].extensions, ACCEPT[t].mime]).join(',');
}

/** "PDF or ZIP, up to 10 MB". */
export function allowedText(types: readonly FileType[], maxSizeMb: number): string {
  const names = types.map((t) => ACCEPT[t].name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${list}, up to ${maxSizeMb} MB`;
}

/** Said when nothing is handed in, as the server says it. */
export const NOTHING_HANDED_IN = 'Hand in a file or some text';

/** Why a hand-in cannot be sent as it is, or null: checked here first, judged again by the server. */
export function handInProblem(
  assignment: Pick<Assignment, 'fileTypes' | 'maxSizeMb'>,
  file: { name: string; size: number } | null,
  text: string,
): string | null {
  if (!file && !text.trim()) return NOTHING_HANDED_IN;
  if (!file) return null;
  const name = file.name.toLowerCase();
  if (!assignment.fileTypes.some((t) => ACCEPT[t].extensions.some((ext) => name.endsWith(ext)))) {
    return `This assignment takes ${allowedText(assignment.fileTypes, assignment.maxSizeMb)}`;
  }
  if (file.size > assignment.maxSizeMb * 1024 * 1024) {
    return `The file is larger than ${assignment.maxSizeMb} MB`;
  }
  return null;
}

/** `2.4 MB`, `830 KB`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
