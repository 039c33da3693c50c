import { initContract } from '@ts-rest/core';
import { access, personal, errorResponses, ZIdParams } from '../common/common.schemas';
import { ZDeletedCountSchema, ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZNotificationListQuery,
  ZNotificationListSchema,
  ZNotificationPreferencesSchema,
  ZNotificationSchema,
  ZUpdateNotificationPreferencesSchema,
} from './notifications.schemas';

const c = initContract();

export const notificationsContract = c.router({
  listNotifications: {
    method: 'GET',
    path: '/notifications/',
    summary: "The caller's notifications, newest first, with the unread count",
    query: ZNotificationListQuery,
    responses: { 200: ZNotificationListSchema, ...errorResponses },
    metadata: access.user,
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/notifications/mark_all_read/',
    summary: 'Mark all notifications of the caller read',
    body: c.noBody(),
    responses: { 200: ZUpdatedCountSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  clearNotifications: {
    method: 'POST',
    path: '/notifications/clear/',
    summary: 'Delete all notifications of the caller',
    body: c.noBody(),
    responses: { 200: ZDeletedCountSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/notifications/preferences/',
    summary: "The caller's notification settings (defaults until saved)",
    responses: { 200: ZNotificationPreferencesSchema, ...errorResponses },
    metadata: access.user,
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/notifications/preferences/',
    summary: "Save the caller's notification settings; omitted toggles keep their saved value (the defaults until saved)",
    body: ZUpdateNotificationPreferencesSchema,
    responses: { 200: ZNotificationPreferencesSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  markNotificationRead: {
    method: 'POST',
    path: '/notifications/:id/mark_read/',
    summary: 'Mark one notification read; returns it',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZNotificationSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  deleteNotification: {
    method: 'DELETE',
    path: '/notifications/:id/',
    summary: 'Remove one notification',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: personal(access.user),
  },
});
