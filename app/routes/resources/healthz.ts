import { getDatabaseHandle } from "~/db/client.server";

/** Liveness and database check for load balancers and monitors. */
export async function loader() {
  try {
    await getDatabaseHandle().ping();
    return Response.json({ status: "ok", database: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
