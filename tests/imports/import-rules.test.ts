import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const config = join(repoRoot, '.dependency-cruiser.cjs');
const depcruise = join(repoRoot, 'node_modules', '.bin', 'depcruise');

/** The import check as `npm run lint:imports` runs it, on the folders given, from `cwd`. */
function checkImports(cwd: string, folders: string[]) {
  const result = spawnSync(depcruise, ['--config', config, '--output-type', 'err', ...folders], {
    cwd,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('fail on each forbidden import of the fixture, naming the rule and both files', () => {
    const fixtures = join(import.meta.dirname, 'fixtures');
    const { status, output } = checkImports(fixtures, [
      'mfe-shop',
      'mfe-cart',
      'services',
      'packages',
      'gateway',
    ]);
    expect(status).not.toBe(0);
    const violations = output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('error '));
    expect(violations.sort()).toEqual(
      [
        'error remote-imports-packages-only: mfe-shop/src/index.ts → mfe-cart/src/index.ts',
        'error remote-imports-packages-only: mfe-shop/src/index.ts → services/orders/src/index.ts',
        'error remote-features-import-no-other-feature: mfe-shop/src/features/basket/basket.ts → mfe-shop/src/features/checkout/pay.ts',
        'error service-imports-no-other-service: services/orders/src/index.ts → services/billing/src/index.ts',
        'error service-features-wired-only-in-app: services/orders/src/refunds/routes.ts → services/orders/src/orders/routes.ts',
        'error service-features-wired-only-in-app: services/orders/src/refunds/routes.ts → services/orders/src/orders/handlers.ts',
        'error service-features-import-no-wiring: services/orders/src/orders/handlers.ts → services/orders/src/app.ts',
        'error service-domain-does-no-io: services/orders/src/orders/domain.ts → services/orders/src/orders/store.ts',
        'error service-domain-does-no-io: services/orders/src/orders/domain.ts → fs',
        'error service-domain-does-no-io: services/orders/src/orders/domain.ts → ../../../node_modules/mongodb/lib/index.js',
        'error packages-import-nothing-above: packages/kit/src/index.ts → infra/servers/src/index.ts',
        'error gateway-imports-no-service: gateway/src/index.ts → services/orders/src/index.ts',
      ].sort(),
    );
  });

  it('pass on the repository as it is', () => {
    const { status, output } = checkImports(repoRoot, [
      'packages',
      'services',
      'shells',
      'gateway',
      'mfe-catalog',
      'mfe-learner',
      'mfe-tutor',
      'mfe-admin',
    ]);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});
