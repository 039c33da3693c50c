import type { ReactNode } from 'react';
import { Avatar, Badge } from '@/components/ui';

export const INVITE_PENDING = 'Invite pending';

export function InvitePendingBadge() {
  return <Badge tone="warning">{INVITE_PENDING}</Badge>;
}

export interface PersonCellProps {
  /** Shown as the name and used for the initials. */
  name: string;
  email: string;
  /** The signed-in person's own row: a "You" badge. */
  isYou: boolean;
  /** An "Invite pending" badge, after the other badges. */
  invitePending: boolean;
  /** More badges, between "You" and "Invite pending". */
  badges?: ReactNode;
  /** Lines under the e-mail. */
  children?: ReactNode;
}

/** A person in a list: the initials avatar, the name with its badges, and the e-mail. */
export function PersonCell({ name, email, isYou, invitePending, badges, children }: PersonCellProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} size="sm" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium break-words text-fg">
          {name}
          {isYou && <Badge>You</Badge>}
          {badges}
          {invitePending && <InvitePendingBadge />}
        </p>
        <p className="text-xs break-all text-fg-muted">{email}</p>
        {children}
      </div>
    </div>
  );
}
