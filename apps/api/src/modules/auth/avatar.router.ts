import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { rejectMalformedInput } from '../../http/input-guard';
import { singleFileUpload } from '../../http/multipart';
import { uploadRateLimit } from '../../http/rate-limit';
import type { UploadedPart } from '../files';
import * as service from './avatar.service';

const s = initServer();

export function profileRoutes(deps: AppDeps) {
  return s.router(contract.profile, {
    uploadAvatar: {
      // After the role guard, as POST /files/: nobody's upload is parsed before the token is checked.
      middleware: [uploadRateLimit(deps.db, deps.config.UPLOAD_RATE_PER_MINUTE), singleFileUpload(deps.config), rejectMalformedInput()],
      handler: async ({ req }) => {
        const part = (req as { file?: UploadedPart }).file;
        return { status: 200, body: await service.uploadAvatar(deps, actorOf(req), part) };
      },
    },
    removeAvatar: async ({ req }) => ({ status: 200, body: await service.removeAvatar(deps, actorOf(req)) }),
    getAvatar: async ({ res, params, query }) => {
      const image = await service.openAvatar(deps, { id: params.id, signature: query.signature });
      for (const [name, value] of Object.entries(image.headers)) res.setHeader(name, value);
      res.on('close', () => image.stream.destroy());
      image.stream.on('error', (err) => {
        deps.logger.error({ err, fileId: params.id }, 'avatar failed');
        res.destroy(err);
      });
      return { status: 200, body: image.stream };
    },
  });
}
