import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, ZIdParams } from '../common/common.schemas';
import { ZFileSchema, ZUploadFileSchema } from './files.schemas';

const c = initContract();

export const filesContract = c.router({
  uploadFile: {
    method: 'POST',
    path: '/files/',
    summary: 'Upload a file (multipart: file, name, client, file_type); attach it to a message by its id',
    contentType: 'multipart/form-data',
    body: ZUploadFileSchema,
    responses: { 201: ZFileSchema, ...errorResponses },
    metadata: creates(access.user),
  },
  downloadFile: {
    method: 'GET',
    path: '/files/:id/download/',
    summary: 'Download a file (Content-Disposition attachment); only the uploader, the owning client and admins',
    pathParams: ZIdParams,
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.any() }),
      ...errorResponses,
    },
    metadata: access.user,
  },
});
