import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore, type StoredObject } from './file-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible store (`S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`), through
 * the official AWS SDK with path-style addresses. The bucket stays private: browsers receive the product's own signed
 * addresses, never the bucket's.
 */
export function s3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    return key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { key, size: res.ContentLength ?? 0, modifiedAt: res.LastModified ?? new Date(0) };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: checked(prefix), Delimiter: '/', ContinuationToken }));
        for (const o of res.Contents ?? []) found.push({ key: o.Key!, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async copy(fromKey, toKey) {
      const source = `${Bucket}/${checked(fromKey).split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: checked(toKey), CopySource: source }));
    },
  };
}
