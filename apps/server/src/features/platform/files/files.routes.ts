import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  copyFolderAnswer,
  copyFolderQuery,
  deleteFilesAnswer,
  deleteFilesBody,
  deleteFilesQuery,
  emailFilesAnswer,
  emailFilesBody,
  FILE_URL_LIFETIME_SECONDS,
  fileListAnswer,
  fileTokenQuery,
  fileUrlAnswer,
  fileUrlQuery,
  folderQuery,
  renameFileBody,
  storageTokensAnswer,
  thumbnailsAnswer,
  thumbnailsBody,
  uploadAnswer,
  uploadQuery,
} from '@sm/shared';
import { z } from 'zod';
import { ctxOf, PUBLIC, SIGNED_IN } from '../../../lib/access-control';
import { contentDisposition } from '../../../lib/content-disposition';
import { AppError } from '../../../lib/errors';
import { emailFiles } from './email-files.service';
import { readLinkedFile } from './file-content.service';
import { signStorageToken } from './file-links';
import { copyFolder, deleteFiles, fileUrl, listFiles, namesToDelete, renameFile, thumbnailUrls, uploadFiles, type FilesDeps, type IncomingFile } from './files.service';
import type { Db } from '../../../db/client';

/**
 * The parts of a multipart upload, read before the handler as its body: every file under the field `files`, read into
 * memory within the size limit (a request kept on a phone is then known by its files' content). Not multipart: no body.
 */
async function incomingFiles(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const files: IncomingFile[] = [];
  for await (const part of req.files()) {
    const content = await part.toBuffer();
    if (part.fieldname !== 'files') throw new AppError(400, 'Send the files in the field "files".');
    files.push({ fileName: part.filename, content });
  }
  req.body = { files };
}

/** The files `incomingFiles` read, the first renamed when the query names it. */
function uploaded(req: FastifyRequest, fileName: string | undefined): IncomingFile[] {
  if (!req.isMultipart()) throw new AppError(415, 'Send the files as multipart/form-data in the field "files".');
  return (req.body as { files: IncomingFile[] }).files.map((f, i) => (i === 0 && fileName ? { ...f, fileName } : f));
}

/** The form fields of a multipart delete, as the JSON body would carry them. */
async function deleteFields(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const fields: { fileNames: string[]; path?: string } = { fileNames: [] };
  for await (const part of req.parts()) {
    if (part.type === 'file') throw new AppError(400, 'A delete carries names, not files.');
    if (part.fieldname === 'fileNames') fields.fileNames.push(String(part.value));
    else if (part.fieldname === 'path') fields.path = String(part.value);
  }
  req.body = fields;
}

