/** Text a caller searches for, as a regular expression that matches it literally (every special character escaped). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
