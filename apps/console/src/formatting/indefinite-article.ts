/**
 * "a Case", "an Incident": the module name is configured, so sentences that name it pick the article
 * from its first letter (vowel letters; a good enough rule for the names organisations choose).
 */
export function withIndefiniteArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun.trim()) ? 'an' : 'a'} ${noun}`;
}