/** The file store (spec platform 7.4): upload, list, delete, rename, copy a folder, addresses and thumbnails. */
export function filesRoutes(app: FastifyInstance, deps: { db: Db; jwtSecret: string; files: FilesDeps['store'] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const files: FilesDeps = { store: deps.files, secret: deps.jwtSecret };
  const tags = ['Files'];
  const use = (req: FastifyRequest) => [ctxOf(req, deps.db), files, req.access!] as const;
  r.post('/api/v1/Files/upload', {
    config: { access: SIGNED_IN, errors: [404, 413, 415], keptOnPhone: true },
    schema: {
      summary: 'Upload files into a folder (multipart field "files")',
      description:
        'multipart/form-data, field `files`, up to 10 files of at most 25 MB each. Records take jpeg, jpg, png, heic, pdf, xls, xlsx, csv, txt, doc and docx; `richText` takes png, jpg and jpeg. Each file must really be of its type (checked by content). `fileName` renames a single file. Answers the stored files.',
      tags,
      querystring: uploadQuery,
      response: { 200: uploadAnswer },
    },
    preValidation: incomingFiles,
    handler: (req) => uploadFiles(...use(req), req.query.folder, uploaded(req, req.query.fileName)),
  });
  r.get('/api/v1/Files/list', {
    config: { access: SIGNED_IN, acceptsStorageToken: true, errors: [404] },
    schema: { summary: 'The files of a folder, with signed thumbnail addresses', tags, querystring: folderQuery, response: { 200: fileListAnswer } },
    handler: (req) => listFiles(...use(req), req.query.folder),
  });
  r.post('/api/v1/Files/delete', {
    config: { access: SIGNED_IN },
    preValidation: deleteFields,
    schema: {
      summary: 'Delete files of a folder (form fields fileNames and path)',
      description: 'multipart/form-data or JSON: `fileNames` (one or several) and/or `path` of one file of the folder. A name that is not there is a 404 and nothing is deleted.',
      tags,
      querystring: deleteFilesQuery,
      body: deleteFilesBody,
      response: { 200: deleteFilesAnswer },
    },
    handler: (req) => deleteFiles(...use(req), req.query.folder, namesToDelete(req.query.folder, req.body.fileNames, req.body.path)),
  });
  r.post('/api/v1/Files/rename', {
    config: { access: SIGNED_IN },
    schema: { summary: 'Rename a file, keeping its extension', tags, body: renameFileBody, response: { 200: z.object({ file: fileListAnswer.element }) } },
    handler: async (req) => ({ file: await renameFile(...use(req), req.body) }),
  });
  r.get('/api/v1/Files/copyFolder', {
    config: { access: SIGNED_IN, errors: [404] },
    schema: { summary: "Copy a folder's files into another folder", tags, querystring: copyFolderQuery, response: { 200: copyFolderAnswer } },
    handler: (req) => copyFolder(...use(req), req.query.fromFolder, req.query.toFolder),
  });
  r.get('/api/v1/Files/getFileUrl', {
    config: { access: SIGNED_IN, errors: [404] },
    schema: { summary: `A signed address of a file, usable for ${FILE_URL_LIFETIME_SECONDS / 60} minutes`, tags, querystring: fileUrlQuery, response: { 200: fileUrlAnswer } },
    handler: (req) => fileUrl(...use(req), req.query.path),
  });
  r.post('/api/v1/Files/thumbnails', {
    config: { access: SIGNED_IN, acceptsStorageToken: true },
    schema: { summary: 'Signed thumbnail addresses of up to 25 files', tags, body: thumbnailsBody, response: { 200: thumbnailsAnswer } },
    handler: (req) => thumbnailUrls(...use(req), req.body.paths),
  });
  r.get('/api/v1/Files/content', {
    config: { access: PUBLIC, errors: [404] },
    schema: {
      summary: "A file's bytes through its signed address",
      description: 'Answers the file with its own content type (images, PDF, office files, text); no token is needed, the signed address is the permission, and it expires.',
      tags,
      querystring: fileTokenQuery,
      response: { 200: z.string().describe("The file's bytes") },
    },
    handler: async (req, reply) => {
      const file = await readLinkedFile(files, req.query.token, new Date());
      const inline = /^(image\/|application\/pdf|text\/plain)/.test(file.contentType);
      return reply
        .type(file.contentType)
        .header('cache-control', `private, max-age=${file.maxAge}`)
        .header('content-disposition', contentDisposition(file.fileName, inline ? 'inline' : 'attachment'))
        .send(file.body as unknown as string);
    },
  });
  r.post('/api/v1/Files/email', {
    config: { access: SIGNED_IN, errors: [404] },
    schema: {
      summary: 'E-mail files of a work order or customer (Email send form)',
      description: 'Queues one message in the outbox with the files attached; To is required ("To field is required"), CC optional. The work order\'s history records who sent which files to whom.',
      tags,
      body: emailFilesBody,
      response: { 200: emailFilesAnswer },
    },
    handler: (req) => emailFiles(...use(req), req.body),
  });
  r.get('/api/v1/Account/filesStorageAccessTokens', {
    config: { access: SIGNED_IN },
    schema: {
      summary: "Tokens of this installation's file store (spec 3.7), for listing folders and thumbnails",
      description: 'Both fields carry the same short-lived token of the product\'s own store; it is accepted by Files/list and Files/thumbnails only. No third-party account is involved.',
      tags,
      response: { 200: storageTokensAnswer },
    },
    handler: (req) => {
      const token = signStorageToken(deps.jwtSecret, { userId: req.actor!.userId, subscriberId: req.actor!.subscriberId, expiresAt: Math.floor(Date.now() / 1000) + FILE_URL_LIFETIME_SECONDS });
      return { dropboxAccessToken: { token }, fileStorageApiToken: { token } };
    },
  });
}
