import { type Env, baseUrl } from "../app/utils/env.server";

/** What the store says once it takes requests: where it is and, for the demo, how to sign in. */
export function readyLines(
  env: Env,
  status: string,
  seeded: boolean,
  demoAdmin: { email: string; password: string } | null,
): string[] {
  return [
    `Vitec está en ${baseUrl(env)}  [${status}]`,
    ...(seeded ? ["Demo catalogue seeded (first start)."] : []),
    ...(demoAdmin ? [`Demo admin: ${demoAdmin.email} / ${demoAdmin.password}  ->  ${baseUrl(env)}/admin/login`] : []),
  ];
}
