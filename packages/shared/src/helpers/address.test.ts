import { describe, expect, it } from 'vitest';
import { addressLineOf, cityLineOf } from './address';

describe('addressLineOf', () => {
  it('writes street, city, state and zip on one line', () => {
    expect(addressLineOf({ address: '1401 Elm St', city: 'Dallas', state: 'TX', zip: '75201' })).toBe('1401 Elm St, Dallas, TX 75201');
  });
  it('leaves out blank parts with their separators', () => {
    expect(addressLineOf({ address: '', city: 'Dallas', state: 'TX', zip: '' })).toBe('Dallas, TX');
    expect(addressLineOf({ address: '1401 Elm St', city: '', state: '', zip: '75201' })).toBe('1401 Elm St, 75201');
    expect(addressLineOf({ address: '1401 Elm St', city: null, state: undefined })).toBe('1401 Elm St');
  });
  it('is empty when there is no address at all', () => {
    expect(addressLineOf({ address: '', city: '', state: '', zip: '' })).toBe('');
    expect(addressLineOf({})).toBe('');
  });
});

describe('cityLineOf', () => {
  it('writes city, state and zip, blanks left out', () => {
    expect(cityLineOf({ city: 'Dallas', state: 'TX', zip: '75201' })).toBe('Dallas, TX 75201');
    expect(cityLineOf({ city: '', state: 'TX', zip: '75201' })).toBe('TX 75201');
    expect(cityLineOf({ city: 'Dallas', state: '', zip: '' })).toBe('Dallas');
    expect(cityLineOf({ address: '1401 Elm St', city: '', state: '', zip: '' })).toBe('');
  });
});
