// npm run admin:create -- --email E --password P [--name "Nombre Apellido"]
// Creates an admin account on the configured database (DATABASE_URL, else the embedded
// one under DATA_DIR), or gives the admin role to an existing account with that e-mail.
import { parseArgs } from "node:util";
import { configFromEnv, openDatabase, setDatabase } from "../app/db/client.server";
import { PASSWORD_MIN_LENGTH } from "../app/domain/password";
import { ensureAdmin } from "../app/models/user.server";
import { getEnv } from "../app/utils/env.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string", default: "Administrador" },
  },
});

if (!values.email || !values.password) {
  console.error('Usage: npm run admin:create -- --email E --password P [--name "Full Name"]');
  process.exit(2);
}
if (values.password.length < PASSWORD_MIN_LENGTH) {
  console.error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  process.exit(2);
}

const handle = await openDatabase(configFromEnv(getEnv()));
try {
  await handle.migrate();
  setDatabase(handle);
  const result = await ensureAdmin({
    email: values.email,
    password: values.password,
    fullName: values.name ?? "Administrador",
  });
  console.log(
    result.created
      ? `Admin created: ${result.email}`
      : `${result.email} already had an account: it is now an admin (its password was not changed).`,
  );
} catch (error) {
  console.error("Could not create the admin:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
