// Runs background work on an interval in the server process: one round at a time (a slow round
// is never overlapped by the next), errors logged and the next round tried as usual. What the
// work does must be safe to run in several processes at once (each job claims its rows).

export function every(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (error) {
      console.error(`[${name}] round failed:`, error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
