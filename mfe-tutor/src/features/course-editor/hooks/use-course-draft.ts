import { useCallback, useState } from 'react';
import {
  type CourseDraft,
  type CourseField,
  canPreview,
  emptyItem,
  emptySection,
  type ItemField,
  type ItemKind,
  type SectionDraft,
} from '../api/course-form.ts';

/** The editor's form state with the operations its controls need. */
export function useCourseDraft(initial: () => CourseDraft) {
  const [draft, setDraft] = useState<CourseDraft>(initial);

  const mapSection = (sectionKey: string, fn: (s: SectionDraft) => SectionDraft) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s) => (s.key === sectionKey ? fn(s) : s)) }));

  return {
    draft,
    reset: useCallback((next: CourseDraft) => setDraft(next), []),
    setField: (field: CourseField, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    setSequential: (sequential: boolean) => setDraft((d) => ({ ...d, sequential })),
    setItemField: (sectionKey: string, itemKey: string, field: ItemField, value: string) =>
      mapSection(sectionKey, (s) => ({
        ...s,
        items: s.items.map((it) => (it.key === itemKey ? { ...it, [field]: value } : it)),
      })),
    /**
     * Another kind keeps what was typed for the old one (choosing it again brings it back); only a
     * video or an article can be a free preview.
     */
    setItemKind: (sectionKey: string, itemKey: string, kind: ItemKind) =>
      mapSection(sectionKey, (s) => ({
        ...s,
        items: s.items.map((it) =>
          it.key === itemKey ? { ...it, kind, preview: canPreview(kind) ? it.preview : false } : it,
        ),
      })),
    setItemPreview: (sectionKey: string, itemKey: string, preview: boolean) =>
      mapSection(sectionKey, (s) => ({
        ...s,
        items: s.items.map((it) => (it.key === itemKey ? { ...it, preview } : it)),
      })),
    addItem: (sectionKey: string) =>
      mapSection(sectionKey, (s) => ({ ...s, items: [...s.items, emptyItem()] })),
    removeItem: (sectionKey: string, itemKey: string) =>
      setDraft((d) => ({
        ...d,
        // A section whose last item goes is removed with it; the form always keeps one section.
        sections: (() => {
          const next = d.sections
            .map((s) =>
              s.key === sectionKey ? { ...s, items: s.items.filter((it) => it.key !== itemKey) } : s,
            )
            .filter((s) => s.items.length > 0);
          return next.length > 0 ? next : [emptySection()];
        })(),
      })),
    addSection: () => setDraft((d) => ({ ...d, sections: [...d.sections, emptySection()] })),
  };
}

export type CourseDraftApi = ReturnType<typeof useCourseDraft>;
