import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { brandLoginDecider, brandLoginStream, RESERVED_BRAND_LOGIN_URLS, type BrandLoginEvent } from './brand-login';

const claim = (customerGroupId: string, brand = 'acme') => ({
  type: 'ClaimBrandLogin' as const,
  data: { brand, customerGroupId, rootId: `root-${customerGroupId}` },
});
const release = (customerGroupId: string, brand = 'acme') => ({
  type: 'ReleaseBrandLogin' as const,
  data: { brand, customerGroupId, rootId: `root-${customerGroupId}` },
});
const claimed = (customerGroupId: string): BrandLoginEvent => ({ type: 'CustomerGroupBrandLoginClaimed', data: claim(customerGroupId).data });
const released = (customerGroupId: string): BrandLoginEvent => ({ type: 'CustomerGroupBrandLoginReleased', data: release(customerGroupId).data });

describe('brand login claims', () => {
  it('has one stream per brand', () => {
    expect(brandLoginStream('acme')).toBe('customer_group_brand-acme');
  });

  it('lets the first group claim a free brand', () => {
    expect(given(brandLoginDecider, []).when(claim('g1'))).toEqual([claimed('g1')]);
  });

  it('refuses a brand another group holds, with a field message', () => {
    expect(() => given(brandLoginDecider, [claimed('g1')]).when(claim('g2'))).toThrow(
      'A customer group with this brand login URL already exists.',
    );
  });

  it('records nothing when the holder claims its own brand again', () => {
    expect(given(brandLoginDecider, [claimed('g1')]).when(claim('g1'))).toEqual([]);
  });

  it('frees a released brand for any group', () => {
    expect(given(brandLoginDecider, [claimed('g1')]).when(release('g1'))).toEqual([released('g1')]);
    expect(given(brandLoginDecider, [claimed('g1'), released('g1')]).when(claim('g2'))).toEqual([claimed('g2')]);
  });

  it('only the holder releases', () => {
    expect(given(brandLoginDecider, [claimed('g1')]).when(release('g2'))).toEqual([]);
    expect(given(brandLoginDecider, []).when(release('g1'))).toEqual([]);
  });

  it('refuses to claim an invalid or reserved brand', () => {
    expect(() => given(brandLoginDecider, []).when(claim('g1', 'login'))).toThrow('Invalid brand login URL.');
    expect(() => given(brandLoginDecider, []).when(claim('g1', ''))).toThrow('Invalid brand login URL.');
  });

  it('reserves the first segment of every console route and no parameter', () => {
    for (const segment of ['login', 'login_2fa', 'reset', 'impersonate_login', 'users', 'custom_branding', 'message', 'incidents'])
      expect([segment, RESERVED_BRAND_LOGIN_URLS.has(segment)]).toEqual([segment, true]);
    expect([...RESERVED_BRAND_LOGIN_URLS].some((segment) => segment.startsWith(':') || segment === '*')).toBe(false);
  });
});
