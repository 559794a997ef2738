import { randomBytes } from 'node:crypto';
import { isDuplicateKey, putImage, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { textKey } from '../courses/domain.ts';
import { type CoverDesign, renderCover } from './images.ts';
import { CATEGORIES, CATEGORIES_BUCKET } from './store.ts';

/** The categories every installation starts with, in the order the home page shows them. */
export const CATEGORY_DESIGNS: Omit<CoverDesign, 'subtitle'>[] = [
  { title: 'Web Development', colors: ['#4f46e5', '#06b6d4'], motif: 'code' },
  { title: 'Data Science', colors: ['#0f766e', '#84cc16'], motif: 'chart' },
  { title: 'Mobile Development', colors: ['#9333ea', '#ec4899'], motif: 'phone' },
  { title: 'Programming Languages', colors: ['#1d4ed8', '#60a5fa'], motif: 'brackets' },
  { title: 'Machine Learning', colors: ['#7c2d12', '#f97316'], motif: 'network' },
  { title: 'Cloud Computing', colors: ['#0369a1', '#38bdf8'], motif: 'cloud' },
  { title: 'Cyber Security', colors: ['#111827', '#10b981'], motif: 'shield' },
  { title: 'Design', colors: ['#be185d', '#fbbf24'], motif: 'palette' },
  { title: 'Business', colors: ['#334155', '#94a3b8'], motif: 'briefcase' },
  { title: 'Marketing', colors: ['#b91c1c', '#fb7185'], motif: 'megaphone' },
  { title: 'Photography', colors: ['#3f3f46', '#a78bfa'], motif: 'camera' },
  { title: 'Music', colors: ['#6d28d9', '#f472b6'], motif: 'music' },
  { title: 'Personal Development', colors: ['#15803d', '#facc15'], motif: 'growth' },
  { title: 'Finance & Accounting', colors: ['#854d0e', '#eab308'], motif: 'coins' },
];

/**
 * Creates the missing categories with their images; ones that exist are left alone, so
 * restarts change nothing.
 */
export async function seedCategories(app: ServiceApp): Promise<void> {
  const categories = CATEGORIES.in(app.db);
  const existing = new Set(
    (await categories.find({}, { projection: { titleKey: 1 } }).toArray()).map((c) => c.titleKey),
  );
  for (const [position, design] of CATEGORY_DESIGNS.entries()) {
    const titleKey = textKey(design.title);
    if (existing.has(titleKey)) continue;
    const key = `seed/${randomBytes(12).toString('hex')}.png`;
    await putImage(app.storage, CATEGORIES_BUCKET, key, await renderCover(design, 480, 320));
    try {
      await categories.insertOne({
        _id: new ObjectId(),
        title: design.title,
        titleKey,
        imgKey: key,
        position,
      });
    } catch (error) {
      // Another instance seeded it first; drop our copy of the image.
      await app.storage.remove(CATEGORIES_BUCKET, key).catch(() => {});
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
