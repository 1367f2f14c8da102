import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keys IPv4 on the full address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
  });

  it('keys every spelling of one IPv6 /64 alike', () => {
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0abc',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(ip), ip).toBe('2001:db8:1:2::/64');
  });

  it('keeps other /64s apart, compressing their zeros the RFC 5952 way', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:0:0:1::1')).toBe('2001:db8::/64');
    expect(addressKey('2001:0:0:1::')).toBe('2001:0:0:1::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys a request whose client hung up (no address left on its socket) without throwing', () => {
    expect(addressKey(undefined)).toBe('unknown');
  });
});
