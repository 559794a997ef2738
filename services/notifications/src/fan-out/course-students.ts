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
 * them; the catalog away throws (503), so the event is handled again later.
 */
export async function* courseStudents(
  config: Pick<KitConfig, 'settings' | 'publicUrl' | 'internalSecret'>,
  courseId: string,
  requestId: string,
): AsyncGenerator<string[]> {
  const catalog = catalogOf(config);
  let after: string | null = null;
  do {
    const answer: InternalAnswer<typeof CATALOG_INTERNAL.courseStudents> = await catalog.call(
      'courseStudents',
      { params: { courseId }, query: after === null ? {} : { after } },
      requestId,
    );
    if (!answer.ok) return;
    yield answer.body.studentIds;
    after = answer.body.next;
  } while (after !== null);
}
