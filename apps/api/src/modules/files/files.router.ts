import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { rejectMalformedInput } from '../../http/input-guard';
import { singleFileUpload } from '../../http/multipart';
import { uploadRateLimit } from '../../http/rate-limit';
import * as service from './files.service';

const s = initServer();

export function filesRoutes(deps: AppDeps) {
  return s.router(contract.files, {
    uploadFile: {
      // Runs after the role guard, so nobody's upload is counted or parsed before the token is checked.
      middleware: [uploadRateLimit(deps.db, deps.config.UPLOAD_RATE_PER_MINUTE), singleFileUpload(deps.config), rejectMalformedInput()],
      handler: async ({ req, body }) => {
        const fields = { name: body.name, client: body.client, file_type: body.file_type };
        const part = (req as { file?: service.UploadedPart }).file;
        return { status: 201, body: await service.uploadFile(deps, actorOf(req), { part, ...fields }) };
      },
    },
    downloadFile: async ({ req, res, params }) => {
      const download = await service.openDownload(deps, actorOf(req), params.id);
      for (const [name, value] of Object.entries(download.headers)) res.setHeader(name, value);
      // A download the client gives up on releases the file handle or the storage connection at once.
      res.on('close', () => download.stream.destroy());
      download.stream.on('error', (err) => {
        deps.logger.error({ err, fileId: params.id }, 'file download failed');
        res.destroy(err);
      });
      return { status: 200, body: download.stream };
    },
  });
}
