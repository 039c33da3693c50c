import { initContract } from '@ts-rest/core';
import { access, errorResponses } from '../common/common.schemas';
import { ZClientDashboardStatsSchema, ZDashboardStatsSchema } from './dashboard.schemas';

const c = initContract();

export const dashboardContract = c.router({
  getDashboardStats: {
    method: 'GET',
    path: '/dashboard/stats/',
    summary: 'Admin overview cards: revenue, active clients, pending tasks, overdue payments, with trends',
    responses: { 200: ZDashboardStatsSchema, ...errorResponses },
    metadata: access.admin,
  },
  getClientDashboardStats: {
    method: 'GET',
    path: '/dashboard/client-stats/',
    summary: "The signed-in client's dashboard cards and next payment",
    responses: { 200: ZClientDashboardStatsSchema, ...errorResponses },
    metadata: access.client,
  },
});
