import { SIGNATURE_HEIGHT, SIGNATURE_MAX_BYTES, SIGNATURE_WIDTH } from '@sm/shared';
import { AppError } from '../../../lib/errors';

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const refuse = (sentence: string) => new AppError(400, sentence);

/**
 * Reads the customer's signature as the pad sends it (`data:image/png;base64,...`) and checks it before anything is
 * stored: real base64, at most 300 KB, the PNG signature bytes, and an IHDR that says 300 x 200 pixels (spec
 * platform 2.6, 9). Answers the base64 text to store; anything else is a 400 with a sentence.
 */
export function signaturePngOf(dataUrl: string): string {
  if (!DATA_URL.test(dataUrl)) throw refuse('The signature must be a PNG image sent as data:image/png;base64,…');
  const base64 = dataUrl.replace(DATA_URL, '');
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw refuse('The signature is not valid base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw refuse('The signature must be at most 300 KB.');
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw refuse('The signature is not a PNG image.');
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw refuse('The signature is not a valid PNG image.');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width !== SIGNATURE_WIDTH || height !== SIGNATURE_HEIGHT) {
    throw refuse(`The signature must be ${SIGNATURE_WIDTH} x ${SIGNATURE_HEIGHT} pixels; this one is ${width} x ${height}.`);
  }
  return base64;
}
