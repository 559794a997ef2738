import { type ServiceApp, Type } from '@liveedu/service-kit';
import { Category, category, urlsOf } from '../courses/present.ts';
import { CATEGORIES } from './store.ts';

export default async function categoryRoutes(app: ServiceApp): Promise<void> {
  const urls = urlsOf(app);

  app.get(
    '/api/v1/get-all-category',
    {
      schema: {
        summary: 'Every category, in the order the home page shows them',
        response: { 200: Type.Object({ data: Type.Array(Category) }) },
      },
    },
    async () => {
      const list = await CATEGORIES.in(app.db).find({}).sort({ position: 1 }).limit(200).toArray();
      return { data: list.map((c) => category(c, urls)) };
    },
  );
}
