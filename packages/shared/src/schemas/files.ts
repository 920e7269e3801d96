import { z } from 'zod';

/**
 * The file store (spec platform 3.6, 3.7, 5.4, 7.4): folders of a company's files, one per record that has
 * attachments, plus the pictures of the rich text editor.
 */

/** The largest file accepted, in bytes, and the sentence a larger one gets. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'The file is too large: files may be at most 25 MB.';
/** Thumbnails are asked for in batches of at most this many (spec 5.4). */
export const THUMBNAIL_BATCH = 25;
/** How long a file's address stays usable, in seconds. */
export const FILE_URL_LIFETIME_SECONDS = 15 * 60;

/** Accepted upload types by default (spec 5.4). */
export const DEFAULT_UPLOAD_EXTENSIONS = ['jpeg', 'jpg', 'png', 'heic'] as const;
/** The extended set: the defaults plus PDF, Excel variants, plain text and Word. */
export const EXTENDED_UPLOAD_EXTENSIONS = [...DEFAULT_UPLOAD_EXTENSIONS, 'pdf', 'xls', 'xlsx', 'csv', 'txt', 'doc', 'docx'] as const;
/** Pictures of the rich text editor. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** File entity states kept by the client (spec 4.4). */
export const FILE_ENTITY_STATES = ['NEW', 'UPDATED', 'UNCHANGED', 'IN_PROCESS'] as const;
export type FileEntityState = (typeof FILE_ENTITY_STATES)[number];

/** Sentences of the file operations (spec 5.4 and 8). */
export const FILE_MESSAGES = {
  renameFailed: 'Renaming File Failed!',
  renamed: 'File Renamed',
  deleted: 'File Deleted',
  confirmDelete: 'You Wants To Delete This File?',
} as const;

/**
 * A folder: `workOrders/{id}` or `customers/{id}` (a record's attachments), `taxExempt/{customerId}` (a customer's
 * exempt certificates) or `richText` (pictures of the editor). Nothing else: no other segments, dots, slashes at either
 * end, backslashes or percent signs.
 */
export const FOLDER_PATTERN = /^((workOrders|customers|taxExempt)\/[1-9]\d{0,9}|richText)$/;
export type RecordFolderKind = 'workOrders' | 'customers' | 'taxExempt';
export type FolderRef = { kind: RecordFolderKind; id: number } | { kind: 'richText' };

/** The folder a text names, or null when it is not one of the product's folders. */
export function parseFolder(folder: string): FolderRef | null {
  if (!FOLDER_PATTERN.test(folder)) return null;
  if (folder === 'richText') return { kind: 'richText' };
  const [kind, id] = folder.split('/') as [RecordFolderKind, string];
  return { kind, id: Number(id) };
}

const folder = (label: string) =>
  z
    .string({ error: `${label} is required!` })
    .trim()
    .regex(FOLDER_PATTERN, `${label} must be workOrders/{id}, customers/{id}, taxExempt/{id} or richText.`)
    .meta({ example: 'workOrders/1042' });

/** A file name as sent: sanitised by the server; here only its size is bounded. */
const fileName = (label: string) =>
  z.string({ error: `${label} is required!` }).max(200, `${label} must be at most 200 characters.`).meta({ example: 'Condenser coil.jpg' });

