/** A hint that new events may be readable; subscriptions re-read the store when it fires. */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();

  /** Returns the function that removes the listener. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
