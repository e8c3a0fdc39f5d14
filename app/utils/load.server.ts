/**
 * A screen loader's query, or the message to show instead when it failed: the failure is logged
 * under `tag` (never shown), and the screen draws `error` (with ListState, in the admin).
 */
export async function loadOrError<T>(
  tag: string,
  message: string,
  load: () => Promise<T>,
): Promise<{ data: T | null; error: string | null }> {
  try {
    return { data: await load(), error: null };
  } catch (error) {
    console.error(`[${tag}] load failed:`, error);
    return { data: null, error: message };
  }
}
