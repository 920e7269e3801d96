import { describe, expect, it } from 'vitest';
import { checkProviderPosition, formatDistance } from './provider-position';

const site = { latitude: 32.7812, longitude: -96.7985, radiusMeters: 805 };

describe('checkProviderPosition', () => {
  it('believes a precise position inside the radius', () => {
    const check = checkProviderPosition(site, { latitude: 32.78, longitude: -96.8, accuracy: 20 });
    expect(check.isRefused).toBe(false);
    expect(check.warning).toBeNull();
    expect(check.distanceMeters).toBeGreaterThan(150);
    expect(check.distanceMeters).toBeLessThan(250);
  });

  it('warns with the distance for a position outside the radius', () => {
    const check = checkProviderPosition(site, { latitude: 32.7555, longitude: -97.3308, accuracy: 10 });
    expect(check.isRefused).toBe(true);
    expect(check.distanceMeters).toBeGreaterThan(49_000);
    expect(check.warning).toBe('You are 50 km from the site; the provider accepts check-ins only within 805 m, so it will probably refuse this one.');
  });

  it('warns when the accuracy is worse than the radius, even at the site', () => {
    const check = checkProviderPosition(site, { latitude: site.latitude, longitude: site.longitude, accuracy: 1500 });
    expect(check).toMatchObject({ isRefused: true, distanceMeters: 0 });
    expect(check.warning).toContain('only accurate to 1.5 km, more than the 805 m');
  });

  it('treats the edge of the radius as inside and an unknown accuracy as good enough', () => {
    const edge = checkProviderPosition({ ...site, radiusMeters: 10_000 }, { latitude: site.latitude + 0.05, longitude: site.longitude });
    expect(edge.isRefused).toBe(false);
  });
});

describe('formatDistance', () => {
  it('reads metres close by and kilometres further away', () => {
    expect(formatDistance(804.6)).toBe('805 m');
    expect(formatDistance(1500)).toBe('1.5 km');
    expect(formatDistance(49_321)).toBe('49 km');
  });
});
