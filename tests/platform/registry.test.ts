import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogService } from '@liveedu/catalog';
import { communityService } from '@liveedu/community';
import * as contracts from '@liveedu/contracts';
import { earningsService } from '@liveedu/earnings';
import { identityService } from '@liveedu/identity';
import { learningService } from '@liveedu/learning';
import { liveService } from '@liveedu/live';
import { mediaService } from '@liveedu/media';
import { notificationsService } from '@liveedu/notifications';
import { paymentsService } from '@liveedu/payments';
import {
  HOST,
  PAGE_ROUTES,
  REMOTES,
  registryProblems,
  remoteDir,
  SERVICES,
  serviceStartOrder,
} from '@liveedu/platform-registry';
import type { ServiceDefinition } from '@liveedu/service-kit';
import { todoService } from '@liveedu/todo';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const definitions: Record<string, ServiceDefinition> = {
  identity: identityService,
  catalog: catalogService,
  payments: paymentsService,
  earnings: earningsService,
  todo: todoService,
  media: mediaService,
  learning: learningService,
  community: communityService,
  notifications: notificationsService,
  live: liveService,
};
/** Every event type packages/contracts declares (`identity.user.registered`, …). */
const eventTypes = (Object.values(contracts) as unknown[]).filter(
  (value): value is string => typeof value === 'string' && /^[a-z]+\.[a-z]+\.[a-z]+$/.test(value),
);
const packageName = (dir: string) =>
  (JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as { name: string }).name;

describe('the platform registry', () => {
  it('has no route to an unknown page, no name or port given twice', () => {
    expect(registryProblems()).toEqual([]);
  });

  it('declares each service that exists, under its one name, with its code where the name says', () => {
    expect(SERVICES.map((s) => s.name).sort()).toEqual(Object.keys(definitions).sort());
    for (const spec of SERVICES) {
      expect(definitions[spec.name]?.name).toBe(spec.name);
      expect(packageName(`services/${spec.name}`)).toBe(`@liveedu/${spec.name}`);
      expect(existsSync(join(repoRoot, 'services', spec.name, 'src', 'server.ts'))).toBe(true);
      expect(spec.database).toBe(spec.name);
    }
  });

  it('lists the events each service consumes exactly as its handlers subscribe, and publishes only its own', () => {
    for (const spec of SERVICES) {
      const handled = [...new Set((definitions[spec.name]?.handlers ?? []).map((h) => h.event))];
      expect(handled.sort(), `${spec.name} consumes`).toEqual([...spec.consumes].sort());
      const owned = eventTypes.filter((type) => contracts.eventOwner(type) === spec.name);
      expect([...spec.publishes].sort(), `${spec.name} publishes`).toEqual(owned.sort());
    }
    const published = SERVICES.flatMap((s) => [...s.publishes]);
    for (const spec of SERVICES) for (const type of spec.consumes) expect(published).toContain(type);
  });

  it('starts each service after the services it calls', () => {
    const order = serviceStartOrder();
    expect([...order].sort()).toEqual(SERVICES.map((s) => s.name).sort());
    for (const spec of SERVICES)
      for (const callee of spec.calls) expect(order.indexOf(callee)).toBeLessThan(order.indexOf(spec.name));
  });

  it('declares each front-end workspace that exists, and each remote renders the pages its routes ask for', () => {
    expect(packageName(HOST.dir)).toBe('@liveedu/host');
    for (const remote of REMOTES) {
      expect(packageName(remoteDir(remote.name))).toBe(`@liveedu/mfe-${remote.name}`);
      for (const file of Object.values(remote.exposes))
        expect(existsSync(join(repoRoot, remoteDir(remote.name), file)), file).toBe(true);
    }
    for (const route of PAGE_ROUTES) expect(route.path.startsWith('/'), route.path).toBe(true);
  });
});
