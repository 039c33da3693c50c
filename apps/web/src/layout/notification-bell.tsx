import { NotificationBell } from './notifications/bell';

/** The notification bell of the dashboard header (admin-and-foundations 2.3). */
export function NotificationBellSlot() {
  return (
    <div data-slot="notification-bell" className="flex items-center">
      <NotificationBell />
    </div>
  );
}
