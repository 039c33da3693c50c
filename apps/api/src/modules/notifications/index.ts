/** In-app notifications: what people are told when something happens, and their bell. */
export { registerNotificationListeners } from './notifications.listeners';
export { markNotificationRead, storeNotifications, type NewNotification } from './notifications.service';
