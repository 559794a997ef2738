import type { CATALOG_INTERNAL } from '@liveedu/contracts';
import { type CatalogClient, catalogClient, type InternalAnswer, type KitConfig } from '@liveedu/service-kit';
import { notificationsConfig } from '../config.ts';

const clients = new WeakMap<object, CatalogClient>();

function catalogOf(config: Pick<KitConfig, 'settings' | 'publicUrl' | 'internalSecret'>) {
  const known = clients.get(config);
  if (known) return known;
  const client = catalogClient('notifications', {
    baseUrl: notificationsConfig(config).catalogUrl,
    internalSecret: config.internalSecret,
    timeoutMs: 10_000,
  });
  clients.set(config, client);
  return client;
}

/**
 * The students of a course, a page (`COURSE_STUDENTS_PAGE` ids) at a time, as the catalog lists
 * them; the catalog away throws (503), so the event is handled again later. The next page is asked
 * for as soon as a page arrives, so it is read while the one before is being delivered.
 */
export async function* courseStudents(
  config: Pick<KitConfig, 'settings' | 'publicUrl' | 'internalSecret'>,
  courseId: string,
  requestId: string,
): AsyncGenerator<string[]> {
  const catalog = catalogOf(config);
  type Page = InternalAnswer<typeof CATALOG_INTERNAL.courseStudents>;
  const ask = (after: string | null): Promise<Page> => {
    const answer = catalog.call(
      'courseStudents',
      { params: { courseId }, query: after === null ? {} : { after } },
      requestId,
    );
    // A page asked ahead and never awaited (the delivery before it failed) is not an unhandled rejection.
    answer.catch(() => {});
    return answer;
  };
  let coming: Promise<Page> | null = ask(null);
  while (coming) {
    const answer: Page = await coming;
    if (!answer.ok) return;
    coming = answer.body.next === null ? null : ask(answer.body.next);
    yield answer.body.studentIds;
  }
}