export const folderQuery = z.object({ folder: folder('Folder') });
export const uploadQuery = z.object({ folder: folder('Folder'), fileName: fileName('File name').optional() });
export const deleteFilesQuery = z.object({ folder: folder('Folder') });
/** Form fields of a delete: one name or several, and optionally the path of one file. */
export const deleteFilesBody = z.object({
  fileNames: z.union([fileName('File name'), z.array(fileName('File name')).max(100, 'At most 100 files may be deleted at once.')]).optional(),
  path: z.string().max(260, 'Path must be at most 260 characters.').optional(),
});
export const renameFileBody = z.object({
  folder: folder('Folder'),
  oldName: fileName('Old name').min(1, 'Old name is required!'),
  newName: z.string({ error: 'Please Enter New Name.' }).max(200, 'New name must be at most 200 characters.').meta({ example: 'Front of the unit' }),
});
export const copyFolderQuery = z.object({ fromFolder: folder('From folder'), toFolder: folder('To folder') });
/** A file's path: its folder and its name, e.g. `workOrders/1042/Condenser coil.jpg`. */
export const filePathSchema = z.string({ error: 'Path is required!' }).min(1, 'Path is required!').max(260, 'Path must be at most 260 characters.').meta({ example: 'workOrders/1042/Condenser coil.jpg' });
export const fileUrlQuery = z.object({ path: filePathSchema });
export const thumbnailsBody = z.object({
  paths: z.array(filePathSchema).min(1, 'Paths are required!').max(THUMBNAIL_BATCH, `At most ${THUMBNAIL_BATCH} thumbnails may be asked for at once.`),
});
export const fileTokenQuery = z.object({ token: z.string({ error: 'The address is not valid.' }).min(10, 'The address is not valid.').max(1000, 'The address is not valid.') });

/** A stored file (spec 3.6), with its size and time. */
export const fileSchema = z.object({
  id: z.string().meta({ description: 'Stable within the folder: the path in lower case' }),
  name: z.string(),
  path_lower: z.string(),
  path_display: z.string(),
  url: z.string().nullable().meta({ description: 'Signed address of the thumbnail, or null when the file has none' }),
  entityState: z.enum(FILE_ENTITY_STATES),
  folderName: z.string(),
  isImage: z.boolean(),
  size: z.number().int(),
  modifiedAt: z.string(),
});
export type StoredFile = z.infer<typeof fileSchema>;
export const fileListAnswer = z.array(fileSchema);
export const fileUrlAnswer = z.object({ url: z.string(), expiresAt: z.string().nullable() });
export const thumbnailsAnswer = z.array(z.object({ path: z.string(), url: z.string().nullable() }));
export const uploadAnswer = z.array(fileSchema);
export const deleteFilesAnswer = z.object({ deleted: z.array(z.string()) });
export const copyFolderAnswer = z.object({ copied: z.number().int() });
export const storageTokensAnswer = z.object({
  dropboxAccessToken: z.object({ token: z.string() }),
  fileStorageApiToken: z.object({ token: z.string() }),
});

/** The extension of a file name, lower case, without its dot ('' when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file's name says it is a picture the browser shows. */
export const isImageName = (name: string) => ['png', 'jpg', 'jpeg', 'heic'].includes(fileExtension(name));

/** The types a folder accepts: pictures only for the editor, the extended set on records. */
export function acceptedExtensions(ref: FolderRef): readonly string[] {
  return ref.kind === 'richText' ? IMAGE_EXTENSIONS : EXTENDED_UPLOAD_EXTENSIONS;
}

/** E-mail a record's files (spec 3.5, 5.1): the Email send form with files of the folder attached. */
export const emailFilesBody = z
  .object({
    folder: folder('Folder'),
    fileNames: z.array(fileName('File name').min(1, 'File name is required!')).min(1, 'Choose at least one file to send.').max(20, 'At most 20 files may be sent at once.'),
    to: z.array(z.string().max(254, 'An address must be at most 254 characters.')).max(50, 'A message may have at most 50 recipients.'),
    cc: z.array(z.string().max(254, 'An address must be at most 254 characters.')).max(50, 'A message may have at most 50 recipients.').default([]),
    subject: z.string({ error: 'Subject field is required!' }).max(250, 'Subject must be at most 250 characters.'),
    message: z.string({ error: 'Template field is required!' }).max(200_000, 'The message is too long.'),
  })
  .meta({
    example: {
      folder: 'workOrders/1042',
      fileNames: ['Condenser coil.jpg'],
      to: ['facilities@freshmart.example'],
      cc: [],
      subject: 'Work order 240013: photos of the condenser',
      message: '<p>Please find the attached photos.</p>',
    },
  });
export type EmailFilesBody = z.input<typeof emailFilesBody>;
export const emailFilesAnswer = z.object({ emailOutboxId: z.number().int() });
