import { caller, errorResponses, requireUser, type ServiceApp, Type } from '@liveedu/service-kit';
import { KINDS, type Kind } from './domain.ts';
import { choosePreferences, preferencesFor } from './store.ts';

const Delivery = Type.Union([Type.Literal('instant'), Type.Literal('daily'), Type.Literal('off')], {
  errorMessage: 'A preference is instant, daily or off',
});
const OptionalDelivery = Type.Optional(Delivery);
const PreferenceMap = Type.Object(
  Object.fromEntries(KINDS.map((kind) => [kind, Delivery])) as Record<Kind, typeof Delivery>,
  { additionalProperties: false },
);
// A kind nobody knows is refused (400), not quietly dropped: `additionalProperties: false` would
// have the validator strip it (removeAdditional) and answer as if it were saved.
const PreferenceChanges = Type.Object(
  Object.fromEntries(KINDS.map((kind) => [kind, OptionalDelivery])) as Record<Kind, typeof OptionalDelivery>,
  { additionalProperties: Type.Never({ errorMessage: 'Unknown kind of notification' }) },
);
const PreferencesReply = Type.Object({ preferences: PreferenceMap });

/** The caller's mail preference per kind of notification. */
export default async function preferenceRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/notification-preferences',
    {
      preHandler: requireUser,
      schema: {
        summary: 'How each kind of your notifications reaches you by mail: instant, daily or off',
        response: { 200: PreferencesReply, ...errorResponses },
      },
    },
    async (request) => ({ preferences: await preferencesFor(app.db, caller(request).userId) }),
  );

  app.put(
    '/api/v1/notification-preferences',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change the mail preference of some kinds; answers the whole map',
        body: Type.Object(
          { preferences: PreferenceChanges },
          { errorMessage: { required: 'preferences is required' } },
        ),
        response: { 200: PreferencesReply, ...errorResponses },
      },
    },
    async (request) => ({
      preferences: await choosePreferences(app.db, caller(request).userId, request.body.preferences),
    }),
  );
}
