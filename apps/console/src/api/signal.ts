export type Unsubscribe = () => void;

export interface Signal {
  notify(): void;
  /** Adds a listener; returns how to remove it. */
  listen(listener: () => void): Unsubscribe;
}

/** Lets the API client tell whoever listens (the session) that something happened, without knowing them. */
export function createSignal(): Signal {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    listen: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
