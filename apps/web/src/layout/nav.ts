import type { TAdminSection, TClientSection, TRole } from '@agency/contract';
import {
  BarChart3,
  CheckSquare,
  CreditCard,
  FileText,
  LayoutDashboard,
  MessageSquare,
  Receipt,
  Settings,
  ShoppingBag,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

export interface TNavItem<TSectionId extends string = string> {
  /** The URL hash without '#': one of the role's DASHBOARD_SECTIONS (contract). */
  id: TSectionId;
  label: string;
  icon: LucideIcon;
}

/** Admin sidebar (admin-and-foundations 2.1). */
export const ADMIN_NAV: readonly TNavItem<TAdminSection>[] = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'clients', label: 'Clients', icon: Users },
  { id: 'tasks', label: 'Tasks', icon: CheckSquare },
  { id: 'content', label: 'Content', icon: FileText },
  { id: 'performance', label: 'Performance', icon: BarChart3 },
  { id: 'messages', label: 'Messages', icon: MessageSquare },
  { id: 'invoices', label: 'Invoices', icon: Receipt },
  { id: 'orders', label: 'Orders', icon: ShoppingBag },
  { id: 'settings', label: 'Settings', icon: Settings },
];

/** Client sidebar (admin-and-foundations 2.1, client-and-public 2.3). */
export const CLIENT_NAV: readonly TNavItem<TClientSection>[] = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard },
  { id: 'content', label: 'Content', icon: FileText },
  { id: 'performance', label: 'Performance', icon: BarChart3 },
  { id: 'messages', label: 'Messages', icon: MessageSquare },
  { id: 'billing', label: 'Billing', icon: CreditCard },
  { id: 'team', label: 'Team', icon: UsersRound },
  { id: 'settings', label: 'Settings', icon: Settings },
];

/**
 * The sidebar of `role`. A client's items are the sections its permission reaches (lib/client-permission:
 * content-only members have no Billing, billing-only members no Content, only full access has Team).
 */
export function navFor(role: TRole | undefined, reaches: (section: TClientSection) => boolean = () => true): readonly TNavItem[] {
  return role === 'admin' ? ADMIN_NAV : CLIENT_NAV.filter((item) => reaches(item.id));
}

export const DEFAULT_SECTION = 'overview';

/**
 * Section chosen by the URL hash: empty → overview; unknown → overview (content) with no active item.
 * `activeItem` is the menu item the hash names exactly (the header title), or null.
 */
export function resolveSection(hash: string, items: readonly TNavItem[]): { section: string; activeItem: TNavItem | null } {
  const id = hash.replace(/^#/, '').trim();
  if (!id) {
    const overview = items.find((i) => i.id === DEFAULT_SECTION) ?? null;
    return { section: DEFAULT_SECTION, activeItem: overview };
  }
  const item = items.find((i) => i.id === id) ?? null;
  return { section: item ? item.id : DEFAULT_SECTION, activeItem: item };
}
