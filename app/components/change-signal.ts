/**
 * A module-level store's "something changed" signal, for `useSyncExternalStore`: `subscribe`
 * registers a listener and returns its removal, `emit` calls them all.
 */
export function changeSignal() {
  const listeners = new Set<() => void>();
  return {
    emit() {
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
