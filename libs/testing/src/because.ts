/**
 * Runs an assertion and, when it fails, puts `context` (which case of a loop or table failed) in
 * front of its message: Jest's `expect` takes no message of its own. Works for `.resolves` and
 * `.rejects` assertions too (answers their promise).
 */
export function because<T>(context: string, assertion: () => T): T {
  const explain = (error: unknown): never => {
    if (error instanceof Error) error.message = `${context}\n\n${error.message}`;
    throw error;
  };
  try {
    const result = assertion();
    return result instanceof Promise ? (result.catch(explain) as T) : result;
  } catch (error) {
    return explain(error);
  }
}
