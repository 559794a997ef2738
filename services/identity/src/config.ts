import { DEFAULT_DEMO_PASSWORD } from '@liveedu/contracts';
import { mailSettingsFields, secret, serviceSettings, Type } from '@liveedu/service-kit';

export const LOCAL_ADMIN_PASSWORD = 'liveedu-admin';

const MIB = 1024 * 1024;
/** The kit's multipart parser takes no file larger than this, whatever a limit below says. */
const UPLOAD_CEILING = 5 * MIB;

const count = (fallback: number) => Type.Integer({ minimum: 1, maximum: 1_000_000, default: fallback });
const bytes = (fallback: number) => Type.Integer({ minimum: 1, maximum: UPLOAD_CEILING, default: fallback });

/** What identity reads from the environment beyond the kit's configuration (see its README). */
export const identitySettings = serviceSettings((production) =>
  Type.Object({
    /** The `admin` account's first password, set when the account is made (a strong one in production). */
    ADMIN_PASSWORD: secret(production, LOCAL_ADMIN_PASSWORD, 'password'),
    ADMIN_EMAIL: Type.String({ format: 'email', default: 'admin@liveedu.local' }),
    DEMO_PASSWORD: Type.String({ minLength: 1, writeOnly: true, default: DEFAULT_DEMO_PASSWORD }),
    AVATAR_MAX_BYTES: bytes(2 * MIB),
    RESUME_MAX_BYTES: bytes(5 * MIB),
    /** Log-in attempts per username per minute. */
    LOGIN_RATE_LIMIT_PER_USERNAME: count(10),
    /** Reset mails per address per hour. */
    FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: count(5),
    /** Password changes (and wrong current passwords) per signed-in user per hour. */
    CHANGE_PASSWORD_RATE_LIMIT_PER_USER: count(10),
    /** Where mail goes (`SMTP_URL`; unset, `.eml` files in `DATA_DIR/outbox/`) and from whom. */
    ...mailSettingsFields(),
  }),
);

export type IdentitySettings = ReturnType<typeof identitySettings.of>;
