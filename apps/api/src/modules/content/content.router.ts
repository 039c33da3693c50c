import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { reviewLinkRateLimit } from '../../http/rate-limit';
import * as service from './content.service';
import * as reviews from './review.service';
import * as comments from './comments.service';
import { openContentMedia } from './media';

const s = initServer();

export function contentRoutes(deps: AppDeps) {
  return s.router(contract.content, {
    getContentStats: async ({ req }) => ({ status: 200, body: await service.getContentStats(deps, actorOf(req)) }),
    getContentWaiting: async ({ req }) => ({ status: 200, body: await comments.contentWaiting(deps, actorOf(req)) }),
    bulkApproveContent: async ({ req, body }) => ({
      status: 200,
      body: await service.bulkApproveContent(deps, actorOf(req), body),
    }),
    getContentMedia: async ({ res, params, query }) => {
      const media = await openContentMedia(deps, { id: params.id, ...query });
      for (const [name, value] of Object.entries(media.headers)) res.setHeader(name, value);
      res.on('close', () => media.stream.destroy());
      media.stream.on('error', (err) => {
        deps.logger.error({ err, fileId: params.id }, 'content media failed');
        res.destroy(err);
      });
      return { status: 200, body: media.stream };
    },
    listContent: async ({ req, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listContent(deps, actorOf(req), query)),
    }),
    createContent: async ({ req, body }) => ({ status: 201, body: await service.createContent(deps, actorOf(req), body) }),
    getContent: async ({ req, params }) => ({ status: 200, body: await service.getContent(deps, actorOf(req), params.id) }),
    updateContent: async ({ req, params, body }) => ({
      status: 200,
      body: await service.updateContent(deps, actorOf(req), { id: params.id, changes: body }),
    }),
    submitContent: async ({ req, params, body }) => ({
      status: 200,
      body: await service.submitContent(deps, actorOf(req), params.id, body ?? {}),
    }),
    deleteContent: async ({ req, params }) => {
      await service.deleteContent(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
    approveContent: async ({ req, params }) => ({
      status: 200,
      body: await service.approveContent(deps, actorOf(req), params.id),
    }),
    rejectContent: async ({ req, params, body }) => ({
      status: 200,
      body: await service.rejectContent(deps, actorOf(req), { id: params.id, ...(body ?? {}) }),
    }),
    listContentReviews: async ({ req, params }) => ({ status: 200, body: await reviews.listReviews(deps, actorOf(req), params.id) }),
    reviewContentAsClient: async ({ req, params, body }) => {
      const actor = actorOf(req);
      await reviews.reviewAsClient(deps, actor, params.id, body);
      return { status: 200, body: await service.getContent(deps, actor, params.id) };
    },
    sendReviewLink: async ({ req, params }) => ({ status: 201, body: await reviews.sendReviewLink(deps, actorOf(req), params.id) }),
    openReviewLink: {
      middleware: [reviewLinkRateLimit(deps.db)],
      handler: async ({ body }) => ({ status: 200, body: await reviews.openReviewLink(deps, body.token) }),
    },
    decideReviewLink: {
      middleware: [reviewLinkRateLimit(deps.db)],
      handler: async ({ body }) => ({ status: 200, body: await reviews.decideByReviewLink(deps, body) }),
    },
    listContentComments: async ({ req, params, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await comments.listComments(deps, actorOf(req), params.id, query)),
    }),
    createContentComment: async ({ req, params, body }) => ({ status: 201, body: await comments.createComment(deps, actorOf(req), params.id, body) }),
    listMentionable: async ({ req, params }) => ({ status: 200, body: await comments.listMentionable(deps, actorOf(req), params.id) }),
  });
}
