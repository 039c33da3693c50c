/**
 * Slot for the notification bell of the dashboard header (admin-and-foundations 2.3).
 * The bell, its dropdown and the toasts are built in their own issue; until then the slot
 * keeps its place in the header and renders nothing.
 */
export function NotificationBellSlot() {
  return <div data-slot="notification-bell" className="flex items-center" />;
}
