import { describe, expect, it } from 'vitest';
import { hostAddress, isPrivateOrLoopbackAddress, isPublicAddress } from './public-address.js';

const judged = (addresses: string[]) =>
  Object.fromEntries(addresses.map((a) => [a, isPublicAddress(a)]));
const all = (addresses: string[], value: boolean) =>
  Object.fromEntries(addresses.map((a) => [a, value]));

describe('isPublicAddress', () => {
  it('accepts public IPv4 and IPv6 addresses', () => {
    const publicOnes = [
      '8.8.8.8',
      '151.101.1.1',
      '2001:4860:4860::8888',
      '2a03:2880:f10c:83:face:b00c:0:25de',
      '::ffff:8.8.8.8', // IPv4-mapped public
      '::ffff:0:808:808', // SIIT public
      '64:ff9b::808:808', // NAT64 of a public address (DNS64 on IPv6-only networks)
      '2002:0808:0808::', // 6to4 of 8.8.8.8
      '2002:808:808:1::1',
      // Teredo: server 65.54.227.120, client 8.8.8.8 (stored inverted)
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ];
    expect(judged(publicOnes)).toEqual(all(publicOnes, true));
  });

  it('refuses special-purpose IPv4 blocks', () => {
    const blocked = [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1', // carrier-grade NAT
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.20.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    ];
    expect(judged(blocked)).toEqual(all(blocked, false));
  });

  it('refuses special-purpose IPv6 blocks', () => {
    const blocked = [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12::1', // unique local
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1', // site-local
      'feff::1',
      'ff02::1',
      '100::1',
      '2001:db8::1',
      '2001:2::1',
      '3fff::1',
      '64:ff9b:1::a00:1', // local-use NAT64
      '1::1', // outside global unicast
    ];
    expect(judged(blocked)).toEqual(all(blocked, false));
  });

  it('judges an IPv6 address carrying a blocked IPv4 by that IPv4, in every spelling', () => {
    const blocked = [
      // IPv4-compatible (deprecated, ::/96)
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8',
      // IPv4-mapped
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::FFFF:7F00:0001',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      // SIIT (IPv4-translated)
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a9fe:a9fe',
      // NAT64 well-known prefix
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::c0a8:101',
      // 6to4
      '2002:7f00:1::',
      '2002:7f00:0001:0:0:0:0:1',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::',
      '2002:c0a8:101::1',
      // Teredo: client 127.0.0.1 inverted, then server 127.0.0.1, then client 10.0.0.1
      '2001:0:4136:e378::80ff:fffe',
      '2001:0:7f00:1:8000:63bf:f7f7:f7f7',
      '2001:0:4136:e378:0:0:f5ff:fffe',
      // RFC 4380's own example: client 192.0.2.45 (documentation)
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ];
    expect(judged(blocked)).toEqual(all(blocked, false));
  });

  it('opens loopback only when asked, and never a tunnel to it', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', true)).toBe(true); // the socket reaches 127.0.0.1
    expect(isPublicAddress('2002:7f00:1::', true)).toBe(false);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});

describe('isPrivateOrLoopbackAddress', () => {
  it('accepts private networks and loopback only, not through a tunnel', () => {
    const open = ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '::1', 'fd12::1'];
    expect(Object.fromEntries(open.map((a) => [a, isPrivateOrLoopbackAddress(a)]))).toEqual(
      all(open, true),
    );
    const closed = [
      '8.8.8.8',
      '169.254.169.254',
      '0.0.0.0',
      'fe80::1',
      'fec0::1',
      '::',
      '2002:a00:1::',
      '2001:0:4136:e378::f5ff:fffe',
      'not-an-ip',
    ];
    expect(Object.fromEntries(closed.map((a) => [a, isPrivateOrLoopbackAddress(a)]))).toEqual(
      all(closed, false),
    );
  });
});

describe('hostAddress', () => {
  it('reads an IP literal in every spelling a URL accepts, and nothing from a name', () => {
    expect(hostAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(hostAddress('2130706433')).toBe('127.0.0.1');
    expect(hostAddress('0x7f.1')).toBe('127.0.0.1');
    expect(hostAddress('0177.0.0.1')).toBe('127.0.0.1');
    expect(hostAddress('127.1')).toBe('127.0.0.1');
    expect(hostAddress('[::1]')).toBe('::1');
    expect(hostAddress('::1')).toBe('::1');
    expect(hostAddress('[::ffff:127.0.0.1]')).toBe('::ffff:7f00:1');
    expect(hostAddress('localhost')).toBeNull();
    expect(hostAddress('pbs.twimg.com')).toBeNull();
    expect(hostAddress('1.2.3.999')).toBeNull();
  });
});
