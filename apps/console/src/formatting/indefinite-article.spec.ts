import { describe, expect, it } from '@jest/globals';
import { withIndefiniteArticle } from './indefinite-article';

describe('withIndefiniteArticle', () => {
  it.each([
    ['Incident', 'an Incident'],
    ['Case', 'a Case'],
    ['event', 'an event'],
    ['Outage', 'an Outage'],
    ['Ticket', 'a Ticket'],
  ])('%s → %s', (noun, expected) => {
    expect(withIndefiniteArticle(noun)).toBe(expected);
  });
});
