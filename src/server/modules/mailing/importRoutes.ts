// POST /api/mailing_list/chapter/{chapterId}/import (issue 23): a host moves an existing list
// here from a CSV file, sent as the multipart field `file` (the screen's upload, and
// `curl -F file=@members.csv`). The chapter's hosts, its field organizers and admins; built-in
// lists only (a list kept by Brevo is imported in Brevo). The access check comes before a byte
// of the file is read.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { memberImportAnswerSchema } from '../../../common/schemas/memberImport';
import { MEMBER_IMPORT } from '../../../common/memberImport';
import { requireHostAccess } from '../../plugins/auth';
import { fieldError, HttpError } from '../../core/httpError';
import { uploadFailure } from '../../core/cutOffUpload';
import { brevoChoice } from './providers';
import { chapterMembers } from './memberService';
import { readImportFile, type ParsedImport } from './importParse';
import { writeImport } from './importWrite';

const chapterParams = z.object({ chapterId: idParam });

export const IMPORT_TOO_LARGE = `The file is larger than ${MEMBER_IMPORT.maxBytes / (1024 * 1024)} MB: split it and import each part.`;
export const IMPORT_AT_BREVO =
  "This site's mailing lists are kept by Brevo: import the file in Brevo itself.";
export const IMPORT_NO_LIST =
  'This chapter has no mailing list yet: create it on the Members screen first.';

/** The uploaded file read through (400 not CSV, 413 too large or too many rows). */
async function readUpload(request: FastifyRequest): Promise<ParsedImport> {
  const field = MEMBER_IMPORT.field;
  if (!request.isMultipart()) {
    throw fieldError(
      400,
      field,
      'Send the CSV file as a file upload (multipart/form-data, field "file").',
    );
  }
  let upload;
  try {
    upload = await request.file({ limits: { fileSize: MEMBER_IMPORT.maxBytes, files: 1 } });
  } catch {
    throw fieldError(400, field, 'The upload could not be read.');
  }
  if (!upload || upload.fieldname !== field) {
    upload?.file.resume();
    throw fieldError(400, field, 'Choose a CSV file to import.');
  }
  const stream = upload.file;
  let parsed: ParsedImport | null = null;
  let failure: unknown = null;
  try {
    parsed = await readImportFile(stream);
  } catch (err) {
    failure = err;
  }
  // Past the limit the upload stops short: whatever the cut made of the last row, say why.
  if (stream.truncated) throw fieldError(413, field, IMPORT_TOO_LARGE);
  if (failure) throw uploadFailure(failure, field);
  if (!parsed || parsed.rows === 0) throw fieldError(400, field, 'The file has no rows to import.');
  return parsed;
}

export function mailingImportRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const brevo = brevoChoice(app.config);

  app.post(
    '/api/mailing_list/chapter/:chapterId/import',
    {
      config: { access: 'hostAccess' },
      schema: {
        description:
          'Imports a CSV file (multipart field `file`, at most 20 MB and 200,000 rows): an email column and an optional name, a header row detected. Members join active and confirmed; unsubscribed, blocked and bounced addresses are refused, each with its line.',
        params: chapterParams,
        response: { 200: memberImportAnswerSchema },
      },
    },
    async (request) => {
      requireHostAccess(request, request.params.chapterId);
      const source = await chapterMembers(app.db, brevo, request.user, request.params.chapterId);
      if (source.members.kind === 'remote') throw new HttpError(409, IMPORT_AT_BREVO);
      if (source.members.kind === 'none') throw new HttpError(409, IMPORT_NO_LIST);
      const parsed = await readUpload(request);
      return writeImport(app.db, source.members.id, parsed.candidates, parsed.refused);
    },
  );
}
