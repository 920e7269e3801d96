import { describe, expect, it } from 'vitest';
import { distanceKm, parseGps, parseLatLng } from './gps';

describe('parseGps', () => {
  it('parses signed decimal degrees', () => {
    expect(parseGps('-33.86')).toBe(-33.86);
    expect(parseGps('151.2093')).toBe(151.2093);
    expect(parseGps('+12.5')).toBe(12.5);
    expect(parseGps('  0  ')).toBe(0);
  });
  it('makes S and W negative, N and E positive, as suffix or prefix, any case', () => {
    expect(parseGps('33.86 S')).toBe(-33.86);
    expect(parseGps('33.86S')).toBe(-33.86);
    expect(parseGps('S 33.86')).toBe(-33.86);
    expect(parseGps('79.98 w')).toBe(-79.98);
    expect(parseGps('40.5 N')).toBe(40.5);
    expect(parseGps('E 2.35')).toBe(2.35);
  });
  it('parses degrees-minutes-seconds', () => {
    expect(parseGps(`40°26'46"N`)).toBeCloseTo(40 + 26 / 60 + 46 / 3600, 10);
    expect(parseGps(`40° 26' 46.3" N`)).toBeCloseTo(40 + 26 / 60 + 46.3 / 3600, 10);
    expect(parseGps('79 58 56 W')).toBeCloseTo(-(79 + 58 / 60 + 56 / 3600), 10);
    expect(parseGps(`-79°58'56"`)).toBeCloseTo(-(79 + 58 / 60 + 56 / 3600), 10);
  });
  it('parses degrees with decimal minutes and bare degree marks', () => {
    expect(parseGps(`40°26.5'N`)).toBeCloseTo(40 + 26.5 / 60, 10);
    expect(parseGps('40°N')).toBe(40);
  });
  it('accepts the range boundaries and rejects values outside [-180, 180]', () => {
    expect(parseGps('180')).toBe(180);
    expect(parseGps('-180')).toBe(-180);
    expect(parseGps('180.0001')).toBeNull();
    expect(parseGps('200 W')).toBeNull();
    expect(parseGps('91 N')).toBeNull();
    expect(parseGps('179 59 60 E')).toBeNull();
  });
  it('rejects garbage and malformed DMS', () => {
    expect(parseGps('')).toBeNull();
    expect(parseGps('abc')).toBeNull();
    expect(parseGps('12.3.4')).toBeNull();
    expect(parseGps('40 60 0 N')).toBeNull();
    expect(parseGps('40 26 60 N')).toBeNull();
    expect(parseGps('40.5 26 N')).toBeNull();
    expect(parseGps('40 26.5 10 N')).toBeNull();
    expect(parseGps('40 26 46 12')).toBeNull();
    expect(parseGps('-33.86 S')).toBeNull();
    expect(parseGps('N 40 N')).toBeNull();
    expect(parseGps('40 X')).toBeNull();
  });
});

describe('parseLatLng', () => {
  it('parses a decimal pair', () => {
    expect(parseLatLng('-33.8688, 151.2093')).toEqual({ lat: -33.8688, lng: 151.2093 });
  });
  it('parses a DMS pair with hemispheres', () => {
    const p = parseLatLng(`40°26'46"N, 79°58'56"W`);
    expect(p?.lat).toBeCloseTo(40.446111, 5);
    expect(p?.lng).toBeCloseTo(-79.982222, 5);
  });
  it('rejects wrong counts, out-of-range latitude and swapped hemispheres', () => {
    expect(parseLatLng('40.5')).toBeNull();
    expect(parseLatLng('1, 2, 3')).toBeNull();
    expect(parseLatLng('95, 10')).toBeNull();
    expect(parseLatLng('10, 181')).toBeNull();
    expect(parseLatLng('79 W, 40 N')).toBeNull();
    expect(parseLatLng('abc, 10')).toBeNull();
  });
});

describe('distanceKm', () => {
  it('is 0 for the same point', () => {
    expect(distanceKm({ lat: 51.5, lng: -0.12 }, { lat: 51.5, lng: -0.12 })).toBe(0);
  });
  it('gives London–Paris ≈ 343.5 km, symmetric', () => {
    const london = { lat: 51.5074, lng: -0.1278 };
    const paris = { lat: 48.8566, lng: 2.3522 };
    expect(Math.abs(distanceKm(london, paris) - 343.5)).toBeLessThan(1);
    expect(distanceKm(paris, london)).toBeCloseTo(distanceKm(london, paris), 9);
  });
  it('gives half the circumference for antipodal points', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});
