import { describe, expect, it } from '@jest/globals';
import { templateSubdomain } from './template-subdomain';

describe('the subdomain that selects the incident template', () => {
  it.each([
    ['acme.beacon.example', '', 'acme'],
    ['North-Hospital.beacon.example', '', 'north-hospital'],
    ['acme.eu.beacon.example', '?subdomain=other', 'acme'],
  ])('is the first label of a host with at least three labels: %s', (hostname, search, expected) => {
    expect(templateSubdomain({ hostname, search })).toBe(expected);
  });

  it.each([
    ['localhost', '?subdomain=acme'],
    ['beacon.example', '?subdomain=Acme'],
    ['127.0.0.1', '?subdomain=acme'],
    ['[::1]', '?subdomain=acme&x=1'],
  ])('on a host without one (%s), is the subdomain query parameter', (hostname, search) => {
    expect(templateSubdomain({ hostname, search })).toBe('acme');
  });

  it('is none when neither gives one', () => {
    expect(templateSubdomain({ hostname: 'localhost', search: '' })).toBeNull();
    expect(templateSubdomain({ hostname: 'beacon.example', search: '?subdomain=%20' })).toBeNull();
  });
});
